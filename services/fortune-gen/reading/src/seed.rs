//! The crate's only source of variety: a splitmix64 mixer keyed by the caller's seed.
//!
//! Every choice is `min` over candidates ordered by [`key`], so the same seed and facts always
//! give the same reading and no state is carried between calls.

/// One splitmix64 step: a well-spread 64-bit hash of `x`.
#[must_use]
pub(crate) const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The ordering key of one candidate: `seed` mixed with the candidate's coordinates.
#[must_use]
pub(crate) fn key(seed: u64, parts: &[u64]) -> u64 {
    parts.iter().fold(mix(seed), |h, &p| mix(h ^ p.rotate_left(17)))
}

/// A stable hash of a string (FNV-1a), for keys that must not depend on array positions.
#[must_use]
pub(crate) fn hash_str(s: &str) -> u64 {
    s.bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_deterministic_and_spread() {
        assert_eq!(key(7, &[1, 2]), key(7, &[1, 2]));
        assert_ne!(key(7, &[1, 2]), key(7, &[2, 1]));
        assert_ne!(key(7, &[1, 2]), key(8, &[1, 2]));
        assert_ne!(hash_str("甲"), hash_str("乙"));
    }
}
