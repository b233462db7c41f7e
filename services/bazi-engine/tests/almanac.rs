//! The Japanese almanac against published facts (DATA-SOURCES §2) and a holiday table.

use bazi_engine::EngineError;
use bazi_engine::almanac::{self, AlmanacDay, ItemKind, LunarDate, lunar_date};
use chrono::{Datelike, Duration, NaiveDate};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("valid date")
}

fn day(y: i32, m: u32, dd: u32) -> AlmanacDay {
    almanac::day(d(y, m, dd)).expect("in range")
}

fn ids(a: &AlmanacDay, kind: ItemKind) -> Vec<&'static str> {
    a.items.iter().filter(|i| i.kind == kind).map(|i| i.id).collect()
}

fn names(a: &AlmanacDay, kind: ItemKind) -> Vec<&'static str> {
    a.items.iter().filter(|i| i.kind == kind).map(|i| i.name).collect()
}

/// Every date of a year on which `pred` holds, as (month, day).
fn dates_where(year: i32, pred: impl Fn(&AlmanacDay) -> bool) -> Vec<(u32, u32)> {
    almanac::range(d(year, 1, 1), d(year, 12, 31))
        .expect("in range")
        .iter()
        .filter(|a| pred(a))
        .map(|a| (a.date.month(), a.date.day()))
        .collect()
}

fn has(a: &AlmanacDay, id: &str) -> bool {
    a.items.iter().any(|i| i.id == id)
}

// ---- 旧暦 ------------------------------------------------------------------------------------

fn lunar(y: i32, m: u32, dd: u32) -> LunarDate {
    lunar_date(d(y, m, dd)).expect("in range")
}

#[test]
fn the_2033_problem_is_solved_with_a_single_leap_eleventh_month() {
    assert_eq!(lunar(2033, 8, 25), LunarDate { year: 2033, month: 8, leap: false, day: 1 });
    assert_eq!(lunar(2033, 8, 24).month, 7);
    assert_eq!(lunar(2033, 12, 22), LunarDate { year: 2033, month: 11, leap: true, day: 1 });
    assert_eq!(lunar(2034, 1, 20), LunarDate { year: 2033, month: 12, leap: false, day: 1 });
    assert_eq!(lunar(2034, 2, 19), LunarDate { year: 2034, month: 1, leap: false, day: 1 });
    // No other leap month between 2033-01 and 2034-12.
    let leap_starts: Vec<NaiveDate> = almanac::range(d(2033, 1, 1), d(2033, 12, 31))
        .expect("in range")
        .into_iter()
        .chain(almanac::range(d(2034, 1, 1), d(2034, 12, 31)).expect("in range"))
        .filter(|a| a.lunar.leap && a.lunar.day == 1)
        .map(|a| a.date)
        .collect();
    assert_eq!(leap_starts, [d(2033, 12, 22)]);
}

#[test]
fn japanese_leap_months_differ_from_the_chinese_ones_in_2012_and_2017() {
    // Japan 閏3 (China 闰4) in 2012, 閏5 (China 闰6) in 2017; 閏4 in 2020 in both.
    assert_eq!(lunar(2012, 4, 21), LunarDate { year: 2012, month: 3, leap: true, day: 1 });
    assert_eq!(lunar(2012, 5, 21), LunarDate { year: 2012, month: 4, leap: false, day: 1 });
    assert_eq!(lunar(2017, 6, 24), LunarDate { year: 2017, month: 5, leap: true, day: 1 });
    assert_eq!(lunar(2017, 7, 23), LunarDate { year: 2017, month: 6, leap: false, day: 1 });
    assert_eq!(lunar(2020, 5, 23), LunarDate { year: 2020, month: 4, leap: true, day: 1 });
}

/// Day pages of published almanacs (DATA-SOURCES §2.2 and §2.4).
#[test]
fn published_day_pages_agree() {
    // (date, 旧暦 label, 六曜, 日干支 or "", 暦注 that must be present)
    type Page = ((i32, u32, u32), &'static str, &'static str, &'static str, &'static [&'static str]);
    let pages: [Page; 14] = [
        ((2017, 10, 17), "旧8月28日", "大安", "", &[]),
        ((2020, 6, 14), "旧閏4月23日", "友引", "", &[]),
        ((2017, 7, 3), "旧閏5月10日", "友引", "", &[]),
        ((2012, 4, 30), "旧閏3月10日", "赤口", "", &[]),
        ((1950, 3, 19), "旧2月1日", "友引", "", &[]),
        ((2026, 11, 21), "旧10月13日", "仏滅", "己亥", &[]),
        ((2026, 11, 1), "旧9月22日", "赤口", "己卯", &[]),
        ((2026, 11, 7), "旧9月28日", "赤口", "乙酉", &["一粒万倍日"]),
        ((2026, 11, 16), "旧10月8日", "大安", "甲午", &[]),
        ((2026, 11, 26), "旧10月18日", "先負", "甲辰", &["大明日"]),
        ((2045, 11, 28), "旧10月20日", "大安", "", &["一粒万倍日", "不成就日"]),
        ((2025, 11, 28), "旧10月9日", "赤口", "辛丑", &[]),
        ((2044, 11, 26), "旧10月8日", "大安", "己卯", &[]),
        ((2033, 12, 22), "旧閏11月1日", "大安", "", &[]),
    ];
    for ((y, m, dd), label, rokuyo, pillar, notes) in pages {
        let a = day(y, m, dd);
        assert_eq!(a.lunar_label, label, "{y}-{m}-{dd}");
        assert_eq!(a.rokuyo.name(), rokuyo, "{y}-{m}-{dd}");
        if !pillar.is_empty() {
            assert_eq!(a.day_pillar.name(), pillar, "{y}-{m}-{dd}");
        }
        let got = names(&a, ItemKind::Rekichu);
        for n in notes {
            assert!(got.contains(n), "{y}-{m}-{dd}: {n} missing from {got:?}");
        }
    }
}

/// DATA-SOURCES §2.2, row by row. That table lists 一粒万倍日, 天赦日, 大明日, 寅の日, 巳の日 and
/// 不成就日 only, so the other 暦注 are left out of the comparison.
#[test]
fn the_table_of_2026_11_21_to_30_agrees_row_by_row() {
    let compared = ["ichiryu_manbai", "tensha", "daimyo", "tora", "mi", "fujoju"];
    type Row =
        (u32, &'static str, &'static str, &'static str, &'static str, &'static [&'static str], &'static [&'static str]);
    let rows: [Row; 10] = [
        (21, "土", "旧10月13日", "仏滅", "己亥", &[], &[]),
        (22, "日", "旧10月14日", "大安", "庚子", &[], &[]),
        (23, "月", "旧10月15日", "赤口", "辛丑", &[], &["勤労感謝の日"]),
        (24, "火", "旧10月16日", "先勝", "壬寅", &["大明日", "寅の日"], &[]),
        (25, "水", "旧10月17日", "友引", "癸卯", &[], &[]),
        (26, "木", "旧10月18日", "先負", "甲辰", &["大明日"], &[]),
        (27, "金", "旧10月19日", "仏滅", "乙巳", &["大明日", "巳の日"], &[]),
        (28, "土", "旧10月20日", "大安", "丙午", &["大明日", "不成就日"], &[]),
        (29, "日", "旧10月21日", "赤口", "丁未", &["大明日"], &[]),
        (30, "月", "旧10月22日", "先勝", "戊申", &[], &[]),
    ];
    for (dd, weekday, label, rokuyo, pillar, notes, holidays) in rows {
        let a = day(2026, 11, dd);
        assert_eq!(a.weekday, weekday, "11-{dd}");
        assert_eq!(a.lunar_label, label, "11-{dd}");
        assert_eq!(a.rokuyo.name(), rokuyo, "11-{dd}");
        assert_eq!(a.day_pillar.name(), pillar, "11-{dd}");
        assert_eq!(a.sekki_month, 10, "11-{dd}");
        assert_eq!(a.month_pillar.name(), "己亥", "11-{dd}");
        assert_eq!(a.year_pillar.name(), "丙午", "11-{dd}");
        let got: BTreeSet<&str> = a
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Rekichu && compared.contains(&i.id))
            .map(|i| i.name)
            .collect();
        assert_eq!(got, notes.iter().copied().collect(), "11-{dd}");
        let h: Vec<&str> = a.holidays.iter().map(|h| h.name).collect();
        assert_eq!(h, holidays, "11-{dd}");
    }
}

// ---- 暦注 ------------------------------------------------------------------------------------

#[test]
fn tensha_days_of_2026_are_the_published_six() {
    assert_eq!(dates_where(2026, |a| has(a, "tensha")), [(3, 5), (5, 4), (5, 20), (7, 19), (10, 1), (12, 16)]);
}

#[test]
fn there_are_64_ichiryu_manbai_days_in_2026() {
    assert_eq!(dates_where(2026, |a| has(a, "ichiryu_manbai")).len(), 64);
    // In 亥月 they are the 酉 and 戌 days: 2026-11-07 乙酉 and 11-08 丙戌, none in 11-21..30, and
    // the next ones are 12-01 己酉 and 12-02 庚戌 (DATA-SOURCES §2.2).
    let days = dates_where(2026, |a| has(a, "ichiryu_manbai"));
    assert!(days.contains(&(11, 7)) && days.contains(&(11, 8)));
    let after: Vec<(u32, u32)> = days.into_iter().filter(|&md| md > (11, 20)).take(2).collect();
    assert_eq!(after, [(12, 1), (12, 2)]);
}

#[test]
fn daimyo_days_of_july_2023_are_the_published_twelve() {
    let july: Vec<u32> =
        dates_where(2023, |a| has(a, "daimyo")).into_iter().filter(|&(m, _)| m == 7).map(|(_, dd)| dd).collect();
    assert_eq!(july, [1, 2, 10, 11, 12, 13, 14, 18, 20, 23, 25, 28]);
}

#[test]
fn sanrinbo_and_tenichi_tenjo_follow_their_tables() {
    // 亥月 (節月10): 三隣亡 on 亥 days; 2026-11-21 is 己亥.
    assert!(has(&day(2026, 11, 21), "sanrinbo"));
    assert!(!has(&day(2026, 11, 22), "sanrinbo"));
    // 天一天上: 癸巳 (2026-11-15) to 戊申 (2026-11-30).
    assert!(!has(&day(2026, 11, 14), "tenichi_tenjo"));
    assert!(has(&day(2026, 11, 15), "tenichi_tenjo"));
    assert!(has(&day(2026, 11, 30), "tenichi_tenjo"));
    assert!(!has(&day(2026, 12, 1), "tenichi_tenjo"));
}

#[test]
fn every_item_carries_a_stable_ascii_id_a_description_and_a_source() {
    for a in almanac::range(d(2026, 1, 1), d(2026, 12, 31)).expect("in range") {
        for i in &a.items {
            assert!(!i.id.is_empty() && i.id.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{}", i.id);
            assert!(!i.name.is_empty() && !i.description.is_empty() && !i.source.is_empty(), "{}", i.id);
        }
    }
}

#[test]
fn items_come_holidays_first_then_seasonal_days_then_notes_then_rokuyo() {
    let rank = |k: ItemKind| match k {
        ItemKind::Holiday => 0,
        ItemKind::Sekki | ItemKind::Zassetsu => 1,
        ItemKind::Rekichu => 2,
        ItemKind::Rokuyo => 3,
    };
    for a in almanac::range(d(2026, 1, 1), d(2026, 12, 31)).expect("in range") {
        let ranks: Vec<u8> = a.items.iter().map(|i| rank(i.kind)).collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{}: {ranks:?}", a.date);
        assert_eq!(ranks.iter().filter(|&&r| r == 3).count(), 1, "{}", a.date);
    }
    // 2026-03-20: 春分の日, 春分 and 彼岸の中日 in that order.
    let a = day(2026, 3, 20);
    let first: Vec<&str> = a.items.iter().take(3).map(|i| i.name).collect();
    assert_eq!(first, ["春分の日", "春分", "春彼岸の中日"]);
    // 天赦日 before 一粒万倍日 when both fall together (2026-03-05 is 戊寅 in 寅月).
    let notes = names(&day(2026, 3, 5), ItemKind::Rekichu);
    assert_eq!(notes.first(), Some(&"天赦日"));
}

// ---- 節気・雑節 ----------------------------------------------------------------------------------

#[test]
fn sekki_fall_on_their_jst_dates_and_open_the_new_month_that_day() {
    let a = day(2026, 2, 4);
    assert_eq!(a.sekki, Some("立春"));
    assert_eq!((a.sekki_month, a.month_pillar.name(), a.year_pillar.name()), (1, "庚寅".into(), "丙午".into()));
    let b = day(2026, 2, 3);
    assert_eq!((b.sekki_month, b.month_pillar.name(), b.year_pillar.name()), (12, "己丑".into(), "乙巳".into()));
    assert_eq!(ids(&b, ItemKind::Zassetsu), ["setsubun", "doyo_ake"]);
    // 2025: 立春 on 3 February, so 節分 on 2 February.
    assert_eq!(day(2025, 2, 3).sekki, Some("立春"));
    assert!(names(&day(2025, 2, 2), ItemKind::Zassetsu).contains(&"節分"));
    // 24 terms a year, each on exactly one day.
    assert_eq!(dates_where(2026, |a| a.sekki.is_some()).len(), 24);
}

#[test]
fn doyo_no_ushi_days_match_the_published_ones() {
    let ushi = |y: i32| {
        dates_where(y, |a| has(a, "doyo_ushi")).into_iter().filter(|&(m, _)| (7..=8).contains(&m)).collect::<Vec<_>>()
    };
    assert_eq!(ushi(2024), [(7, 24), (8, 5)]);
    assert_eq!(ushi(2025), [(7, 19), (7, 31)]);
    assert_eq!(names(&day(2025, 7, 31), ItemKind::Zassetsu), ["土用の丑の日（二の丑）"]);
    assert_eq!(dates_where(2025, |a| has(a, "doyo_iri")), [(1, 17), (4, 17), (7, 19), (10, 20)]);
}

#[test]
fn higan_and_the_solar_zassetsu_fall_where_almanacs_print_them() {
    assert_eq!(dates_where(2026, |a| has(a, "higan_iri")), [(3, 17), (9, 20)]);
    assert_eq!(dates_where(2026, |a| has(a, "higan_ake")), [(3, 23), (9, 26)]);
    assert_eq!(dates_where(2025, |a| has(a, "nyubai")), [(6, 11)]);
    assert_eq!(dates_where(2025, |a| has(a, "hangesho")), [(7, 1)]);
    assert_eq!(dates_where(2025, |a| has(a, "hachijuhachiya")), [(5, 1)]);
    assert_eq!(dates_where(2025, |a| has(a, "nihyakutoka")), [(8, 31)]);
}

// ---- 祝日 ------------------------------------------------------------------------------------

/// Spellings in @holiday-jp/holiday_jp 2.5.1 → the engine's names.
/// - "<祝日> 振替休日" → 振替休日
/// - 休日 → 国民の休日
/// - 休日（祝日扱い） → 即位の日 (2019-05-01) / 即位礼正殿の儀 (2019-10-22)
/// - 体育の日（スポーツの日） → 体育の日 (2019: the new name applies from 2020)
/// - 大喪の礼 → 昭和天皇の大喪の礼
/// - 結婚の儀 → 皇太子徳仁親王の結婚の儀
fn normalise(date: &str, name: &str) -> String {
    match (date, name) {
        (_, n) if n.ends_with(" 振替休日") => "振替休日".into(),
        (_, "休日") => "国民の休日".into(),
        ("2019-05-01", "休日（祝日扱い）") => "即位の日".into(),
        ("2019-10-22", "休日（祝日扱い）") => "即位礼正殿の儀".into(),
        (_, "体育の日（スポーツの日）") => "体育の日".into(),
        (_, "大喪の礼") => "昭和天皇の大喪の礼".into(),
        (_, "結婚の儀") => "皇太子徳仁親王の結婚の儀".into(),
        (_, n) => n.into(),
    }
}

#[test]
fn holidays_1970_to_2050_match_the_holiday_jp_table() {
    let fixture = include_str!("fixtures/holidays/holiday_jp_1970_2050.tsv");
    let expected: BTreeMap<NaiveDate, String> = fixture
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (date, name) = l.split_once('\t').expect("date<TAB>name");
            (date.parse().expect("ISO date"), normalise(date, name))
        })
        .collect();
    assert_eq!(expected.len(), 1329);

    let mut got = BTreeMap::new();
    for year in 1970..=2050 {
        for a in almanac::range(d(year, 1, 1), d(year, 12, 31)).expect("in range") {
            assert!(a.holidays.len() <= 1, "{}", a.date);
            if let Some(h) = a.holidays.first() {
                got.insert(a.date, h.name.to_string());
            }
        }
    }
    let only_expected: Vec<_> = expected.keys().filter(|k| !got.contains_key(k)).collect();
    let only_got: Vec<_> = got.keys().filter(|k| !expected.contains_key(k)).collect();
    assert!(only_expected.is_empty() && only_got.is_empty(), "missing {only_expected:?}, extra {only_got:?}");
    for (date, name) in &expected {
        assert_eq!(&got[date], name, "{date}");
    }
}

#[test]
fn holidays_before_1970_and_after_2050_follow_the_law() {
    let h = |y, m, dd| almanac::holidays_on(d(y, m, dd)).expect("in range").iter().map(|h| h.name).collect::<Vec<_>>();
    assert!(h(1948, 5, 3).is_empty(), "the law starts on 1948-07-20");
    assert_eq!(h(1948, 9, 23), ["秋分の日"]);
    assert_eq!(h(1959, 4, 10), ["皇太子明仁親王の結婚の儀"]);
    assert_eq!(h(1966, 9, 15), ["敬老の日"]);
    assert!(h(1966, 2, 11).is_empty(), "建国記念の日 starts in 1967");
    assert_eq!(h(1967, 2, 11), ["建国記念の日"]);
    assert_eq!(h(2100, 1, 1), ["元日"]);
    assert!(h(1900, 1, 1).is_empty());
    // After 2050 the current law goes on: 2054-05-03 is a Sunday, so 05-06 is the 振替休日.
    assert_eq!(h(2054, 5, 6), ["振替休日"]);
}

// ---- shape ------------------------------------------------------------------------------------

#[test]
fn a_day_serialises_with_camel_case_keys_and_kanji_values() {
    let v = serde_json::to_value(day(2020, 6, 14)).expect("serialisable");
    assert_eq!(v["date"], "2020-06-14");
    assert_eq!(v["weekday"], "日");
    assert_eq!(v["lunarLabel"], "旧閏4月23日");
    assert_eq!(v["lunar"]["leap"], true);
    assert_eq!(v["rokuyo"], "友引");
    assert!(v["dayPillar"].is_string() && v["monthPillar"].is_string() && v["yearPillar"].is_string());
    assert!(v["sekkiMonth"].is_u64());
    assert!(v["items"][0]["id"].is_string() && v["items"][0]["kind"].is_string());
}

#[test]
fn out_of_range_dates_and_long_ranges_are_refused() {
    assert_eq!(almanac::day(d(1899, 12, 31)), Err(EngineError::DateOutOfRange));
    assert_eq!(almanac::day(d(2101, 1, 1)), Err(EngineError::DateOutOfRange));
    assert_eq!(lunar_date(d(2101, 1, 1)), Err(EngineError::DateOutOfRange));
    let err = almanac::range(d(2026, 1, 1), d(2027, 1, 5)).expect_err("too long");
    assert_eq!(err.code(), "INVALID_ARGUMENT");
    assert!(almanac::range(d(2100, 12, 1), d(2101, 1, 2)).is_err());
}

#[test]
fn the_first_and_last_served_days_work() {
    let first = day(1900, 1, 1);
    assert_eq!(first.lunar_label, "旧12月1日");
    assert_eq!(first.lunar.year, 1899);
    let last = day(2100, 12, 31);
    assert!((1..=30).contains(&last.lunar.day));
}

// ---- properties -------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn consecutive_days_advance_the_lunar_day_and_the_day_pillar(offset in 0i64..73_413) {
        // 1900-01-01 + 73 413 days = 2100-12-31, so `today` ends on 2100-12-30.
        let today = d(1900, 1, 1) + Duration::days(offset);
        let a = almanac::day(today).expect("in range");
        let b = almanac::day(today + Duration::days(1)).expect("in range");
        prop_assert!((1..=30).contains(&a.lunar.day));
        prop_assert!((1..=12).contains(&a.lunar.month));
        prop_assert!((1..=12).contains(&a.sekki_month));
        if b.lunar.day == 1 {
            prop_assert!(a.lunar.day == 29 || a.lunar.day == 30, "{} ends a month on day {}", today, a.lunar.day);
            let leap_follows = b.lunar.leap && b.lunar.month == a.lunar.month;
            let next_follows = !b.lunar.leap && b.lunar.month == a.lunar.month % 12 + 1;
            prop_assert!(leap_follows || next_follows, "{} {:?} -> {:?}", today, a.lunar, b.lunar);
            let new_year = b.lunar.month == 1 && !b.lunar.leap;
            prop_assert_eq!(b.lunar.year, if new_year { a.lunar.year + 1 } else { a.lunar.year });
        } else {
            prop_assert_eq!(b.lunar.day, a.lunar.day + 1);
            prop_assert_eq!((b.lunar.month, b.lunar.leap, b.lunar.year), (a.lunar.month, a.lunar.leap, a.lunar.year));
        }
        prop_assert_eq!(b.day_pillar, a.day_pillar.offset(1));
    }
}
