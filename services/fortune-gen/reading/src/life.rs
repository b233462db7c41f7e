//! The life report: the natal chart, the luck pillars (大運) and the coming ten years.

use chrono::Datelike;

use crate::facts::{LifeFacts, LuckPeriod, Natal, Transit};
use crate::ganzhi;
use crate::narrate::{
    WIND, clashes_day, element_hint, elements_in, join_elements, main_relation, paragraphs, relation_clause,
    relation_note, relation_sentence, relations, stage_sentence, support_sentence, ten_god,
};
use crate::phrases::facts::position_area;
use crate::phrases::report::{
    DAY_MASTERS, ELEMENT_TRAITS, FAMILY_CHALLENGES, FAMILY_EXCESS, FAMILY_NAMES, FAMILY_TALENTS, verdict_text,
};
use crate::{ImportantDate, Report, Section};

/// Important dates shown: at least three, at most ten.
const MIN_DATES: usize = 3;
const MAX_DATES: usize = 10;

pub(crate) fn build(natal: &Natal, life: &LifeFacts) -> Report {
    let mut sections = vec![
        Section { heading: "あなたの本質".to_owned(), body: essence(natal) },
        Section { heading: "才能と課題".to_owned(), body: talents(natal) },
    ];
    if life.luck.is_empty() {
        sections.push(Section { heading: "大運の流れ".to_owned(), body: NO_LUCK.to_owned() });
    } else {
        sections.push(Section { heading: "大運の流れ".to_owned(), body: luck_flow(natal, life) });
        sections.push(Section { heading: "今の大運".to_owned(), body: current_luck(natal, life) });
    }
    sections.push(Section { heading: "これからの10年".to_owned(), body: coming_years(natal, life) });
    sections.push(Section { heading: "開運の鍵".to_owned(), body: keys(natal, life) });
    Report {
        title: "あなたの人生の流れ".to_owned(),
        sections,
        important_dates: important_dates(natal, life),
        hour_dependent: crate::narrate::report_hour_dependent(natal),
    }
}

const NO_LUCK: &str = "性別が未設定のため、大運（10年ごとに切り替わる運気の大きな流れ）は表示していません。大運が進む向きは、性別によって決まるためです。\n\n設定で性別を登録すると、大運を含めた人生の流れをお届けできます。このレポートでは、命式とこれからの10年の流れをもとにお伝えします。";

fn essence(natal: &Natal) -> String {
    let who = ganzhi::stem_index(&natal.day_master).map_or_else(String::new, |i| {
        let (image, character) = DAY_MASTERS[i];
        format!(
            "あなたの日主（生まれた日の天干）は「{}」。自然にたとえると、{image}です。{character}",
            natal.day_master
        )
    });
    let di = ganzhi::element_index(natal.dominant);
    let mut balance = format!(
        "五行のバランスでは{}の気が最も強く、{}があなたの持ち味です。",
        natal.dominant.kanji(),
        ELEMENT_TRAITS[di].0
    );
    let missing: Vec<usize> = (0..5).filter(|&i| natal.elements[i] <= 0.0).collect();
    let weakest = (0..5).min_by(|&a, &b| natal.elements[a].total_cmp(&natal.elements[b]).then(a.cmp(&b)));
    if let Some(&m) = missing.first() {
        let names = missing.iter().map(|&i| crate::facts::Element::ALL[i].kanji()).collect::<Vec<_>>().join("と");
        balance.push_str(&format!(
            "一方で{names}の気は命式に見当たらないため、{}を意識して補うと、バランスが整います。",
            ELEMENT_TRAITS[m].1
        ));
    } else if let Some(w) = weakest.filter(|&w| w != di) {
        balance.push_str(&format!(
            "いちばん控えめな{}の気を意識して補う（{}を大切にする）と、バランスが整います。",
            crate::facts::Element::ALL[w].kanji(),
            ELEMENT_TRAITS[w].1
        ));
    }
    if !natal.favorable.is_empty() {
        balance.push_str(&format!("あなたを助ける五行（喜用神）は{}です。", join_elements(&natal.favorable)));
    }
    paragraphs(vec![who, verdict_text(&natal.verdict).to_owned(), balance])
}

/// Ten-god families of the natal stems and branches (the day stem is the reader and left out).
fn family_counts(natal: &Natal) -> Option<([u8; 5], Option<usize>)> {
    let dm = ganzhi::stem_index(&natal.day_master)?;
    let mut counts = [0u8; 5];
    let mut month_tg = None;
    for (i, (s, b)) in natal.pillars.iter().enumerate() {
        if i == 3 && !natal.time_known {
            continue;
        }
        if i != 2
            && let Some(si) = ganzhi::stem_index(s)
        {
            let tg = ganzhi::ten_god(dm, si);
            counts[ganzhi::family(tg)] += 1;
            if i == 1 {
                month_tg = Some(tg);
            }
        }
        if let Some(bi) = ganzhi::branch_index(b) {
            counts[ganzhi::family(ganzhi::ten_god(dm, ganzhi::branch_main_stem(bi)))] += 1;
        }
    }
    Some((counts, month_tg))
}

fn talents(natal: &Natal) -> String {
    let Some((counts, month_tg)) = family_counts(natal) else {
        return "命式の星のバランスから、あなたの才能と課題を読み解きます。".to_owned();
    };
    let top = (0..5).max_by_key(|&f| (counts[f], std::cmp::Reverse(f))).unwrap_or(0);
    let mut talent = format!("命式には{}の星が多く、{}があなたの才能です。", FAMILY_NAMES[top], FAMILY_TALENTS[top]);
    if let Some(tg) = month_tg {
        let star = crate::phrases::ten_gods::TEXTS[tg].star;
        talent.push_str(&format!(
            "社会での顔を表す月干は{}で、「{star}」らしい持ち味が仕事の場で生きやすいでしょう。",
            ganzhi::ten_god_name(tg)
        ));
    }
    let mut challenge = String::new();
    if counts[top] >= 3 {
        challenge.push_str(FAMILY_EXCESS[top]);
    }
    let lacking = (0..5)
        .filter(|&f| counts[f] == 0)
        .min_by_key(|&f| f)
        .or_else(|| (0..5).filter(|&f| f != top).min_by_key(|&f| (counts[f], f)));
    if let Some(f) = lacking {
        let lead = if counts[f] == 0 {
            format!("また、{}の星が命式にないため、", FAMILY_NAMES[f])
        } else {
            format!("また、{}の星が控えめなため、", FAMILY_NAMES[f])
        };
        challenge.push_str(&format!("{lead}{}", FAMILY_CHALLENGES[f]));
    }
    let note = if natal.time_known {
        String::new()
    } else {
        "※出生時刻がわからないため、時柱（生まれた時間の柱）は読み解きから外しています。".to_owned()
    };
    paragraphs(vec![talent, challenge.trim_start_matches("また、").to_owned(), note])
}

/// The age in whole years at the start of a period.
fn age(p: &LuckPeriod) -> i64 {
    p.start_age.max(0.0).floor() as i64
}

/// The period in force on `today`: the last one already begun.
fn current(life: &LifeFacts) -> Option<usize> {
    life.luck.iter().rposition(|p| p.start_date <= life.today)
}

fn period_relation(natal: &Natal, t: &Transit) -> String {
    main_relation(natal, t).map_or_else(String::new, |r| relation_sentence("大運の", t, r, "時期"))
}

fn luck_flow(natal: &Natal, life: &LifeFacts) -> String {
    let now = current(life);
    let mut parts = vec![
        "大運は、10年ごとに切り替わる運気の大きな流れです。季節が移るように、それぞれの10年にテーマがあります。"
            .to_owned(),
    ];
    for (i, p) in life.luck.iter().enumerate() {
        let (s, b) = &p.transit.pillar;
        let next = life.luck.get(i + 1);
        let (a1, y1) = next.map_or((age(p) + 10, p.start_date.year() + 10), |n| (age(n), n.start_date.year()));
        let theme = ten_god(&p.transit).map_or_else(String::new, |tg| format!("{}です。", tg.luck));
        let mark = if now == Some(i) { "【現在】" } else { "" };
        parts.push(format!(
            "{mark}{}歳〜{a1}歳（{}年〜{y1}年）大運「{s}{b}」: {}の10年。{theme}{}",
            age(p),
            p.start_date.year(),
            p.transit.stem_ten_god,
            period_relation(natal, &p.transit)
        ));
    }
    paragraphs(parts)
}

fn current_luck(natal: &Natal, life: &LifeFacts) -> String {
    let Some(i) = current(life) else {
        return life.luck.first().map_or_else(String::new, |first| {
            let (s, b) = &first.transit.pillar;
            format!(
                "いまは最初の大運が始まる前（立運前）の時期です。{}年（{}歳）から大運「{s}{b}」（{}）が始まります。それまでは命式そのものの性質が素直に表れやすい時期です。",
                first.start_date.year(),
                age(first),
                first.transit.stem_ten_god
            )
        });
    };
    let p = &life.luck[i];
    let t = &p.transit;
    let (s, b) = &t.pillar;
    let theme = ten_god(t).map_or_else(String::new, |tg| format!("{}です。", tg.luck));
    let opening = format!(
        "いまは{}年（{}歳）に始まった大運「{s}{b}」の中にいます。大運の干はあなたから見て{}で、{theme}",
        p.start_date.year(),
        age(p),
        t.stem_ten_god
    );
    let mut tone = support_sentence(natal, t, "時期");
    tone.extend(stage_sentence(t, "時期"));
    let meets: String = relations(natal, t).iter().take(2).map(|r| relation_sentence("大運の", t, r, "時期")).collect();
    let next = life.luck.get(i + 1).map_or_else(String::new, |n| {
        let (ns, nb) = &n.transit.pillar;
        let theme =
            ten_god(&n.transit).map_or_else(String::new, |tg| format!("{}へと、流れが移っていくでしょう。", tg.luck));
        format!(
            "次の切り替わりは{}年（{}歳）で、大運「{ns}{nb}」（{}）に移ります。{theme}",
            n.start_date.year(),
            age(n),
            n.transit.stem_ten_god
        )
    });
    paragraphs(vec![opening, format!("{tone}{meets}"), next])
}

fn coming_years(natal: &Natal, life: &LifeFacts) -> String {
    let lines: Vec<String> = life
        .coming_years
        .iter()
        .map(|(y, t)| {
            let (s, b) = &t.pillar;
            let theme = ten_god(t).map_or_else(
                || format!("{}の年", t.stem_ten_god),
                |tg| format!("{}（{}）", tg.year_short, t.stem_ten_god),
            );
            let note = match main_relation(natal, t) {
                Some(r) => relation_note(r),
                None if t.kong_wang => "空亡にあたるので、大きな決断は慎重に。".to_owned(),
                None if t.support >= WIND => "五行の追い風も受けられます。".to_owned(),
                None if t.support <= -WIND => "無理は控えめにしましょう。".to_owned(),
                None => String::new(),
            };
            format!("{y}年（{s}{b}）: {theme}。{note}")
        })
        .collect();
    let intro =
        "これからの10年を、一年ずつ見ていきましょう。年の干支があなたの命式とどう響き合うかを短くまとめています。";
    paragraphs(vec![intro.to_owned(), lines.join("\n")])
}

fn keys(natal: &Natal, life: &LifeFacts) -> String {
    let mut parts: Vec<String> = natal.favorable.iter().take(2).map(|&e| element_hint(e)).collect();
    parts.push(
        match natal.verdict.as_str() {
            "身強" => "あふれる力を、人のためや新しい挑戦に向けるほど運が開けます。エネルギーを持て余さないことが開運の鍵です。",
            "身弱" => "信頼できる人や学びを味方にし、休むことも大切な仕事と考えましょう。頼ることは、あなたの力を引き出す近道です。",
            _ => "どちらかに偏らず、心地よいバランスを保つことがいちばんの開運法です。忙しさと休息の波を意識してみましょう。",
        }
        .to_owned(),
    );
    if let Some(tg) = current(life).and_then(|i| ten_god(&life.luck[i].transit)) {
        parts.push(format!("いまの大運では、{}ことが追い風になります。", tg.year_tip));
    }
    paragraphs(parts)
}

fn year_date(y: i32) -> String {
    format!("{y:04}")
}

fn important_dates(natal: &Natal, life: &LifeFacts) -> Vec<ImportantDate> {
    // (priority, date, label, detail): lower priority numbers are kept first when trimming.
    let mut found: Vec<(u8, i32, String, String)> = vec![];
    for (k, p) in life.luck.iter().filter(|p| p.start_date > life.today).enumerate() {
        let (s, b) = &p.transit.pillar;
        let theme = ten_god(&p.transit).map_or_else(String::new, |tg| format!("、{}が始まります", tg.luck));
        found.push((
            if k < 2 { 0 } else { 2 },
            p.start_date.year(),
            "大運の切り替わり".to_owned(),
            format!("{}歳で大運が「{s}{b}」（{}）に切り替わり{theme}。", age(p), p.transit.stem_ten_god),
        ));
    }
    for (y, t) in &life.coming_years {
        let Some(r) = relations(natal, t).into_iter().find(|r| r.natal_position == "day") else { continue };
        let (label, effect) = if clashes_day(r) {
            ("変化の年", "に変化が起きやすい年です。")
        } else {
            ("縁が結ばれる年", "に追い風が吹く年です。")
        };
        found.push((
            1,
            *y,
            label.to_owned(),
            format!("{}{}{effect}", relation_clause("年", t, r), position_area(&r.natal_position)),
        ));
    }
    let mut fillers: Vec<&(i32, Transit)> = life.coming_years.iter().filter(|(_, t)| t.support >= WIND).collect();
    fillers.sort_by(|a, b| b.1.support.total_cmp(&a.1.support).then(a.0.cmp(&b.0)));
    for (y, t) in fillers {
        if found.len() >= MIN_DATES {
            break;
        }
        if found.iter().any(|f| f.1 == *y) {
            continue;
        }
        let fav = elements_in(t, &natal.favorable);
        let (s, b) = &t.pillar;
        let detail = if fav.is_empty() {
            format!("{y}年（{s}{b}）は、あなたと相性のいい気が巡る追い風の年です。")
        } else {
            format!("{y}年（{s}{b}）は、あなたの助けになる{}の気が巡る追い風の年です。", join_elements(&fav))
        };
        found.push((3, *y, "追い風の年".to_owned(), detail));
    }
    // Still short (a calm decade): the coming years' ten gods, nearest first.
    for (y, t) in &life.coming_years {
        if found.len() >= MIN_DATES {
            break;
        }
        if found.iter().any(|f| f.1 == *y) {
            continue;
        }
        let Some(tg) = ten_god(t) else { continue };
        let (s, b) = &t.pillar;
        found.push((
            4,
            *y,
            "テーマのある年".to_owned(),
            format!("{y}年（{s}{b}）は{}の年で、{}になりそうです。", t.stem_ten_god, tg.year_short),
        ));
    }
    found.sort_by_key(|f| (f.0, f.1));
    found.truncate(MAX_DATES);
    found.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    found.into_iter().map(|(_, y, label, detail)| ImportantDate { date: year_date(y), label, detail }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{charts, d, life_facts};

    fn headings(r: &Report) -> Vec<&str> {
        r.sections.iter().map(|s| s.heading.as_str()).collect()
    }

    fn assert_dates(r: &Report) {
        assert!((MIN_DATES..=MAX_DATES).contains(&r.important_dates.len()), "{:?}", r.important_dates);
        let dates: Vec<&str> = r.important_dates.iter().map(|x| x.date.as_str()).collect();
        assert!(dates.windows(2).all(|w| w[0] <= w[1]), "chronological: {dates:?}");
        for x in &r.important_dates {
            assert!(x.date.len() == 4 && x.date.bytes().all(|b| b.is_ascii_digit()), "{}", x.date);
            assert!(!x.label.is_empty() && x.detail.ends_with('。'), "{x:?}");
        }
    }

    #[test]
    fn the_life_report_walks_through_every_luck_pillar() {
        let natal = &charts()[0];
        let life = life_facts(natal, d(1990, 5, 20), d(2026, 11, 22), Some((3.4, true)));
        let r = build(natal, &life);
        assert_eq!(r.title, "あなたの人生の流れ");
        assert_eq!(
            headings(&r),
            ["あなたの本質", "才能と課題", "大運の流れ", "今の大運", "これからの10年", "開運の鍵"]
        );
        assert!(r.sections[0].body.contains("「甲」") && r.sections[0].body.contains("大樹"));
        assert!(r.sections[0].body.contains("身弱"));
        let flow = &r.sections[2].body;
        for p in &life.luck {
            assert!(flow.contains(&format!("大運「{}{}」", p.transit.pillar.0, p.transit.pillar.1)));
        }
        assert_eq!(flow.matches("【現在】").count(), 1);
        assert!(flow.contains("【現在】33歳〜43歳（2023年〜2033年）大運「乙酉」"), "{flow}");
        assert!(r.sections[3].body.contains("次の切り替わりは2033年（43歳）"));
        assert_eq!(r.sections[4].body.lines().filter(|l| l.contains("年（")).count(), 10);
        assert_dates(&r);
        let switches: Vec<&ImportantDate> =
            r.important_dates.iter().filter(|x| x.label == "大運の切り替わり").collect();
        assert!(switches.iter().any(|x| x.date == "2033"));
        assert!(switches.iter().all(|x| x.date.as_str() > "2026"));
    }

    #[test]
    fn without_a_gender_the_life_report_explains_why_there_are_no_luck_pillars() {
        let natal = &charts()[2];
        let r = build(natal, &life_facts(natal, d(1986, 12, 20), d(2026, 11, 22), None));
        assert_eq!(headings(&r), ["あなたの本質", "才能と課題", "大運の流れ", "これからの10年", "開運の鍵"]);
        assert!(r.sections[2].body.starts_with("性別が未設定のため"));
        assert!(r.sections[2].body.contains("設定で性別を登録すると"));
        assert!(r.sections[1].body.contains("出生時刻がわからないため"));
        assert_dates(&r);
        assert!(r.important_dates.iter().all(|x| x.label != "大運の切り替わり"));
    }

    #[test]
    fn an_unknown_time_lists_what_the_report_rests_on_that_the_hour_decides() {
        let unknown = &charts()[2];
        let r = build(unknown, &life_facts(unknown, d(1986, 12, 20), d(2026, 11, 22), Some((5.0, true))));
        // The hour pillar itself is left out of the reading (and said so); the rest is indicative.
        assert_eq!(r.hour_dependent, ["elements", "dominant", "strength", "favorableElements", "luck"]);
        let known = &charts()[0];
        let r = build(known, &life_facts(known, d(1990, 5, 20), d(2026, 11, 22), Some((3.4, true))));
        assert!(r.hour_dependent.is_empty());
    }

    #[test]
    fn before_the_first_luck_pillar_the_report_says_so() {
        let natal = &charts()[1];
        let life = life_facts(natal, d(2024, 3, 1), d(2026, 11, 22), Some((7.2, false)));
        let r = build(natal, &life);
        let now = r.sections.iter().find(|s| s.heading == "今の大運").expect("section");
        assert!(now.body.starts_with("いまは最初の大運が始まる前"), "{}", now.body);
        assert!(!r.sections[2].body.contains("【現在】"));
        assert_dates(&r);
    }

    #[test]
    fn the_report_is_deterministic_and_paragraphs_are_separated_by_blank_lines() {
        let natal = &charts()[1];
        let life = life_facts(natal, d(1992, 8, 8), d(2026, 1, 15), Some((5.0, true)));
        assert_eq!(build(natal, &life), build(natal, &life));
        for s in build(natal, &life).sections {
            assert!(!s.body.is_empty() && !s.body.contains("\n\n\n") && !s.body.ends_with('\n'), "{}", s.heading);
        }
    }
}
