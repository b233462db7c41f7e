//! 納音 (nayin): each consecutive pair of the sixty 干支 (甲子・乙丑, 丙寅・丁卯, …) shares one of
//! thirty named elements.
//!
//! Japanese names use the forms common in Japanese almanacs (路傍土, 白鑞金, 覆燈火, 大駅土,
//! 砂中金, 石榴木); `nayin_zh` gives lunar-javascript's Simplified Chinese forms for tests.

use crate::ganzhi::{Element, GanZhi};

const JA: [&str; 30] = [
    "海中金",
    "炉中火",
    "大林木",
    "路傍土",
    "剣鋒金",
    "山頭火",
    "澗下水",
    "城頭土",
    "白鑞金",
    "楊柳木",
    "泉中水",
    "屋上土",
    "霹靂火",
    "松柏木",
    "長流水",
    "砂中金",
    "山下火",
    "平地木",
    "壁上土",
    "金箔金",
    "覆燈火",
    "天河水",
    "大駅土",
    "釵釧金",
    "桑柘木",
    "大渓水",
    "沙中土",
    "天上火",
    "石榴木",
    "大海水",
];

const ZH: [&str; 30] = [
    "海中金",
    "炉中火",
    "大林木",
    "路旁土",
    "剑锋金",
    "山头火",
    "涧下水",
    "城头土",
    "白蜡金",
    "杨柳木",
    "泉中水",
    "屋上土",
    "霹雳火",
    "松柏木",
    "长流水",
    "沙中金",
    "山下火",
    "平地木",
    "壁上土",
    "金箔金",
    "覆灯火",
    "天河水",
    "大驿土",
    "钗钏金",
    "桑柘木",
    "大溪水",
    "沙中土",
    "天上火",
    "石榴木",
    "大海水",
];

/// The Japanese 納音 of a pillar (甲子 → 海中金).
pub fn nayin(g: GanZhi) -> &'static str {
    JA[g.index() / 2]
}

/// lunar-javascript's Simplified Chinese form (甲辰 → 覆灯火), for comparison in tests.
pub fn nayin_zh(g: GanZhi) -> &'static str {
    ZH[g.index() / 2]
}

/// The element of a pillar's 納音 (the last character of its name).
pub fn nayin_element(g: GanZhi) -> Element {
    let name = nayin(g);
    name.chars().last().and_then(|c| Element::parse(&c.to_string())).unwrap_or(Element::Earth)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> GanZhi {
        GanZhi::parse(s).expect("valid pillar")
    }

    #[test]
    fn known_pairs_share_their_nayin() {
        assert_eq!(nayin(g("甲子")), "海中金");
        assert_eq!(nayin(g("乙丑")), "海中金");
        assert_eq!(nayin(g("丙寅")), "炉中火");
        assert_eq!(nayin(g("甲辰")), "覆燈火");
        assert_eq!(nayin(g("庚辰")), "白鑞金");
        assert_eq!(nayin(g("己丑")), "霹靂火");
        assert_eq!(nayin(g("戊申")), "大駅土");
        assert_eq!(nayin(g("癸亥")), "大海水");
        assert_eq!(nayin_zh(g("甲辰")), "覆灯火");
    }

    #[test]
    fn every_nayin_ends_in_an_element_and_elements_are_balanced() {
        let mut n = [0; 5];
        for i in 0..60 {
            n[nayin_element(GanZhi::new(i)).index()] += 1;
            assert_eq!(nayin(GanZhi::new(i)).chars().count(), 3);
        }
        assert_eq!(n, [12; 5]);
    }
}
