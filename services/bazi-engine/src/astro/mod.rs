//! Astronomy for the calendar: time scales (UTC, UT1, TT), the apparent Sun, the 24 solar terms,
//! the equation of time and new moons.
//!
//! Model, chosen to agree with a modern reference (IAU 2006/2000A, as Skyfield uses):
//! - Earth's barycentric and heliocentric position and velocity: EPV00 (a fit to DE405;
//!   ≤ 5 km, i.e. ≤ 0.007″ in the Sun's direction, over 1900–2100), through the `erfa` crate;
//! - light time and relativistic annual aberration from Earth's barycentric velocity;
//! - precession IAU 2006 (Fukushima–Williams angles) and nutation IAU 2000A (`nut06a`);
//! - the longitude is taken on the true ecliptic and equinox of date.
//!
//! Checked against an independent JPL-ephemeris reference: every solar term of every fifth year
//! 1900–2100 within 0.3 s (see `tests/solar_terms.rs`).
//!
//! ΔT comes from `data/astro/delta_t.tsv` (see `timescale`). New moons use the ELP/MPP02 Moon of
//! the `stem-branch` crate: a conjunction is a difference of two longitudes in one frame, so that
//! crate's older precession model cancels out.
//!
//! The expensive results are computed once per year and kept (`OnceLock`), so a chart only
//! interpolates.

mod eot;
mod moon;
mod sun;
mod terms;
pub mod timescale;

pub use eot::equation_of_time_seconds;
pub use moon::{new_moons_between, next_new_moon_at_or_after};
pub use sun::{SunState, solve_longitude, sun_apparent};
pub use terms::{SolarTerm, TERM_NAMES, jie_around, term_instant, terms_of_year};
pub use timescale::{tt_to_ut1, tt_to_utc, utc_to_tt};

/// J2000.0 as a Julian Date (TT).
pub const J2000: f64 = 2_451_545.0;
pub const SECONDS_PER_DAY: f64 = 86_400.0;

/// First and last Gregorian years the astronomy caches serve (the product promises 1900–2100;
/// one year of margin each side covers luck pillars and lunar months that straddle the edges).
pub const FIRST_YEAR: i32 = 1899;
pub const LAST_YEAR: i32 = 2101;

/// Julian Date at 0h of a proleptic Gregorian date.
pub fn jd_of_date(year: i32, month: u32, day: u32) -> f64 {
    crate::ganzhi::jdn(year, month, day) as f64 - 0.5
}

/// The calendar date and seconds of day of a Julian Date (in whatever time scale it is given),
/// rounded to the millisecond so that a clock time like 07:00:00 never reads as 06:59:59.999….
pub fn date_of_jd(jd: f64) -> (i32, u32, u32, f64) {
    const MS_PER_DAY: i64 = 86_400_000;
    let ms = ((jd + 0.5) * MS_PER_DAY as f64).round() as i64;
    let (y, m, d) = date_of_jdn(ms.div_euclid(MS_PER_DAY));
    (y, m, d, ms.rem_euclid(MS_PER_DAY) as f64 / 1000.0)
}

/// Proleptic Gregorian date of a Julian Day Number.
pub fn date_of_jdn(jdn: i64) -> (i32, u32, u32) {
    let a = jdn + 32044;
    let b = (4 * a + 3) / 146_097;
    let c = a - 146_097 * b / 4;
    let d = (4 * c + 3) / 1461;
    let e = c - 1461 * d / 4;
    let m = (5 * e + 2) / 153;
    let day = e - (153 * m + 2) / 5 + 1;
    let month = m + 3 - 12 * (m / 10);
    let year = 100 * b + d - 4800 + m / 10;
    (year as i32, month as u32, day as u32)
}

/// Wraps an angle to (−π, π].
pub fn wrap_pi(x: f64) -> f64 {
    let t = std::f64::consts::TAU;
    let mut y = x.rem_euclid(t);
    if y > std::f64::consts::PI {
        y -= t;
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn julian_dates_round_trip() {
        assert_eq!(jd_of_date(2000, 1, 1), 2_451_544.5);
        for jdn in [2_415_021_i64, 2_451_545, 2_488_070, 2_460_000] {
            let (y, m, d) = date_of_jdn(jdn);
            assert_eq!(crate::ganzhi::jdn(y, m, d), jdn);
        }
        let (y, m, d, s) = date_of_jd(2_451_545.25);
        assert_eq!((y, m, d), (2000, 1, 1));
        assert!((s - 64_800.0).abs() < 1e-3);
    }
}
