//! The two lines: the families of line one (the ten god) and of line two (the most pressing
//! other fact), and the dated last resort.

use super::{Ctx, Fact, Wind, band_index, position_index};
use chrono::Datelike;

use crate::History;
use crate::compose::{Family, Line, Piece};
use crate::phrases::Bank;
use crate::phrases::daily as bank;
use crate::phrases::facts::{SEASON_PHRASES, StageBand, element_text, season_of_branch};
use crate::phrases::ten_gods::GENERIC_TAILS;

pub(super) fn line_one_families(ctx: &Ctx<'_>) -> Vec<Family<Fact>> {
    match ctx.ten_god {
        Some(tg) => vec![
            Family::from_banks(Fact::TenGod, &[tg.heads, tg.topics], &[tg.tails]),
            Family::from_banks(Fact::TenGod, &[tg.topics], &[GENERIC_TAILS]),
        ],
        None => vec![Family::from_banks(Fact::Elements, &[bank::CALM_HEADS], &[GENERIC_TAILS])],
    }
}

/// The families of line two, most pressing first, then the ones every day has.
pub(super) fn line_two_families(ctx: &Ctx<'_>) -> Vec<Family<Fact>> {
    let mut out = vec![];
    let relation = ctx.main_relation.map(|r| {
        let heads = if r.favorable { bank::HARMONY_HEADS } else { bank::CAUTION_HEADS };
        let tails = if r.favorable { bank::HARMONY_TAILS } else { bank::CAUTION_TAILS };
        (
            r.natal_position == "day",
            r.favorable,
            Family::from_banks(Fact::Relation, &[heads[position_index(&r.natal_position)]], &[tails]),
        )
    });
    let relation_if = |day: bool, favorable: bool| {
        relation.as_ref().filter(|(d, f, _)| *d == day && *f == favorable).map(|(_, _, fam)| fam.clone())
    };

    if ctx.day.day.kong_wang {
        out.push(Family::from_banks(Fact::KongWang, &[bank::KONG_WANG_HEADS], &[bank::KONG_WANG_TAILS]));
    }
    if ctx.has("fujoju").is_some() {
        let mixed = ctx.has("ichiryu_manbai").is_some();
        let heads: &[_] = if mixed { &[bank::MIXED_HEADS, bank::FUJOJU_HEADS] } else { &[bank::FUJOJU_HEADS] };
        out.push(Family::from_banks(
            Fact::Almanac(ctx.mask(&["fujoju", "ichiryu_manbai"])),
            heads,
            &[bank::FUJOJU_TAILS],
        ));
    }
    out.extend(relation_if(true, false));
    if !ctx.blocked && (ctx.has("tensha").is_some() || ctx.has("ichiryu_manbai").is_some()) {
        let mut heads = vec![];
        if ctx.has("tensha").is_some() {
            heads.push(bank::TENSHA_HEADS);
        }
        if ctx.has("ichiryu_manbai").is_some() {
            heads.push(bank::ICHIRYU_HEADS);
        }
        heads.push(bank::START_HEADS);
        out.push(Family::from_banks(
            Fact::Almanac(ctx.mask(&["tensha", "ichiryu_manbai"])),
            &heads,
            &[bank::START_TAILS],
        ));
    }
    out.extend(relation_if(true, true));
    out.extend(relation_if(false, false));
    out.extend(relation_if(false, true));
    if !ctx.blocked {
        out.extend(named_family(ctx, bank::MONEY_HEADS, Some(bank::MONEY_GENERIC_HEADS), bank::MONEY_TAILS));
        out.extend(named_family(ctx, bank::LUCKY_HEADS, Some(bank::START_HEADS), bank::START_TAILS));
    }
    if let Some(i) = ctx.has("tenichi_tenjo") {
        out.push(Family::from_banks(Fact::Almanac(1 << i), &[bank::TENICHI_HEADS], &[bank::OUTING_TAILS]));
    }
    out.extend(seasonal_families(ctx));
    if let Some(i) = ctx.has("butsumetsu") {
        out.push(Family::from_banks(Fact::Almanac(1 << i), &[bank::BUTSUMETSU_HEADS], &[bank::BUTSUMETSU_TAILS]));
    }
    for (id, heads, tails) in bank::TIMING {
        if let Some(i) = ctx.has(id) {
            out.push(Family::from_banks(Fact::Almanac(1 << i), &[heads], &[tails]));
        }
    }
    let stage = ctx.stage.map(|(_, band)| {
        let b = band_index(band);
        (band, Family::from_banks(Fact::LifeStage, &[bank::STAGE_HEADS[b]], &[bank::STAGE_TAILS[b]]))
    });
    if let Some((StageBand::Peak | StageBand::Quiet, fam)) = &stage {
        out.push(fam.clone());
    }
    out.extend(wind_families(ctx));
    out.extend(season_families(ctx));
    if let Some((StageBand::Rising | StageBand::Shifting, fam)) = stage {
        out.push(fam);
    }
    out.push(Family::from_banks(Fact::Elements, &[bank::CALM_HEADS], &[GENERIC_TAILS]));
    out
}

/// One family for the almanac items of `groups` that the day has, with their own heads.
fn named_family(ctx: &Ctx<'_>, groups: &[(&str, Bank)], generic: Option<Bank>, tails: Bank) -> Option<Family<Fact>> {
    let present: Vec<_> = groups.iter().filter(|(id, _)| ctx.has(id).is_some()).collect();
    if present.is_empty() {
        return None;
    }
    let ids: Vec<&str> = present.iter().map(|(id, _)| *id).collect();
    let mut heads: Vec<Bank> = present.iter().map(|(_, b)| *b).collect();
    heads.extend(generic);
    Some(Family::from_banks(Fact::Almanac(ctx.mask(&ids)), &heads, &[tails]))
}

/// 祝日, 節気 and 雑節, named in their heads.
fn seasonal_families(ctx: &Ctx<'_>) -> Vec<Family<Fact>> {
    let mut holiday = (0u32, vec![]);
    let mut seasonal = (0u32, vec![]);
    for (i, e) in ctx.almanac.iter().enumerate() {
        let name = &e.name;
        match e.id.as_str() {
            "holiday" => {
                holiday.0 |= 1 << i;
                holiday.1.push(Piece::new(format!("{name}の今日は、"), name.clone()));
            }
            "sekki" => {
                seasonal.0 |= 1 << i;
                seasonal.1.push(Piece::new(format!("{name}の今日は、"), name.clone()));
                seasonal.1.push(Piece::new(format!("二十四節気の{name}を迎えた今日は、"), name.clone()));
            }
            "setsubun" | "higan_iri" | "higan_chunichi" | "higan_ake" | "doyo_iri" | "doyo_ake" | "doyo_ushi"
            | "hachijuhachiya" | "nyubai" | "hangesho" | "nihyakutoka" | "nihyakuhatsuka" | "shanichi" => {
                seasonal.0 |= 1 << i;
                seasonal.1.push(Piece::new(format!("{name}の今日は、"), name.clone()));
            }
            _ => {}
        }
    }
    let mut out = vec![];
    if holiday.0 != 0 {
        holiday.1.extend(Piece::bank(bank::HOLIDAY_HEADS));
        out.push(Family::new(Fact::Almanac(holiday.0), holiday.1, Piece::bank(bank::HOLIDAY_TAILS)));
    }
    if seasonal.0 != 0 {
        seasonal.1.extend(Piece::bank(bank::SEASONAL_HEADS));
        out.push(Family::new(Fact::Almanac(seasonal.0), seasonal.1, Piece::bank(bank::SEASONAL_TAILS)));
    }
    out
}

/// Heads that name the day (`…今日は、`) rather than give a reason: only these carry the
/// generic tails, which follow a topic naturally but not every reason.
fn topics(heads: &[Piece]) -> Vec<Piece> {
    heads.iter().filter(|h| h.text.ends_with("は、")).cloned().collect()
}

/// Tailwind or headwind, naming the element that makes it.
fn wind_families(ctx: &Ctx<'_>) -> Vec<Family<Fact>> {
    let (mut heads, tails) = match ctx.wind {
        Wind::Tail => (Piece::bank(bank::TAILWIND_HEADS), Piece::bank(bank::TAILWIND_TAILS)),
        Wind::Head => (Piece::bank(bank::HEADWIND_HEADS), Piece::bank(bank::HEADWIND_TAILS)),
        Wind::Calm => return vec![],
    };
    if ctx.wind == Wind::Tail
        && let Some(&e) = ctx.day_elements_in(&ctx.natal.favorable).first()
    {
        heads.push(Piece::new(format!("{}があなたを後押しするので、", element_text(e).image), e.kanji()));
    }
    if ctx.wind == Wind::Head
        && let Some(&e) = ctx.day_elements_in(&ctx.natal.unfavorable).first()
    {
        heads.push(Piece::new(format!("負担になりやすい{}の気が強まる日なので、", e.kanji()), e.kanji()));
    }
    let generic = Family::new(Fact::Elements, topics(&heads), Piece::bank(GENERIC_TAILS));
    vec![Family::new(Fact::Elements, heads, tails), generic]
}

/// The 節月: its season, and its ten god.
fn season_families(ctx: &Ctx<'_>) -> Vec<Family<Fact>> {
    let Some(branch) = ctx.month_branch() else { return vec![] };
    let phrase = SEASON_PHRASES[branch];
    let mut out = vec![Family::new(
        Fact::Season,
        vec![
            Piece::new(format!("{phrase}この時期は、"), "季節"),
            Piece::new(format!("{phrase}季節なので、"), "季節感"),
        ],
        Piece::bank(bank::SEASON_TAILS[season_of_branch(branch)]),
    )];
    if let Some(tg) = ctx.month_ten_god() {
        let lit = Piece::new(format!("{}に照らされる今月は、", tg.star), "今月");
        let heads = vec![Piece::new(format!("今月は{}がめぐる時期なので、", tg.star), tg.star), lit.clone()];
        out.push(Family::new(Fact::Season, heads, Piece::bank(tg.tails)));
        out.push(Family::new(Fact::Season, vec![lit], Piece::bank(GENERIC_TAILS)));
    }
    out
}

/// The last resort (never needed with a 30-day history): today's date makes the line new.
pub(super) fn dated_line(ctx: &Ctx<'_>, history: &History, avoid: &[&Piece], driver: Fact) -> Line<Fact> {
    let date = ctx.day.date;
    let head = Piece::new(format!("{}月{}日の今日は、", date.month(), date.day()), "今日");
    let tails = ctx.ten_god.map_or(GENERIC_TAILS, |tg| tg.tails).iter().chain(GENERIC_TAILS);
    let candidates: Vec<Piece> =
        tails.map(|&(t, w)| Piece::new(t, w)).filter(|t| avoid.iter().all(|a| a.text != t.text)).collect();
    let tail = candidates
        .iter()
        .find(|t| !history.recent_lines.contains(&format!("{}{}", head.text, t.text)))
        .or(candidates.first())
        .cloned()
        .unwrap_or_else(|| Piece::new("自分のペースで過ごしましょう。", "ペース"));
    Line { text: format!("{}{}", head.text, tail.text), head, tail, driver }
}
