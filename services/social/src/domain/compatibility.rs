//! A pair's compatibility as social stores it: each side's reading of the other, computed from the
//! reader's own chart and only the friend's [`FriendFace`] (day master and favourable element).
//! The charts and birth data themselves are never kept.
//!
//! Why only the face: the engine's own compatibility names the friend's year, month, day and hour
//! pillars, from which a friend could work out the birth date and time. Every factor here is a
//! symmetric function of the two faces (so the pair has one score), and every text names no more of
//! the friend than their face; the reader's own chart (their element weights and favourable
//! elements) only words what the reader brings and receives.
//!
//! | key           | weight | what it looks at                                              |
//! |---------------|--------|---------------------------------------------------------------|
//! | `dayMaster`   | 0.5    | the two day masters: 干合, 相生, 比和 or 相剋                  |
//! | `elements`    | 0.3    | how each day master's element serves the other's 喜神         |
//! | `keyElements` | 0.2    | the two 喜神: the same, 相生 or 相剋                           |

use meguri_ganzhi::{Element, FriendFace, Stem, stems_combine};
use serde::{Deserialize, Serialize};

/// Where a friendship's compatibility stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompatibilityStatus {
    /// Being computed (or waiting for a retry).
    Pending,
    Ready,
    /// One of the two has no birth date (or is gone).
    Unavailable,
    /// The engine refused the births; tried again on the next birth-data change.
    Failed,
}

impl CompatibilityStatus {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Ready => "ready",
            Self::Unavailable => "unavailable",
            Self::Failed => "failed",
        }
    }

    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "pending" => Some(Self::Pending),
            "ready" => Some(Self::Ready),
            "unavailable" => Some(Self::Unavailable),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}

/// One part of the analysis, in Japanese (for one point of view).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Factor {
    pub key: String,
    pub label: String,
    pub score: f64,
    pub detail: String,
}

/// The analysis as one of the two reads it ("あなた" is the reader).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub factors: Vec<Factor>,
    /// What the reader brings the friend.
    pub you_bring: String,
    /// What the friend brings the reader.
    pub friend_brings: String,
}

/// What is stored for a ready compatibility: `low` is the view of the pair's lower user id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    pub summary: String,
    pub low: View,
    pub high: View,
}

/// A chart as its owner's side of a compatibility reads it: the face the friend may know, and
/// the owner's own five-element weights and favourable elements (never shown to the friend).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnChart {
    pub face: FriendFace,
    pub elements: Elements,
    /// Most helpful first; the first is `face.favorable`.
    pub favorable: Vec<Element>,
}

/// One side's reading of a friend: the pair's score and summary (the same from both sides) and the
/// reader's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// 0..=100.
    pub score: i32,
    pub summary: String,
    pub view: View,
}

impl Reading {
    /// What `me` reads about a friend whose face is `friend`: everything a friend's compatibility
    /// shows is this function of the reader's own chart and the friend's face.
    #[must_use]
    pub fn of(me: &OwnChart, friend: FriendFace) -> Self {
        let factors = factors(me.face, friend);
        let score = score_of(&factors);
        Self {
            score,
            summary: summary(score, &factors),
            view: View { factors, you_bring: you_bring(me, friend), friend_brings: friend_brings(me, friend) },
        }
    }
}

impl Analysis {
    /// The pair's score and stored analysis: each side's [`Reading`] of the other's face.
    #[must_use]
    pub fn between(low: &OwnChart, high: &OwnChart) -> (i32, Self) {
        let (l, h) = (Reading::of(low, high.face), Reading::of(high, low.face));
        (l.score, Self { summary: l.summary, low: l.view, high: h.view })
    }
}

/// What an element gives a person, in a few words.
#[must_use]
pub const fn gift(element: Element) -> &'static str {
    match element {
        Element::Wood => "伸びていく力と挑戦心",
        Element::Fire => "情熱と明るさ",
        Element::Earth => "安定感と包容力",
        Element::Metal => "決断力とけじめ",
        Element::Water => "知恵としなやかさ",
    }
}

/// A chart's five-element weights (any non-negative scale).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Elements {
    pub wood: f64,
    pub fire: f64,
    pub earth: f64,
    pub metal: f64,
    pub water: f64,
}

impl Elements {
    const fn get(&self, element: Element) -> f64 {
        match element {
            Element::Wood => self.wood,
            Element::Fire => self.fire,
            Element::Earth => self.earth,
            Element::Metal => self.metal,
            Element::Water => self.water,
        }
    }

    /// An element's share of the total (zero when there is nothing).
    #[must_use]
    pub fn share(&self, element: Element) -> f64 {
        let total: f64 = Element::ALL.iter().map(|e| self.get(*e).max(0.0)).sum();
        if total > 0.0 { self.get(element).max(0.0) / total } else { 0.0 }
    }
}

/// A share at or above this is "strong" (an even spread is 0.2 each).
const STRONG: f64 = 0.2;

pub const WEIGHT_DAY_MASTER: f64 = 0.5;
pub const WEIGHT_ELEMENTS: f64 = 0.3;
pub const WEIGHT_KEY_ELEMENTS: f64 = 0.2;

fn stem_label(s: Stem) -> String {
    format!("{}（{}）", s.name(), s.element().kanji())
}

/// The day masters: 干合 95, 相生 80, 比和 65, 相剋 40 (30 with the same polarity).
fn day_master_factor(me: Stem, friend: Stem) -> Factor {
    let (a, b) = (me.element(), friend.element());
    let (score, detail) = if stems_combine(me, friend) {
        (
            95.0,
            format!(
                "あなたの日主{}とお相手の日主{}は干合。強く惹かれ合い、結びつきの深い組み合わせです",
                stem_label(me),
                stem_label(friend)
            ),
        )
    } else if a.generates() == b {
        (
            80.0,
            format!(
                "あなたの日主{}がお相手の日主{}を生じる相生の関係。あなたが自然に支え、育てる側になりやすい組み合わせです",
                stem_label(me),
                stem_label(friend)
            ),
        )
    } else if b.generates() == a {
        (
            80.0,
            format!(
                "お相手の日主{}があなたの日主{}を生じる相生の関係。お相手から自然に支えられやすい組み合わせです",
                stem_label(friend),
                stem_label(me)
            ),
        )
    } else if a == b {
        (
            65.0,
            format!(
                "あなたの日主{}とお相手の日主{}は同じ{}どうしの比和。価値観が近く対等ですが、譲り合いも大切です",
                stem_label(me),
                stem_label(friend),
                a.kanji()
            ),
        )
    } else {
        let same = me.polarity() == friend.polarity();
        let (who, whom, x, y) = if a.controls() == b {
            ("あなた", "お相手", me, friend)
        } else {
            ("お相手", "あなた", friend, me)
        };
        (
            if same { 30.0 } else { 40.0 },
            format!(
                "{who}の日主{}が{whom}の日主{}を剋する相剋の関係。刺激し合える一方、主導権の取り合いに注意が必要です",
                stem_label(x),
                stem_label(y)
            ),
        )
    };
    Factor { key: "dayMaster".to_owned(), label: "日主どうしの関係".to_owned(), score, detail }
}

/// How an element `giver` serves a favourable element `needs`: the same 100, generating it 75,
/// generated by it or controlled by it 50, controlling it 25.
fn supply(needs: Element, giver: Element) -> f64 {
    if giver == needs {
        100.0
    } else if giver.generates() == needs {
        75.0
    } else if giver.controls() == needs {
        25.0
    } else {
        50.0
    }
}

/// The words for [`supply`]: what `giver` does to `needs`.
fn supply_words(needs: Element, giver: Element) -> &'static str {
    if giver == needs {
        "そのもの"
    } else if giver.generates() == needs {
        "を生み出す気"
    } else if giver.controls() == needs {
        "を抑えてしまう気"
    } else {
        "とは穏やかな間柄の気"
    }
}

fn elements_factor(me: FriendFace, friend: FriendFace) -> Factor {
    let (mine, theirs) = (me.day_master.element(), friend.day_master.element());
    let score = (supply(me.favorable, theirs) + supply(friend.favorable, mine)) / 2.0;
    let detail = format!(
        "お相手の日主の「{}」は、あなたの喜神「{}」{}。あなたの日主の「{}」は、お相手の喜神「{}」{}",
        theirs.kanji(),
        me.favorable.kanji(),
        supply_words(me.favorable, theirs),
        mine.kanji(),
        friend.favorable.kanji(),
        supply_words(friend.favorable, mine),
    );
    Factor { key: "elements".to_owned(), label: "五行の補い合い".to_owned(), score, detail }
}

/// The two 喜神: the same 80, 相生 either way 70, 相剋 either way 40.
fn key_elements_factor(me: FriendFace, friend: FriendFace) -> Factor {
    let (a, b) = (me.favorable, friend.favorable);
    let (score, detail) = if a == b {
        (
            80.0,
            format!(
                "二人の喜神はどちらも「{}」。同じものに元気づけられ、楽しみを分かち合える組み合わせです",
                a.kanji()
            ),
        )
    } else if a.generates() == b || b.generates() == a {
        (
            70.0,
            format!(
                "あなたの喜神「{}」とお相手の喜神「{}」は相生の関係。求めるものが自然につながります",
                a.kanji(),
                b.kanji()
            ),
        )
    } else {
        (
            40.0,
            format!(
                "あなたの喜神「{}」とお相手の喜神「{}」は相剋の関係。元気の出るものが違うので、お互いの好みを尊重して",
                a.kanji(),
                b.kanji()
            ),
        )
    };
    Factor { key: "keyElements".to_owned(), label: "喜神どうしの関係".to_owned(), score, detail }
}

/// The three factors, worded from `me`'s side; each score is the same from either side.
fn factors(me: FriendFace, friend: FriendFace) -> Vec<Factor> {
    vec![
        day_master_factor(me.day_master, friend.day_master),
        elements_factor(me, friend),
        key_elements_factor(me, friend),
    ]
}

fn weight(key: &str) -> f64 {
    match key {
        "dayMaster" => WEIGHT_DAY_MASTER,
        "elements" => WEIGHT_ELEMENTS,
        _ => WEIGHT_KEY_ELEMENTS,
    }
}

/// 0..=100: the weighted sum of the factors, rounded.
fn score_of(factors: &[Factor]) -> i32 {
    let total: f64 = factors.iter().map(|f| weight(&f.key) * f.score).sum();
    // The factors are 0..=100 and the weights sum to 1.
    #[allow(clippy::cast_possible_truncation)]
    let score = total.round().clamp(0.0, 100.0) as i32;
    score
}

/// The one-line summary: the score, its word, the best factor (60 and over) and the weakest (under
/// 45). The same from both sides.
fn summary(score: i32, factors: &[Factor]) -> String {
    let head = match score {
        80.. => "とても良い相性です",
        65..=79 => "良い相性です",
        50..=64 => "まずまずの相性です",
        35..=49 => "お互いの工夫で育てていく相性です",
        _ => "課題の多い相性ですが、違いを理解し合うことが鍵です",
    };
    let mut s = format!("{score}点：{head}。");
    let best = factors.iter().reduce(|b, f| if f.score > b.score { f } else { b });
    let worst = factors.iter().reduce(|w, f| if f.score < w.score { f } else { w });
    if let Some(best) = best.filter(|b| b.score >= 60.0) {
        s.push_str(&format!("特に「{}」が良好です。", best.label));
    }
    if let Some(worst) = worst.filter(|w| w.score < 45.0 && best.is_none_or(|b| b.key != w.key)) {
        s.push_str(&format!("「{}」には気配りが必要です。", worst.label));
    }
    s
}

/// What the reader brings the friend: whether the reader's chart is strong in the friend's 喜神.
fn you_bring(me: &OwnChart, friend: FriendFace) -> String {
    let e = friend.favorable;
    if me.elements.share(e) >= STRONG {
        format!(
            "あなたは「{}」（{}）の気を多く持ち、お相手の喜神であるその力を分けてあげられます。",
            e.kanji(),
            gift(e)
        )
    } else {
        format!(
            "お相手の喜神は「{}」（{}）。あなたの命式には多くない気なので、その気に触れる時間を一緒に楽しむと力になれます。",
            e.kanji(),
            gift(e)
        )
    }
}

/// What the friend brings the reader: whether the friend's day master is the reader's 喜神 or
/// another favourable element.
fn friend_brings(me: &OwnChart, friend: FriendFace) -> String {
    let e = friend.day_master.element();
    if e == me.face.favorable {
        format!(
            "お相手の日主は「{}」（{}）の気で、あなたの喜神そのもの。そばにいるだけで力を分けてくれます。",
            e.kanji(),
            gift(e)
        )
    } else if me.favorable.contains(&e) {
        format!("お相手の日主は「{}」（{}）の気で、あなたを助ける五行。頼ると力を分けてくれます。", e.kanji(), gift(e))
    } else {
        format!(
            "お相手の日主は「{}」（{}）の気。あなたとは違う持ち味から学び合える組み合わせです。",
            e.kanji(),
            gift(e)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stem(s: &str) -> Stem {
        Stem::parse(s).expect("a stem")
    }

    fn face(dm: &str, favorable: Element) -> FriendFace {
        FriendFace { day_master: stem(dm), favorable }
    }

    fn own(dm: &str, favorable: &[Element], values: [f64; 5]) -> OwnChart {
        OwnChart {
            face: FriendFace::of(stem(dm), favorable).expect("a face"),
            elements: Elements {
                wood: values[0],
                fire: values[1],
                earth: values[2],
                metal: values[3],
                water: values[4],
            },
            favorable: favorable.to_vec(),
        }
    }

    #[test]
    fn the_status_names_round_trip() {
        for s in [
            CompatibilityStatus::Pending,
            CompatibilityStatus::Ready,
            CompatibilityStatus::Unavailable,
            CompatibilityStatus::Failed,
        ] {
            assert_eq!(CompatibilityStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(CompatibilityStatus::parse("done"), None);
    }

    #[test]
    fn the_weights_sum_to_one() {
        assert!((WEIGHT_DAY_MASTER + WEIGHT_ELEMENTS + WEIGHT_KEY_ELEMENTS - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_day_masters_meet_by_combination_generation_equality_or_control() {
        assert_eq!(day_master_factor(stem("甲"), stem("己")).score, 95.0);
        let generates = day_master_factor(stem("甲"), stem("丙"));
        assert_eq!(generates.score, 80.0);
        assert!(
            generates.detail.starts_with("あなたの日主甲（木）がお相手の日主丙（火）を生じる"),
            "{}",
            generates.detail
        );
        assert!(
            day_master_factor(stem("丙"), stem("甲"))
                .detail
                .starts_with("お相手の日主甲（木）があなたの日主丙（火）を生じる")
        );
        assert_eq!(day_master_factor(stem("甲"), stem("乙")).score, 65.0);
        assert_eq!(day_master_factor(stem("甲"), stem("庚")).score, 30.0);
        assert_eq!(day_master_factor(stem("甲"), stem("辛")).score, 40.0);
    }

    #[test]
    fn every_factor_scores_the_same_from_either_side_and_names_only_the_faces() {
        for a in FriendFace::all() {
            for b in FriendFace::all() {
                let (ab, ba) = (factors(a, b), factors(b, a));
                assert_eq!(
                    ab.iter().map(|f| f.score.to_bits()).collect::<Vec<_>>(),
                    ba.iter().map(|f| f.score.to_bits()).collect::<Vec<_>>()
                );
                assert_eq!(summary(score_of(&ab), &ab), summary(score_of(&ba), &ba));
                assert!((0..=100).contains(&score_of(&ab)));
                for f in &ab {
                    // No branch and no stem other than the two day masters is ever named.
                    let named_stems: Vec<Stem> = Stem::all().filter(|s| f.detail.contains(s.name())).collect();
                    assert!(named_stems.iter().all(|s| *s == a.day_master || *s == b.day_master), "{}", f.detail);
                    assert!(meguri_ganzhi::Branch::all().all(|x| !f.detail.contains(x.name())), "{}", f.detail);
                }
            }
        }
    }

    #[test]
    fn the_elements_factor_rewards_a_day_master_that_is_the_others_favourable_element() {
        // 丙 (fire) is the friend's day master and the reader's 喜神; the reader's 壬 (water)
        // controls the friend's 喜神 fire.
        let f = elements_factor(face("壬", Element::Fire), face("丙", Element::Fire));
        assert_eq!(f.score, (100.0 + 25.0) / 2.0);
        assert_eq!(
            f.detail,
            "お相手の日主の「火」は、あなたの喜神「火」そのもの。あなたの日主の「水」は、お相手の喜神「火」を抑えてしまう気"
        );
    }

    #[test]
    fn the_key_elements_compare_the_two_favourable_elements() {
        assert_eq!(key_elements_factor(face("甲", Element::Water), face("丙", Element::Water)).score, 80.0);
        assert_eq!(key_elements_factor(face("甲", Element::Water), face("丙", Element::Wood)).score, 70.0);
        assert_eq!(key_elements_factor(face("甲", Element::Water), face("丙", Element::Fire)).score, 40.0);
    }

    #[test]
    fn what_each_brings_reads_the_readers_own_chart_against_the_friends_face() {
        let fiery = own("丙", &[Element::Water, Element::Metal], [1.0, 4.0, 1.0, 1.0, 3.0]);
        let watery = own("壬", &[Element::Fire, Element::Wood], [3.0, 0.0, 1.0, 1.0, 5.0]);
        let (score, analysis) = Analysis::between(&fiery, &watery);
        let from_watery = Reading::of(&watery, fiery.face);
        assert_eq!(from_watery.score, score);
        assert_eq!(from_watery.view, analysis.high);
        // fiery holds much fire, watery's 喜神; watery's day master is fiery's 喜神.
        assert_eq!(
            analysis.low.you_bring,
            "あなたは「火」（情熱と明るさ）の気を多く持ち、お相手の喜神であるその力を分けてあげられます。"
        );
        assert!(analysis.low.friend_brings.contains("あなたの喜神そのもの"), "{}", analysis.low.friend_brings);
        assert!(analysis.high.you_bring.starts_with("あなたは「水」"), "{}", analysis.high.you_bring);
        assert!(analysis.high.friend_brings.contains("あなたの喜神そのもの"), "{}", analysis.high.friend_brings);
        let other = own("甲", &[Element::Metal], [4.0, 3.0, 1.0, 0.0, 1.0]);
        let r = Reading::of(&other, fiery.face);
        assert!(r.view.you_bring.starts_with("お相手の喜神は「水」"), "{}", r.view.you_bring);
        assert!(r.view.friend_brings.contains("違う持ち味"), "{}", r.view.friend_brings);
    }

    #[test]
    fn the_analysis_keeps_its_json_shape() {
        let view = View {
            factors: vec![Factor { key: "dayMaster".into(), label: "日主".into(), score: 80.0, detail: "d".into() }],
            you_bring: "y".into(),
            friend_brings: "f".into(),
        };
        let analysis = Analysis { summary: "s".into(), low: view.clone(), high: view };
        let json = serde_json::to_value(&analysis).expect("json");
        assert_eq!(json["low"]["youBring"], "y");
        assert_eq!(json["high"]["factors"][0]["key"], "dayMaster");
        assert_eq!(serde_json::from_value::<Analysis>(json).expect("back"), analysis);
    }
}
