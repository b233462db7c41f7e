//! The apparent geocentric Sun.

use super::J2000;
use erfa::earth::position_velocity_00;
use erfa::prenut::{fw_to_matrix, nut06a, precession_angles_fw06};

/// Speed of light in au per day.
const C_AU_PER_DAY: f64 = 173.144_632_684_669_3;

/// The apparent Sun at one instant.
#[derive(Debug, Clone, Copy)]
pub struct SunState {
    /// Apparent ecliptic longitude, true ecliptic and equinox of date, radians in [0, 2π).
    pub longitude: f64,
    /// Rate of that longitude, radians per day.
    pub longitude_rate: f64,
    /// Apparent right ascension, true equator and equinox of date, radians.
    pub right_ascension: f64,
    /// Nutation in longitude (radians) and the mean obliquity of date (radians), for the
    /// equation of the equinoxes.
    pub nutation_longitude: f64,
    pub mean_obliquity: f64,
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn scale(a: [f64; 3], k: f64) -> [f64; 3] {
    [a[0] * k, a[1] * k, a[2] * k]
}
fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn mul(m: &[[f64; 3]; 3], v: [f64; 3]) -> [f64; 3] {
    [dot(m[0], v), dot(m[1], v), dot(m[2], v)]
}

/// The apparent Sun at a TT Julian Date.
pub fn sun_apparent(jd_tt: f64) -> SunState {
    let d = jd_tt - J2000;
    let (_, helio, bary) = position_velocity_00(J2000, d);
    let (earth_pos, earth_vel) = (bary[0], bary[1]);
    let sun_pos = sub(bary[0], helio[0]);
    let sun_vel = sub(bary[1], helio[1]);

    // Light time: the Sun as it was when the light left it (its barycentric motion is slow and
    // smooth, so a linear step back suffices).
    let mut p = sub(sun_pos, earth_pos);
    for _ in 0..2 {
        let tau = dot(p, p).sqrt() / C_AU_PER_DAY;
        p = sub(sub(sun_pos, scale(sun_vel, tau)), earth_pos);
    }
    let dist = dot(p, p).sqrt();
    let u = scale(p, 1.0 / dist);

    // Relativistic annual aberration (observer moving with Earth's barycentric velocity).
    let v = scale(earth_vel, 1.0 / C_AU_PER_DAY);
    let bm1 = (1.0 - dot(v, v)).sqrt();
    let pdv = dot(u, v);
    let w1 = 1.0 + pdv / (1.0 + bm1);
    let q = [
        (bm1 * u[0] + w1 * v[0]) / (1.0 + pdv),
        (bm1 * u[1] + w1 * v[1]) / (1.0 + pdv),
        (bm1 * u[2] + w1 * v[2]) / (1.0 + pdv),
    ];

    let (gamb, phib, psib, epsa) = precession_angles_fw06(J2000, d);
    let (dpsi, deps) = nut06a(J2000, d);
    // R3(−ψ̄−Δψ)·R1(φ̄)·R3(γ̄): GCRS → true ecliptic and equinox of date.
    let ecl = fw_to_matrix(gamb, phib, psib + dpsi, 0.0);
    // … and tilted by the true obliquity: GCRS → true equator and equinox of date.
    let equ = fw_to_matrix(gamb, phib, psib + dpsi, epsa + deps);

    let e = mul(&ecl, q);
    let longitude = e[1].atan2(e[0]).rem_euclid(std::f64::consts::TAU);
    // The direction changes as Earth moves around the Sun: dp/dt = v_sun − v_earth.
    let de = mul(&ecl, scale(sub(sun_vel, earth_vel), 1.0 / dist));
    let longitude_rate = (e[0] * de[1] - e[1] * de[0]) / (e[0] * e[0] + e[1] * e[1]);
    let r = mul(&equ, q);
    let right_ascension = r[1].atan2(r[0]);

    SunState { longitude, longitude_rate, right_ascension, nutation_longitude: dpsi, mean_obliquity: epsa }
}

/// TT Julian Date at which the apparent longitude equals `target` (radians), starting from a
/// guess within a few days.
pub fn solve_longitude(target: f64, guess_tt: f64) -> f64 {
    let mut t = guess_tt;
    for _ in 0..10 {
        let s = sun_apparent(t);
        let diff = super::wrap_pi(target - s.longitude);
        t += diff / s.longitude_rate;
        // 1e-11 rad ≈ 2 µas ≈ 0.05 ms of the Sun's motion.
        if diff.abs() < 1e-11 {
            break;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sun_is_near_280_degrees_at_j2000() {
        // Apparent longitude at J2000.0 TT is 280.368°.
        let s = sun_apparent(J2000);
        assert!((s.longitude.to_degrees() - 280.3682).abs() < 1e-3, "{}", s.longitude.to_degrees());
        assert!((s.longitude_rate.to_degrees() - 1.019).abs() < 0.01);
    }
}
