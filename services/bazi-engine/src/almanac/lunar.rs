//! 旧暦: the lunisolar calendar in the form modern Japanese almanacs print (天保暦 rules with the
//! 2033 fix), computed on JST days.
//!
//! - A month begins on the JST date of a new moon (朔) and ends the day before the next one.
//! - A 中気 (solar longitude a multiple of 30°) falls in a month when its JST date does; the month
//!   holding 冬至 is 11月.
//! - Leap months are decided per 歳, the span from the month holding one 冬至 to the month holding
//!   the next. A 歳 of 12 months has no leap month and is numbered 11, 12, 1, …, 10. In a 歳 of 13
//!   months the *first* month without a 中気 is a leap month (閏) repeating the previous number.
//!
//! For every 歳 from 1900 to 2101 but one, this numbering is exactly the 天保暦 rule proper (冬至,
//! 春分, 夏至 and 秋分 stay in 11月, 2月, 5月 and 8月, and a quarter of four months takes a leap at
//! its first month without a 中気); the tests check it. The exception is 2033, where 秋分 and 冬至
//! fall only two months apart and the 天保暦 rule has no answer: the per-歳 rule gives the
//! calendar makers' consensus, 2033-08-25 starting 8月, 2033-12-22 閏11月 and 2034-02-19 1月.
//!
//! The shortcut "a month without a 中気 is leap, otherwise its 中気 names it" is *not* used: it
//! gives three leap months in 2033–34 and also wrong months in 1965, 1985 (旧正月 on 21 January
//! instead of 20 February) and 2053.

use super::{jst_jdn, year_of_jdn};
use crate::astro::{self, jd_of_date};
use crate::error::EngineError;
use serde::Serialize;
use std::sync::OnceLock;

/// A date of the 旧暦.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LunarDate {
    /// The 旧暦 year: it changes on 旧1月1日 (旧正月), so 旧11月 and 旧12月 early in a Gregorian
    /// year belong to the previous year.
    pub year: i32,
    /// 1 ..= 12; a leap month carries the number of the month it follows.
    pub month: u8,
    pub leap: bool,
    /// 1 ..= 30
    pub day: u8,
}

impl LunarDate {
    /// '旧10月13日', '旧閏4月23日'
    pub fn label(&self) -> String {
        format!("旧{}{}月{}日", if self.leap { "閏" } else { "" }, self.month, self.day)
    }
}

/// The 旧暦 date of a JST calendar date (1900-01-01 ..= 2100-12-31).
pub fn lunar_date(date: chrono::NaiveDate) -> Result<LunarDate, EngineError> {
    lunar_of_jdn(super::checked_jdn(date)?)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Month {
    /// JDN of the JST day the month begins.
    pub start: i64,
    pub number: u8,
    pub leap: bool,
    /// 旧暦 year of the month.
    pub year: i32,
}

/// One 歳: the months from the one holding 冬至 of `year − 1` up to, not including, the one holding
/// 冬至 of `year`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Sai {
    pub months: Vec<Month>,
    /// JDN on which the next 歳 begins.
    pub end: i64,
}

/// 歳 are cached from the one ending in December 1900 to the one ending in December 2101: every
/// served date lies in one of them.
const FIRST_SAI: i32 = 1900;
const LAST_SAI: i32 = 2101;
const SAIS: usize = (LAST_SAI - FIRST_SAI + 1) as usize;
static CACHE: [OnceLock<Option<Sai>>; SAIS] = [const { OnceLock::new() }; SAIS];

pub(super) fn sai(year: i32) -> Option<&'static Sai> {
    if !(FIRST_SAI..=LAST_SAI).contains(&year) {
        return None;
    }
    CACHE[(year - FIRST_SAI) as usize].get_or_init(|| build_sai(year)).as_ref()
}

/// JST days of new moons from October of `year − 1` to January of `year + 1`, and of every 中気 from
/// 冬至 of `year − 1` to 冬至 of `year`: the raw material of one 歳.
pub(super) struct SaiInput {
    pub moons: Vec<i64>,
    /// (JST day, longitude in degrees)
    pub zhongqi: Vec<(i64, u32)>,
}

pub(super) fn sai_input(year: i32) -> Option<SaiInput> {
    let moons = astro::new_moons_between(jd_of_date(year - 1, 10, 1), jd_of_date(year + 1, 1, 31))?
        .into_iter()
        .map(jst_jdn)
        .collect();
    let mut zhongqi = vec![];
    let winter = astro::term_instant(year - 1, 23)?;
    zhongqi.push((jst_jdn(winter.jd_tt), winter.longitude()));
    for index in (1..24).step_by(2) {
        let t = astro::term_instant(year, index)?;
        zhongqi.push((jst_jdn(t.jd_tt), t.longitude()));
    }
    Some(SaiInput { moons, zhongqi })
}

impl SaiInput {
    /// Index into `moons` of the month holding the JST day `day`.
    fn month_holding(&self, day: i64) -> Option<usize> {
        self.moons.iter().rposition(|&m| m <= day)
    }
    /// The 中気 (longitudes) falling in the month starting at `moons[i]`.
    pub fn zhongqi_in(&self, i: usize) -> impl Iterator<Item = u32> + '_ {
        let (start, end) = (self.moons[i], self.moons.get(i + 1).copied().unwrap_or(i64::MAX));
        self.zhongqi.iter().filter(move |z| (start..end).contains(&z.0)).map(|z| z.1)
    }
    /// Month indices `first..last` of the 歳 (`last` holds the next 冬至).
    pub fn span(&self) -> Option<(usize, usize)> {
        let first_winter = self.zhongqi.first()?.0;
        let last_winter = self.zhongqi.last()?.0;
        Some((self.month_holding(first_winter)?, self.month_holding(last_winter)?))
    }
}

fn build_sai(year: i32) -> Option<Sai> {
    let input = sai_input(year)?;
    let (first, last) = input.span()?;
    let count = last - first;
    let leap = if count == 13 { (first + 1..last).find(|&i| input.zhongqi_in(i).next().is_none()) } else { None };
    let mut months = Vec::with_capacity(count);
    let mut number = 10u8; // the first month becomes 11
    let mut lunar_year = year - 1;
    for i in first..last {
        let is_leap = Some(i) == leap;
        if !is_leap {
            number = number % 12 + 1;
            if number == 1 {
                lunar_year = year;
            }
        }
        months.push(Month { start: input.moons[i], number, leap: is_leap, year: lunar_year });
    }
    Some(Sai { months, end: input.moons[last] })
}

/// The 旧暦 date of a JDN, which the caller has range-checked.
pub(super) fn lunar_of_jdn(jdn: i64) -> Result<LunarDate, EngineError> {
    let year = year_of_jdn(jdn);
    let mut s = sai(year).ok_or(EngineError::DateOutOfRange)?;
    if jdn >= s.end {
        s = sai(year + 1).ok_or(EngineError::DateOutOfRange)?;
    }
    let i = s.months.iter().rposition(|m| m.start <= jdn).ok_or(EngineError::DateOutOfRange)?;
    let m = s.months[i];
    Ok(LunarDate { year: m.year, month: m.number, leap: m.leap, day: (jdn - m.start + 1) as u8 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ganzhi::jdn;

    fn month_starting(y: i32, m: u32, d: u32) -> LunarDate {
        let l = lunar_of_jdn(jdn(y, m, d)).expect("in range");
        assert_eq!(l.day, 1, "{y}-{m}-{d} does not start a month: {l:?}");
        l
    }

    #[test]
    fn the_2033_problem_gets_a_single_leap_eleventh_month() {
        let l = month_starting(2033, 8, 25);
        assert_eq!((l.month, l.leap), (8, false));
        let l = month_starting(2033, 12, 22);
        assert_eq!((l.year, l.month, l.leap), (2033, 11, true));
        let l = month_starting(2034, 2, 19);
        assert_eq!((l.year, l.month, l.leap), (2034, 1, false));
    }

    /// Month labels of a 歳 under the 天保暦 rule proper: the 二至二分 fix their months (冬至 11,
    /// 春分 2, 夏至 5, 秋分 8); a quarter spanning four months gets a leap month at its first month
    /// without a 中気. `None` when a quarter spans fewer than three or more than four months.
    fn tenpo_labels(year: i32) -> Option<Vec<(u8, bool)>> {
        let input = sai_input(year)?;
        let (first, last) = input.span()?;
        let holding = |lon: u32| (first..last).find(|&i| input.zhongqi_in(i).any(|z| z == lon));
        let anchors = [(first, 11u8), (holding(0)?, 2), (holding(90)?, 5), (holding(180)?, 8), (last, 11)];
        let mut out = vec![];
        for w in anchors.windows(2) {
            let ((a, number), (b, _)) = (w[0], w[1]);
            let leap = match b - a {
                3 => None,
                4 => (a + 1..b).find(|&i| input.zhongqi_in(i).next().is_none()),
                _ => return None,
            };
            let mut n = number;
            out.push((n, false));
            for i in a + 1..b {
                if Some(i) == leap {
                    out.push((n, true));
                } else {
                    n = n % 12 + 1;
                    out.push((n, false));
                }
            }
        }
        Some(out)
    }

    fn labels(year: i32) -> Vec<(u8, bool)> {
        sai(year).expect("in range").months.iter().map(|m| (m.number, m.leap)).collect()
    }

    #[test]
    fn the_per_sai_rule_is_the_tenpo_rule_wherever_that_rule_works() {
        for year in FIRST_SAI..=LAST_SAI {
            match tenpo_labels(year) {
                Some(t) => assert_eq!(labels(year), t, "歳 {year}"),
                // 2033: 秋分 (09-23) and 冬至 (12-21) fall only two months apart.
                None => assert_eq!(year, 2033),
            }
        }
    }

    /// The rule "a month without a 中気 is leap, otherwise its 中気 names it" (as in DATA-SOURCES
    /// §2.3) gives wrong months not only in 2033–34 but also in 1965, 1985 and 2053, where a month
    /// without a 中気 sits in a 12-month 歳 next to a month holding two.
    #[test]
    fn the_naive_rule_goes_wrong_in_1965_1985_2033_and_2053() {
        let mut differing = vec![];
        for year in FIRST_SAI..=LAST_SAI {
            let input = sai_input(year).expect("in range");
            let (first, _) = input.span().expect("in range");
            let s = sai(year).expect("in range");
            let mut previous = 0u8;
            for (k, m) in s.months.iter().enumerate() {
                let naive = match input.zhongqi_in(first + k).next() {
                    Some(lon) => (((lon / 30 + 1) % 12 + 1) as u8, false),
                    None => (previous, true),
                };
                previous = naive.0;
                if (m.number, m.leap) != naive {
                    differing.push(astro::date_of_jdn(m.start));
                }
            }
        }
        let expected = [
            (1965, 9, 25),
            (1965, 10, 24),
            (1985, 1, 21),
            (1985, 2, 20),
            (2033, 8, 25),
            (2033, 9, 23),
            (2033, 10, 23),
            (2034, 2, 19),
            (2053, 1, 20),
            (2053, 2, 19),
        ];
        assert_eq!(differing, expected);
    }

    #[test]
    fn the_1984_leap_tenth_month_and_the_1985_new_year() {
        // The 天保暦 example of the National Astronomical Observatory's 暦Wiki (置閏法と定気法).
        let l = month_starting(1984, 11, 23);
        assert_eq!((l.year, l.month, l.leap), (1984, 10, true));
        let l = month_starting(1984, 12, 22);
        assert_eq!((l.month, l.leap), (11, false));
        let l = month_starting(1985, 1, 21);
        assert_eq!((l.year, l.month, l.leap), (1984, 12, false));
        let l = month_starting(1985, 2, 20);
        assert_eq!((l.year, l.month, l.leap), (1985, 1, false));
    }

    #[test]
    fn every_sai_has_twelve_or_thirteen_months_of_29_or_30_days() {
        for year in FIRST_SAI..=LAST_SAI {
            let s = sai(year).expect("in range");
            assert!(s.months.len() == 12 || s.months.len() == 13, "{year}");
            assert_eq!(s.months.iter().filter(|m| m.leap).count(), s.months.len() - 12, "{year}");
            let mut starts: Vec<i64> = s.months.iter().map(|m| m.start).collect();
            starts.push(s.end);
            for w in starts.windows(2) {
                assert!(matches!(w[1] - w[0], 29 | 30), "{year}: {:?}", astro::date_of_jdn(w[0]));
            }
            if year < LAST_SAI {
                assert_eq!(s.end, sai(year + 1).expect("in range").months[0].start);
            }
        }
    }
}
