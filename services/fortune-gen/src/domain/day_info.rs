//! Day-info: the day's almanac items and the caller's personal day marks, most notable first.
//!
//! **Personal marks** come from the day pillar's transit against the natal chart:
//! - [`PERSONAL_HARMONY`]: the day branch meets the natal day branch in 六合 or 三合;
//! - [`PERSONAL_SUPPORT`]: the day's support is at least [`STRONG_SUPPORT`] (its stem and branch
//!   are the chart's favourable elements);
//! - [`PERSONAL_CLASH`]: the day branch clashes (冲) with the natal day branch;
//! - [`PERSONAL_KONG_WANG`]: the day branch is one of the natal day pillar's 空亡.
//!
//! **Order.** The almanac items keep bazi-engine's order (holidays, 二十四節気, 雑節, then 暦注
//! from the most auspicious, then 六曜). The personal marks go right after the *major* items —
//! holidays, 節気, 雑節 and the great 吉日 天赦日, 一粒万倍日, 大明日, 甲子の日, 己巳の日 — and
//! before the everyday ones (寅の日, 巳の日, 天一天上, 不成就日, 三隣亡 and 六曜): a day that is
//! personally harmonious or clashing says more about the user's day than its 六曜, yet less than
//! a 天赦日 or a public holiday. Among themselves: harmony, support, clash, 空亡.

use fortune_reading::Transit;

pub const PERSONAL_HARMONY: &str = "personal_harmony";
pub const PERSONAL_SUPPORT: &str = "personal_support";
pub const PERSONAL_CLASH: &str = "personal_clash";
pub const PERSONAL_KONG_WANG: &str = "personal_kong_wang";

/// The support from which a day counts as a tailwind.
pub const STRONG_SUPPORT: f64 = 0.75;

/// The great 吉日 of the 暦注 (the rest of the 暦注 is everyday).
const MAJOR_REKICHU: [&str; 5] = ["tensha", "ichiryu_manbai", "daimyo", "kinoe_ne", "tsuchinoto_mi"];

/// One item of a day, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayItem {
    /// The badge id (`ichiryu_manbai`, `holiday`, `personal_clash`, …).
    pub id: String,
    pub name: String,
    pub description: String,
    /// The badge type: rokuyo | rekichu | holiday | sekki | zassetsu | personal.
    pub kind: String,
}

/// The personal mark ids of a day transit, in their display order.
#[must_use]
pub fn personal_marks(day: &Transit) -> Vec<&'static str> {
    let with_day_branch =
        |kinds: &[&str]| day.relations.iter().any(|r| r.natal_position == "day" && kinds.contains(&r.kind.as_str()));
    let mut marks = Vec::new();
    if with_day_branch(&["six_harmony", "three_harmony"]) {
        marks.push(PERSONAL_HARMONY);
    }
    if day.support >= STRONG_SUPPORT {
        marks.push(PERSONAL_SUPPORT);
    }
    if with_day_branch(&["clash"]) {
        marks.push(PERSONAL_CLASH);
    }
    if day.kong_wang {
        marks.push(PERSONAL_KONG_WANG);
    }
    marks
}

fn is_major(item: &DayItem) -> bool {
    matches!(item.kind.as_str(), "holiday" | "sekki" | "zassetsu") || MAJOR_REKICHU.contains(&item.id.as_str())
}

/// Puts the personal marks after the major almanac items (see the module doc). `almanac` must be
/// in the engine's order; both lists keep their own order.
#[must_use]
pub fn order_day_items(almanac: Vec<DayItem>, personal: Vec<DayItem>) -> Vec<DayItem> {
    let cut = almanac.iter().position(|i| !is_major(i)).unwrap_or(almanac.len());
    let mut out = Vec::with_capacity(almanac.len() + personal.len());
    let mut rest = almanac;
    let tail = rest.split_off(cut);
    out.extend(rest);
    out.extend(personal);
    out.extend(tail);
    out
}

#[cfg(test)]
mod tests {
    use fortune_reading::{Element, Relation};

    use super::*;

    fn item(id: &str, kind: &str) -> DayItem {
        DayItem { id: id.into(), name: id.into(), description: String::new(), kind: kind.into() }
    }

    fn transit(relations: &[(&str, &str)], support: f64, kong_wang: bool) -> Transit {
        Transit {
            pillar: ("甲".into(), "子".into()),
            stem_ten_god: "比肩".into(),
            branch_ten_god: "印綬".into(),
            life_stage: "沐浴".into(),
            stem_element: Element::Wood,
            branch_element: Element::Water,
            relations: relations
                .iter()
                .map(|(kind, position)| Relation {
                    kind: (*kind).into(),
                    name: String::new(),
                    natal_position: (*position).into(),
                    natal: "丑".into(),
                    favorable: true,
                })
                .collect(),
            kong_wang,
            nayin: "海中金".into(),
            support,
        }
    }

    #[test]
    fn marks_come_from_the_natal_day_branch_the_support_and_kong_wang() {
        assert_eq!(personal_marks(&transit(&[("six_harmony", "day")], 0.0, false)), [PERSONAL_HARMONY]);
        assert_eq!(personal_marks(&transit(&[("three_harmony", "day")], 0.0, false)), [PERSONAL_HARMONY]);
        // A harmony with another pillar is not personal to the day.
        assert!(personal_marks(&transit(&[("six_harmony", "year")], 0.0, false)).is_empty());
        assert_eq!(personal_marks(&transit(&[("clash", "day")], -1.0, false)), [PERSONAL_CLASH]);
        assert_eq!(personal_marks(&transit(&[], 0.75, true)), [PERSONAL_SUPPORT, PERSONAL_KONG_WANG]);
        assert!(personal_marks(&transit(&[("half_harmony", "day")], 0.5, false)).is_empty());
    }

    #[test]
    fn personal_marks_follow_the_major_items_and_precede_the_everyday_ones() {
        let almanac = vec![
            item("holiday", "holiday"),
            item("ichiryu_manbai", "rekichu"),
            item("tora", "rekichu"),
            item("taian", "rokuyo"),
        ];
        let ids: Vec<String> =
            order_day_items(almanac, vec![item(PERSONAL_CLASH, "personal")]).into_iter().map(|i| i.id).collect();
        assert_eq!(ids, ["holiday", "ichiryu_manbai", PERSONAL_CLASH, "tora", "taian"]);
    }

    #[test]
    fn without_major_items_personal_marks_come_first_and_without_marks_nothing_moves() {
        let ids = |v: Vec<DayItem>| v.into_iter().map(|i| i.id).collect::<Vec<_>>();
        let almanac = vec![item("mi", "rekichu"), item("butsumetsu", "rokuyo")];
        assert_eq!(
            ids(order_day_items(almanac.clone(), vec![item(PERSONAL_HARMONY, "personal")])),
            [PERSONAL_HARMONY, "mi", "butsumetsu"]
        );
        assert_eq!(ids(order_day_items(almanac, vec![])), ["mi", "butsumetsu"]);
        let all_major = vec![item("sekki", "sekki"), item("tensha", "rekichu")];
        assert_eq!(
            ids(order_day_items(all_major, vec![item(PERSONAL_SUPPORT, "personal")])),
            ["sekki", "tensha", PERSONAL_SUPPORT]
        );
    }
}
