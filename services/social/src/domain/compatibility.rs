//! A pair's compatibility as social stores it: the engine's score, summary and factors for each of
//! the two points of view, and what each brings the other, from the two charts' five elements. The
//! charts and birth data themselves are never kept.

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

/// One part of the analysis, in Japanese (the engine's, for one point of view).
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

impl Analysis {
    /// The stored analysis of a pair from the engine's two readings (`low_factors` read by the
    /// lower id, `high_factors` by the higher) and the two charts' five elements.
    #[must_use]
    pub fn build(
        summary: String,
        low_factors: Vec<Factor>,
        high_factors: Vec<Factor>,
        low: &Elements,
        high: &Elements,
    ) -> Self {
        let low_brings = brought_elements(low, high);
        let high_brings = brought_elements(high, low);
        Self {
            summary,
            low: View {
                factors: low_factors,
                you_bring: brings_text(&low_brings, true),
                friend_brings: brings_text(&high_brings, false),
            },
            high: View {
                factors: high_factors,
                you_bring: brings_text(&high_brings, true),
                friend_brings: brings_text(&low_brings, false),
            },
        }
    }
}

/// The five elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Element {
    Wood,
    Fire,
    Earth,
    Metal,
    Water,
}

impl Element {
    pub const ALL: [Self; 5] = [Self::Wood, Self::Fire, Self::Earth, Self::Metal, Self::Water];

    #[must_use]
    pub const fn kanji(self) -> &'static str {
        match self {
            Self::Wood => "木",
            Self::Fire => "火",
            Self::Earth => "土",
            Self::Metal => "金",
            Self::Water => "水",
        }
    }

    /// What the element gives a person, in a few words.
    #[must_use]
    pub const fn gift(self) -> &'static str {
        match self {
            Self::Wood => "伸びていく力と挑戦心",
            Self::Fire => "情熱と明るさ",
            Self::Earth => "安定感と包容力",
            Self::Metal => "決断力とけじめ",
            Self::Water => "知恵としなやかさ",
        }
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
    fn get(&self, element: Element) -> f64 {
        match element {
            Element::Wood => self.wood,
            Element::Fire => self.fire,
            Element::Earth => self.earth,
            Element::Metal => self.metal,
            Element::Water => self.water,
        }
    }

    /// Each element's share of the total (all zero when there is nothing).
    fn share(&self, element: Element) -> f64 {
        let total: f64 = Element::ALL.iter().map(|e| self.get(*e).max(0.0)).sum();
        if total > 0.0 { self.get(element).max(0.0) / total } else { 0.0 }
    }
}

/// A share at or above this is "strong" (an even spread is 0.2 each).
const STRONG: f64 = 0.2;
/// A share at or below this is "lacking".
const LACKING: f64 = 0.12;
/// The giver's share must exceed the receiver's by at least this much.
const MARGIN: f64 = 0.1;

/// The elements `giver` is strong in and `receiver` lacks, the widest gap first (ties in the
/// order 木火土金水), at most two.
#[must_use]
pub fn brought_elements(giver: &Elements, receiver: &Elements) -> Vec<Element> {
    let mut found: Vec<(Element, f64)> = Element::ALL
        .iter()
        .filter_map(|&e| {
            let (g, r) = (giver.share(e), receiver.share(e));
            (g >= STRONG && r <= LACKING && g - r >= MARGIN).then_some((e, g - r))
        })
        .collect();
    found.sort_by(|a, b| b.1.total_cmp(&a.1));
    found.into_iter().take(2).map(|(e, _)| e).collect()
}

/// The Japanese sentence for what one side brings the other: `giver_is_reader` says whether the
/// giver is the reader (あなた) or the friend (お相手).
#[must_use]
pub fn brings_text(elements: &[Element], giver_is_reader: bool) -> String {
    let (giver, receiver) = if giver_is_reader { ("あなた", "お相手") } else { ("お相手", "あなた") };
    if elements.is_empty() {
        return format!(
            "{giver}と{receiver}の五行の偏りは近く、足りないものを補い合うより、同じ感覚で支え合える組み合わせです。"
        );
    }
    let list: Vec<String> = elements.iter().map(|e| format!("「{}」（{}）", e.kanji(), e.gift())).collect();
    let verb = if giver_is_reader { "分けてあげられます" } else { "分けてくれます" };
    format!("{giver}は{}の気を多く持ち、{receiver}に少ないその力を{verb}。", list.join("と"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elements(values: [f64; 5]) -> Elements {
        Elements { wood: values[0], fire: values[1], earth: values[2], metal: values[3], water: values[4] }
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
    fn a_giver_brings_what_it_is_strong_in_and_the_other_lacks() {
        let fiery = elements([1.0, 4.0, 1.0, 1.0, 3.0]);
        let watery = elements([3.0, 0.0, 1.0, 1.0, 5.0]);
        assert_eq!(brought_elements(&fiery, &watery), vec![Element::Fire]);
        assert_eq!(brought_elements(&watery, &fiery), vec![Element::Wood]);
    }

    #[test]
    fn at_most_two_the_widest_gap_first_and_none_between_equals() {
        let giver = elements([3.0, 4.0, 3.0, 0.0, 0.0]);
        let receiver = elements([0.0, 0.0, 1.0, 5.0, 4.0]);
        assert_eq!(brought_elements(&giver, &receiver), vec![Element::Fire, Element::Wood]);
        let same = elements([2.0, 2.0, 2.0, 2.0, 2.0]);
        assert!(brought_elements(&same, &same).is_empty());
        assert!(brought_elements(&Elements::default(), &same).is_empty());
    }

    #[test]
    fn the_text_names_the_elements_from_the_readers_side() {
        let you = brings_text(&[Element::Fire, Element::Water], true);
        assert_eq!(
            you,
            "あなたは「火」（情熱と明るさ）と「水」（知恵としなやかさ）の気を多く持ち、お相手に少ないその力を分けてあげられます。"
        );
        let friend = brings_text(&[Element::Wood], false);
        assert!(friend.starts_with("お相手は「木」"), "{friend}");
        assert!(friend.ends_with("あなたに少ないその力を分けてくれます。"), "{friend}");
        assert!(brings_text(&[], true).contains("同じ感覚で支え合える"));
    }

    #[test]
    fn each_side_reads_what_it_brings_and_what_the_friend_brings() {
        let fiery = elements([1.0, 4.0, 1.0, 1.0, 3.0]);
        let watery = elements([3.0, 0.0, 1.0, 1.0, 5.0]);
        let analysis = Analysis::build("s".into(), vec![], vec![], &fiery, &watery);
        assert!(analysis.low.you_bring.starts_with("あなたは「火」"), "{}", analysis.low.you_bring);
        assert!(analysis.low.friend_brings.starts_with("お相手は「木」"), "{}", analysis.low.friend_brings);
        assert!(analysis.high.you_bring.starts_with("あなたは「木」"), "{}", analysis.high.you_bring);
        assert!(analysis.high.friend_brings.starts_with("お相手は「火」"), "{}", analysis.high.friend_brings);
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
