//! New moons (朔): the instants when the Moon's apparent longitude equals the Sun's.

use std::sync::OnceLock;

/// Lunation numbers as `stem_branch` counts them: 0 is the new moon of 2000-01-06.
const K_FIRST: i32 = -1_300; // 1894
const K_LAST: i32 = 1_300; // 2105
const CHUNK: i32 = 16;
const CHUNKS: usize = ((K_LAST - K_FIRST) / CHUNK + 1) as usize;
const SYNODIC_MONTH: f64 = 29.530_588_861;
const K0_JDE: f64 = 2_451_550.1;

static CACHE: [OnceLock<[f64; CHUNK as usize]>; CHUNKS] = [const { OnceLock::new() }; CHUNKS];

fn lunation(k: i32) -> Option<f64> {
    if !(K_FIRST..K_FIRST + CHUNK * CHUNKS as i32).contains(&k) {
        return None;
    }
    let c = ((k - K_FIRST) / CHUNK) as usize;
    let chunk = CACHE[c].get_or_init(|| {
        let base = K_FIRST + c as i32 * CHUNK;
        let mut out = [0.0; CHUNK as usize];
        for (i, v) in out.iter_mut().enumerate() {
            *v = stem_branch::new_moon_jde(base + i as i32);
        }
        out
    });
    Some(chunk[((k - K_FIRST) % CHUNK) as usize])
}

/// TT Julian Dates of every new moon with `from_tt <= t < to_tt`, ascending.
/// `None` when the range leaves 1894–2105.
pub fn new_moons_between(from_tt: f64, to_tt: f64) -> Option<Vec<f64>> {
    let k0 = ((from_tt - K0_JDE) / SYNODIC_MONTH).floor() as i32 - 1;
    let k1 = ((to_tt - K0_JDE) / SYNODIC_MONTH).ceil() as i32 + 1;
    let mut out = Vec::new();
    for k in k0..=k1 {
        let t = lunation(k)?;
        if t >= from_tt && t < to_tt {
            out.push(t);
        }
    }
    Some(out)
}

/// The first new moon at or after `tt`.
pub fn next_new_moon_at_or_after(tt: f64) -> Option<f64> {
    let k0 = ((tt - K0_JDE) / SYNODIC_MONTH).floor() as i32 - 1;
    (k0..k0 + 4).filter_map(lunation).find(|&t| t >= tt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astro::{jd_of_date, tt_to_utc};

    #[test]
    fn the_new_moon_of_2000_01_06_is_at_18_14_ut() {
        let m = new_moons_between(jd_of_date(2000, 1, 1), jd_of_date(2000, 1, 31)).expect("in range");
        assert_eq!(m.len(), 1);
        let (_, _, d, secs) = crate::astro::date_of_jd(tt_to_utc(m[0]));
        assert_eq!(d, 6);
        assert!((secs / 3600.0 - 18.23).abs() < 0.05, "{}", secs / 3600.0);
    }
}
