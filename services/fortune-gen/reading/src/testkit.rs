//! Realistic facts for tests: a miniature of bazi-engine's transit and almanac rules.
//!
//! The rules follow the engine (ten gods, 十二運, 合・冲・刑・害, 空亡, the 暦注 tables); the
//! 節 dates are the usual calendar dates rather than computed solar terms, and 六曜 and 不成就日,
//! which need the lunar calendar, are replaced by simple cycles of the same length.

use chrono::{Datelike, NaiveDate};

use crate::facts::{AlmanacFact, DayFacts, Element, LifeFacts, LuckPeriod, Natal, Relation, Transit, YearFacts};
use crate::ganzhi::{branch_index, branch_main_stem, element_index, stem_element, stem_index, ten_god, ten_god_name};

pub(crate) fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("valid date")
}

fn split(pillar: &str) -> (String, String) {
    let mut c = pillar.chars();
    let s = c.next().expect("stem").to_string();
    let b = c.next().expect("branch").to_string();
    (s, b)
}

fn idx(pillar: &(String, String)) -> (usize, usize) {
    (stem_index(&pillar.0).expect("stem"), branch_index(&pillar.1).expect("branch"))
}

/// The sexagenary index (甲子 = 0) of a stem and a branch of the same polarity.
fn cycle_index(s: usize, b: usize) -> usize {
    (6 * s as i64 - 5 * b as i64).rem_euclid(60) as usize
}

fn pillar_of(i: i64) -> String {
    meguri_ganzhi::GanZhi::new(i).name()
}

fn branch_element(b: usize) -> Element {
    stem_element(branch_main_stem(b))
}

/// A natal chart from four pillars (`["庚午", "辛巳", "甲子", "丙寅"]`).
pub(crate) fn natal(pillars: [&str; 4], time_known: bool) -> Natal {
    let p = pillars.map(split);
    let dm = stem_index(&p[2].0).expect("stem");
    let dm_e = element_index(stem_element(dm));
    let mut elements = [0.0_f64; 5];
    let mut support = 0.0_f64;
    let mut total = 0.0;
    for (i, pillar) in p.iter().enumerate() {
        let (s, b) = idx(pillar);
        let se = element_index(stem_element(s));
        let be = element_index(branch_element(b));
        elements[se] += 1.0;
        elements[be] += 1.0;
        let supports = |e: usize| e == dm_e || (e + 1) % 5 == dm_e;
        let bw = [1.0, 3.0, 1.5, 1.0][i];
        total += bw;
        if supports(be) {
            support += bw;
        }
        if i != 2 {
            total += 1.0;
            if supports(se) {
                support += 1.0;
            }
        }
    }
    let score = support / total * 100.0;
    let verdict = if score >= 50.0 {
        "身強"
    } else if score < 35.0 {
        "身弱"
    } else {
        "中和"
    };
    let by_presence = |list: Vec<usize>| {
        let mut l = list;
        l.sort_by(|a, b| elements[*a].total_cmp(&elements[*b]).then(a.cmp(b)));
        l.into_iter().map(|e| Element::ALL[e]).collect::<Vec<_>>()
    };
    let own = dm_e;
    let resource = (dm_e + 4) % 5;
    let (favorable, unfavorable) = match verdict {
        "身弱" => {
            (by_presence(vec![resource, own]), by_presence(vec![(dm_e + 1) % 5, (dm_e + 2) % 5, (dm_e + 3) % 5]))
        }
        "身強" => {
            (by_presence(vec![(dm_e + 1) % 5, (dm_e + 2) % 5, (dm_e + 3) % 5]), by_presence(vec![own, resource]))
        }
        _ => {
            let all = by_presence((0..5).collect());
            (all[..2].to_vec(), vec![all[4]])
        }
    };
    let unfavorable: Vec<Element> = unfavorable.into_iter().rev().collect();
    let dominant =
        Element::ALL[(0..5).max_by(|a, b| elements[*a].total_cmp(&elements[*b]).then(b.cmp(a))).unwrap_or(0)];
    Natal {
        day_master: p[2].0.clone(),
        day_master_element: Element::ALL[dm_e],
        pillars: p,
        elements,
        dominant,
        verdict: verdict.to_owned(),
        favorable,
        unfavorable,
        time_known,
        hour_dependent: if time_known {
            vec![]
        } else {
            ["hour", "elements", "dominant", "strength", "favorableElements", "luck"].map(str::to_owned).to_vec()
        },
    }
}

fn life_stage_name(dm: usize, b: usize) -> &'static str {
    const NAMES: [&str; 12] = ["長生", "沐浴", "冠帯", "建禄", "帝旺", "衰", "病", "死", "墓", "絶", "胎", "養"];
    // 長生 branch of each stem; yang stems run forward, yin stems backward.
    const BIRTH: [usize; 10] = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3];
    let step = if dm.is_multiple_of(2) { (b + 12 - BIRTH[dm]) % 12 } else { (BIRTH[dm] + 12 - b) % 12 };
    NAMES[step]
}

const TRIOS: [[usize; 3]; 4] = [[8, 0, 4], [11, 3, 7], [2, 6, 10], [5, 9, 1]];

fn branch_relations(b: usize, nb: usize, natal_branches: &[usize]) -> Vec<(&'static str, &'static str, bool)> {
    let mut out = vec![];
    if (b + nb) % 12 == 1 {
        out.push(("six_harmony", "六合", true));
    }
    if let Some(trio) = TRIOS.iter().find(|t| t.contains(&b) && t.contains(&nb) && b != nb) {
        let third = trio.iter().find(|x| **x != b && **x != nb).copied().unwrap_or(b);
        if natal_branches.contains(&third) {
            out.push(("three_harmony", "三合", true));
        } else if b == trio[1] || nb == trio[1] {
            out.push(("half_harmony", "半会", true));
        }
    }
    if (b + 6) % 12 == nb {
        out.push(("clash", "冲", false));
    }
    let punish = [(2, 5), (5, 8), (8, 2), (1, 10), (10, 7), (7, 1), (0, 3), (3, 0)];
    if b != nb && punish.iter().any(|&(x, y)| (x == b && y == nb) || (x == nb && y == b)) {
        out.push(("punishment", "刑", false));
    }
    if b == nb && [4, 6, 9, 11].contains(&b) {
        out.push(("self_punishment", "自刑", false));
    }
    if (b + nb) % 12 == 7 {
        out.push(("harm", "害", false));
    }
    out
}

/// How a period pillar meets a natal chart, by the engine's rules.
pub(crate) fn transit(natal: &Natal, pillar: &str) -> Transit {
    let (stem, branch) = split(pillar);
    let (s, b) = idx(&(stem.clone(), branch.clone()));
    let dm = stem_index(&natal.day_master).expect("stem");
    let natal_branches: Vec<usize> = natal.pillars.iter().map(|p| idx(p).1).collect();
    let mut relations = vec![];
    for (pos, p) in ["year", "month", "day", "hour"].iter().zip(&natal.pillars) {
        let (ns, nb) = idx(p);
        let rel = |kind: &str, name: &str, natal: &str, favorable: bool| Relation {
            kind: kind.to_owned(),
            name: name.to_owned(),
            natal_position: (*pos).to_owned(),
            natal: natal.to_owned(),
            favorable,
        };
        if (s + 5) % 10 == ns || (ns + 5) % 10 == s {
            relations.push(rel("stem_combine", "干合", &p.0, true));
        }
        if s.abs_diff(ns) == 6 && s.min(ns) < 4 {
            relations.push(rel("stem_clash", "天干の冲", &p.0, false));
        }
        for (kind, name, fav) in branch_relations(b, nb, &natal_branches) {
            relations.push(rel(kind, name, &p.1, fav));
        }
    }
    let (ds, db) = idx(&natal.pillars[2]);
    let start = cycle_index(ds, db) / 10 * 10;
    let kong = [(start % 12 + 10) % 12, (start % 12 + 11) % 12];
    let se = stem_element(s);
    let be = branch_element(b);
    let score = |e: Element| {
        if natal.favorable.contains(&e) {
            0.5
        } else if natal.unfavorable.contains(&e) {
            -0.5
        } else {
            0.0
        }
    };
    Transit {
        pillar: (stem, branch),
        stem_ten_god: ten_god_name(ten_god(dm, s)).to_owned(),
        branch_ten_god: ten_god_name(ten_god(dm, branch_main_stem(b))).to_owned(),
        life_stage: life_stage_name(dm, b).to_owned(),
        stem_element: se,
        branch_element: be,
        relations,
        kong_wang: kong.contains(&b),
        nayin: String::new(),
        support: score(se) + score(be),
    }
}

fn jdn(date: NaiveDate) -> i64 {
    i64::from(date.num_days_from_ce()) + 1_721_425
}

/// (month, day) each 節月 begins, 寅月 first.
const JIE: [(u32, u32, &str); 12] = [
    (2, 4, "立春"),
    (3, 6, "啓蟄"),
    (4, 5, "清明"),
    (5, 6, "立夏"),
    (6, 6, "芒種"),
    (7, 7, "小暑"),
    (8, 8, "立秋"),
    (9, 8, "白露"),
    (10, 8, "寒露"),
    (11, 7, "立冬"),
    (12, 7, "大雪"),
    (1, 6, "小寒"),
];

/// The month pillar (as a sexagenary index) and 節月 number (1 = 寅月) of a date.
fn month_of(date: NaiveDate) -> (i64, usize) {
    let (y, md) = (date.year(), (date.month(), date.day()));
    let solar_year = if md < (2, 4) { y - 1 } else { y };
    let n = if md < (1, 6) {
        11 // 子月 of the previous solar year
    } else if md < (2, 4) {
        12
    } else {
        JIE[..11].iter().rposition(|&(m, d, _)| md >= (m, d)).map_or(1, |i| i + 1)
    };
    let ys = (solar_year - 4).rem_euclid(10) as usize;
    let stem = (ys % 5 * 2 + 2 + n - 1) % 10;
    let branch = (n + 1) % 12;
    (cycle_index(stem, branch) as i64, n)
}

fn item(id: &str, name: &str, kind: &str) -> AlmanacFact {
    AlmanacFact { id: id.to_owned(), name: name.to_owned(), kind: kind.to_owned() }
}

/// The almanac of a date, by the engine's 暦注 tables (六曜 and 不成就日 simplified).
pub(crate) fn almanac(date: NaiveDate) -> (String, Vec<AlmanacFact>) {
    let j = jdn(date);
    let g = (j + 49).rem_euclid(60) as usize;
    let b = g % 12;
    let (_, m) = month_of(date);
    let mut items = vec![];
    let holidays = [
        ((1, 1), "元日"),
        ((2, 11), "建国記念の日"),
        ((5, 3), "憲法記念日"),
        ((5, 5), "こどもの日"),
        ((11, 3), "文化の日"),
        ((11, 23), "勤労感謝の日"),
    ];
    if let Some((_, name)) = holidays.iter().find(|(md, _)| *md == (date.month(), date.day())) {
        items.push(item("holiday", name, "holiday"));
    }
    if let Some((_, _, name)) = JIE.iter().find(|(mm, dd, _)| (*mm, *dd) == (date.month(), date.day())) {
        items.push(item("sekki", name, "sekki"));
    }
    if (date.month(), date.day()) == (2, 3) {
        items.push(item("setsubun", "節分", "zassetsu"));
    }
    let ichiryu: [[usize; 2]; 12] =
        [[1, 6], [9, 2], [0, 3], [3, 4], [5, 6], [9, 6], [0, 7], [3, 8], [9, 6], [9, 10], [11, 0], [3, 0]];
    let daimyo = [5, 6, 7, 8, 9, 13, 15, 18, 20, 23, 28, 31, 38, 40, 41, 42, 43, 45, 46, 47, 52, 54, 55, 56, 57];
    if g == [14, 30, 44, 0][(m - 1) / 3] {
        items.push(item("tensha", "天赦日", "rekichu"));
    }
    if ichiryu[m - 1].contains(&b) {
        items.push(item("ichiryu_manbai", "一粒万倍日", "rekichu"));
    }
    if daimyo.contains(&g) {
        items.push(item("daimyo", "大明日", "rekichu"));
    }
    if g == 0 {
        items.push(item("kinoe_ne", "甲子の日", "rekichu"));
    }
    if g == 5 {
        items.push(item("tsuchinoto_mi", "己巳の日", "rekichu"));
    }
    if b == 2 {
        items.push(item("tora", "寅の日", "rekichu"));
    }
    if b == 5 {
        items.push(item("mi", "巳の日", "rekichu"));
    }
    if (29..=44).contains(&g) {
        items.push(item("tenichi_tenjo", "天一天上", "rekichu"));
    }
    if j.rem_euclid(8) == 3 {
        items.push(item("fujoju", "不成就日", "rekichu"));
    }
    if b == [11, 2, 6][(m - 1) % 3] {
        items.push(item("sanrinbo", "三隣亡", "rekichu"));
    }
    let rokuyo = ["大安", "赤口", "先勝", "友引", "先負", "仏滅"][j.rem_euclid(6) as usize];
    let ids = ["taian", "shakko", "sensho", "tomobiki", "senbu", "butsumetsu"];
    items.push(item(ids[j.rem_euclid(6) as usize], rokuyo, "rokuyo"));
    (rokuyo.to_owned(), items)
}

/// One day's facts for a chart.
pub(crate) fn day_facts(natal: &Natal, date: NaiveDate) -> DayFacts {
    let day_pillar = pillar_of(jdn(date) + 49);
    let (month, _) = month_of(date);
    let (rokuyo, almanac) = almanac(date);
    DayFacts { date, day: transit(natal, &day_pillar), month: transit(natal, &pillar_of(month)), rokuyo, almanac }
}

/// A year's facts (months from 立春), optionally inside a luck pillar.
pub(crate) fn year_facts(natal: &Natal, year: i32, luck: Option<&str>) -> YearFacts {
    let months = JIE
        .iter()
        .enumerate()
        .map(|(i, &(m, day, _))| {
            let date = d(if i == 11 { year + 1 } else { year }, m, day);
            (date, transit(natal, &pillar_of(month_of(date).0)))
        })
        .collect();
    YearFacts {
        year,
        year_transit: transit(natal, &pillar_of(i64::from(year) - 4)),
        months,
        luck: luck.map(|p| transit(natal, p)),
    }
}

/// A life: luck pillars from the month pillar (forward or backward) when `luck_start_age` is
/// given, and the ten years from `today`.
pub(crate) fn life_facts(natal: &Natal, birth: NaiveDate, today: NaiveDate, luck: Option<(f64, bool)>) -> LifeFacts {
    let (ms, mb) = idx(&natal.pillars[1]);
    let month = cycle_index(ms, mb) as i64;
    let luck = luck.map_or_else(Vec::new, |(start_age, forward)| {
        (0..8)
            .map(|k| {
                let age = start_age + 10.0 * f64::from(k);
                let step = if forward { i64::from(k) + 1 } else { -(i64::from(k) + 1) };
                let start_date = birth + chrono::Duration::days((age * 365.2425).round() as i64);
                LuckPeriod { start_date, start_age: age, transit: transit(natal, &pillar_of(month + step)) }
            })
            .collect()
    });
    let coming_years =
        (0..10).map(|k| today.year() + k).map(|y| (y, transit(natal, &pillar_of(i64::from(y) - 4)))).collect();
    LifeFacts { birth_date: birth, today, luck, coming_years }
}

/// Three charts used across the tests: a 甲 day master (身弱), a 庚 day master and a 癸 day
/// master born at an unknown time.
pub(crate) fn charts() -> Vec<Natal> {
    vec![
        natal(["庚午", "辛巳", "甲子", "丙寅"], true),
        natal(["壬申", "戊申", "庚午", "丁亥"], true),
        natal(["丙寅", "庚子", "癸卯", "戊午"], false),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kit_follows_the_engines_rules() {
        // 2000-01-01 was a 戊午 day; 2026 (from 立春) is a 丙午 year.
        assert_eq!(pillar_of(jdn(d(2000, 1, 1)) + 49), "戊午");
        assert_eq!(pillar_of(i64::from(2026) - 4), "丙午");
        assert_eq!(life_stage_name(0, 3), "帝旺");
        assert_eq!(life_stage_name(1, 6), "長生");
        assert_eq!(life_stage_name(1, 3), "建禄");
        assert_eq!(pillar_of(month_of(d(2026, 2, 10)).0), "庚寅");
        assert_eq!(pillar_of(month_of(d(2026, 1, 10)).0), "己丑");
        let n = natal(["庚午", "辛巳", "甲子", "丙寅"], true);
        let t = transit(&n, "庚午");
        assert_eq!(t.stem_ten_god, "偏官");
        assert!(t.relations.iter().any(|r| r.kind == "clash" && r.natal_position == "day"));
        assert!(transit(&n, "甲戌").kong_wang);
    }
}
