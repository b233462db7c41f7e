//! The few stem and branch tables the text needs (elements, polarity, the ten gods).
//!
//! bazi-engine owns the real calendar; these tables only let a report say, for example, which
//! ten god each natal stem is, without another round trip.

use crate::facts::Element;

pub(crate) const STEMS: [&str; 10] = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"];
pub(crate) const BRANCHES: [&str; 12] = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"];

/// 比肩 … 印綬, in the order: same element, drained by, controlled by, controlling, generating;
/// same polarity first.
pub(crate) const TEN_GODS: [&str; 10] =
    ["比肩", "劫財", "食神", "傷官", "偏財", "正財", "偏官", "正官", "偏印", "印綬"];

/// The main hidden stem (本気) of each branch, as a stem index.
const BRANCH_MAIN_STEM: [usize; 12] = [9, 5, 0, 1, 4, 2, 3, 5, 6, 7, 4, 8];

#[must_use]
pub(crate) fn stem_index(s: &str) -> Option<usize> {
    STEMS.iter().position(|&x| x == s)
}

#[must_use]
pub(crate) fn branch_index(b: &str) -> Option<usize> {
    BRANCHES.iter().position(|&x| x == b)
}

#[must_use]
pub(crate) fn ten_god_index(name: &str) -> Option<usize> {
    TEN_GODS.iter().position(|&x| x == name)
}

/// 0 = wood … 4 = water.
#[must_use]
pub(crate) const fn element_index(e: Element) -> usize {
    match e {
        Element::Wood => 0,
        Element::Fire => 1,
        Element::Earth => 2,
        Element::Metal => 3,
        Element::Water => 4,
    }
}

#[cfg(test)]
#[must_use]
pub(crate) const fn stem_element(stem: usize) -> Element {
    Element::ALL[(stem % 10) / 2]
}

#[must_use]
pub(crate) const fn branch_main_stem(branch: usize) -> usize {
    BRANCH_MAIN_STEM[branch % 12]
}

/// The ten god (index into [`TEN_GODS`]) of stem `other` seen from day master `dm`.
#[must_use]
pub(crate) const fn ten_god(dm: usize, other: usize) -> usize {
    let e_dm = (dm % 10) / 2;
    let e_other = (other % 10) / 2;
    let step = (e_other + 5 - e_dm) % 5;
    let same_polarity = dm % 2 == other % 2;
    step * 2 + if same_polarity { 0 } else { 1 }
}

/// The family of a ten god: 0 比劫, 1 食傷, 2 財, 3 官殺, 4 印.
#[must_use]
pub(crate) const fn family(ten_god: usize) -> usize {
    ten_god / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_gods_follow_the_generating_and_controlling_cycles() {
        let tg = |a: &str, b: &str| TEN_GODS[ten_god(stem_index(a).expect("stem"), stem_index(b).expect("stem"))];
        assert_eq!(tg("甲", "甲"), "比肩");
        assert_eq!(tg("甲", "乙"), "劫財");
        assert_eq!(tg("甲", "丙"), "食神");
        assert_eq!(tg("甲", "丁"), "傷官");
        assert_eq!(tg("甲", "戊"), "偏財");
        assert_eq!(tg("甲", "己"), "正財");
        assert_eq!(tg("甲", "庚"), "偏官");
        assert_eq!(tg("甲", "辛"), "正官");
        assert_eq!(tg("甲", "壬"), "偏印");
        assert_eq!(tg("甲", "癸"), "印綬");
        assert_eq!(tg("庚", "甲"), "偏財");
        assert_eq!(tg("癸", "戊"), "正官");
    }
}
