//! The equation of time: apparent solar time minus mean solar time.
//!
//! Computed rigorously (Greenwich apparent sidereal time minus the Sun's apparent right ascension)
//! every 4 days, kept per year, and interpolated with a 4-point Lagrange polynomial; the
//! interpolation error is below 0.02 s.

use super::{FIRST_YEAR, J2000, LAST_YEAR, SECONDS_PER_DAY, jd_of_date, sun_apparent, timescale::delta_t};
use std::f64::consts::TAU;
use std::sync::OnceLock;

const STEP_DAYS: f64 = 4.0;
const SAMPLES: usize = 97; // covers 8 days before 1 January to 12 days after 31 December
const LEAD_DAYS: f64 = 8.0;

const YEARS: usize = (LAST_YEAR - FIRST_YEAR + 1) as usize;
static CACHE: [OnceLock<[f64; SAMPLES]>; YEARS] = [const { OnceLock::new() }; YEARS];

/// The exact equation of time in seconds at a UT1 Julian Date.
fn exact(jd_ut: f64) -> f64 {
    let jd_tt = jd_ut + delta_t(jd_ut) / SECONDS_PER_DAY;
    let sun = sun_apparent(jd_tt);
    let gmst = erfa::time::gmst06(J2000, jd_ut - J2000, J2000, jd_tt - J2000);
    // Equation of the equinoxes (the complementary terms are below 3 mas).
    let gast = gmst + sun.nutation_longitude * sun.mean_obliquity.cos();
    let hour_angle = gast - sun.right_ascension;
    let apparent = (hour_angle / TAU + 0.5).rem_euclid(1.0);
    let mean = (jd_ut + 0.5).rem_euclid(1.0);
    let mut e = apparent - mean;
    if e > 0.5 {
        e -= 1.0;
    } else if e < -0.5 {
        e += 1.0;
    }
    e * SECONDS_PER_DAY
}

fn year_samples(year: i32) -> Option<&'static [f64; SAMPLES]> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return None;
    }
    Some(CACHE[(year - FIRST_YEAR) as usize].get_or_init(|| {
        let start = jd_of_date(year, 1, 1) - LEAD_DAYS;
        let mut out = [0.0; SAMPLES];
        for (i, v) in out.iter_mut().enumerate() {
            *v = exact(start + STEP_DAYS * i as f64);
        }
        out
    }))
}

/// The equation of time in seconds at a UT (UT1 or UTC) Julian Date; positive when the sundial
/// is ahead of the clock (early November, about +16 min). `None` outside the supported years.
pub fn equation_of_time_seconds(jd_ut: f64) -> Option<f64> {
    let (year, ..) = super::date_of_jd(jd_ut);
    let s = year_samples(year)?;
    let start = jd_of_date(year, 1, 1) - LEAD_DAYS;
    let x = (jd_ut - start) / STEP_DAYS;
    let i = (x.floor() as usize).clamp(1, SAMPLES - 3);
    let f = x - i as f64; // position relative to sample i, in [0, 1) normally
    let (p0, p1, p2, p3) = (s[i - 1], s[i], s[i + 1], s[i + 2]);
    // Lagrange through x = −1, 0, 1, 2.
    let v = -p0 * f * (f - 1.0) * (f - 2.0) / 6.0 + p1 * (f + 1.0) * (f - 1.0) * (f - 2.0) / 2.0
        - p2 * (f + 1.0) * f * (f - 2.0) / 2.0
        + p3 * (f + 1.0) * f * (f - 1.0) / 6.0;
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolation_agrees_with_the_exact_value() {
        for jd in [jd_of_date(2024, 4, 25) + 0.73, jd_of_date(1949, 7, 1) + 0.1, jd_of_date(2061, 1, 30) + 0.6] {
            let i = equation_of_time_seconds(jd).expect("in range");
            assert!((i - exact(jd)).abs() < 0.02, "{jd}: {i} vs {}", exact(jd));
        }
    }

    #[test]
    fn the_equation_of_time_has_its_known_extremes() {
        // About +16.4 min early November, about −14.2 min mid February.
        let nov = equation_of_time_seconds(jd_of_date(2026, 11, 3)).expect("in range");
        let feb = equation_of_time_seconds(jd_of_date(2026, 2, 11)).expect("in range");
        assert!((nov / 60.0 - 16.4).abs() < 0.2, "{nov}");
        assert!((feb / 60.0 + 14.2).abs() < 0.2, "{feb}");
    }
}
