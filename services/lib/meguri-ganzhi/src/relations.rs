//! 干合・冲 between stems and 合・冲・刑・害 between branches: which pairs meet, nothing about what
//! a meeting is worth. bazi-engine's compatibility and transits score them; fortune-gen's friend
//! updates read a friend's day with them.
//!
//! | relation | pairs                                                        |
//! |----------|--------------------------------------------------------------|
//! | 干合     | 甲己 乙庚 丙辛 丁壬 戊癸 (stems five apart)                   |
//! | 天干の冲 | 甲庚 乙辛 丙壬 丁癸                                           |
//! | 六合     | 子丑 寅亥 卯戌 辰酉 巳申 午未                                 |
//! | 半会     | two of a 三合 trio (申子辰 亥卯未 寅午戌 巳酉丑) with its centre |
//! | 冲       | opposite branches (子午 丑未 …)                               |
//! | 刑       | 寅巳申 and 丑戌未 (any two), 子卯                              |
//! | 自刑     | 辰辰 午午 酉酉 亥亥                                           |
//! | 害       | 子未 丑午 寅巳 卯辰 申亥 酉戌                                 |

use serde::{Serialize, Serializer};

use crate::{Branch, Stem};

/// 干合: 甲己 乙庚 丙辛 丁壬 戊癸 (stems five apart).
pub fn stems_combine(a: Stem, b: Stem) -> bool {
    a.index().abs_diff(b.index()) == 5
}

/// 天干の冲: 甲庚 乙辛 丙壬 丁癸 (same polarity, six apart, wood–metal and fire–water only).
pub fn stems_clash(a: Stem, b: Stem) -> bool {
    let (lo, hi) = if a.index() < b.index() { (a.index(), b.index()) } else { (b.index(), a.index()) };
    hi - lo == 6 && lo < 4
}

/// One relation between two branches. Serialises as its Japanese name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BranchRelation {
    /// 六合: 子丑 寅亥 卯戌 辰酉 巳申 午未.
    SixHarmony,
    /// 半会: two of a 三合 trio including its centre (子午卯酉).
    HalfTrio,
    /// 同支: the same branch, not a 自刑 one.
    Same,
    /// 冲: opposite branches.
    Clash,
    /// 刑: 寅巳申, 丑戌未 (any two), 子卯.
    Punishment,
    /// 自刑: 辰辰 午午 酉酉 亥亥.
    SelfPunishment,
    /// 害: 子未 丑午 寅巳 卯辰 申亥 酉戌.
    Harm,
}

impl BranchRelation {
    /// 六合 半会 同支 冲 刑 自刑 害
    pub fn name_ja(self) -> &'static str {
        match self {
            BranchRelation::SixHarmony => "六合",
            BranchRelation::HalfTrio => "半会",
            BranchRelation::Same => "同支",
            BranchRelation::Clash => "冲",
            BranchRelation::Punishment => "刑",
            BranchRelation::SelfPunishment => "自刑",
            BranchRelation::Harm => "害",
        }
    }
}

impl Serialize for BranchRelation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name_ja())
    }
}

/// Every relation between two branches (a pair can have several: 寅申 is 冲 and 刑), in the
/// order 同支/自刑, 六合, 半会, 冲, 刑, 害. Symmetric in its arguments.
pub fn branch_relations(x: Branch, y: Branch) -> Vec<BranchRelation> {
    let (i, j) = (x.index(), y.index());
    let mut v = Vec::new();
    if i == j {
        // 辰 午 酉 亥 punish themselves.
        v.push(if matches!(i, 4 | 6 | 9 | 11) { BranchRelation::SelfPunishment } else { BranchRelation::Same });
        return v;
    }
    if (i + j) % 12 == 1 {
        v.push(BranchRelation::SixHarmony);
    }
    // Trios 申子辰, 亥卯未, 寅午戌, 巳酉丑 are the branches equal mod 4; the centre is 子午卯酉.
    if i % 4 == j % 4 && (i % 3 == 0 || j % 3 == 0) {
        v.push(BranchRelation::HalfTrio);
    }
    if i.abs_diff(j) == 6 {
        v.push(BranchRelation::Clash);
    }
    let set = |a: usize, b: usize| (i == a && j == b) || (i == b && j == a);
    let punish = [(2, 5), (5, 8), (2, 8), (1, 10), (10, 7), (1, 7), (0, 3)];
    if punish.iter().any(|&(a, b)| set(a, b)) {
        v.push(BranchRelation::Punishment);
    }
    if (i + j) % 12 == 7 {
        v.push(BranchRelation::Harm);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Stem {
        Stem::parse(x).expect("stem")
    }

    fn br(x: &str) -> Branch {
        Branch::parse(x).expect("branch")
    }

    #[test]
    fn stem_pairs_combine_and_clash() {
        for (a, b) in [("甲", "己"), ("乙", "庚"), ("丙", "辛"), ("丁", "壬"), ("戊", "癸")] {
            assert!(stems_combine(s(a), s(b)) && stems_combine(s(b), s(a)));
        }
        assert!(!stems_combine(s("甲"), s("庚")));
        for (a, b) in [("甲", "庚"), ("乙", "辛"), ("丙", "壬"), ("丁", "癸")] {
            assert!(stems_clash(s(a), s(b)) && stems_clash(s(b), s(a)));
        }
        assert!(!stems_clash(s("戊"), s("甲")));
        assert!(!stems_clash(s("戊"), s("壬")));
    }

    #[test]
    fn branch_relations_are_the_classic_ones() {
        use BranchRelation::*;
        assert_eq!(branch_relations(br("子"), br("丑")), vec![SixHarmony]);
        assert_eq!(branch_relations(br("午"), br("未")), vec![SixHarmony]);
        assert_eq!(branch_relations(br("子"), br("午")), vec![Clash]);
        assert_eq!(branch_relations(br("寅"), br("申")), vec![Clash, Punishment]);
        assert_eq!(branch_relations(br("寅"), br("巳")), vec![Punishment, Harm]);
        assert_eq!(branch_relations(br("申"), br("子")), vec![HalfTrio]);
        assert_eq!(branch_relations(br("申"), br("辰")), vec![]);
        assert_eq!(branch_relations(br("子"), br("卯")), vec![Punishment]);
        assert_eq!(branch_relations(br("酉"), br("戌")), vec![Harm]);
        assert_eq!(branch_relations(br("午"), br("午")), vec![SelfPunishment]);
        assert_eq!(branch_relations(br("子"), br("子")), vec![Same]);
        assert_eq!(branch_relations(br("巳"), br("申")), vec![SixHarmony, Punishment]);
        for x in Branch::all() {
            for y in Branch::all() {
                assert_eq!(branch_relations(x, y), branch_relations(y, x));
            }
        }
    }

    #[test]
    fn a_relation_serialises_as_its_japanese_name() {
        assert_eq!(serde_json::to_string(&BranchRelation::Clash).expect("json"), "\"冲\"");
    }
}
