//! Whole-reading scenarios: weeks of mornings fed back through the history exactly as
//! fortune-gen keeps it (lines of the last 30 days, words of the last 14 days).

use std::collections::{BTreeSet, VecDeque};

use crate::daily::candidate_lines;
use crate::facts::{DayFacts, Natal};
use crate::testkit::{charts, d, day_facts};
use crate::{DailyReading, History, daily};

const KINDS: [&str; 7] = ["ten_god", "relation", "elements", "almanac", "life_stage", "kong_wang", "season"];

/// A stand-in for fortune-gen's per-user, per-date seed.
fn seed(user: usize, day: i64) -> u64 {
    crate::seed::key(user as u64, &[day as u64])
}

fn assert_line(line: &str) {
    let n = line.chars().count();
    assert!((10..=60).contains(&n), "{n} characters: {line}");
    assert!(!line.contains('|'), "{line}");
    assert!(line.ends_with('。') && line.matches('。').count() == 1, "one sentence: {line}");
}

fn assert_well_formed(r: &DailyReading) {
    assert!((1..=2).contains(&r.lines.len()));
    r.lines.iter().for_each(|l| assert_line(l));
    assert_ne!(r.lines.first(), r.lines.get(1));
    for list in [&r.dos, &r.donts] {
        assert!((3..=5).contains(&list.len()), "{list:?}");
        assert!(list.iter().all(|x| !x.is_empty() && x.chars().count() <= 30 && !x.contains('|')), "{list:?}");
    }
    let all: BTreeSet<&String> = r.dos.iter().chain(&r.donts).collect();
    assert_eq!(all.len(), r.dos.len() + r.donts.len(), "no item twice: {:?} {:?}", r.dos, r.donts);
    // The reasons that steer the reading, and at most one reference after them: a relation with
    // the hour pillar assumed for an unknown birth time.
    let (steering, reference) = match r.reasons.split_last() {
        Some((last, rest)) if last.hour_dependent && last.label.starts_with("関係: 時") => (rest, 1),
        _ => (r.reasons.as_slice(), 0),
    };
    assert!((2..=5).contains(&steering.len()), "{:?}", r.reasons);
    assert!(reference <= 1);
    let kinds: BTreeSet<&str> = steering.iter().map(|x| x.kind.as_str()).collect();
    assert_eq!(kinds.len(), steering.len(), "one reason per kind");
    for x in &r.reasons {
        assert!(KINDS.contains(&x.kind.as_str()), "{}", x.kind);
        assert!(!x.label.is_empty() && x.detail.ends_with('。') && x.detail.matches('。').count() == 1, "{x:?}");
    }
    assert!(!r.words.is_empty());
}

/// Runs `days` mornings for one chart and checks every reading; returns them with their facts.
fn simulate(user: usize, natal: &Natal, from: chrono::NaiveDate, days: i64) -> Vec<(DayFacts, DailyReading)> {
    let mut lines: VecDeque<Vec<String>> = VecDeque::new();
    let mut words: VecDeque<Vec<String>> = VecDeque::new();
    let mut out = vec![];
    for k in 0..days {
        let day = day_facts(natal, from + chrono::Duration::days(k));
        let history = History {
            recent_lines: lines.iter().flatten().cloned().collect(),
            recent_words: words.iter().flatten().cloned().collect(),
        };
        let r = daily(natal, &day, &history, seed(user, k));
        assert_well_formed(&r);
        for l in &r.lines {
            assert!(!history.recent_lines.contains(l), "day {k}: repeated within 30 days: {l}");
        }
        lines.push_back(r.lines.clone());
        words.push_back(r.words.clone());
        if lines.len() > 30 {
            lines.pop_front();
        }
        if words.len() > 14 {
            words.pop_front();
        }
        out.push((day, r));
    }
    out
}

#[test]
fn sixty_mornings_never_repeat_a_line_within_thirty_days() {
    let mut seen = BTreeSet::new();
    for (user, natal) in charts().iter().enumerate() {
        for (day, _) in simulate(user, natal, d(2026, 10, 1), 60) {
            seen.insert(day.day.pillar.clone());
            if day.day.kong_wang {
                seen.insert(("空亡".to_owned(), String::new()));
            }
            for a in &day.almanac {
                seen.insert((a.id.clone(), String::new()));
            }
        }
    }
    // The run went through the whole 甲子 cycle and the days that change the advice.
    for id in ["空亡", "ichiryu_manbai", "fujoju", "tora", "mi", "taian", "butsumetsu", "sekki", "holiday"] {
        assert!(seen.contains(&(id.to_owned(), String::new())), "{id} never came up");
    }
    assert!(seen.iter().filter(|(_, b)| !b.is_empty()).count() >= 60);
}

#[test]
fn a_year_of_mornings_keeps_lines_fresh_and_words_varied() {
    let natal = &charts()[1];
    let readings = simulate(7, natal, d(2026, 1, 1), 365);
    // Words steer the choice: two readings 10 days apart (same ten god) share few words.
    let mut overlap = 0;
    for w in readings.windows(11) {
        let (a, b) = (&w[0].1.words, &w[10].1.words);
        overlap += a.iter().filter(|x| b.contains(x)).count();
    }
    let per_pair = overlap as f64 / (readings.len() - 10) as f64;
    assert!(per_pair < 2.0, "on average {per_pair:.2} shared words");
}

#[test]
fn every_possible_line_fits_and_each_slot_has_room_beyond_a_full_history() {
    // A 30-day history holds at most 60 lines; each slot offers far more on every day.
    for natal in charts() {
        for k in 0..120 {
            let day = day_facts(&natal, d(2026, 1, 1) + chrono::Duration::days(k));
            let (one, two) = candidate_lines(&natal, &day);
            assert!(one.len() >= 100, "line one: {} candidates", one.len());
            assert!(two.len() >= 100, "line two: {} candidates", two.len());
            one.iter().chain(&two).for_each(|l| assert_line(l));
        }
    }
}

#[test]
fn the_same_facts_every_morning_still_never_repeat() {
    // Harsher than life: the same chart, day facts and seed 60 times, history never trimmed.
    let natal = &charts()[0];
    let day = day_facts(natal, d(2026, 11, 4));
    let mut history = History::default();
    for k in 0..60 {
        let r = daily(natal, &day, &history, 1);
        for l in &r.lines {
            assert!(history.recent_lines.insert(l.clone()), "morning {k}: repeated {l}");
        }
        history.recent_words.extend(r.words);
    }
}

#[test]
fn a_history_holding_every_candidate_still_yields_fresh_lines() {
    let natal = &charts()[2];
    let day = day_facts(natal, d(2026, 12, 24));
    let (one, two) = candidate_lines(natal, &day);
    let history = History { recent_lines: one.into_iter().chain(two).collect(), recent_words: BTreeSet::new() };
    let r = daily(natal, &day, &history, 5);
    assert_well_formed(&r);
    for l in &r.lines {
        assert!(!history.recent_lines.contains(l), "{l}");
        assert!(l.starts_with("12月24日の今日は、"), "the dated fallback: {l}");
    }
}

#[test]
fn dos_and_donts_never_contradict_over_a_season() {
    for (user, natal) in charts().iter().enumerate() {
        for (day, r) in simulate(user, natal, d(2026, 3, 1), 90) {
            let blocked = day.day.kong_wang || day.almanac.iter().any(|a| a.id == "fujoju");
            if blocked {
                for x in &r.dos {
                    assert!(
                        !["始め", "契約", "申し込", "大きな買い物", "即決", "大切な予定"].iter().any(|s| x.contains(s)),
                        "{}: {x}",
                        day.date
                    );
                }
            }
            for x in &r.dos {
                assert!(!r.donts.contains(x));
            }
        }
    }
}

#[test]
fn prints_sample_readings() {
    // `cargo test -p fortune-reading prints_sample_readings -- --nocapture` shows them.
    let date = d(2026, 11, 22);
    for (user, natal) in charts().iter().enumerate() {
        let day = day_facts(natal, date);
        let r = daily(natal, &day, &History::default(), seed(user, 0));
        assert_well_formed(&r);
        let (ds, db) = &natal.pillars[2];
        println!("== 日柱 {ds}{db} / 今日 {date} {}{} ==", day.day.pillar.0, day.day.pillar.1);
        println!("fortune: {}", r.lines.join("|"));
        println!("dos:     {}", r.dos.join(" / "));
        println!("donts:   {}", r.donts.join(" / "));
        for x in &r.reasons {
            println!("reason:  [{}] {} — {}", x.kind, x.label, x.detail);
        }
    }
}
