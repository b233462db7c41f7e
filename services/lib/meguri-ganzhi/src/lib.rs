//! The Ba Zi tables, written once for the whole fleet: ten heavenly stems (天干), twelve earthly
//! branches (地支), the sixty stem-branch pairs (干支), the five elements (五行) with their cycles,
//! the ten gods (通変星, [`ten_gods`]), the hidden stems of each branch (蔵干, [`hidden_stems`]) and
//! which stems and branches meet (干合・冲, 合・冲・刑・害, [`relations`]), and what of a chart a
//! member's friends may know ([`face`]).
//!
//! bazi-engine computes charts with them; fortune-reading, fortune-gen and social read the engine's
//! answers with them. Pure tables and functions, no I/O, no astronomy.
//!
//! Every type is a small index with a private field, so a value is always in range.

pub mod face;
pub mod hidden_stems;
pub mod relations;
pub mod ten_gods;

pub use face::FriendFace;
pub use hidden_stems::{HiddenRole, HiddenStem, hidden_stems, holds_element, main_stem};
pub use relations::{BranchRelation, branch_relations, stems_clash, stems_combine};
pub use ten_gods::{TenGod, TenGodFamily, ten_god};

use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// 五行. The order wood, fire, earth, metal, water is the generating cycle (相生).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Element {
    Wood,
    Fire,
    Earth,
    Metal,
    Water,
}

impl Element {
    pub const ALL: [Element; 5] = [Element::Wood, Element::Fire, Element::Earth, Element::Metal, Element::Water];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Element {
        Element::ALL[i % 5]
    }

    /// The API key: wood, fire, earth, metal, water.
    pub const fn key(self) -> &'static str {
        ["wood", "fire", "earth", "metal", "water"][self as usize]
    }

    /// 木 火 土 金 水
    pub const fn kanji(self) -> &'static str {
        ["木", "火", "土", "金", "水"][self as usize]
    }

    /// The element this one generates (相生: 木→火→土→金→水→木).
    pub const fn generates(self) -> Element {
        Element::from_index(self as usize + 1)
    }

    /// The element this one controls (相剋: 木→土→水→火→金→木).
    pub const fn controls(self) -> Element {
        Element::from_index(self as usize + 2)
    }

    /// The element that generates this one.
    pub const fn generated_by(self) -> Element {
        Element::from_index(self as usize + 4)
    }

    /// The element that controls this one.
    pub const fn controlled_by(self) -> Element {
        Element::from_index(self as usize + 3)
    }

    /// From its key (`wood`) or its kanji (`木`).
    pub fn parse(s: &str) -> Option<Element> {
        Element::ALL.into_iter().find(|e| e.key() == s || e.kanji() == s)
    }

    /// From its key only (`wood` | `fire` | `earth` | `metal` | `water`), as the engine's answers
    /// carry it.
    pub fn from_key(s: &str) -> Option<Element> {
        Element::ALL.into_iter().find(|e| e.key() == s)
    }
}

impl Serialize for Element {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// 陰陽
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Polarity {
    Yang,
    Yin,
}

const STEMS: [&str; 10] = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"];
const BRANCHES: [&str; 12] = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"];

/// 天干: 甲 (0) … 癸 (9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stem(u8);

impl Stem {
    pub const fn new(i: u32) -> Stem {
        Stem((i % 10) as u8)
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn name(self) -> &'static str {
        STEMS[self.0 as usize]
    }
    pub const fn element(self) -> Element {
        Element::from_index(self.0 as usize / 2)
    }
    pub const fn polarity(self) -> Polarity {
        if self.0.is_multiple_of(2) { Polarity::Yang } else { Polarity::Yin }
    }
    pub fn parse(s: &str) -> Option<Stem> {
        STEMS.iter().position(|x| *x == s).map(|i| Stem(i as u8))
    }
    pub fn all() -> impl Iterator<Item = Stem> {
        (0..10).map(Stem::new)
    }
}

/// 地支: 子 (0) … 亥 (11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Branch(u8);

impl Branch {
    pub const fn new(i: u32) -> Branch {
        Branch((i % 12) as u8)
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn name(self) -> &'static str {
        BRANCHES[self.0 as usize]
    }
    /// The branch's main element (本気): 寅卯 wood, 巳午 fire, 辰戌丑未 earth, 申酉 metal, 亥子 water.
    pub const fn element(self) -> Element {
        const E: [Element; 12] = [
            Element::Water,
            Element::Earth,
            Element::Wood,
            Element::Wood,
            Element::Earth,
            Element::Fire,
            Element::Fire,
            Element::Earth,
            Element::Metal,
            Element::Metal,
            Element::Earth,
            Element::Water,
        ];
        E[self.0 as usize]
    }
    pub const fn polarity(self) -> Polarity {
        if self.0.is_multiple_of(2) { Polarity::Yang } else { Polarity::Yin }
    }
    pub fn parse(s: &str) -> Option<Branch> {
        BRANCHES.iter().position(|x| *x == s).map(|i| Branch(i as u8))
    }
    pub fn all() -> impl Iterator<Item = Branch> {
        (0..12).map(Branch::new)
    }
}

/// 干支: one of the sixty pairs, 甲子 (0) … 癸亥 (59).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GanZhi(u8);

impl GanZhi {
    pub const fn new(i: i64) -> GanZhi {
        GanZhi(i.rem_euclid(60) as u8)
    }
    /// The pair with this stem and branch; `None` when their polarities differ (e.g. 甲丑).
    pub const fn from_parts(stem: Stem, branch: Branch) -> Option<GanZhi> {
        let (s, b) = (stem.0 as i64, branch.0 as i64);
        if s % 2 != b % 2 {
            return None;
        }
        // i ≡ s (mod 10), i ≡ b (mod 12)
        let mut i = s;
        while i % 12 != b {
            i += 10;
        }
        Some(GanZhi(i as u8))
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn stem(self) -> Stem {
        Stem::new(self.0 as u32 % 10)
    }
    pub const fn branch(self) -> Branch {
        Branch::new(self.0 as u32 % 12)
    }
    pub const fn offset(self, n: i64) -> GanZhi {
        GanZhi::new(self.0 as i64 + n)
    }
    pub fn name(self) -> String {
        format!("{}{}", self.stem().name(), self.branch().name())
    }
    pub fn parse(s: &str) -> Option<GanZhi> {
        let mut chars = s.chars();
        let st = Stem::parse(&chars.next()?.to_string())?;
        let br = Branch::parse(&chars.next()?.to_string())?;
        if chars.next().is_some() {
            return None;
        }
        GanZhi::from_parts(st, br)
    }
    /// The day pillar of a Julian Day Number: (JDN + 49) mod 60, so that 2026-11-21 is 己亥.
    pub const fn of_day(jdn: i64) -> GanZhi {
        GanZhi::new(jdn + 49)
    }
    /// The year pillar of a Ba Zi year (the year that begins at 立春): 1984 is 甲子.
    pub const fn of_year(year: i32) -> GanZhi {
        GanZhi::new(year as i64 - 4)
    }
}

impl fmt::Display for GanZhi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.stem().name(), self.branch().name())
    }
}

impl Serialize for Stem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
impl Serialize for Branch {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
impl Serialize for GanZhi {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Julian Day Number of a proleptic Gregorian date (the JDN of 2000-01-01 is 2451545).
pub const fn jdn(year: i32, month: u32, day: u32) -> i64 {
    let a = (14 - month as i64) / 12;
    let y = year as i64 + 4800 - a;
    let m = month as i64 + 12 * a - 3;
    day as i64 + (153 * m + 2) / 5 + 365 * y + y / 4 - y / 100 + y / 400 - 32045
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_pairs_round_trip_through_their_parts() {
        for i in 0..60 {
            let g = GanZhi::new(i);
            assert_eq!(GanZhi::from_parts(g.stem(), g.branch()), Some(g));
            assert_eq!(GanZhi::parse(&g.name()), Some(g));
        }
        assert_eq!(GanZhi::new(0).name(), "甲子");
        assert_eq!(GanZhi::new(59).name(), "癸亥");
        assert_eq!(GanZhi::from_parts(Stem::new(0), Branch::new(1)), None);
    }

    #[test]
    fn the_day_pillar_of_2026_11_21_is_ji_hai() {
        assert_eq!(GanZhi::of_day(jdn(2026, 11, 21)).name(), "己亥");
        assert_eq!(jdn(2000, 1, 1), 2451545);
    }

    #[test]
    fn the_year_1984_is_jia_zi() {
        assert_eq!(GanZhi::of_year(1984).name(), "甲子");
        assert_eq!(GanZhi::of_year(2026).name(), "丙午");
    }

    #[test]
    fn element_cycles() {
        assert_eq!(Element::Wood.generates(), Element::Fire);
        assert_eq!(Element::Water.generates(), Element::Wood);
        assert_eq!(Element::Wood.controls(), Element::Earth);
        assert_eq!(Element::Fire.controls(), Element::Metal);
        assert_eq!(Element::Metal.controls(), Element::Wood);
        for e in Element::ALL {
            assert_eq!(e.generated_by().generates(), e);
            assert_eq!(e.controlled_by().controls(), e);
        }
    }

    #[test]
    fn stems_and_branches_have_their_elements() {
        assert_eq!(Stem::parse("丙").map(Stem::element), Some(Element::Fire));
        assert_eq!(Stem::parse("癸").map(Stem::polarity), Some(Polarity::Yin));
        assert_eq!(Branch::parse("辰").map(Branch::element), Some(Element::Earth));
        assert_eq!(Branch::parse("亥").map(Branch::element), Some(Element::Water));
    }

    #[test]
    fn elements_parse_from_key_or_kanji_and_from_key_alone() {
        assert_eq!(Element::parse("木"), Some(Element::Wood));
        assert_eq!(Element::parse("metal"), Some(Element::Metal));
        assert_eq!(Element::from_key("water"), Some(Element::Water));
        assert_eq!(Element::from_key("水"), None);
        assert_eq!(Element::from_key("aether"), None);
        assert_eq!(serde_json::to_string(&Element::Fire).expect("json"), "\"fire\"");
        assert_eq!(serde_json::from_str::<Element>("\"earth\"").expect("json"), Element::Earth);
    }
}
