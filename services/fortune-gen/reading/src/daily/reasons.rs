//! The reasons behind the reading: one per kind of fact used.

use super::{Ctx, Entry, Fact, MAX_REASONS, Wind};
use crate::Reason;
use crate::facts::{Element, Relation};
use crate::phrases::facts::{
    almanac_meaning, almanac_rank, is_stem_relation, position_area, position_kanji, relation_verb,
};

/// One reason per kind of fact used: the ten god first, then line two's fact, then the rest.
pub(super) fn reasons(ctx: &Ctx<'_>, used: &[Fact]) -> Vec<Reason> {
    let mut facts: Vec<Fact> = vec![];
    for &f in used {
        match (f, facts.iter_mut().find(|g| g.rank() == f.rank())) {
            (Fact::Almanac(m), Some(Fact::Almanac(n))) => *n |= m,
            (_, Some(_)) => {}
            (_, None) => facts.push(f),
        }
    }
    // `used` starts with line one's and line two's facts; keep those two in front.
    let split = 2.min(facts.len());
    let (front, rest) = facts.split_at_mut(split);
    front.sort_by_key(|f| f.rank());
    rest.sort_by_key(|f| f.rank());
    let mut out: Vec<Reason> = facts.iter().filter_map(|&f| reason(ctx, f)).take(MAX_REASONS).collect();
    if out.len() < 2 {
        for f in [Fact::Elements, Fact::Season] {
            if out.len() < 2 && !facts.iter().any(|g| g.rank() == f.rank()) {
                out.extend(reason(ctx, f));
            }
        }
    }
    // Beyond the cap: it explains what the reading left out, not what it says.
    out.extend(ctx.assumed_hour_relation.map(|rel| assumed_hour_reason(ctx, rel)));
    out
}

/// The label and the clause of a relation of the day pillar with a natal pillar:
/// (`関係: 日支との冲`, `今日の日支「午」があなたの日支「子」と冲になり、`).
fn relation_parts(ctx: &Ctx<'_>, rel: &Relation, natal_prefix: &str) -> (String, String) {
    let (stem, branch) = &ctx.day.day.pillar;
    let stem_rel = is_stem_relation(&rel.kind);
    let gk = if stem_rel { "干" } else { "支" };
    let own = if stem_rel { stem } else { branch };
    let pos = position_kanji(&rel.natal_position);
    (
        format!("関係: {pos}{gk}との{}", rel.name),
        format!(
            "今日の日{gk}「{own}」が{natal_prefix}あなたの{pos}{gk}「{}」と{}、",
            rel.natal,
            relation_verb(&rel.kind, &rel.name)
        ),
    )
}

/// A relation with the hour pillar assumed for an unknown birth time: shown for reference only.
fn assumed_hour_reason(ctx: &Ctx<'_>, rel: &Relation) -> Reason {
    let (label, clause) = relation_parts(ctx, rel, "、12:00として計算した");
    let tone = if rel.favorable { "に追い風が吹く" } else { "が揺れやすい" };
    Reason {
        kind: "relation".to_owned(),
        label,
        detail: format!(
            "{clause}{}{tone}配置ですが、出生時刻が分からないため今日の運勢にはこの関係を入れずに読んでいます。",
            position_area(&rel.natal_position)
        ),
        hour_dependent: true,
    }
}

/// Whether a reason of `fact` rests on the assumed 12:00 of an unknown birth time.
fn rests_on_hour(ctx: &Ctx<'_>, fact: Fact) -> bool {
    match fact {
        Fact::Relation => ctx.main_relation.is_some_and(|r| ctx.natal.pillar_depends_on_hour(&r.natal_position)),
        // The day's support and the elements it names follow the favourable elements.
        Fact::Elements => ctx.natal.balance_depends_on_hour(),
        // The day master, the day pillar, the almanac and the month's ten god do not depend on it.
        Fact::TenGod | Fact::KongWang | Fact::Almanac(_) | Fact::LifeStage | Fact::Season => false,
    }
}

pub(super) fn reason(ctx: &Ctx<'_>, fact: Fact) -> Option<Reason> {
    let day = &ctx.day.day;
    let (stem, branch) = &day.pillar;
    let dm = &ctx.natal.day_master;
    let hour_dependent = rests_on_hour(ctx, fact);
    let r = |kind: &str, label: String, detail: String| Reason { kind: kind.to_owned(), label, detail, hour_dependent };
    Some(match fact {
        Fact::TenGod => {
            let tg = ctx.ten_god?;
            r(
                "ten_god",
                format!("今日の干: {}", day.stem_ten_god),
                format!(
                    "今日の日干「{stem}」はあなたの日主「{dm}」から見て{}にあたり、{}日です。",
                    day.stem_ten_god, tg.day_meaning
                ),
            )
        }
        Fact::KongWang => {
            let (ds, db) = &ctx.natal.pillars[2];
            r(
                "kong_wang",
                "空亡".to_owned(),
                format!(
                    "今日の日支「{branch}」はあなたの日柱「{ds}{db}」の空亡（天中殺）にあたり、大きな決断や契約は見送りたい日です。"
                ),
            )
        }
        Fact::Relation => {
            let rel = ctx.main_relation?;
            let (label, clause) = relation_parts(ctx, rel, "");
            let tone = if rel.favorable { "に追い風が吹く" } else { "が揺れやすい" };
            r("relation", label, format!("{clause}{}{tone}日です。", position_area(&rel.natal_position)))
        }
        Fact::Almanac(mask) => {
            let mut entries: Vec<&Entry> =
                ctx.almanac.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, e)| e).collect();
            entries.sort_by_key(|e| almanac_rank(&e.id));
            let first = entries.first()?;
            let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
            let mixed = entries.iter().any(|e| e.id == "fujoju") && entries.iter().any(|e| e.id == "ichiryu_manbai");
            let detail = if mixed {
                format!("今日は{}が重なり、始めることは小さな準備にとどめたい日です。", names.join("と"))
            } else if names.len() > 1 {
                format!("今日は{}が重なり、{}", names.join("と"), almanac_meaning(&first.id))
            } else {
                format!("今日は{}で、{}", first.name, almanac_meaning(&first.id))
            };
            r("almanac", format!("暦: {}", names.join("・")), detail)
        }
        Fact::LifeStage => {
            let (meaning, _) = ctx.stage?;
            r(
                "life_stage",
                format!("十二運: {}", day.life_stage),
                format!(
                    "今日の日支「{branch}」はあなたの日主「{dm}」にとって{}にあたり、{meaning}日です。",
                    day.life_stage
                ),
            )
        }
        Fact::Elements => Reason { hour_dependent, ..elements_reason(ctx) },
        Fact::Season => {
            let month = &ctx.day.month;
            let (ms, mb) = &month.pillar;
            let tg = ctx.month_ten_god()?;
            r(
                "season",
                format!("季節: {mb}月（{}）", month.stem_ten_god),
                format!(
                    "{mb}月（{ms}{mb}）の今は、月干「{ms}」があなたから見て{}にあたり、{}がめぐる時期です。",
                    month.stem_ten_god, tg.star
                ),
            )
        }
    })
}

fn join_kanji(list: &[Element]) -> String {
    list.iter().map(|e| e.kanji()).collect::<Vec<_>>().join("と")
}

fn elements_reason(ctx: &Ctx<'_>) -> Reason {
    let day = &ctx.day.day;
    let (stem, branch) = &day.pillar;
    let (se, be) = (day.stem_element, day.branch_element);
    let combo = if se == be {
        format!("{}の気が重なる日", se.kanji())
    } else {
        format!("{}と{}の組み合わせ", se.kanji(), be.kanji())
    };
    let fav = ctx.day_elements_in(&ctx.natal.favorable);
    let unfav = ctx.day_elements_in(&ctx.natal.unfavorable);
    let (label, clause) = match ctx.wind {
        Wind::Tail if !fav.is_empty() => {
            ("追い風", format!("あなたの助けになる{}の気が巡る、追い風の日です。", join_kanji(&fav)))
        }
        Wind::Tail => ("追い風", "あなたと相性のいい五行が巡る、追い風の日です。".to_owned()),
        Wind::Head if !unfav.is_empty() => {
            ("向かい風", format!("あなたの負担になりやすい{}の気が強まる、少し向かい風の日です。", join_kanji(&unfav)))
        }
        Wind::Head => ("向かい風", "あなたには少し負担になりやすい五行が巡る、向かい風の日です。".to_owned()),
        Wind::Calm if !fav.is_empty() && !unfav.is_empty() => (
            "おだやか",
            format!(
                "助けになる{}と負担になりやすい{}がほどよく混ざる、穏やかな日です。",
                join_kanji(&fav),
                join_kanji(&unfav)
            ),
        ),
        Wind::Calm => ("おだやか", "あなたにとって偏りの少ない、穏やかな日です。".to_owned()),
    };
    Reason {
        kind: "elements".to_owned(),
        label: format!("五行: {label}"),
        detail: format!("今日の干支「{stem}{branch}」は{combo}で、{clause}"),
        hour_dependent: false,
    }
}
