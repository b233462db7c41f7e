//! Sentences the yearly and life reports share: how a period pillar meets the chart.

use std::cmp::Reverse;

use crate::facts::{Element, Natal, Relation, Transit};
use crate::ganzhi;
use crate::phrases::facts::{
    StageBand, element_text, is_stem_relation, life_stage, position_area, position_area_short, position_kanji,
    position_weight, relation_strength, relation_verb,
};
use crate::phrases::ten_gods::{TEXTS, TenGodText};

/// Support at or beyond ± this is a tailwind or a headwind.
pub(crate) const WIND: f64 = 0.3;

/// The texts of a transit's stem ten god.
#[must_use]
pub(crate) fn ten_god(t: &Transit) -> Option<&'static TenGodText> {
    ganzhi::ten_god_index(&t.stem_ten_god).map(|i| &TEXTS[i])
}

/// The relations worth telling, most important first; the hour pillar's only when the birth
/// time is known.
#[must_use]
pub(crate) fn relations<'a>(natal: &Natal, t: &'a Transit) -> Vec<&'a Relation> {
    let mut out: Vec<&Relation> =
        t.relations.iter().filter(|r| natal.time_known || r.natal_position != "hour").collect();
    out.sort_by_key(|r| {
        (Reverse(position_weight(&r.natal_position)), Reverse(!r.favorable), Reverse(relation_strength(&r.kind)))
    });
    out
}

/// The relation a short note should name: a clash with the day pillar before anything else.
#[must_use]
pub(crate) fn main_relation<'a>(natal: &Natal, t: &'a Transit) -> Option<&'a Relation> {
    relations(natal, t).into_iter().next()
}

/// What a report says rests on the assumed 12:00 (see [`crate::Report::hour_dependent`]): the
/// engine's names without `hour`, since the reports leave the hour pillar out when its time is
/// unknown.
#[must_use]
pub(crate) fn report_hour_dependent(natal: &Natal) -> Vec<String> {
    if natal.time_known {
        return vec![];
    }
    natal.hour_dependent.iter().filter(|n| *n != "hour").cloned().collect()
}

/// Whether a relation shakes the day pillar (the reader and the partner).
#[must_use]
pub(crate) fn clashes_day(r: &Relation) -> bool {
    r.natal_position == "day" && !r.favorable
}

/// `年支「午」があなたの日支「子」と冲になり、` — `subject` names the period (`年`, `月`, `大運の`).
#[must_use]
pub(crate) fn relation_clause(subject: &str, t: &Transit, r: &Relation) -> String {
    let stem = is_stem_relation(&r.kind);
    let gk = if stem { "干" } else { "支" };
    let own = if stem { &t.pillar.0 } else { &t.pillar.1 };
    format!(
        "{subject}{gk}「{own}」があなたの{}{gk}「{}」と{}、",
        position_kanji(&r.natal_position),
        r.natal,
        relation_verb(&r.kind, &r.name)
    )
}

/// A whole sentence about a relation: `…と冲になり、家族や昔からの縁に変化が起きやすい年です。`
#[must_use]
pub(crate) fn relation_sentence(subject: &str, t: &Transit, r: &Relation, unit: &str) -> String {
    let effect = if r.favorable { "に追い風が吹く" } else { "に変化が起きやすい" };
    format!("{}{}{effect}{unit}です。", relation_clause(subject, t, r), position_area(&r.natal_position))
}

/// A short note for a list line: `日支と冲になり、身近な関係に動きが出やすくなります。`
#[must_use]
pub(crate) fn relation_note(r: &Relation) -> String {
    let gk = if is_stem_relation(&r.kind) { "干" } else { "支" };
    let effect = if r.favorable { "に追い風が吹きます" } else { "に動きが出やすくなります" };
    format!(
        "{}{gk}と{}になり、{}{effect}。",
        position_kanji(&r.natal_position),
        r.name,
        position_area_short(&r.natal_position)
    )
}

/// The day's (or period's) elements that are among `list`, stem first, without repeats.
#[must_use]
pub(crate) fn elements_in(t: &Transit, list: &[Element]) -> Vec<Element> {
    let mut out = vec![];
    for e in [t.stem_element, t.branch_element] {
        if list.contains(&e) && !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

#[must_use]
pub(crate) fn join_elements(list: &[Element]) -> String {
    list.iter().map(|e| e.kanji()).collect::<Vec<_>>().join("と")
}

/// `五行の面では、…{unit}です。`
#[must_use]
pub(crate) fn support_sentence(natal: &Natal, t: &Transit, unit: &str) -> String {
    let fav = elements_in(t, &natal.favorable);
    let unfav = elements_in(t, &natal.unfavorable);
    if t.support >= WIND && !fav.is_empty() {
        format!("五行の面では、あなたの助けになる{}の気が巡り、追い風を感じやすい{unit}です。", join_elements(&fav))
    } else if t.support >= WIND {
        format!("五行の面では、あなたと相性のいい気が巡り、追い風を感じやすい{unit}です。")
    } else if t.support <= -WIND && !unfav.is_empty() {
        format!(
            "五行の面では、負担になりやすい{}の気が強まるため、頑張りすぎず自分のペースを守りたい{unit}です。",
            join_elements(&unfav)
        )
    } else if t.support <= -WIND {
        format!("五行の面では少し向かい風なので、頑張りすぎず自分のペースを守りたい{unit}です。")
    } else {
        format!("五行の面では偏りが少なく、落ち着いて過ごしやすい{unit}です。")
    }
}

/// `十二運では帝旺にあたり、エネルギーがいちばん高まる{unit}です。`
#[must_use]
pub(crate) fn stage_sentence(t: &Transit, unit: &str) -> Option<String> {
    let (meaning, _) = life_stage(&t.life_stage)?;
    Some(format!("十二運では{}にあたり、{meaning}{unit}です。", t.life_stage))
}

#[must_use]
pub(crate) fn stage_band(t: &Transit) -> Option<StageBand> {
    life_stage(&t.life_stage).map(|(_, band)| band)
}

/// Colours, direction and ways of spending time for a favourable element.
#[must_use]
pub(crate) fn element_hint(e: Element) -> String {
    let x = element_text(e);
    format!(
        "{}があなたを助けます。ラッキーカラーは{}、ラッキー方位は{}。{}といった過ごし方を取り入れると、運気が整います。",
        x.image, x.colors, x.direction, x.actions
    )
}

/// Paragraphs joined by a blank line.
#[must_use]
pub(crate) fn paragraphs(parts: Vec<String>) -> String {
    parts.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join("\n\n")
}
