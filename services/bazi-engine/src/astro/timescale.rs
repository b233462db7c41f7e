//! UTC, UT1 and TT.
//!
//! - ΔT = TT − UT1 from `data/astro/delta_t.tsv`, sampled monthly and interpolated linearly.
//!   Model and source: IERS observed UT1 (daily, 1973 → the published predictions into 2027) and,
//!   before that, Morrison, Stephenson, Hohenkerk & Zawilski (2021) Table S15.2020; after the
//!   IERS predictions the long-term parabola of Stephenson, Morrison & Hohenkerk (2016), joined as
//!   Skyfield 1.55 joins them (the table is generated from Skyfield's bundled data by
//!   `data/astro/build_delta_t.py`). Future ΔT is a prediction: models differ by a minute or
//!   more by 2100.
//! - From 1972-01-01 until the end of the leap-second table's validity, UTC is converted exactly:
//!   TT = UTC + (TAI − UTC) + 32.184 s. Outside it (before 1972, when civil time followed UT within
//!   0.1 s, and after the last announced leap-second decision) UTC is taken as UT1, which the
//!   definition of UTC keeps within 0.9 s.

use super::{SECONDS_PER_DAY, jd_of_date};
use std::sync::OnceLock;

const DELTA_T_TSV: &str = include_str!("../../data/astro/delta_t.tsv");
const LEAP_TSV: &str = include_str!("../../data/astro/leap_seconds.tsv");

/// The last day covered by the leap-second table: IERS Bulletin C announced no leap second at the
/// end of 2026; later decisions are unknown.
const LEAP_TABLE_VALID_UNTIL: (i32, u32, u32) = (2027, 1, 1);

struct DeltaT {
    /// (TT Julian Date, ΔT seconds), ascending.
    samples: Vec<(f64, f64)>,
}

struct Leaps {
    /// (UTC Julian Date from which the offset applies, TAI − UTC seconds), ascending.
    steps: Vec<(f64, f64)>,
    valid_from: f64,
    valid_until: f64,
}

fn delta_t_table() -> &'static DeltaT {
    static T: OnceLock<DeltaT> = OnceLock::new();
    T.get_or_init(|| {
        let samples = DELTA_T_TSV
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("year"))
            .filter_map(|l| {
                let mut f = l.split('\t');
                let y: i32 = f.next()?.parse().ok()?;
                let m: u32 = f.next()?.parse().ok()?;
                let ms: f64 = f.next()?.parse().ok()?;
                Some((jd_of_date(y, m, 1), ms / 1000.0))
            })
            .collect();
        DeltaT { samples }
    })
}

fn leaps() -> &'static Leaps {
    static L: OnceLock<Leaps> = OnceLock::new();
    L.get_or_init(|| {
        let steps: Vec<(f64, f64)> = LEAP_TSV
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("date"))
            .filter_map(|l| {
                let (date, off) = l.split_once('\t')?;
                let mut d = date.split('-');
                let y: i32 = d.next()?.parse().ok()?;
                let m: u32 = d.next()?.parse().ok()?;
                let day: u32 = d.next()?.parse().ok()?;
                Some((jd_of_date(y, m, day), off.trim().parse().ok()?))
            })
            .collect();
        let valid_from = steps.first().map_or(f64::INFINITY, |s| s.0);
        let (y, m, d) = LEAP_TABLE_VALID_UNTIL;
        Leaps { steps, valid_from, valid_until: jd_of_date(y, m, d) }
    })
}

/// ΔT = TT − UT1 in seconds at a Julian Date (TT or UT: ΔT moves < 1 ms in a minute).
pub fn delta_t(jd: f64) -> f64 {
    let s = &delta_t_table().samples;
    let Some(first) = s.first() else { return 0.0 };
    let Some(last) = s.last() else { return 0.0 };
    if jd <= first.0 {
        return first.1;
    }
    if jd >= last.0 {
        return last.1;
    }
    let i = s.partition_point(|p| p.0 <= jd);
    let (a, b) = (s[i - 1], s[i]);
    a.1 + (b.1 - a.1) * (jd - a.0) / (b.0 - a.0)
}

fn tai_minus_utc(jd_utc: f64) -> Option<f64> {
    let l = leaps();
    if jd_utc < l.valid_from || jd_utc >= l.valid_until {
        return None;
    }
    let i = l.steps.partition_point(|p| p.0 <= jd_utc);
    l.steps.get(i.checked_sub(1)?).map(|p| p.1)
}

/// TT Julian Date of a UTC Julian Date.
pub fn utc_to_tt(jd_utc: f64) -> f64 {
    match tai_minus_utc(jd_utc) {
        Some(tai) => jd_utc + (tai + 32.184) / SECONDS_PER_DAY,
        None => jd_utc + delta_t(jd_utc) / SECONDS_PER_DAY,
    }
}

/// UT1 Julian Date of a TT Julian Date.
pub fn tt_to_ut1(jd_tt: f64) -> f64 {
    let ut = jd_tt - delta_t(jd_tt) / SECONDS_PER_DAY;
    jd_tt - delta_t(ut) / SECONDS_PER_DAY
}

/// UTC Julian Date of a TT Julian Date (inverse of [`utc_to_tt`]).
pub fn tt_to_utc(jd_tt: f64) -> f64 {
    // Two fixed-point steps: the offset is piecewise constant or slowly varying.
    let mut utc = tt_to_ut1(jd_tt);
    for _ in 0..3 {
        utc = jd_tt - (utc_to_tt(utc) - utc);
    }
    utc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delta_t_matches_published_values() {
        // IERS: ΔT(2000-01-01) = 63.83 s; 1972-01-01 ≈ 42.2 s; 1900 ≈ −2 s (Morrison et al.).
        assert!((delta_t(jd_of_date(2000, 1, 1)) - 63.83).abs() < 0.05);
        assert!((delta_t(jd_of_date(1972, 1, 1)) - 42.2).abs() < 0.2);
        assert!((delta_t(jd_of_date(1900, 1, 1)) + 2.0).abs() < 0.5);
    }

    #[test]
    fn utc_converts_exactly_with_leap_seconds() {
        // 2017-01-01 onwards TAI − UTC = 37 s, so TT − UTC = 69.184 s.
        let utc = jd_of_date(2020, 6, 1);
        assert!(((utc_to_tt(utc) - utc) * SECONDS_PER_DAY - 69.184).abs() < 1e-4);
        let utc = jd_of_date(1980, 6, 1); // TAI − UTC = 19 s
        assert!(((utc_to_tt(utc) - utc) * SECONDS_PER_DAY - 51.184).abs() < 1e-4);
    }

    #[test]
    fn tt_and_utc_round_trip() {
        for jd in [jd_of_date(1905, 3, 1), jd_of_date(1990, 7, 1) + 0.3, jd_of_date(2090, 1, 1)] {
            let back = tt_to_utc(utc_to_tt(jd));
            assert!((back - jd).abs() * SECONDS_PER_DAY < 1e-3, "{jd}");
        }
    }
}
