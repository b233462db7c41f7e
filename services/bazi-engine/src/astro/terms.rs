//! The 24 solar terms (二十四節気): instants when the Sun's apparent longitude is a multiple of
//! 15°. The 12 節 (odd multiples of 15°: 立春 315°, 啓蟄 345°, …) begin the Ba Zi months; the
//! 12 中気 (multiples of 30°) fix the lunar month numbers.

use super::sun::solve_longitude;
use super::{FIRST_YEAR, LAST_YEAR, jd_of_date, tt_to_ut1, tt_to_utc};
use std::sync::OnceLock;

/// Names in calendar order, starting with 小寒 (285°) in early January.
pub const TERM_NAMES: [&str; 24] = [
    "小寒", "大寒", "立春", "雨水", "啓蟄", "春分", "清明", "穀雨", "立夏", "小満", "芒種", "夏至", "小暑", "大暑",
    "立秋", "処暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪", "冬至",
];

/// One solar term instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolarTerm {
    /// Gregorian year whose term this is (小寒 of `year` falls in January of `year`).
    pub year: i32,
    /// 0 = 小寒 … 23 = 冬至.
    pub index: usize,
    /// TT Julian Date.
    pub jd_tt: f64,
}

impl SolarTerm {
    pub fn name(&self) -> &'static str {
        TERM_NAMES[self.index]
    }
    /// Apparent ecliptic longitude in degrees (285, 300, …, 270).
    pub fn longitude(&self) -> u32 {
        ((285 + 15 * self.index) % 360) as u32
    }
    /// 節 (a month-opening term) rather than 中気.
    pub fn is_jie(&self) -> bool {
        self.index.is_multiple_of(2)
    }
    /// For a 節: the earthly branch index of the month it opens (小寒 → 丑 = 1, 立春 → 寅 = 2).
    pub fn month_branch(&self) -> usize {
        (self.index / 2 + 1) % 12
    }
    pub fn jd_utc(&self) -> f64 {
        tt_to_utc(self.jd_tt)
    }
    pub fn jd_ut1(&self) -> f64 {
        tt_to_ut1(self.jd_tt)
    }
}

const YEARS: usize = (LAST_YEAR - FIRST_YEAR + 1) as usize;
static CACHE: [OnceLock<[f64; 24]>; YEARS] = [const { OnceLock::new() }; YEARS];

fn year_table(year: i32) -> Option<&'static [f64; 24]> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return None;
    }
    let slot = &CACHE[(year - FIRST_YEAR) as usize];
    Some(slot.get_or_init(|| {
        let jan1 = jd_of_date(year, 1, 1);
        let mut out = [0.0; 24];
        for (i, t) in out.iter_mut().enumerate() {
            let target = (((285 + 15 * i) % 360) as f64).to_radians();
            // The Sun gains 15° every 15.2 days on average; 小寒 is near 5 January.
            *t = solve_longitude(target, jan1 + 4.6 + 15.2184 * i as f64);
        }
        out
    }))
}

/// One term of a year, `None` outside the supported years.
pub fn term_instant(year: i32, index: usize) -> Option<SolarTerm> {
    let t = year_table(year)?;
    Some(SolarTerm { year, index, jd_tt: *t.get(index)? })
}

/// The 24 terms of a Gregorian year in calendar order.
pub fn terms_of_year(year: i32) -> Option<Vec<SolarTerm>> {
    let t = year_table(year)?;
    Some(t.iter().enumerate().map(|(index, &jd_tt)| SolarTerm { year, index, jd_tt }).collect())
}

/// The 節 in force at `jd_tt` (the last one at or before it) and the next one.
/// An instant equal to a 節 belongs to the new month.
pub fn jie_around(jd_tt: f64) -> Option<(SolarTerm, SolarTerm)> {
    let (y, ..) = super::date_of_jd(jd_tt);
    let mut prev: Option<SolarTerm> = None;
    for year in [y - 1, y, y + 1] {
        for index in (0..24).step_by(2) {
            let term = term_instant(year, index)?;
            if term.jd_tt <= jd_tt {
                prev = Some(term);
            } else {
                return Some((prev?, term));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichun_2026_is_on_4_february() {
        let t = term_instant(2026, 2).expect("in range");
        assert_eq!(t.name(), "立春");
        assert_eq!(t.longitude(), 315);
        let (y, m, d, _) = super::super::date_of_jd(t.jd_utc() + 9.0 / 24.0);
        assert_eq!((y, m, d), (2026, 2, 4));
    }

    #[test]
    fn jie_around_brackets_the_instant() {
        let t = jd_of_date(2024, 4, 25);
        let (p, n) = jie_around(t).expect("in range");
        assert_eq!((p.name(), n.name()), ("清明", "立夏"));
        assert!(p.jd_tt <= t && t < n.jd_tt);
        assert_eq!(p.month_branch(), 4); // 辰
    }

    #[test]
    fn years_outside_the_range_are_refused() {
        assert!(term_instant(1800, 0).is_none());
        assert!(term_instant(2200, 0).is_none());
    }
}
