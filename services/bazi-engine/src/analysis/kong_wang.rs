//! 空亡 (天中殺): the two branches a 旬 (decade of ten pillars starting at a 甲) leaves out.
//!
//! Ten stems meet only ten of the twelve branches in a decade, so two branches are "empty": the
//! 甲子旬 (甲子 … 癸酉) misses 戌亥, the 甲戌旬 misses 申酉, and so on down to the 甲寅旬 (子丑).
//! Most schools read it from the day pillar (some also from the year pillar); this function
//! serves either, for whichever pillar it is given.

use crate::ganzhi::{Branch, GanZhi};

/// The two empty branches of the decade of `g`, in order (戌, 亥).
pub fn kong_wang(g: GanZhi) -> [Branch; 2] {
    // The decade starts at the 甲 pillar at or before g; its branch is (start mod 12), and the ten
    // pillars cover that branch and the next nine.
    let start = g.index() - g.index() % 10;
    let first = Branch::new(start as u32 + 10);
    let second = Branch::new(start as u32 + 11);
    [first, second]
}

/// 天中殺 names in the Japanese 算命学 style (子丑天中殺 …), for display.
pub fn kong_wang_label(g: GanZhi) -> String {
    let [a, b] = kong_wang(g);
    format!("{}{}", a.name(), b.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(s: &str) -> String {
        kong_wang_label(GanZhi::parse(s).expect("valid"))
    }

    #[test]
    fn each_decade_leaves_out_two_branches() {
        assert_eq!(names("甲子"), "戌亥");
        assert_eq!(names("癸酉"), "戌亥");
        assert_eq!(names("甲戌"), "申酉");
        assert_eq!(names("丙子"), "申酉");
        assert_eq!(names("甲申"), "午未");
        assert_eq!(names("甲午"), "辰巳");
        assert_eq!(names("甲辰"), "寅卯");
        assert_eq!(names("甲寅"), "子丑");
        assert_eq!(names("癸亥"), "子丑");
    }

    #[test]
    fn the_empty_branches_never_appear_in_their_decade() {
        for i in 0..60 {
            let g = GanZhi::new(i);
            let start = i - i % 10;
            let kw = kong_wang(g);
            for j in start..start + 10 {
                assert!(!kw.contains(&GanZhi::new(j).branch()));
            }
        }
    }
}
