//! The Japanese almanac (暦): 旧暦, 六曜, 二十四節気, 雑節, 国民の祝日 and 暦注 of a JST calendar day.
//!
//! Every rule works on **JST calendar days**: an astronomical instant (new moon, solar term, the
//! Sun at 27° …) belongs to the day on which it falls at UTC+9. Almanacs use UTC+9 for every year,
//! including the summer-time years 1948–1951, so this module does too; a birth time in JDT is
//! converted elsewhere (`time`), never here.
//!
//! The astronomy comes from [`crate::astro`]; the expensive part (new moons and solar terms) is
//! computed once per year and kept in `OnceLock` caches, so a warm day costs microseconds.
//!
//! Served dates: 1900-01-01 ..= 2100-12-31 (JST); anything else is
//! [`EngineError::DateOutOfRange`].

mod holidays;
mod lunar;
mod rekichu;
mod rokuyo;
mod sekki;
mod zassetsu;

pub use holidays::{Holiday, HolidayKind, holidays_on};
pub use lunar::{LunarDate, lunar_date};
pub use rokuyo::Rokuyo;

use crate::astro;
use crate::error::EngineError;
use crate::ganzhi::{self, GanZhi};
use chrono::{Datelike, NaiveDate};
use serde::Serialize;

/// The most days [`range`] returns at once.
pub const MAX_RANGE_DAYS: i64 = 366;

/// What kind of almanac entry an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    /// 暦注 (一粒万倍日, 天赦日, 不成就日 …)
    Rekichu,
    /// 六曜 (大安, 仏滅 …)
    Rokuyo,
    /// 国民の祝日, 振替休日, 国民の休日
    Holiday,
    /// 二十四節気
    Sekki,
    /// 雑節 (節分, 彼岸, 土用 …)
    Zassetsu,
}

/// One entry of a day, ready to show: a stable id for programs, a name and a one-line Japanese
/// explanation for people, and the rule it was computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlmanacItem {
    /// snake_case ASCII, stable across releases (`ichiryu_manbai`, `taian`, `holiday`, `sekki` …).
    pub id: &'static str,
    pub name: &'static str,
    pub kind: ItemKind,
    /// What the day is said to favour or avoid, in plain Japanese.
    pub description: &'static str,
    /// The rule and convention used, so the UI can say which of the competing tables it follows.
    pub source: &'static str,
}

/// Everything the almanac says about one JST day.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlmanacDay {
    pub date: NaiveDate,
    /// 日 月 火 水 木 金 土
    pub weekday: &'static str,
    pub lunar: LunarDate,
    /// '旧10月13日', '旧閏4月23日'
    pub lunar_label: String,
    pub rokuyo: Rokuyo,
    pub day_pillar: GanZhi,
    /// The month pillar at the end of the JST day: a day on which a 節 falls already belongs to
    /// the new month, consistently with `sekki_month`.
    pub month_pillar: GanZhi,
    /// The year pillar at the end of the JST day (立春 day belongs to the new year).
    pub year_pillar: GanZhi,
    /// 節月: 1 = 寅月 (from 立春) … 12 = 丑月 (from 小寒).
    pub sekki_month: u8,
    /// The solar term falling on this day, if any.
    pub sekki: Option<&'static str>,
    pub holidays: Vec<Holiday>,
    /// Holidays, then 節気 and 雑節, then 暦注 (most auspicious first), then 六曜.
    pub items: Vec<AlmanacItem>,
}

/// The almanac of one JST day.
pub fn day(date: NaiveDate) -> Result<AlmanacDay, EngineError> {
    let jdn = checked_jdn(date)?;
    let lunar = lunar::lunar_of_jdn(jdn)?;
    let rokuyo = Rokuyo::of(&lunar);
    let day_pillar = GanZhi::of_day(jdn);
    let month = sekki::month_of_jdn(jdn)?;
    let sekki_today = sekki::term_on_jdn(jdn)?;
    let holidays = holidays::holidays_of_jdn(jdn)?;
    let zassetsu = zassetsu::items_of_jdn(jdn)?;

    let mut items = Vec::with_capacity(8);
    items.extend(holidays.iter().map(Holiday::item));
    if let Some(index) = sekki_today {
        items.push(sekki::item(index));
    }
    items.extend(zassetsu);
    items.extend(rekichu::items(day_pillar, month.number, &lunar));
    items.push(rokuyo.item());

    Ok(AlmanacDay {
        date,
        weekday: weekday_kanji(date),
        lunar_label: lunar.label(),
        lunar,
        rokuyo,
        day_pillar,
        month_pillar: month.pillar,
        year_pillar: month.year_pillar,
        sekki_month: month.number,
        sekki: sekki_today.map(|i| astro::TERM_NAMES[i]),
        holidays,
        items,
    })
}

/// The almanac of every day from `from` to `to`, both included; at most [`MAX_RANGE_DAYS`] days.
pub fn range(from: NaiveDate, to: NaiveDate) -> Result<Vec<AlmanacDay>, EngineError> {
    let days = (to - from).num_days() + 1;
    if days < 1 {
        return Err(EngineError::InvalidArgument("終了日は開始日と同じか、それより後の日付を指定してください".into()));
    }
    if days > MAX_RANGE_DAYS {
        return Err(EngineError::InvalidArgument(format!("期間は{MAX_RANGE_DAYS}日以内で指定してください")));
    }
    checked_jdn(from)?;
    checked_jdn(to)?;
    from.iter_days().take(days as usize).map(day).collect()
}

/// 日 … 土 for a date.
pub fn weekday_kanji(date: NaiveDate) -> &'static str {
    ["日", "月", "火", "水", "木", "金", "土"][date.weekday().num_days_from_sunday() as usize]
}

// ---- shared helpers -------------------------------------------------------------------------

const FIRST: (i32, u32, u32) = (1900, 1, 1);
const LAST: (i32, u32, u32) = (2100, 12, 31);

/// The Julian Day Number of a served date, or `DateOutOfRange`.
pub(crate) fn checked_jdn(date: NaiveDate) -> Result<i64, EngineError> {
    let jdn = jdn_of(date);
    let first = ganzhi::jdn(FIRST.0, FIRST.1, FIRST.2);
    let last = ganzhi::jdn(LAST.0, LAST.1, LAST.2);
    if (first..=last).contains(&jdn) { Ok(jdn) } else { Err(EngineError::DateOutOfRange) }
}

pub(crate) fn jdn_of(date: NaiveDate) -> i64 {
    ganzhi::jdn(date.year(), date.month(), date.day())
}

/// The JST calendar day (as a Julian Day Number) on which a TT instant falls.
pub(crate) fn jst_jdn(jd_tt: f64) -> i64 {
    (astro::tt_to_utc(jd_tt) + 0.5 + 9.0 / 24.0).floor() as i64
}

/// Gregorian year of a Julian Day Number.
pub(crate) fn year_of_jdn(jdn: i64) -> i32 {
    astro::date_of_jdn(jdn).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("valid date")
    }

    #[test]
    fn a_day_is_ordered_holidays_first_and_rokuyo_last() {
        let a = day(d(2026, 11, 23)).expect("in range");
        assert_eq!(a.items.first().map(|i| i.kind), Some(ItemKind::Holiday));
        assert_eq!(a.items.last().map(|i| i.kind), Some(ItemKind::Rokuyo));
        assert_eq!(a.weekday, "月");
    }

    #[test]
    fn dates_outside_1900_2100_are_refused() {
        assert_eq!(day(d(1899, 12, 31)), Err(EngineError::DateOutOfRange));
        assert_eq!(day(d(2101, 1, 1)), Err(EngineError::DateOutOfRange));
        assert!(day(d(1900, 1, 1)).is_ok());
        assert!(day(d(2100, 12, 31)).is_ok());
    }

    #[test]
    fn a_range_is_inclusive_and_bounded() {
        assert_eq!(range(d(2026, 1, 1), d(2026, 1, 3)).map(|v| v.len()), Ok(3));
        assert!(matches!(range(d(2026, 1, 1), d(2027, 1, 2)), Err(EngineError::InvalidArgument(_))));
        assert!(matches!(range(d(2026, 1, 2), d(2026, 1, 1)), Err(EngineError::InvalidArgument(_))));
        assert_eq!(range(d(2024, 1, 1), d(2024, 12, 31)).map(|v| v.len()), Ok(366));
    }
}
