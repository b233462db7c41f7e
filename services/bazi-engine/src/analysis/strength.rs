//! 身強・身弱: how much of the chart supports the day master.
//!
//! Schools weigh this very differently; this engine uses one transparent tally.
//!
//! 1. **Who supports.** A character supports the day master when its element is the day master's
//!    own (比劫) or the element that generates it (印). The other three families — 食傷 (it drains
//!    the day master), 財 (the day master spends itself controlling it) and 官殺 (it controls the day
//!    master) — oppose.
//! 2. **Position weights.** The month branch (月令, the season) weighs [`MONTH_BRANCH`] = 3.0, the
//!    day branch (the day master's own seat) 1.5, the year and hour branches 1.0 each, and the
//!    year, month and hour stems 1.0 each. The day stem is the day master itself and is left out:
//!    the question is what the rest of the chart does to it. Total 9.5.
//! 3. **Branches through their hidden stems.** A branch's weight is shared among its 蔵干 in
//!    proportion to their weights (1.0 / 0.5 / 0.3, see [`mod@super::hidden_stems`]), so a branch
//!    that merely holds a root (e.g. 辰 holding 乙 for a wood day master) counts a little and a
//!    branch of the same element counts fully.
//! 4. **Score** = support ÷ total × 100 (0–100, the share of the chart that supports).
//! 5. **Verdict.** With five elements, two of which support, a chart whose weight is spread evenly
//!    scores 40. The verdict is 身強 from [`STRONG_FROM`] = 50 up (support at least equals
//!    everything else), 身弱 below [`WEAK_BELOW`] = 35, and 中和 in between. Over the 2,000
//!    reference charts this gives 28 % 身強, 32 % 中和 and 40 % 身弱 (median score 40), so each
//!    verdict stays meaningful. A supporting month branch and day branch alone reach 47 % (中和);
//!    one supporting stem more makes 58 % (身強).
//! 6. **Favourable elements (喜用).** 身弱: 印 and 比劫, the one the chart has less of first (ties:
//!    印 first, since it supports without competing). 身強: 食傷, 財 and 官殺, the one the chart
//!    lacks most first (ties in that order: draining first, controlling last). Unfavourable
//!    (忌): the other families, the most abundant first. 中和: the two least present elements are
//!    favourable and the most present one unfavourable, to keep the balance.
//!    "Present" uses the same position weights plus the day stem (1.0), since for balance the day
//!    master's own element counts too.

use super::hidden_stems::{hidden_stems, holds_element, main_stem};
use super::life_stage::life_stage;
use super::ten_gods::{TenGodFamily, ten_god};
use crate::ganzhi::{Branch, Element, Stem};
use crate::pillars::Pillars;
use serde::Serialize;

pub const MONTH_BRANCH: f64 = 3.0;
pub const DAY_BRANCH: f64 = 1.5;
pub const OTHER_BRANCH: f64 = 1.0;
pub const STEM: f64 = 1.0;
/// The day stem's weight when measuring how present each element is (not in the support score).
pub const DAY_STEM_PRESENCE: f64 = 1.0;
pub const STRONG_FROM: f64 = 50.0;
pub const WEAK_BELOW: f64 = 35.0;

/// The verdict and what it rests on.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Strength {
    /// 0–100: the share of the chart's weight that supports the day master.
    pub score: f64,
    /// 身強, 身弱 or 中和.
    pub verdict: &'static str,
    /// Why, in Japanese, one sentence each.
    pub reasons: Vec<String>,
    /// 喜用: most helpful first.
    pub favorable: Vec<Element>,
    /// 忌: most harmful first.
    pub unfavorable: Vec<Element>,
}

/// Weighted presence of each element over the chart (wood..water), excluding the day stem when
/// `with_day_stem` is false.
fn presence(p: &Pillars, with_day_stem: bool) -> [f64; 5] {
    let mut w = [0.0; 5];
    for (stem, weight) in [(p.year.stem(), STEM), (p.month.stem(), STEM), (p.hour.stem(), STEM)] {
        w[stem.element().index()] += weight;
    }
    if with_day_stem {
        w[p.day.stem().element().index()] += DAY_STEM_PRESENCE;
    }
    for (branch, weight) in [
        (p.year.branch(), OTHER_BRANCH),
        (p.month.branch(), MONTH_BRANCH),
        (p.day.branch(), DAY_BRANCH),
        (p.hour.branch(), OTHER_BRANCH),
    ] {
        let hs = hidden_stems(branch);
        let sum: f64 = hs.iter().map(|h| h.weight).sum();
        for h in hs {
            w[h.stem.element().index()] += weight * h.weight / sum;
        }
    }
    w
}

/// The elements of `families`, ordered by presence (ascending or descending); ties keep the
/// order of `families`.
fn order(dm: Element, families: &[TenGodFamily], pres: &[f64; 5], ascending: bool) -> Vec<Element> {
    let mut v: Vec<Element> = families.iter().map(|f| f.element_for(dm)).collect();
    // A stable sort keeps the tie order; compare with a small tolerance so float noise does not
    // reorder equal presences.
    v.sort_by(|a, b| {
        let (x, y) = (pres[a.index()], pres[b.index()]);
        if (x - y).abs() < 1e-9 {
            std::cmp::Ordering::Equal
        } else if ascending {
            x.total_cmp(&y)
        } else {
            y.total_cmp(&x)
        }
    });
    v
}

fn verdict_of(score: f64) -> &'static str {
    if score >= STRONG_FROM {
        "身強"
    } else if score < WEAK_BELOW {
        "身弱"
    } else {
        "中和"
    }
}

fn month_reason(dm: Stem, month: Branch) -> String {
    let tg = ten_god(dm, main_stem(month));
    let name = tg.name_ja();
    let b = month.name();
    match tg.family() {
        TenGodFamily::Resource => format!("月令（月支{b}）が{name}で日主を強く生じている（得令）"),
        TenGodFamily::Companion => format!("月令（月支{b}）が{name}で日主と同じ五行、季節の力を得ている（得令）"),
        TenGodFamily::Output => format!("月令（月支{b}）が{name}で日主の力が漏れやすい（失令）"),
        TenGodFamily::Wealth => format!("月令（月支{b}）が{name}で日主が力を費やしやすい（失令）"),
        TenGodFamily::Officer => format!("月令（月支{b}）が{name}で日主が抑えられている（失令）"),
    }
}

fn root_reason(p: &Pillars) -> String {
    let dm = p.day_master();
    let e = dm.element();
    let roots: Vec<String> =
        [("年支", p.year.branch()), ("月支", p.month.branch()), ("日支", p.day.branch()), ("時支", p.hour.branch())]
            .iter()
            .filter(|(_, b)| holds_element(*b, e))
            .map(|(label, b)| format!("{label}{}", b.name()))
            .collect();
    if roots.is_empty() {
        format!("地支の蔵干に日主と同じ{}の根がない（無根）", e.kanji())
    } else {
        format!("日主が{}に根を持つ（通根）", roots.join("・"))
    }
}

fn stem_reason(p: &Pillars) -> String {
    let dm = p.day_master();
    let helpers: Vec<String> = [("年干", p.year.stem()), ("月干", p.month.stem()), ("時干", p.hour.stem())]
        .iter()
        .filter(|(_, s)| ten_god(dm, *s).family().supports())
        .map(|(label, s)| format!("{label}{}（{}）", s.name(), ten_god(dm, *s).name_ja()))
        .collect();
    if helpers.is_empty() {
        "天干に日主を助ける比劫・印がない".to_owned()
    } else {
        format!("天干で{}が日主を助けている", helpers.join("・"))
    }
}

/// How present each element (wood..water) is over the whole chart: the position weights of the
/// module doc plus the day stem ([`DAY_STEM_PRESENCE`]). Used for the favourable order and by
/// compatibility ("does one chart supply what the other needs").
pub fn element_presence(p: &Pillars) -> [f64; 5] {
    presence(p, true)
}

/// Scores the day master's strength (see the module doc for the method).
pub fn assess_strength(p: &Pillars) -> Strength {
    let dm = p.day_master();
    let e = dm.element();
    let without = presence(p, false);
    let total: f64 = without.iter().sum();
    let support = without[e.index()] + without[e.generated_by().index()];
    let score = if total > 0.0 { 100.0 * support / total } else { 50.0 };
    let verdict = verdict_of(score);

    let pres = presence(p, true);
    use TenGodFamily::{Companion, Officer, Output, Resource, Wealth};
    let (favorable, unfavorable) = match verdict {
        "身弱" => (order(e, &[Resource, Companion], &pres, true), order(e, &[Officer, Wealth, Output], &pres, false)),
        "身強" => (order(e, &[Output, Wealth, Officer], &pres, true), order(e, &[Resource, Companion], &pres, false)),
        _ => {
            let all = order(e, &[Companion, Output, Wealth, Officer, Resource], &pres, true);
            (all[..2].to_vec(), all[4..].to_vec())
        }
    };

    let stage = life_stage(dm, p.day.branch());
    let reasons = vec![
        month_reason(dm, p.month.branch()),
        root_reason(p),
        stem_reason(p),
        format!("日主{}は日支{}で{}", dm.name(), p.day.branch().name(), stage.name_ja()),
        format!("日主を助ける力（比劫・印）の割合は{score:.0}%で{verdict}"),
    ];
    Strength { score, verdict, reasons, favorable, unfavorable }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ganzhi::GanZhi;

    fn chart(y: &str, m: &str, d: &str, h: &str) -> Pillars {
        let g = |s: &str| GanZhi::parse(s).expect("valid pillar");
        Pillars { year: g(y), month: g(m), day: g(d), hour: g(h) }
    }

    #[test]
    fn a_wood_day_in_a_wood_and_water_chart_is_strong() {
        // 甲 born in 寅 month with 亥 and 子, stems 壬 and 甲: almost everything supports.
        let s = assess_strength(&chart("壬子", "壬寅", "甲寅", "甲子"));
        assert_eq!(s.verdict, "身強");
        assert!(s.score > 75.0, "{}", s.score); // 寅 also holds 丙 and 戊
        assert_eq!(s.reasons[0], "月令（月支寅）が比肩で日主と同じ五行、季節の力を得ている（得令）");
        // Favourable: output (fire 1.25), wealth (earth 0.75), officer (metal 0), the scarcest first.
        assert_eq!(s.favorable, vec![Element::Metal, Element::Earth, Element::Fire]);
        // Unfavourable: wood (4.5 with the day stem) before water (4.0).
        assert_eq!(s.unfavorable, vec![Element::Wood, Element::Water]);
    }

    #[test]
    fn a_wood_day_in_a_metal_autumn_without_roots_is_weak() {
        let s = assess_strength(&chart("庚申", "乙酉", "甲申", "庚午"));
        assert_eq!(s.verdict, "身弱");
        assert!(s.score < 20.0, "{}", s.score);
        assert!(s.reasons.iter().any(|r| r.contains("失令")), "{:?}", s.reasons);
        // Both supports are lacking: water (印) is absent except 申's 壬, wood only from 乙.
        assert!(s.favorable.contains(&Element::Water) && s.favorable.contains(&Element::Wood));
        assert_eq!(s.unfavorable[0], Element::Metal);
    }

    #[test]
    fn the_month_reason_names_the_resource() {
        // 丙 day in a 卯 month: 卯 (乙) generates fire with opposite polarity → 印綬.
        let s = assess_strength(&chart("甲子", "丁卯", "丙午", "甲午"));
        assert_eq!(s.reasons[0], "月令（月支卯）が印綬で日主を強く生じている（得令）");
        assert!(s.reasons[1].contains("日支午"));
    }

    #[test]
    fn scores_stay_between_0_and_100_and_lists_cover_distinct_elements() {
        for i in 0..60 {
            let p = chart("甲子", &GanZhi::new(i).name(), &GanZhi::new(i * 7 + 3).name(), &GanZhi::new(i * 11).name());
            let s = assess_strength(&p);
            assert!((0.0..=100.0).contains(&s.score));
            for f in &s.favorable {
                assert!(!s.unfavorable.contains(f));
            }
        }
    }
}
