//! The stem, branch and ten-god lookups the text needs, as indices (stem 甲 = 0, branch 子 = 0,
//! ten god 比肩 = 0, element 木 = 0), over the shared tables of [`meguri_ganzhi`].
//!
//! bazi-engine owns the real calendar; these lookups only let a report say, for example, which
//! ten god each natal stem is, without another round trip. No table is written here.

use crate::facts::Element;
use meguri_ganzhi::{Branch, Stem, TenGod};

#[must_use]
pub(crate) fn stem_index(s: &str) -> Option<usize> {
    Stem::parse(s).map(Stem::index)
}

#[must_use]
pub(crate) fn branch_index(b: &str) -> Option<usize> {
    Branch::parse(b).map(Branch::index)
}

/// The ten god named `name` (比肩 …), as an index in [`TenGod::ALL`].
#[must_use]
pub(crate) fn ten_god_index(name: &str) -> Option<usize> {
    TenGod::parse(name).map(|g| g as usize)
}

/// The Japanese name of the ten god at `index` in [`TenGod::ALL`].
#[must_use]
pub(crate) const fn ten_god_name(index: usize) -> &'static str {
    TenGod::ALL[index % 10].name_ja()
}

/// 0 = wood … 4 = water.
#[must_use]
pub(crate) const fn element_index(e: Element) -> usize {
    e.index()
}

#[cfg(test)]
#[must_use]
pub(crate) const fn stem_element(stem: usize) -> Element {
    Stem::new(stem as u32).element()
}

/// The main hidden stem (本気) of a branch, as a stem index.
#[must_use]
pub(crate) fn branch_main_stem(branch: usize) -> usize {
    meguri_ganzhi::main_stem(Branch::new(branch as u32)).index()
}

/// The ten god (index in [`TenGod::ALL`]) of stem `other` seen from day master `dm`.
#[must_use]
pub(crate) fn ten_god(dm: usize, other: usize) -> usize {
    meguri_ganzhi::ten_god(Stem::new(dm as u32), Stem::new(other as u32)) as usize
}

/// The family of a ten god: 0 比劫, 1 食傷, 2 財, 3 官殺, 4 印.
#[must_use]
pub(crate) fn family(ten_god: usize) -> usize {
    TenGod::ALL[ten_god % 10].family() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_lookups_agree_with_the_shared_tables() {
        let tg = |a: &str, b: &str| ten_god_name(ten_god(stem_index(a).expect("stem"), stem_index(b).expect("stem")));
        assert_eq!(tg("甲", "丙"), "食神");
        assert_eq!(tg("庚", "甲"), "偏財");
        assert_eq!(tg("癸", "戊"), "正官");
        assert_eq!(ten_god_index("印綬"), Some(9));
        assert_eq!(ten_god_index("七殺"), None);
        assert_eq!(family(ten_god_index("偏官").expect("ten god")), 3);
        let main: Vec<usize> = (0..12).map(branch_main_stem).collect();
        assert_eq!(main, [9, 5, 0, 1, 4, 2, 3, 5, 6, 7, 4, 8]);
        assert_eq!(branch_index("亥"), Some(11));
        assert_eq!(element_index(stem_element(6)), 3);
    }
}
