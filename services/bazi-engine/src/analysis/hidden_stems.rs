//! 蔵干 (hidden stems) over a chart: the element weights and counts of the four branches.
//!
//! The table itself (which stems each branch holds, their roles and weights, and why) lives in
//! [`meguri_ganzhi::hidden_stems`], shared with fortune-gen; it is re-exported here.

use crate::pillars::Pillars;

pub use meguri_ganzhi::hidden_stems::{HiddenRole, HiddenStem, hidden_stems, holds_element, main_stem};

/// The weight of each element (木 火 土 金 水) over the hidden stems of the four branches.
pub fn hidden_element_weights(p: &Pillars) -> [f64; 5] {
    let mut w = [0.0; 5];
    for g in p.all() {
        for h in hidden_stems(g.branch()) {
            w[h.stem.element().index()] += h.weight;
        }
    }
    w
}

/// How many hidden stems of each element the four branches hold, each stem counted once whatever
/// its weight. This is lunar-javascript's `five_elements_hidden` rule (its counts always sum to
/// the number of hidden stems, 4–12), kept for comparison and for a simple display.
pub fn hidden_element_counts(p: &Pillars) -> [u8; 5] {
    let mut c = [0u8; 5];
    for g in p.all() {
        for h in hidden_stems(g.branch()) {
            c[h.stem.element().index()] += 1;
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ganzhi::GanZhi;

    #[test]
    fn weights_and_counts_sum_over_the_four_branches() {
        let p = Pillars {
            year: GanZhi::parse("甲辰").expect("valid"),
            month: GanZhi::parse("戊辰").expect("valid"),
            day: GanZhi::parse("己未").expect("valid"),
            hour: GanZhi::parse("乙丑").expect("valid"),
        };
        // lunar-javascript's five_elements_hidden for this chart: wood 3, fire 1, earth 4, metal 1, water 3.
        assert_eq!(hidden_element_counts(&p), [3, 1, 4, 1, 3]);
        let w = hidden_element_weights(&p);
        assert!((w[2] - 4.0).abs() < 1e-9); // 戊 戊 己 己
        assert!((w[0] - (0.5 + 0.5 + 0.3)).abs() < 1e-9); // 乙 in 辰 辰 未
        assert!((w.iter().sum::<f64>() - 4.0 * 1.8).abs() < 1e-9);
    }
}
