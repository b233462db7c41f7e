//! 蔵干 (hidden stems): the stems each earthly branch holds.
//!
//! Table: the common modern one (as lunar-javascript and most Chinese and Japanese software use),
//! listed strongest first:
//!
//! | branch | stems    | branch | stems    | branch | stems    | branch | stems    |
//! |--------|----------|--------|----------|--------|----------|--------|----------|
//! | 子     | 癸       | 卯     | 乙       | 午     | 丁 己    | 酉     | 辛       |
//! | 丑     | 己 癸 辛 | 辰     | 戊 乙 癸 | 未     | 己 丁 乙 | 戌     | 戊 辛 丁 |
//! | 寅     | 甲 丙 戊 | 巳     | 丙 庚 戊 | 申     | 庚 壬 戊 | 亥     | 壬 甲    |
//!
//! 巳 is written 丙庚戊 as lunar-javascript does; other tables write 丙戊庚. Only the order differs,
//! and we keep the order by strength (庚 is 巳's 中気 and gets the larger weight).
//!
//! **Roles** follow the Japanese 月律分野 meaning rather than the position in the list:
//! - 本気: the branch's own element;
//! - 中気: in 寅巳申亥 the stem born there (長生: 丙 in 寅, 庚 in 巳, 壬 in 申, 甲 in 亥), in
//!   辰戌丑未 the element stored there (墓庫: 癸 in 辰, 丁 in 戌, 辛 in 丑, 乙 in 未), in 午 己;
//! - 余気: the qi carried over from the previous month (戊 in 寅巳申, 乙 in 辰, 丁 in 未, 辛 in 戌,
//!   癸 in 丑).
//!
//! Chinese tables often label by position instead (辰: 本気 戊, 中気 乙, 余気 癸); the stems are the
//! same, only the names of the second and third differ for 辰戌丑未.
//!
//! **Weights** are by rank in the list, not by role: 1.0 for the first (本気), 0.5 for the second,
//! 0.3 for the third. Reason: it is simple to audit and it follows the usual strength order; a
//! day-count (司令) split would make the weights depend on the birth day within the month, which
//! the modern table (it omits 子's 壬, 卯's 甲, 酉's 庚) does not model anyway. In 辰戌丑未 this puts
//! the 余気 (about 9 days of the month) above the 墓庫 中気 (about 3 days), as day counts do.

use crate::{Branch, Element, Stem};
use serde::{Serialize, Serializer};

/// 本気 中気 余気. Serialises as its Japanese name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HiddenRole {
    Main,
    Middle,
    Residual,
}

impl HiddenRole {
    /// 本気 中気 余気
    pub fn name_ja(self) -> &'static str {
        match self {
            HiddenRole::Main => "本気",
            HiddenRole::Middle => "中気",
            HiddenRole::Residual => "余気",
        }
    }
}

impl Serialize for HiddenRole {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name_ja())
    }
}

/// One hidden stem of a branch.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HiddenStem {
    pub stem: Stem,
    pub role: HiddenRole,
    /// 1.0, 0.5 or 0.3 by rank (see the module doc).
    pub weight: f64,
}

const fn hs(stem: u32, role: HiddenRole, weight: f64) -> HiddenStem {
    HiddenStem { stem: Stem::new(stem), role, weight }
}

// Stem indices: 甲0 乙1 丙2 丁3 戊4 己5 庚6 辛7 壬8 癸9.
use HiddenRole::{Main as M, Middle as Z, Residual as R};
const ZI: [HiddenStem; 1] = [hs(9, M, 1.0)];
const CHOU: [HiddenStem; 3] = [hs(5, M, 1.0), hs(9, R, 0.5), hs(7, Z, 0.3)];
const YIN: [HiddenStem; 3] = [hs(0, M, 1.0), hs(2, Z, 0.5), hs(4, R, 0.3)];
const MAO: [HiddenStem; 1] = [hs(1, M, 1.0)];
const CHEN: [HiddenStem; 3] = [hs(4, M, 1.0), hs(1, R, 0.5), hs(9, Z, 0.3)];
const SI: [HiddenStem; 3] = [hs(2, M, 1.0), hs(6, Z, 0.5), hs(4, R, 0.3)];
const WU: [HiddenStem; 2] = [hs(3, M, 1.0), hs(5, Z, 0.5)];
const WEI: [HiddenStem; 3] = [hs(5, M, 1.0), hs(3, R, 0.5), hs(1, Z, 0.3)];
const SHEN: [HiddenStem; 3] = [hs(6, M, 1.0), hs(8, Z, 0.5), hs(4, R, 0.3)];
const YOU: [HiddenStem; 1] = [hs(7, M, 1.0)];
const XU: [HiddenStem; 3] = [hs(4, M, 1.0), hs(7, R, 0.5), hs(3, Z, 0.3)];
const HAI: [HiddenStem; 2] = [hs(8, M, 1.0), hs(0, Z, 0.5)];

/// The hidden stems of a branch, 本気 first, then by falling weight.
pub fn hidden_stems(b: Branch) -> &'static [HiddenStem] {
    match b.index() {
        0 => &ZI,
        1 => &CHOU,
        2 => &YIN,
        3 => &MAO,
        4 => &CHEN,
        5 => &SI,
        6 => &WU,
        7 => &WEI,
        8 => &SHEN,
        9 => &YOU,
        10 => &XU,
        _ => &HAI,
    }
}

/// The main (本気) stem of a branch.
pub fn main_stem(b: Branch) -> Stem {
    hidden_stems(b)[0].stem
}

/// Whether the branch holds a stem of element `e` (a root, 通根, when `e` is the day master's).
pub fn holds_element(b: Branch, e: Element) -> bool {
    hidden_stems(b).iter().any(|h| h.stem.element() == e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(b: &str) -> Vec<&'static str> {
        hidden_stems(Branch::parse(b).expect("a branch")).iter().map(|h| h.stem.name()).collect()
    }

    #[test]
    fn the_table_matches_the_common_modern_one() {
        assert_eq!(names("子"), ["癸"]);
        assert_eq!(names("丑"), ["己", "癸", "辛"]);
        assert_eq!(names("寅"), ["甲", "丙", "戊"]);
        assert_eq!(names("辰"), ["戊", "乙", "癸"]);
        assert_eq!(names("巳"), ["丙", "庚", "戊"]);
        assert_eq!(names("午"), ["丁", "己"]);
        assert_eq!(names("未"), ["己", "丁", "乙"]);
        assert_eq!(names("申"), ["庚", "壬", "戊"]);
        assert_eq!(names("戌"), ["戊", "辛", "丁"]);
        assert_eq!(names("亥"), ["壬", "甲"]);
    }

    #[test]
    fn the_main_stem_shares_the_branch_element_and_comes_first() {
        for b in Branch::all() {
            let hs = hidden_stems(b);
            assert_eq!(hs[0].role, HiddenRole::Main);
            assert_eq!(hs[0].stem.element(), b.element());
            assert_eq!(hs[0].weight, 1.0);
            assert!(hs.windows(2).all(|w| w[0].weight > w[1].weight));
        }
    }

    #[test]
    fn roles_follow_the_monthly_meaning() {
        let chen = hidden_stems(Branch::parse("辰").expect("辰"));
        assert_eq!((chen[1].stem.name(), chen[1].role), ("乙", HiddenRole::Residual));
        assert_eq!((chen[2].stem.name(), chen[2].role), ("癸", HiddenRole::Middle));
        let yin = hidden_stems(Branch::parse("寅").expect("寅"));
        assert_eq!((yin[1].stem.name(), yin[1].role), ("丙", HiddenRole::Middle));
        assert_eq!((yin[2].stem.name(), yin[2].role), ("戊", HiddenRole::Residual));
    }
}
