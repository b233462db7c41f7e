//! 行運 (transits): how another pillar — a day, a month, a year or a luck pillar (大運) — meets a
//! natal chart. Pure: the caller takes the period pillars from the almanac or from the chart's
//! luck pillars; no date is involved here.
//!
//! For each period pillar:
//! - **ten gods** of its stem and of its branch's main hidden stem (本気), seen from the day master;
//! - **十二運** of the day master at its branch;
//! - **relations** with the natal stems (干合, 天干の冲) and branches (六合, 三合, 半会, 冲, 刑,
//!   自刑, 害), each naming the natal position met. The branch relations are the ones
//!   compatibility uses ([`meguri_ganzhi::branch_relations`]) with two changes: a period branch
//!   equal to a natal one (同支) is no relation here unless it punishes itself (辰午酉亥 → 自刑),
//!   and when the period branch completes a 三合 trio with two *different* natal branches, each
//!   natal branch of that trio meets it as 三合 instead of 半会;
//! - **空亡**: whether its branch is one of the natal day pillar's two empty branches;
//! - **納音** of the period pillar;
//! - **support**, −1..1 (see [`support`]).

use serde::Serialize;

use crate::analysis::{LifeStage, Strength, TenGod, kong_wang, life_stage, main_stem, nayin, ten_god};
use crate::compat::{BranchRelation, branch_relations, stems_clash, stems_combine};
use crate::ganzhi::{Branch, Element, GanZhi};
use crate::pillars::Pillars;

/// The most period pillars one call may read (the gRPC contract's limit).
pub const MAX_PILLARS: usize = 200;

/// A natal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Position {
    Year,
    Month,
    Day,
    Hour,
}

impl Position {
    pub const ALL: [Position; 4] = [Position::Year, Position::Month, Position::Day, Position::Hour];

    /// year | month | day | hour
    pub const fn key(self) -> &'static str {
        match self {
            Position::Year => "year",
            Position::Month => "month",
            Position::Day => "day",
            Position::Hour => "hour",
        }
    }
}

/// What kind of meeting a relation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelationKind {
    /// 干合: 甲己 乙庚 丙辛 丁壬 戊癸.
    StemCombine,
    /// 天干の冲: 甲庚 乙辛 丙壬 丁癸.
    StemClash,
    /// 六合.
    SixHarmony,
    /// 三合: the period branch completes a trio with two natal branches.
    ThreeHarmony,
    /// 半会: two of a trio including its centre.
    HalfHarmony,
    /// 冲.
    Clash,
    /// 刑.
    Punishment,
    /// 自刑: 辰辰 午午 酉酉 亥亥.
    SelfPunishment,
    /// 害.
    Harm,
}

impl RelationKind {
    /// The stable key of the gRPC contract (`stem_combine` …).
    pub const fn key(self) -> &'static str {
        match self {
            RelationKind::StemCombine => "stem_combine",
            RelationKind::StemClash => "stem_clash",
            RelationKind::SixHarmony => "six_harmony",
            RelationKind::ThreeHarmony => "three_harmony",
            RelationKind::HalfHarmony => "half_harmony",
            RelationKind::Clash => "clash",
            RelationKind::Punishment => "punishment",
            RelationKind::SelfPunishment => "self_punishment",
            RelationKind::Harm => "harm",
        }
    }

    /// 干合 | 天干の冲 | 六合 | 三合 | 半会 | 冲 | 刑 | 自刑 | 害
    pub const fn name_ja(self) -> &'static str {
        match self {
            RelationKind::StemCombine => "干合",
            RelationKind::StemClash => "天干の冲",
            RelationKind::SixHarmony => "六合",
            RelationKind::ThreeHarmony => "三合",
            RelationKind::HalfHarmony => "半会",
            RelationKind::Clash => "冲",
            RelationKind::Punishment => "刑",
            RelationKind::SelfPunishment => "自刑",
            RelationKind::Harm => "害",
        }
    }

    /// The 合 family binds (true); 冲・刑・害 strain (false).
    pub const fn favorable(self) -> bool {
        matches!(
            self,
            RelationKind::StemCombine
                | RelationKind::SixHarmony
                | RelationKind::ThreeHarmony
                | RelationKind::HalfHarmony
        )
    }

    fn of_branch(r: BranchRelation) -> Option<RelationKind> {
        match r {
            BranchRelation::SixHarmony => Some(RelationKind::SixHarmony),
            BranchRelation::HalfTrio => Some(RelationKind::HalfHarmony),
            BranchRelation::Clash => Some(RelationKind::Clash),
            BranchRelation::Punishment => Some(RelationKind::Punishment),
            BranchRelation::SelfPunishment => Some(RelationKind::SelfPunishment),
            BranchRelation::Harm => Some(RelationKind::Harm),
            BranchRelation::Same => None,
        }
    }
}

impl Serialize for RelationKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// One meeting of the period's stem or branch with a natal one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TransitRelation {
    pub kind: RelationKind,
    pub natal_position: Position,
    /// The natal stem or branch met (甲, 子 …).
    pub natal: &'static str,
}

impl TransitRelation {
    pub const fn favorable(&self) -> bool {
        self.kind.favorable()
    }
}

/// How one period pillar meets the natal chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Transit {
    pub pillar: GanZhi,
    pub stem_ten_god: TenGod,
    /// The ten god of the branch's main hidden stem (本気).
    pub branch_ten_god: TenGod,
    /// 十二運 of the day master at the period branch.
    pub life_stage: LifeStage,
    pub stem_element: Element,
    /// The branch's main element.
    pub branch_element: Element,
    pub relations: Vec<TransitRelation>,
    /// The period branch is one of the natal day pillar's 空亡.
    pub kong_wang: bool,
    pub nayin: &'static str,
    /// −1..1, see [`support`].
    pub support: f64,
}

/// How much an element is wished for by a chart of this strength: the first favourable element
/// 1.0, the next ones 0.75, 0.5 (never below 0.5); the unfavourable ones the same amounts
/// negative; an element in neither list 0.
pub fn element_weight(strength: &Strength, e: Element) -> f64 {
    let rank = |list: &[Element]| list.iter().position(|x| *x == e).map(|k| (1.0 - 0.25 * k as f64).max(0.5));
    if let Some(w) = rank(&strength.favorable) {
        w
    } else if let Some(w) = rank(&strength.unfavorable) {
        -w
    } else {
        0.0
    }
}

/// **support** = (weight(stem element) + weight(branch main element)) ÷ 2, with
/// [`element_weight`]: +1 when both are the chart's most favourable element, −1 when both are its
/// most unfavourable one, 0 when they cancel out or are neutral. The stem and the branch count
/// alike: the stem is what shows, the branch is where the period stands.
pub fn support(strength: &Strength, stem_element: Element, branch_element: Element) -> f64 {
    ((element_weight(strength, stem_element) + element_weight(strength, branch_element)) / 2.0).clamp(-1.0, 1.0)
}

fn natal_branches(natal: &Pillars) -> [(Position, Branch); 4] {
    [
        (Position::Year, natal.year.branch()),
        (Position::Month, natal.month.branch()),
        (Position::Day, natal.day.branch()),
        (Position::Hour, natal.hour.branch()),
    ]
}

/// Whether `period` completes a 三合 trio with two different natal branches other than itself.
fn completes_trio(natal: &Pillars, period: Branch) -> bool {
    let r = period.index() % 4;
    let mut seen = [false; 3];
    seen[period.index() / 4] = true;
    let mut others = 0;
    for (_, b) in natal_branches(natal) {
        if b.index() % 4 == r && b != period && !seen[b.index() / 4] {
            seen[b.index() / 4] = true;
            others += 1;
        }
    }
    others == 2
}

/// The relations of one period pillar with the natal stems, then the natal branches, in the
/// order year, month, day, hour.
pub fn relations(natal: &Pillars, pillar: GanZhi) -> Vec<TransitRelation> {
    let (stem, branch) = (pillar.stem(), pillar.branch());
    let mut out = Vec::new();
    let stems = [natal.year.stem(), natal.month.stem(), natal.day.stem(), natal.hour.stem()];
    for (position, natal_stem) in Position::ALL.into_iter().zip(stems) {
        let kind = if stems_combine(stem, natal_stem) {
            Some(RelationKind::StemCombine)
        } else if stems_clash(stem, natal_stem) {
            Some(RelationKind::StemClash)
        } else {
            None
        };
        if let Some(kind) = kind {
            out.push(TransitRelation { kind, natal_position: position, natal: natal_stem.name() });
        }
    }
    let trio = completes_trio(natal, branch);
    for (position, natal_branch) in natal_branches(natal) {
        for r in branch_relations(branch, natal_branch) {
            let Some(mut kind) = RelationKind::of_branch(r) else { continue };
            if kind == RelationKind::HalfHarmony && trio {
                kind = RelationKind::ThreeHarmony;
            }
            out.push(TransitRelation { kind, natal_position: position, natal: natal_branch.name() });
        }
        // A trio member that is not the centre has no 半会 with the period branch, yet belongs to
        // the 三合 all the same.
        if trio
            && natal_branch != branch
            && natal_branch.index() % 4 == branch.index() % 4
            && !out.iter().any(|r| r.natal_position == position && r.kind == RelationKind::ThreeHarmony)
        {
            out.push(TransitRelation {
                kind: RelationKind::ThreeHarmony,
                natal_position: position,
                natal: natal_branch.name(),
            });
        }
    }
    out
}

/// How `pillar` meets the natal chart whose strength analysis is `strength`.
pub fn transit(natal: &Pillars, strength: &Strength, pillar: GanZhi) -> Transit {
    let dm = natal.day_master();
    let (stem, branch) = (pillar.stem(), pillar.branch());
    Transit {
        pillar,
        stem_ten_god: ten_god(dm, stem),
        branch_ten_god: ten_god(dm, main_stem(branch)),
        life_stage: life_stage(dm, branch),
        stem_element: stem.element(),
        branch_element: branch.element(),
        relations: relations(natal, pillar),
        kong_wang: kong_wang(natal.day).contains(&branch),
        nayin: nayin(pillar),
        support: support(strength, stem.element(), branch.element()),
    }
}

/// The natal strength and the transits of `pillars`, in order.
pub fn read_transits(natal: &Pillars, pillars: &[GanZhi]) -> (Strength, Vec<Transit>) {
    let strength = crate::analysis::assess_strength(natal);
    let transits = pillars.iter().map(|p| transit(natal, &strength, *p)).collect();
    (strength, transits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::assess_strength;
    use proptest::prelude::*;

    fn g(s: &str) -> GanZhi {
        GanZhi::parse(s).expect("valid pillar")
    }

    fn chart(y: &str, m: &str, d: &str, h: &str) -> Pillars {
        Pillars { year: g(y), month: g(m), day: g(d), hour: g(h) }
    }

    fn kinds(t: &Transit) -> Vec<(&'static str, &'static str, &'static str)> {
        t.relations.iter().map(|r| (r.kind.key(), r.natal_position.key(), r.natal)).collect()
    }

    #[test]
    fn the_ten_gods_and_stage_are_read_from_the_day_master() {
        // 甲 day master; a 庚午 day: 庚 is 偏官, 午 (丁) is 傷官, 甲 at 午 is 死.
        let natal = chart("壬子", "壬寅", "甲寅", "甲子");
        let (strength, t) = read_transits(&natal, &[g("庚午")]);
        let t = &t[0];
        assert_eq!(t.stem_ten_god.name_ja(), "偏官");
        assert_eq!(t.branch_ten_god.name_ja(), "傷官");
        assert_eq!(t.life_stage.name_ja(), "死");
        assert_eq!((t.stem_element, t.branch_element), (Element::Metal, Element::Fire));
        assert_eq!(t.nayin, nayin(g("庚午")));
        assert_eq!(strength.verdict, "身強");
    }

    #[test]
    fn stems_combine_and_clash_with_the_natal_stems() {
        let natal = chart("壬子", "壬寅", "甲寅", "甲子");
        let (_, t) = read_transits(&natal, &[g("己巳"), g("庚申")]);
        // 己 combines with both 甲 (day, hour); 巳 punishes and harms 寅 (month, day).
        assert_eq!(
            kinds(&t[0]),
            [
                ("stem_combine", "day", "甲"),
                ("stem_combine", "hour", "甲"),
                ("punishment", "month", "寅"),
                ("harm", "month", "寅"),
                ("punishment", "day", "寅"),
                ("harm", "day", "寅"),
            ]
        );
        assert!(t[0].relations[0].favorable() && !t[0].relations[2].favorable());
        // 庚 clashes with 甲; 申 clashes with and punishes 寅, and makes 半会 with 子.
        let k = kinds(&t[1]);
        assert!(k.contains(&("stem_clash", "day", "甲")));
        assert!(k.contains(&("clash", "month", "寅")));
        assert!(k.contains(&("punishment", "day", "寅")));
        assert!(k.contains(&("half_harmony", "year", "子")));
    }

    #[test]
    fn a_period_branch_completing_a_trio_makes_three_harmony() {
        // Natal 子 (year) and 辰 (day): a 申 period completes 申子辰.
        let natal = chart("甲子", "丙寅", "戊辰", "庚午");
        let (_, t) = read_transits(&natal, &[g("壬申")]);
        let k = kinds(&t[0]);
        assert!(k.contains(&("three_harmony", "year", "子")), "{k:?}");
        assert!(k.contains(&("three_harmony", "day", "辰")), "{k:?}");
        assert!(!k.iter().any(|r| r.0 == "half_harmony"), "{k:?}");
        // Without 辰 in the chart, 申 and 子 only make 半会.
        let natal = chart("甲子", "丙寅", "戊午", "庚午");
        let (_, t) = read_transits(&natal, &[g("壬申")]);
        let k = kinds(&t[0]);
        assert!(k.contains(&("half_harmony", "year", "子")), "{k:?}");
        assert!(!k.iter().any(|r| r.0 == "three_harmony"), "{k:?}");
    }

    #[test]
    fn the_same_branch_is_no_relation_unless_it_punishes_itself() {
        let natal = chart("甲子", "丙寅", "戊午", "庚申");
        let (_, t) = read_transits(&natal, &[g("甲子"), g("丙午")]);
        assert!(!kinds(&t[0]).iter().any(|r| r.1 == "year"), "{:?}", kinds(&t[0]));
        assert!(kinds(&t[1]).contains(&("self_punishment", "day", "午")));
    }

    #[test]
    fn kong_wang_is_the_natal_day_pillars_empty_pair() {
        // 甲子 day: 戌亥 are empty.
        let natal = chart("甲子", "丙寅", "甲子", "甲子");
        let (_, t) = read_transits(&natal, &[g("壬戌"), g("癸亥"), g("甲子")]);
        assert_eq!(t.iter().map(|t| t.kong_wang).collect::<Vec<_>>(), [true, true, false]);
    }

    #[test]
    fn support_is_plus_one_for_the_best_element_and_minus_one_for_the_worst() {
        // Strong wood: metal is the most favourable, wood the most unfavourable.
        let natal = chart("壬子", "壬寅", "甲寅", "甲子");
        let s = assess_strength(&natal);
        assert_eq!(s.favorable[0], Element::Metal);
        assert_eq!(s.unfavorable[0], Element::Wood);
        assert_eq!(transit(&natal, &s, g("庚申")).support, 1.0);
        assert_eq!(transit(&natal, &s, g("甲寅")).support, -1.0);
        // 庚 (metal, +1) over 寅 (wood, −1) cancels out.
        assert_eq!(transit(&natal, &s, g("庚寅")).support, 0.0);
        // Second favourable (earth, 0.75) on a neutral-free pair: 戊辰 = 0.75.
        assert!((transit(&natal, &s, g("戊辰")).support - 0.75).abs() < 1e-12);
    }

    #[test]
    fn transits_come_back_in_request_order() {
        let natal = chart("甲子", "丙寅", "戊辰", "庚午");
        let ps = [g("丙午"), g("甲子"), g("丙午")];
        let (_, t) = read_transits(&natal, &ps);
        assert_eq!(t.iter().map(|t| t.pillar).collect::<Vec<_>>(), ps);
        assert_eq!(t[0], t[2]);
    }

    fn pillars_strategy() -> impl Strategy<Value = Pillars> {
        (0i64..60, 0i64..60, 0i64..60, 0i64..60).prop_map(|(y, m, d, h)| Pillars {
            year: GanZhi::new(y),
            month: GanZhi::new(m),
            day: GanZhi::new(d),
            hour: GanZhi::new(h),
        })
    }

    proptest! {
        #[test]
        fn support_stays_in_range_and_relations_match_their_family(natal in pillars_strategy(), p in 0i64..60) {
            let (_, t) = read_transits(&natal, &[GanZhi::new(p)]);
            let t = &t[0];
            prop_assert!((-1.0..=1.0).contains(&t.support));
            for r in &t.relations {
                let stem_kind = matches!(r.kind, RelationKind::StemCombine | RelationKind::StemClash);
                prop_assert_eq!(stem_kind, crate::ganzhi::Stem::all().any(|s| s.name() == r.natal));
                prop_assert_eq!(r.favorable(), r.kind.name_ja().contains('合') || r.kind == RelationKind::HalfHarmony);
            }
        }
    }
}
