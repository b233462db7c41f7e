//! What a member shows a friend of their chart: the day master (日主) and the favourable element
//! (喜神), nothing else.
//!
//! Why so little: the four pillars of a chart name the birth year, month, day and double hour
//! (丁卯 / 癸 / 己巳 / 丁 leave two candidate dates in sixty years and a two-hour window). The day
//! master alone is one of ten stems and repeats every ten days; the favourable element is one of
//! five and depends on the whole chart. Together they leave hundreds of birth dates between 1900
//! and 2030 consistent with what a friend sees (the fleet test `privacy` counts them for 200
//! members). Every text a friend reads about a member (compatibility, friend updates, the share
//! image built from them) is computed from a [`FriendFace`] and the reader's own chart, so it can
//! say no more than the face.

use crate::{Element, Stem};

/// A member's chart as their friends may know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FriendFace {
    /// 日主: the day pillar's stem.
    pub day_master: Stem,
    /// 喜神: the first (most helpful) of the strength analysis' favourable elements.
    pub favorable: Element,
}

impl FriendFace {
    /// The face of a chart with day master `day_master` and favourable elements `favorable` (most
    /// helpful first, as the engine orders them); `None` when the list is empty (an engine answer
    /// without a strength analysis, which the engine never sends).
    #[must_use]
    pub fn of(day_master: Stem, favorable: &[Element]) -> Option<Self> {
        favorable.first().map(|&favorable| Self { day_master, favorable })
    }

    /// The index of the face among the fifty (day master × favourable element), for tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.day_master.index() * 5 + self.favorable.index()
    }

    /// The face of [`Self::index`].
    #[must_use]
    pub const fn from_index(i: usize) -> Self {
        let i = i % 50;
        Self { day_master: Stem::new((i / 5) as u32), favorable: Element::from_index(i % 5) }
    }

    /// All fifty faces.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..50).map(Self::from_index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_face_is_the_day_master_and_the_first_favourable_element() {
        let dm = Stem::parse("庚").expect("stem");
        let face = FriendFace::of(dm, &[Element::Water, Element::Wood]).expect("a face");
        assert_eq!(face, FriendFace { day_master: dm, favorable: Element::Water });
        assert_eq!(FriendFace::of(dm, &[]), None);
    }

    #[test]
    fn the_fifty_faces_round_trip_through_their_index() {
        let all: Vec<FriendFace> = FriendFace::all().collect();
        assert_eq!(all.len(), 50);
        for (i, face) in all.iter().enumerate() {
            assert_eq!(face.index(), i);
            assert_eq!(FriendFace::from_index(i), *face);
        }
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 50);
    }
}
