//! 十二運 (twelve life stages) of a stem in a branch.
//!
//! Convention: 陽生陰死 — a yang stem is born (長生) where the yin stem of the same element dies (死),
//! and runs forward through the branches; a yin stem runs backward. 戊 and 己 follow 丙 and 丁
//! (火土同根: earth is born of fire), the most common choice in Japanese 四柱推命; some schools
//! instead let earth follow water (水土同根), and some give yin stems the yang stages (陰陽同生),
//! which this engine does not do.
//!
//! 長生 branches: 甲 亥, 丙 寅, 戊 寅, 庚 巳, 壬 申 (forward);
//! 乙 午, 丁 酉, 己 酉, 辛 子, 癸 卯 (backward).

use crate::ganzhi::{Branch, Polarity, Stem};
use serde::{Serialize, Serializer};

/// 長生 沐浴 冠帯 建禄 帝旺 衰 病 死 墓 絶 胎 養. Serialises as its Japanese name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LifeStage {
    /// 長生: birth.
    Birth,
    /// 沐浴: bathing (infancy).
    Bath,
    /// 冠帯: capping (youth).
    Cap,
    /// 建禄: taking office (the stem's own 禄 branch).
    Office,
    /// 帝旺: peak.
    Peak,
    /// 衰: decline.
    Decline,
    /// 病: sickness.
    Sickness,
    /// 死: death.
    Death,
    /// 墓: tomb (storage).
    Tomb,
    /// 絶: extinction.
    Extinction,
    /// 胎: conception.
    Conception,
    /// 養: nurture (gestation).
    Nurture,
}

impl LifeStage {
    pub const ALL: [LifeStage; 12] = [
        LifeStage::Birth,
        LifeStage::Bath,
        LifeStage::Cap,
        LifeStage::Office,
        LifeStage::Peak,
        LifeStage::Decline,
        LifeStage::Sickness,
        LifeStage::Death,
        LifeStage::Tomb,
        LifeStage::Extinction,
        LifeStage::Conception,
        LifeStage::Nurture,
    ];

    /// 長生 沐浴 冠帯 建禄 帝旺 衰 病 死 墓 絶 胎 養
    pub fn name_ja(self) -> &'static str {
        ["長生", "沐浴", "冠帯", "建禄", "帝旺", "衰", "病", "死", "墓", "絶", "胎", "養"][self as usize]
    }

    /// The stages where a stem is commonly read as strong in that branch (長生 冠帯 建禄 帝旺).
    pub fn is_strong(self) -> bool {
        matches!(self, LifeStage::Birth | LifeStage::Cap | LifeStage::Office | LifeStage::Peak)
    }
}

impl Serialize for LifeStage {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name_ja())
    }
}

/// The 長生 branch index of a stem (see the module doc).
fn birth_branch(stem: Stem) -> usize {
    // 甲 乙 丙 丁 戊 己 庚 辛 壬 癸
    const B: [usize; 10] = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3];
    B[stem.index()]
}

/// The life stage of `stem` in `branch`.
pub fn life_stage(stem: Stem, branch: Branch) -> LifeStage {
    let start = birth_branch(stem);
    let b = branch.index();
    let steps = match stem.polarity() {
        Polarity::Yang => (b + 12 - start) % 12,
        Polarity::Yin => (start + 12 - b) % 12,
    };
    LifeStage::ALL[steps]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ls(s: &str, b: &str) -> &'static str {
        life_stage(Stem::parse(s).expect("stem"), Branch::parse(b).expect("branch")).name_ja()
    }

    #[test]
    fn yang_stems_run_forward_from_their_birth_branch() {
        assert_eq!(ls("甲", "亥"), "長生");
        assert_eq!(ls("甲", "子"), "沐浴");
        assert_eq!(ls("甲", "寅"), "建禄");
        assert_eq!(ls("甲", "卯"), "帝旺");
        assert_eq!(ls("甲", "午"), "死");
        assert_eq!(ls("甲", "未"), "墓");
        assert_eq!(ls("丙", "巳"), "建禄");
        assert_eq!(ls("庚", "申"), "建禄");
        assert_eq!(ls("壬", "子"), "帝旺");
    }

    #[test]
    fn yin_stems_run_backward() {
        assert_eq!(ls("乙", "午"), "長生");
        assert_eq!(ls("乙", "卯"), "建禄");
        assert_eq!(ls("乙", "寅"), "帝旺");
        assert_eq!(ls("乙", "亥"), "死");
        assert_eq!(ls("辛", "子"), "長生");
        assert_eq!(ls("辛", "酉"), "建禄");
        assert_eq!(ls("癸", "卯"), "長生");
        assert_eq!(ls("癸", "子"), "建禄");
    }

    #[test]
    fn earth_follows_fire() {
        for b in Branch::all() {
            assert_eq!(life_stage(Stem::new(4), b), life_stage(Stem::new(2), b));
            assert_eq!(life_stage(Stem::new(5), b), life_stage(Stem::new(3), b));
        }
        assert_eq!(ls("戊", "巳"), "建禄");
        assert_eq!(ls("己", "午"), "建禄");
    }

    #[test]
    fn yang_is_born_where_its_yin_partner_dies() {
        for i in (0..10).step_by(2) {
            let (yang, yin) = (Stem::new(i), Stem::new(i + 1));
            for b in Branch::all() {
                if life_stage(yang, b) == LifeStage::Birth {
                    assert_eq!(life_stage(yin, b), LifeStage::Death, "{} {}", yang.name(), b.name());
                }
            }
        }
    }

    #[test]
    fn each_stem_passes_every_stage_once() {
        for s in Stem::all() {
            let mut v: Vec<usize> = Branch::all().map(|b| life_stage(s, b) as usize).collect();
            v.sort_unstable();
            assert_eq!(v, (0..12).collect::<Vec<_>>());
        }
    }
}
