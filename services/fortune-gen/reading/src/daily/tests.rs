use chrono::NaiveDate;

use super::reasons::reason;
use super::*;
use crate::Reason;
use crate::facts::AlmanacFact;
use crate::phrases::daily as bank;
use crate::testkit::{charts, d, day_facts, natal};

fn item(id: &str, name: &str) -> AlmanacFact {
    AlmanacFact { id: id.to_owned(), name: name.to_owned(), kind: "rekichu".to_owned() }
}

/// A plain day for the 甲子 chart: no 空亡, no 不成就日, nothing but the 六曜.
fn plain_day(date: NaiveDate) -> (Natal, DayFacts) {
    let n = natal(["庚午", "辛巳", "甲子", "丙寅"], true);
    let mut day = day_facts(&n, date);
    day.day.kong_wang = false;
    day.almanac.retain(|a| a.kind == "rokuyo");
    (n, day)
}

const STARTS: [&str; 5] = ["始め", "契約", "申し込", "大きな買い物", "即決"];

#[test]
fn the_same_facts_history_and_seed_give_the_same_reading() {
    let n = &charts()[0];
    let day = day_facts(n, d(2026, 11, 22));
    let history = History::default();
    assert_eq!(build(n, &day, &history, 7), build(n, &day, &history, 7));
}

#[test]
fn different_charts_get_different_readings_on_the_same_day() {
    let date = d(2026, 11, 22);
    let readings: Vec<DailyReading> =
        charts().iter().map(|n| build(n, &day_facts(n, date), &History::default(), 99)).collect();
    for (i, a) in readings.iter().enumerate() {
        for b in &readings[i + 1..] {
            assert_ne!(a.lines, b.lines);
            assert_ne!(a.reasons[0].label, b.reasons[0].label, "different day masters see different ten gods");
        }
    }
}

#[test]
fn the_first_reason_names_the_days_ten_god_and_stem() {
    for n in charts() {
        let day = day_facts(&n, d(2026, 5, 1));
        let r = build(&n, &day, &History::default(), 3);
        assert_eq!(r.reasons[0].kind, "ten_god");
        assert_eq!(r.reasons[0].label, format!("今日の干: {}", day.day.stem_ten_god));
        assert!(r.reasons[0].detail.contains(&format!("「{}」", day.day.pillar.0)));
        assert!(r.reasons[0].detail.contains(&n.day_master));
    }
}

#[test]
fn a_clash_with_the_day_branch_gives_a_relation_reason_and_a_cautious_dont() {
    // 甲子 day master: a 午 day clashes the day branch 子.
    let date = (0..60).map(|k| d(2026, 3, 1) + chrono::Duration::days(k)).find(|&date| {
        let (n, day) = plain_day(date);
        day.day.pillar.1 == "午" && ganzhi::ten_god_index(&day.day.stem_ten_god).is_some() && n.time_known
    });
    let (n, day) = plain_day(date.expect("a 午 day within 60 days"));
    let r = build(&n, &day, &History::default(), 11);
    let reason = r.reasons.iter().find(|x| x.kind == "relation").expect("a relation reason");
    assert_eq!(reason.label, "関係: 日支との冲");
    assert!(reason.detail.contains("今日の日支「午」があなたの日支「子」と冲"), "{}", reason.detail);
    let cautious: Vec<&str> = bank::CAUTION_DONTS[2].iter().map(|x| x.0).collect();
    assert!(r.donts.iter().any(|x| cautious.contains(&x.as_str())), "{:?}", r.donts);
}

#[test]
fn an_ichiryu_manbai_day_gives_an_almanac_reason_and_a_start() {
    let (n, mut day) = plain_day(d(2026, 6, 10));
    day.almanac.insert(0, item("ichiryu_manbai", "一粒万倍日"));
    let r = build(&n, &day, &History::default(), 5);
    let reason = r.reasons.iter().find(|x| x.kind == "almanac").expect("an almanac reason");
    assert!(reason.label.contains("一粒万倍日"));
    assert!(r.dos.iter().any(|x| x.contains("始め") || x.contains("申し込")), "{:?}", r.dos);
}

#[test]
fn a_kong_wang_day_gives_its_reason_and_no_big_start() {
    for seed in 0..50 {
        let (n, mut day) = plain_day(d(2026, 6, 10) + chrono::Duration::days(seed as i64));
        day.day.kong_wang = true;
        day.almanac.insert(0, item("ichiryu_manbai", "一粒万倍日"));
        day.almanac.push(item("tora", "寅の日"));
        let r = build(&n, &day, &History::default(), seed);
        assert!(r.reasons.iter().any(|x| x.kind == "kong_wang"), "{:?}", r.reasons);
        for x in &r.dos {
            assert!(!STARTS.iter().any(|s| x.contains(s)), "a start on a 空亡 day: {x}");
        }
        assert!(r.donts.iter().any(|x| bank::KONG_WANG_DONTS.iter().any(|k| k.0 == x)), "{:?}", r.donts);
        assert!(r.lines[1].contains("空亡") || bank::KONG_WANG_HEADS.iter().any(|h| r.lines[1].starts_with(h.0)));
    }
}

#[test]
fn a_fujoju_day_overlapping_ichiryu_manbai_holds_back() {
    let (n, mut day) = plain_day(d(2026, 7, 3));
    day.almanac.insert(0, item("ichiryu_manbai", "一粒万倍日"));
    day.almanac.push(item("fujoju", "不成就日"));
    let r = build(&n, &day, &History::default(), 8);
    assert!(r.dos.iter().all(|x| !STARTS.iter().any(|s| x.contains(s))), "{:?}", r.dos);
    let reason = r.reasons.iter().find(|x| x.kind == "almanac").expect("an almanac reason");
    assert!(reason.detail.contains("重なり"), "{}", reason.detail);
}

#[test]
fn with_an_unknown_time_the_hour_pillar_steers_nothing_and_its_relation_is_a_marked_reference() {
    let unknown = natal(["庚午", "辛巳", "甲子", "丙午"], false);
    let mut referenced = 0;
    for k in 0..60 {
        let day = day_facts(&unknown, d(2026, 1, 1) + chrono::Duration::days(k));
        let r = build(&unknown, &day, &History::default(), k as u64);
        let mut without_hour = day.clone();
        without_hour.day.relations.retain(|x| x.natal_position != "hour");
        let plain = build(&unknown, &without_hour, &History::default(), k as u64);
        // The text is the reading of the same day without the hour pillar's relations.
        assert_eq!((&r.lines, &r.dos, &r.donts), (&plain.lines, &plain.dos, &plain.donts));
        let hour: Vec<&Reason> =
            r.reasons.iter().filter(|x| x.label.contains("時支") || x.label.contains("時干")).collect();
        if let [only] = hour.as_slice() {
            referenced += 1;
            assert!(only.hour_dependent, "{only:?}");
            assert_eq!(r.reasons.last(), Some(*only), "listed last");
            assert!(only.detail.contains("12:00として計算した"), "{}", only.detail);
            assert!(only.detail.contains("入れずに読んでいます"), "{}", only.detail);
            assert_eq!(r.reasons[..r.reasons.len() - 1], plain.reasons[..]);
        } else {
            assert!(hour.is_empty(), "{hour:?}");
            assert_eq!(r.reasons, plain.reasons);
        }
    }
    // The 午 hour pillar meets the day's branch (子 clash, 未 harmony, …) several times in 60 days.
    assert!(referenced >= 5, "{referenced}");
}

#[test]
fn a_clash_with_the_assumed_hour_branch_is_named_as_a_reference() {
    // 12:00 gives a 午 hour pillar; a 子 day clashes it.
    let unknown = natal(["庚午", "辛巳", "甲子", "庚午"], false);
    let date = (0..60)
        .map(|k| d(2026, 3, 1) + chrono::Duration::days(k))
        .find(|&date| day_facts(&unknown, date).day.pillar.1 == "子")
        .expect("a 子 day within 60 days");
    let day = day_facts(&unknown, date);
    let r = build(&unknown, &day, &History::default(), 4);
    let clash = r.reasons.iter().find(|x| x.label == "関係: 時支との冲").expect("the clash, for reference");
    assert!(clash.hour_dependent);
    assert!(
        clash.detail.starts_with("今日の日支「子」が、12:00として計算したあなたの時支「午」と冲になり、"),
        "{}",
        clash.detail
    );
}

#[test]
fn only_reasons_that_rest_on_the_hour_are_marked() {
    let known = natal(["庚午", "辛巳", "甲子", "丙寅"], true);
    let unknown = natal(["庚午", "辛巳", "甲子", "丙寅"], false);
    let mut elements_seen = 0;
    for k in 0..60 {
        let date = d(2026, 5, 1) + chrono::Duration::days(k);
        let r = build(&known, &day_facts(&known, date), &History::default(), k as u64);
        assert!(r.reasons.iter().all(|x| !x.hour_dependent), "a known time marks nothing: {:?}", r.reasons);
        let r = build(&unknown, &day_facts(&unknown, date), &History::default(), k as u64);
        for x in &r.reasons {
            match x.kind.as_str() {
                // The favourable elements come from all four pillars, the assumed hour's too.
                "elements" => {
                    elements_seen += 1;
                    assert!(x.hour_dependent, "{x:?}");
                }
                // Relations with the year, month and day pillars (none depends on the hour
                // for this birth) are facts; the hour pillar's is a reference.
                "relation" => assert_eq!(x.hour_dependent, x.label.contains('時'), "{x:?}"),
                _ => assert!(!x.hour_dependent, "{x:?}"),
            }
        }
    }
    assert!(elements_seen > 0);
}

#[test]
fn a_relation_with_a_month_pillar_the_hour_decides_is_marked() {
    // Born on a 節 day: the engine says the month pillar depends on the hour.
    let mut unknown = natal(["庚午", "辛巳", "甲子", "丙午"], false);
    unknown.hour_dependent.push("month".to_owned());
    let mut checked = 0;
    for k in 0..60 {
        let day = day_facts(&unknown, d(2026, 1, 1) + chrono::Duration::days(k));
        let r = build(&unknown, &day, &History::default(), k as u64);
        for x in r.reasons.iter().filter(|x| x.label.starts_with("関係: 月")) {
            checked += 1;
            assert!(x.hour_dependent, "{x:?}");
        }
    }
    assert!(checked > 0);
}

#[test]
fn the_season_reason_names_the_month_pillar() {
    let (n, day) = plain_day(d(2026, 11, 22));
    let ctx = Ctx::new(&n, &day);
    let reason = reason(&ctx, Fact::Season).expect("a season reason");
    assert_eq!(reason.kind, "season");
    assert!(
        reason.detail.starts_with(&format!("{}月（{}{}）", day.month.pillar.1, day.month.pillar.0, day.month.pillar.1))
    );
}
