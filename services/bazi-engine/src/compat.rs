//! 相性 (compatibility) of two charts: a 0–100 score from four weighted factors, each with a
//! Japanese label and an explanation a person can follow.
//!
//! | key            | weight | what it looks at                                                  |
//! |----------------|--------|-------------------------------------------------------------------|
//! | `dayMaster`    | 0.30   | the two day masters: 干合, 相生, 比和 or 相剋                      |
//! | `stems`        | 0.15   | 干合 (and 天干の冲) between any other stems of the two charts       |
//! | `branches`     | 0.30   | 六合, 三合・半会, 冲, 刑, 害 between the day and year branches       |
//! | `elements`     | 0.25   | whether each chart holds the other's favourable elements (喜用)    |
//!
//! Reasons for the weights: the day master is the person in every school, so it and the day branch
//! (the "spouse palace", half of the branch factor's weight) carry the most; stem combinations
//! elsewhere are secondary; the element complement uses each side's strength analysis, so it
//! carries a quarter.
//!
//! **Symmetry.** Every factor is a symmetric function of the two charts, computed so that the
//! floating-point result is bit-identical when the sides are swapped (integer points, or a
//! commutative average of two per-side figures), hence `score(a, b) == score(b, a)`. Only the
//! wording of the details names the sides (あなた = `a`, お相手 = `b`).

use crate::analysis::{Strength, element_presence, ten_god};
use crate::ganzhi::{Branch, Element, Stem};
// The pairs that meet are the shared tables' (fortune-gen reads a friend's day with them); what a
// meeting is worth for compatibility is this module's.
use crate::pillars::Pillars;
pub use meguri_ganzhi::relations::{BranchRelation, branch_relations, stems_clash, stems_combine};
use serde::Serialize;

/// One person's chart and its strength analysis.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompatSide<'a> {
    pub pillars: &'a Pillars,
    pub strength: &'a Strength,
}

/// One factor of the score.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompatFactor {
    pub key: &'static str,
    pub label: &'static str,
    /// Share of the total score (the weights sum to 1).
    pub weight: f64,
    /// 0–100 for this factor alone.
    pub score: f64,
    pub detail: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Compatibility {
    /// 0–100, rounded from the weighted sum of the factors.
    pub score: u8,
    pub summary: String,
    pub factors: Vec<CompatFactor>,
}

pub const WEIGHT_DAY_MASTER: f64 = 0.30;
pub const WEIGHT_STEMS: f64 = 0.15;
pub const WEIGHT_BRANCHES: f64 = 0.30;
pub const WEIGHT_ELEMENTS: f64 = 0.25;

fn stem_label(s: Stem) -> String {
    format!("{}（{}）", s.name(), s.element().kanji())
}

/// The element the 干合 of two stems transforms into (甲己 土, 乙庚 金, 丙辛 水, 丁壬 木, 戊癸 火).
fn combine_element(a: Stem) -> Element {
    Element::from_index(a.index() % 5 + 2)
}

// ---- factor 1: the day masters --------------------------------------------------------------

fn day_master_factor(a: Stem, b: Stem) -> CompatFactor {
    let (ea, eb) = (a.element(), b.element());
    let (score, detail) = if stems_combine(a, b) {
        (
            95.0,
            format!(
                "日主{}と{}は干合（{}の合、化して{}）。強く惹かれ合い、結びつきの深い組み合わせです",
                a.name(),
                b.name(),
                if a.index() < b.index() {
                    format!("{}{}", a.name(), b.name())
                } else {
                    format!("{}{}", b.name(), a.name())
                },
                combine_element(a).kanji()
            ),
        )
    } else if ea.generates() == eb {
        (
            80.0,
            format!(
                "あなたの日主{}がお相手の日主{}を生じる相生の関係。あなたが自然に支え、育てる側になりやすい組み合わせです",
                stem_label(a),
                stem_label(b)
            ),
        )
    } else if eb.generates() == ea {
        (
            80.0,
            format!(
                "お相手の日主{}があなたの日主{}を生じる相生の関係。お相手から自然に支えられやすい組み合わせです",
                stem_label(b),
                stem_label(a)
            ),
        )
    } else if ea == eb {
        (65.0, format!("日主が同じ{}どうしの比和。価値観が近く対等ですが、譲り合いも大切です", ea.kanji()))
    } else {
        // 相剋: one controls the other. Same polarity (偏官-like, including 天干の冲) is harsher.
        let same = a.polarity() == b.polarity();
        let (who, whom) = if ea.controls() == eb { ("あなた", "お相手") } else { ("お相手", "あなた") };
        let (x, y) = if ea.controls() == eb { (a, b) } else { (b, a) };
        let score = if same { 30.0 } else { 40.0 };
        (
            score,
            format!(
                "{who}の日主{}が{whom}の日主{}を剋する相剋の関係。刺激し合える一方、主導権の取り合いに注意が必要です",
                stem_label(x),
                stem_label(y)
            ),
        )
    };
    CompatFactor { key: "dayMaster", label: "日主どうしの関係", weight: WEIGHT_DAY_MASTER, score, detail }
}

// ---- factor 2: stems across the charts ------------------------------------------------------

const STEM_PLACES: [&str; 4] = ["年干", "月干", "日干", "時干"];

fn stems_factor(a: &Pillars, b: &Pillars) -> CompatFactor {
    let (sa, sb) = (a.all().map(|g| g.stem()), b.all().map(|g| g.stem()));
    let mut points: i32 = 0;
    let (mut combos, mut clashes) = (Vec::new(), Vec::new());
    for (i, x) in sa.iter().enumerate() {
        for (j, y) in sb.iter().enumerate() {
            if i == 2 && j == 2 {
                continue; // the day masters are the first factor
            }
            let with_day = i == 2 || j == 2;
            let pair = format!("あなたの{}{}とお相手の{}{}", STEM_PLACES[i], x.name(), STEM_PLACES[j], y.name());
            if stems_combine(*x, *y) {
                points += if with_day { 20 } else { 10 };
                combos.push(pair);
            } else if stems_clash(*x, *y) {
                points -= if with_day { 10 } else { 5 };
                clashes.push(pair);
            }
        }
    }
    let score = f64::from((50 + points).clamp(0, 100));
    let mut parts = Vec::new();
    if !combos.is_empty() {
        parts.push(format!("{}が干合し、互いに引き寄せ合います", combos.join("、")));
    }
    if !clashes.is_empty() {
        parts.push(format!("{}は天干の冲で、考え方がぶつかりやすい面があります", clashes.join("、")));
    }
    let detail = if parts.is_empty() {
        "日主以外の天干どうしに干合も冲もなく、穏やかな関係です".to_owned()
    } else {
        parts.join("。")
    };
    CompatFactor { key: "stems", label: "天干の干合", weight: WEIGHT_STEMS, score, detail }
}

// ---- factor 3: branches ---------------------------------------------------------------------

/// What a branch relation between the two charts is worth (positive good, negative bad):
/// 六合 +15, 半会 +10, 同支 +5, 冲 −15, 刑 −10, 自刑 −6, 害 −8.
fn points(r: BranchRelation) -> i32 {
    match r {
        BranchRelation::SixHarmony => 15,
        BranchRelation::HalfTrio => 10,
        BranchRelation::Same => 5,
        BranchRelation::Clash => -15,
        BranchRelation::Punishment => -10,
        BranchRelation::SelfPunishment => -6,
        BranchRelation::Harm => -8,
    }
}

fn meaning(r: BranchRelation) -> &'static str {
    match r {
        BranchRelation::SixHarmony => "深く結びつく",
        BranchRelation::HalfTrio => "同じ目標に向かって協力できる",
        BranchRelation::Same => "感覚が似ている",
        BranchRelation::Clash => "ぶつかり合いやすい",
        BranchRelation::Punishment => "すれ違いや摩擦が起きやすい",
        BranchRelation::SelfPunishment => "似た弱点を刺激し合いやすい",
        BranchRelation::Harm => "小さな誤解が積もりやすい",
    }
}

/// The 三合 trio (and its element) that four branches complete, when both charts contribute.
fn full_trio(a: [Branch; 2], b: [Branch; 2]) -> Option<Element> {
    // 申子辰 水, 亥卯未 木, 寅午戌 火, 巳酉丑 金: the trio of residue r mod 4.
    for r in 0..4usize {
        let in_trio = |x: &Branch| x.index() % 4 == r;
        let mut seen = [false; 3];
        for x in a.iter().chain(b.iter()).filter(|x| in_trio(x)) {
            seen[x.index() / 4] = true;
        }
        if seen.iter().all(|s| *s) && a.iter().any(in_trio) && b.iter().any(in_trio) {
            return Some([Element::Water, Element::Metal, Element::Fire, Element::Wood][r]);
        }
    }
    None
}

const TRIO_POINTS: i32 = 12;

fn branches_factor(a: &Pillars, b: &Pillars) -> CompatFactor {
    let (ad, ay, bd, by) = (a.day.branch(), a.year.branch(), b.day.branch(), b.year.branch());
    // (weight, your place, your branch, partner's place, partner's branch). The day branch is the
    // spouse palace (配偶者の宮), so day–day counts double.
    let pairs = [
        (2, "日支", ad, "日支", bd),
        (1, "年支", ay, "年支", by),
        (1, "日支", ad, "年支", by),
        (1, "年支", ay, "日支", bd),
    ];
    let mut points: i32 = 0;
    let mut parts = Vec::new();
    for (w, pa, x, pb, y) in pairs {
        for r in branch_relations(x, y) {
            points += w * points(r);
            parts.push(format!(
                "あなたの{pa}{}とお相手の{pb}{}は{}（{}）",
                x.name(),
                y.name(),
                r.name_ja(),
                meaning(r)
            ));
        }
    }
    if let Some(e) = full_trio([ad, ay], [bd, by]) {
        points += TRIO_POINTS;
        parts.push(format!("二人の日支・年支がそろって三合{}局を作り、力を合わせやすい関係です", e.kanji()));
    }
    let score = f64::from((50 + points).clamp(0, 100));
    let detail = if parts.is_empty() {
        "日支・年支の間に目立つ合・冲・刑・害はなく、落ち着いた関係です".to_owned()
    } else {
        parts.join("。")
    };
    CompatFactor {
        key: "branches", label: "地支の関係（日支・年支）", weight: WEIGHT_BRANCHES, score, detail
    }
}

// ---- factor 4: element complement -----------------------------------------------------------

/// How well `giver`'s elements serve `needs`' favourable elements: 50 + 70 × (share of the
/// giver's weight in the favourable elements − share in the unfavourable ones), clamped to 0–100.
fn supply(needs: &Strength, giver: &Pillars) -> (f64, f64) {
    let pres = element_presence(giver);
    let total: f64 = pres.iter().sum();
    let share = |es: &[Element]| es.iter().map(|e| pres[e.index()]).sum::<f64>() / total.max(1e-9);
    let good = share(&needs.favorable);
    let bad = share(&needs.unfavorable);
    ((50.0 + 70.0 * (good - bad)).clamp(0.0, 100.0), good)
}

fn kanji_list(es: &[Element]) -> String {
    es.iter().map(|e| e.kanji()).collect::<Vec<_>>().join("・")
}

fn elements_factor(a: CompatSide<'_>, b: CompatSide<'_>) -> CompatFactor {
    let (for_a, good_for_a) = supply(a.strength, b.pillars);
    let (for_b, good_for_b) = supply(b.strength, a.pillars);
    let score = (for_a + for_b) / 2.0;
    let verdict = |s: f64| {
        if s >= 60.0 {
            "よく補われています"
        } else if s >= 40.0 {
            "ほどほどに補われています"
        } else {
            "あまり補われていません"
        }
    };
    let detail = format!(
        "お相手の命式はあなたの喜神（{}）を{:.0}%含み、あなたは{}。あなたの命式はお相手の喜神（{}）を{:.0}%含み、お相手は{}",
        kanji_list(&a.strength.favorable),
        good_for_a * 100.0,
        verdict(for_a),
        kanji_list(&b.strength.favorable),
        good_for_b * 100.0,
        verdict(for_b)
    );
    CompatFactor { key: "elements", label: "五行の補い合い", weight: WEIGHT_ELEMENTS, score, detail }
}

// ---- total ----------------------------------------------------------------------------------

fn summary(score: u8, factors: &[CompatFactor]) -> String {
    let head = match score {
        80..=100 => "とても良い相性です",
        65..=79 => "良い相性です",
        50..=64 => "まずまずの相性です",
        35..=49 => "お互いの工夫で育てていく相性です",
        _ => "課題の多い相性ですが、違いを理解し合うことが鍵です",
    };
    // The best and the weakest factor (ties: the first listed), both symmetric in the two sides.
    let mut best = &factors[0];
    let mut worst = &factors[0];
    for f in factors {
        if f.score > best.score {
            best = f;
        }
        if f.score < worst.score {
            worst = f;
        }
    }
    let mut s = format!("{score}点：{head}。");
    if best.score >= 60.0 {
        s.push_str(&format!("特に「{}」が良好です。", best.label));
    }
    if worst.score < 45.0 && worst.key != best.key {
        s.push_str(&format!("「{}」には気配りが必要です。", worst.label));
    }
    s
}

/// The compatibility of two charts. Symmetric: swapping `a` and `b` gives the same score and
/// factor scores (the details swap あなた and お相手).
pub fn compatibility(a: CompatSide<'_>, b: CompatSide<'_>) -> Compatibility {
    let factors = vec![
        day_master_factor(a.pillars.day_master(), b.pillars.day_master()),
        stems_factor(a.pillars, b.pillars),
        branches_factor(a.pillars, b.pillars),
        elements_factor(a, b),
    ];
    let total: f64 = factors.iter().map(|f| f.weight * f.score).sum();
    let score = total.round().clamp(0.0, 100.0) as u8;
    Compatibility { score, summary: summary(score, &factors), factors }
}

/// The ten god each day master is to the other (for display: "お相手はあなたにとって正財").
pub fn mutual_ten_gods(a: &Pillars, b: &Pillars) -> (crate::analysis::TenGod, crate::analysis::TenGod) {
    (ten_god(a.day_master(), b.day_master()), ten_god(b.day_master(), a.day_master()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::assess_strength;
    use crate::ganzhi::GanZhi;
    use proptest::prelude::*;

    fn chart(s: [&str; 4]) -> Pillars {
        let g = |x: &str| GanZhi::parse(x).expect("valid pillar");
        Pillars { year: g(s[0]), month: g(s[1]), day: g(s[2]), hour: g(s[3]) }
    }

    fn score(a: &Pillars, b: &Pillars) -> Compatibility {
        let (sa, sb) = (assess_strength(a), assess_strength(b));
        compatibility(CompatSide { pillars: a, strength: &sa }, CompatSide { pillars: b, strength: &sb })
    }

    fn br(s: &str) -> Branch {
        Branch::parse(s).expect("branch")
    }

    #[test]
    fn the_weights_sum_to_one() {
        let total = WEIGHT_DAY_MASTER + WEIGHT_STEMS + WEIGHT_BRANCHES + WEIGHT_ELEMENTS;
        assert!((total - 1.0).abs() < 1e-12);
        let c = score(&chart(["甲子", "丙寅", "戊辰", "庚申"]), &chart(["乙丑", "丁卯", "己巳", "辛酉"]));
        assert!((c.factors.iter().map(|f| f.weight).sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn combined_stems_transform_into_their_element() {
        let s = |x: &str| Stem::parse(x).expect("stem");
        assert_eq!(combine_element(s("甲")), Element::Earth);
        assert_eq!(combine_element(s("癸")), Element::Fire);
        assert_eq!(combine_element(s("丁")), Element::Wood);
    }

    #[test]
    fn a_full_trio_across_the_two_charts_is_found() {
        assert_eq!(full_trio([br("申"), br("丑")], [br("子"), br("辰")]), Some(Element::Water));
        assert_eq!(full_trio([br("寅"), br("午")], [br("戌"), br("子")]), Some(Element::Fire));
        // One chart alone holding two of the trio and the other none is no trio.
        assert_eq!(full_trio([br("亥"), br("卯")], [br("子"), br("丑")]), None);
    }

    #[test]
    fn combining_day_masters_and_harmonious_branches_score_high() {
        // 甲子 and 己丑 days: 甲己 干合 and 子丑 六合; years 寅/亥 also 六合.
        let a = chart(["甲寅", "丙寅", "甲子", "甲子"]);
        let b = chart(["辛亥", "庚子", "己丑", "乙丑"]);
        let c = score(&a, &b);
        assert_eq!(c.factors[0].score, 95.0);
        assert!(c.factors[0].detail.contains("干合"));
        assert!(c.factors[2].score >= 90.0, "{:?}", c.factors[2]);
        assert!(c.factors[2].detail.contains("六合"));
        assert!(c.score >= 70, "{c:?}");
    }

    #[test]
    fn clashing_day_masters_and_branches_score_low() {
        // 甲子 vs 庚午 days: 甲庚 相剋 (same polarity), 子午 冲; years 寅/申 冲 and 刑.
        let a = chart(["甲寅", "丙寅", "甲子", "甲子"]);
        let b = chart(["庚申", "甲申", "庚午", "壬午"]);
        let c = score(&a, &b);
        assert_eq!(c.factors[0].score, 30.0);
        // 50 − 2×15 (子午) − 15 − 10 (寅申) + 10 (子申) + 10 (寅午) = 15.
        assert_eq!(c.factors[2].score, 15.0, "{:?}", c.factors[2]);
        assert!(c.factors[2].detail.contains("冲"));
        assert!(c.score < 50, "{c:?}");
    }

    #[test]
    fn the_day_master_detail_says_who_generates_whom() {
        let a = chart(["甲子", "丙寅", "甲辰", "甲子"]);
        let b = chart(["甲子", "丙寅", "丙辰", "甲子"]);
        let c = score(&a, &b);
        assert_eq!(c.factors[0].score, 80.0);
        assert!(c.factors[0].detail.starts_with("あなたの日主甲（木）がお相手の日主丙（火）を生じる"));
        let c = score(&b, &a);
        assert!(c.factors[0].detail.starts_with("お相手の日主甲（木）があなたの日主丙（火）を生じる"));
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
        fn compatibility_is_symmetric_and_bounded(a in pillars_strategy(), b in pillars_strategy()) {
            let ab = score(&a, &b);
            let ba = score(&b, &a);
            prop_assert_eq!(ab.score, ba.score);
            prop_assert!(ab.score <= 100);
            for (x, y) in ab.factors.iter().zip(&ba.factors) {
                prop_assert_eq!(x.key, y.key);
                prop_assert_eq!(x.score.to_bits(), y.score.to_bits());
                prop_assert!((0.0..=100.0).contains(&x.score));
            }
            prop_assert_eq!(ab.summary, ba.summary);
        }
    }
}
