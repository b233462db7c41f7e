//! The morning reading: two lines, dos and don'ts, and the reasons behind them.
//!
//! Line one carries the day's ten god (the main theme). Line two carries the most pressing other
//! fact, in this order: 空亡, 不成就日, a clash with the day pillar, 天赦日・一粒万倍日, a
//! harmony with the day pillar, relations with the other pillars, the lucky and seasonal
//! almanac days, 六曜, 十二運, the elements and the season. Each fact is a family of heads × tails
//! (see [`crate::phrases`]); when every line of a family was shown in the last 30 days the next
//! family is used, and the always-present families (十二運, 五行, season) keep well over the 60
//! lines a 30-day history can hold in reserve, so a fresh line always exists.

use std::cmp::Reverse;

use chrono::Datelike;

use crate::compose::{Family, Line, List, Picker, Piece, pick_line};
use crate::facts::{DayFacts, Element, Natal, Relation};
use crate::ganzhi;
use crate::phrases::daily as bank;
use crate::phrases::facts::{
    SEASON_PHRASES, StageBand, almanac_meaning, almanac_rank, element_text, is_start_day, is_stem_relation, life_stage,
    plain_name, position_area, position_kanji, position_weight, relation_strength, relation_verb, rokuyo_id,
    season_of_branch,
};
use crate::phrases::ten_gods::{GENERIC_TAILS, TEXTS, TenGodText};
use crate::phrases::topic::{BIG, START};
use crate::phrases::{Bank, Item};
use crate::{DailyReading, History, Reason};

/// Support at or beyond ± this is a tailwind or a headwind.
const WIND: f64 = 0.3;
/// Most reasons shown.
const MAX_REASONS: usize = 5;
/// Dos always shown; don'ts shown (one more on a day that asks for care).
const DOS: usize = 4;
const DONTS: usize = 3;

/// What drove a piece of text. Each kind becomes at most one [`Reason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fact {
    TenGod,
    KongWang,
    /// The main relation (see [`Ctx::main_relation`]).
    Relation,
    /// A bit set of indices into [`Ctx::almanac`].
    Almanac(u32),
    LifeStage,
    Elements,
    Season,
}

impl Fact {
    /// The order reasons are listed in (after the ten god and the fact of line two).
    const fn rank(self) -> u8 {
        match self {
            Self::TenGod => 0,
            Self::KongWang => 1,
            Self::Relation => 2,
            Self::Almanac(_) => 3,
            Self::LifeStage => 4,
            Self::Elements => 5,
            Self::Season => 6,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wind {
    Tail,
    Calm,
    Head,
}

/// One almanac item of the day (the 六曜 included).
struct Entry {
    id: String,
    name: String,
}

/// The day's facts, sorted out once.
struct Ctx<'a> {
    natal: &'a Natal,
    day: &'a DayFacts,
    ten_god: Option<&'static TenGodText>,
    /// The relation the reading talks about: a clash with the day pillar first, then a harmony
    /// with it, then the strongest clash and the strongest harmony with the other pillars.
    main_relation: Option<&'a Relation>,
    /// With an unknown birth time: the day's strongest relation with the assumed (12:00) hour
    /// pillar. It steers nothing; the reasons name it as a reference.
    assumed_hour_relation: Option<&'a Relation>,
    almanac: Vec<Entry>,
    /// 空亡 or 不成就日: nothing new, nothing binding.
    blocked: bool,
    stage: Option<(&'static str, StageBand)>,
    wind: Wind,
}

impl<'a> Ctx<'a> {
    fn new(natal: &'a Natal, day: &'a DayFacts) -> Self {
        // Relations with the hour pillar count only when the birth time is known.
        let relations: Vec<&Relation> =
            day.day.relations.iter().filter(|r| natal.time_known || r.natal_position != "hour").collect();
        let best = |pred: &dyn Fn(&Relation) -> bool| {
            relations
                .iter()
                .enumerate()
                .filter(|(_, r)| pred(r))
                .max_by_key(|(i, r)| (position_weight(&r.natal_position), relation_strength(&r.kind), Reverse(*i)))
                .map(|(_, r)| *r)
        };
        let main_relation = best(&|r| r.natal_position == "day" && !r.favorable)
            .or_else(|| best(&|r| r.natal_position == "day" && r.favorable))
            .or_else(|| best(&|r| !r.favorable))
            .or_else(|| best(&|r| r.favorable));
        let assumed_hour_relation = if natal.time_known {
            None
        } else {
            day.day
                .relations
                .iter()
                .enumerate()
                .filter(|(_, r)| r.natal_position == "hour")
                .max_by_key(|(i, r)| (!r.favorable, relation_strength(&r.kind), Reverse(*i)))
                .map(|(_, r)| r)
        };

        let mut almanac: Vec<Entry> = day
            .almanac
            .iter()
            .filter(|a| a.kind != "rokuyo")
            .map(|a| Entry { id: a.id.clone(), name: plain_name(&a.name).to_owned() })
            .collect();
        if let Some(id) = rokuyo_id(&day.rokuyo) {
            almanac.push(Entry { id: id.to_owned(), name: day.rokuyo.clone() });
        }
        almanac.truncate(32);

        let wind = if day.day.support >= WIND {
            Wind::Tail
        } else if day.day.support <= -WIND {
            Wind::Head
        } else {
            Wind::Calm
        };
        let mut ctx = Self {
            natal,
            day,
            ten_god: ganzhi::ten_god_index(&day.day.stem_ten_god).map(|i| &TEXTS[i]),
            main_relation,
            assumed_hour_relation,
            almanac,
            blocked: false,
            stage: life_stage(&day.day.life_stage),
            wind,
        };
        ctx.blocked = day.day.kong_wang || ctx.has("fujoju").is_some();
        ctx
    }

    /// The index of an almanac item of the day.
    fn has(&self, id: &str) -> Option<usize> {
        self.almanac.iter().position(|e| e.id == id)
    }

    fn mask(&self, ids: &[&str]) -> u32 {
        ids.iter().filter_map(|id| self.has(id)).fold(0, |m, i| m | (1 << i))
    }

    /// The day's elements (stem first) that are among `list`, without repeats.
    fn day_elements_in(&self, list: &[Element]) -> Vec<Element> {
        let mut out = vec![];
        for e in [self.day.day.stem_element, self.day.day.branch_element] {
            if list.contains(&e) && !out.contains(&e) {
                out.push(e);
            }
        }
        out
    }

    fn month_branch(&self) -> Option<usize> {
        ganzhi::branch_index(&self.day.month.pillar.1)
    }

    fn month_ten_god(&self) -> Option<&'static TenGodText> {
        ganzhi::ten_god_index(&self.day.month.stem_ten_god).map(|i| &TEXTS[i])
    }
}

pub(crate) fn build(natal: &Natal, day: &DayFacts, history: &History, seed: u64) -> DailyReading {
    let ctx = Ctx::new(natal, day);

    let first = pick_line(&line_one_families(&ctx), history, &[], seed, 1)
        .unwrap_or_else(|| dated_line(&ctx, history, &[], Fact::TenGod));
    let second = {
        let avoid = [&first.head, &first.tail];
        pick_line(&line_two_families(&ctx), history, &avoid, seed, 2)
            .unwrap_or_else(|| dated_line(&ctx, history, &avoid, Fact::Season))
    };

    let picker = pick_items(&ctx, history, seed);
    let mut facts = vec![first.driver, second.driver];
    facts.extend(picker.dos.iter().chain(&picker.donts).map(|c| c.source));
    let reasons = reasons(&ctx, &facts);

    let mut words: Vec<String> = vec![];
    for w in [&first.head.word, &first.tail.word, &second.head.word, &second.tail.word]
        .into_iter()
        .cloned()
        .chain(picker.dos.iter().chain(&picker.donts).map(|c| c.word.to_owned()))
    {
        if !words.contains(&w) {
            words.push(w);
        }
    }

    DailyReading {
        lines: vec![first.text, second.text],
        dos: picker.dos.iter().map(|c| c.text.to_owned()).collect(),
        donts: picker.donts.iter().map(|c| c.text.to_owned()).collect(),
        reasons,
        words,
    }
}

// ---- lines --------------------------------------------------------------------------------

fn line_one_families(ctx: &Ctx<'_>) -> Vec<Family<Fact>> {
    match ctx.ten_god {
        Some(tg) => vec![
            Family::from_banks(Fact::TenGod, &[tg.heads, tg.topics], &[tg.tails]),
            Family::from_banks(Fact::TenGod, &[tg.topics], &[GENERIC_TAILS]),
        ],
        None => vec![Family::from_banks(Fact::Elements, &[bank::CALM_HEADS], &[GENERIC_TAILS])],
    }
}

/// The families of line two, most pressing first, then the ones every day has.
fn line_two_families(ctx: &Ctx<'_>) -> Vec<Family<Fact>> {
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
fn dated_line(ctx: &Ctx<'_>, history: &History, avoid: &[&Piece], driver: Fact) -> Line<Fact> {
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

const fn band_index(band: StageBand) -> usize {
    match band {
        StageBand::Peak => 0,
        StageBand::Rising => 1,
        StageBand::Shifting => 2,
        StageBand::Quiet => 3,
    }
}

/// year 0, month 1, day 2, hour 3 (the order of the position banks).
fn position_index(position: &str) -> usize {
    match position {
        "year" => 0,
        "month" => 1,
        "day" => 2,
        _ => 3,
    }
}

// ---- dos and don'ts -----------------------------------------------------------------------

fn almanac_items(id: &str) -> (&'static [Item], &'static [Item]) {
    bank::ALMANAC_ITEMS.iter().find(|(i, _, _)| *i == id).map_or((&[], &[]), |&(_, dos, donts)| (dos, donts))
}

fn pick_items<'h>(ctx: &Ctx<'_>, history: &'h History, seed: u64) -> Picker<'h, Fact> {
    let blocked = if ctx.blocked { START | BIG } else { 0 };
    let mut p = Picker::new(history, seed, blocked);
    let caution_day = ctx.blocked || ctx.main_relation.is_some_and(|r| !r.favorable) || ctx.wind == Wind::Head;
    let donts_cap = if caution_day { DONTS + 1 } else { DONTS };
    let mut used_almanac = vec![];

    // What the day must say first: no new starts on 空亡・不成就日; a start on a great day.
    if ctx.day.day.kong_wang {
        p.take(List::Dos, bank::KONG_WANG_DOS, 1, DOS, Fact::KongWang);
        p.take(List::Donts, bank::KONG_WANG_DONTS, 1, donts_cap, Fact::KongWang);
    }
    if let Some(i) = ctx.has("fujoju") {
        p.take(List::Dos, bank::FUJOJU_DOS, 1, DOS, Fact::Almanac(1 << i));
        p.take(List::Donts, bank::FUJOJU_DONTS, 1, donts_cap, Fact::Almanac(1 << i));
        used_almanac.push(i);
    }
    if !ctx.blocked {
        for id in ["tensha", "ichiryu_manbai", "kinoe_ne"] {
            if let Some(i) = ctx.has(id) {
                let (dos, donts) = almanac_items(id);
                let starts: Vec<Item> = dos.iter().filter(|d| d.2 & START != 0).copied().collect();
                if p.take(List::Dos, &starts, 1, DOS, Fact::Almanac(1 << i)) > 0 {
                    p.take(List::Donts, donts, 1, donts_cap, Fact::Almanac(1 << i));
                    used_almanac.push(i);
                    break;
                }
            }
        }
    }

    if let Some(tg) = ctx.ten_god {
        p.take(List::Dos, tg.dos, 1, DOS, Fact::TenGod);
    }
    if let Some(r) = ctx.main_relation {
        let pos = position_index(&r.natal_position);
        if r.favorable {
            p.take(List::Dos, bank::HARMONY_DOS[pos], 1, DOS, Fact::Relation);
        } else {
            p.take(List::Donts, bank::CAUTION_DONTS[pos], 1, donts_cap, Fact::Relation);
            let dos = [bank::CAUTION_POSITION_DOS[pos], bank::CAUTION_DOS].concat();
            p.take(List::Dos, &dos, 1, DOS, Fact::Relation);
        }
    }
    if let Some(tg) = ctx.ten_god {
        p.take(List::Donts, tg.donts, 1, donts_cap, Fact::TenGod);
    }

    // One more almanac item, if the day has one that speaks to dos or don'ts.
    let mut order: Vec<usize> = (0..ctx.almanac.len()).collect();
    order.sort_by_key(|&i| almanac_rank(&ctx.almanac[i].id));
    for i in order {
        let e = &ctx.almanac[i];
        if used_almanac.contains(&i) || (ctx.blocked && is_start_day(&e.id)) {
            continue;
        }
        let (dos, donts) = almanac_items(&e.id);
        let added = p.take(List::Dos, dos, 1, DOS, Fact::Almanac(1 << i))
            + p.take(List::Donts, donts, 1, donts_cap, Fact::Almanac(1 << i));
        if added > 0 {
            break;
        }
    }

    if let Some(&e) = ctx.natal.favorable.first() {
        p.take(List::Dos, element_text(e).dos, 1, DOS, Fact::Elements);
    }
    if ctx.wind != Wind::Tail
        && let Some(&e) = ctx.day_elements_in(&ctx.natal.unfavorable).first()
    {
        p.take(List::Donts, &[element_text(e).excess], 1, donts_cap, Fact::Elements);
    }
    if let Some(tg) = ctx.ten_god {
        p.take(List::Dos, tg.dos, DOS, DOS, Fact::TenGod);
        p.take(List::Donts, tg.donts, donts_cap, donts_cap, Fact::TenGod);
    }
    if let Some((_, band)) = ctx.stage {
        p.take(List::Dos, bank::STAGE_DOS[band_index(band)], 1, DOS, Fact::LifeStage);
        p.take(List::Donts, bank::STAGE_DONTS[band_index(band)], 1, donts_cap, Fact::LifeStage);
    }
    p.take(List::Dos, bank::GENERIC_DOS, DOS, DOS, Fact::Elements);
    p.take(List::Donts, bank::GENERIC_DONTS, donts_cap, donts_cap, Fact::Elements);
    p
}

// ---- reasons ------------------------------------------------------------------------------

/// One reason per kind of fact used: the ten god first, then line two's fact, then the rest.
fn reasons(ctx: &Ctx<'_>, used: &[Fact]) -> Vec<Reason> {
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

fn reason(ctx: &Ctx<'_>, fact: Fact) -> Option<Reason> {
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

/// Every line the reading could show today (for tests sizing the phrase space).
#[cfg(test)]
pub(crate) fn candidate_lines(natal: &Natal, day: &DayFacts) -> (Vec<String>, Vec<String>) {
    let ctx = Ctx::new(natal, day);
    let collect = |fams: Vec<Family<Fact>>| {
        let mut v: Vec<String> = fams.iter().flat_map(|f| f.lines().collect::<Vec<_>>()).collect();
        v.sort();
        v.dedup();
        v
    };
    (collect(line_one_families(&ctx)), collect(line_two_families(&ctx)))
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::facts::AlmanacFact;
    use crate::testkit::{charts, d, day_facts, natal};

    fn item(id: &str, name: &str) -> AlmanacFact {
        AlmanacFact { id: id.to_owned(), name: name.to_owned(), kind: "rekichu".to_owned() }
    }

    /// A plain day for the 甲子 chart: no 空亡, no 不成就日, nothing but the 六曜.
    fn plain_day(date: NaiveDate) -> (Natal, DayFacts) {
        let n = natal(["庚午", "辛巳", "甲子", "丙寅"], true);
        let mut day = day_facts(&n, date);
        day.day.kong_wang = false;
        day.almanac.retain(|a| a.kind == "rokuyo");
        (n, day)
    }

    const STARTS: [&str; 5] = ["始め", "契約", "申し込", "大きな買い物", "即決"];

    #[test]
    fn the_same_facts_history_and_seed_give_the_same_reading() {
        let n = &charts()[0];
        let day = day_facts(n, d(2026, 11, 22));
        let history = History::default();
        assert_eq!(build(n, &day, &history, 7), build(n, &day, &history, 7));
    }

    #[test]
    fn different_charts_get_different_readings_on_the_same_day() {
        let date = d(2026, 11, 22);
        let readings: Vec<DailyReading> =
            charts().iter().map(|n| build(n, &day_facts(n, date), &History::default(), 99)).collect();
        for (i, a) in readings.iter().enumerate() {
            for b in &readings[i + 1..] {
                assert_ne!(a.lines, b.lines);
                assert_ne!(a.reasons[0].label, b.reasons[0].label, "different day masters see different ten gods");
            }
        }
    }

    #[test]
    fn the_first_reason_names_the_days_ten_god_and_stem() {
        for n in charts() {
            let day = day_facts(&n, d(2026, 5, 1));
            let r = build(&n, &day, &History::default(), 3);
            assert_eq!(r.reasons[0].kind, "ten_god");
            assert_eq!(r.reasons[0].label, format!("今日の干: {}", day.day.stem_ten_god));
            assert!(r.reasons[0].detail.contains(&format!("「{}」", day.day.pillar.0)));
            assert!(r.reasons[0].detail.contains(&n.day_master));
        }
    }

    #[test]
    fn a_clash_with_the_day_branch_gives_a_relation_reason_and_a_cautious_dont() {
        // 甲子 day master: a 午 day clashes the day branch 子.
        let date = (0..60).map(|k| d(2026, 3, 1) + chrono::Duration::days(k)).find(|&date| {
            let (n, day) = plain_day(date);
            day.day.pillar.1 == "午" && ganzhi::ten_god_index(&day.day.stem_ten_god).is_some() && n.time_known
        });
        let (n, day) = plain_day(date.expect("a 午 day within 60 days"));
        let r = build(&n, &day, &History::default(), 11);
        let reason = r.reasons.iter().find(|x| x.kind == "relation").expect("a relation reason");
        assert_eq!(reason.label, "関係: 日支との冲");
        assert!(reason.detail.contains("今日の日支「午」があなたの日支「子」と冲"), "{}", reason.detail);
        let cautious: Vec<&str> = bank::CAUTION_DONTS[2].iter().map(|x| x.0).collect();
        assert!(r.donts.iter().any(|x| cautious.contains(&x.as_str())), "{:?}", r.donts);
    }

    #[test]
    fn an_ichiryu_manbai_day_gives_an_almanac_reason_and_a_start() {
        let (n, mut day) = plain_day(d(2026, 6, 10));
        day.almanac.insert(0, item("ichiryu_manbai", "一粒万倍日"));
        let r = build(&n, &day, &History::default(), 5);
        let reason = r.reasons.iter().find(|x| x.kind == "almanac").expect("an almanac reason");
        assert!(reason.label.contains("一粒万倍日"));
        assert!(r.dos.iter().any(|x| x.contains("始め") || x.contains("申し込")), "{:?}", r.dos);
    }

    #[test]
    fn a_kong_wang_day_gives_its_reason_and_no_big_start() {
        for seed in 0..50 {
            let (n, mut day) = plain_day(d(2026, 6, 10) + chrono::Duration::days(seed as i64));
            day.day.kong_wang = true;
            day.almanac.insert(0, item("ichiryu_manbai", "一粒万倍日"));
            day.almanac.push(item("tora", "寅の日"));
            let r = build(&n, &day, &History::default(), seed);
            assert!(r.reasons.iter().any(|x| x.kind == "kong_wang"), "{:?}", r.reasons);
            for x in &r.dos {
                assert!(!STARTS.iter().any(|s| x.contains(s)), "a start on a 空亡 day: {x}");
            }
            assert!(r.donts.iter().any(|x| bank::KONG_WANG_DONTS.iter().any(|k| k.0 == x)), "{:?}", r.donts);
            assert!(r.lines[1].contains("空亡") || bank::KONG_WANG_HEADS.iter().any(|h| r.lines[1].starts_with(h.0)));
        }
    }

    #[test]
    fn a_fujoju_day_overlapping_ichiryu_manbai_holds_back() {
        let (n, mut day) = plain_day(d(2026, 7, 3));
        day.almanac.insert(0, item("ichiryu_manbai", "一粒万倍日"));
        day.almanac.push(item("fujoju", "不成就日"));
        let r = build(&n, &day, &History::default(), 8);
        assert!(r.dos.iter().all(|x| !STARTS.iter().any(|s| x.contains(s))), "{:?}", r.dos);
        let reason = r.reasons.iter().find(|x| x.kind == "almanac").expect("an almanac reason");
        assert!(reason.detail.contains("重なり"), "{}", reason.detail);
    }

    #[test]
    fn with_an_unknown_time_the_hour_pillar_steers_nothing_and_its_relation_is_a_marked_reference() {
        let unknown = natal(["庚午", "辛巳", "甲子", "丙午"], false);
        let mut referenced = 0;
        for k in 0..60 {
            let day = day_facts(&unknown, d(2026, 1, 1) + chrono::Duration::days(k));
            let r = build(&unknown, &day, &History::default(), k as u64);
            let mut without_hour = day.clone();
            without_hour.day.relations.retain(|x| x.natal_position != "hour");
            let plain = build(&unknown, &without_hour, &History::default(), k as u64);
            // The text is the reading of the same day without the hour pillar's relations.
            assert_eq!((&r.lines, &r.dos, &r.donts), (&plain.lines, &plain.dos, &plain.donts));
            let hour: Vec<&Reason> =
                r.reasons.iter().filter(|x| x.label.contains("時支") || x.label.contains("時干")).collect();
            if let [only] = hour.as_slice() {
                referenced += 1;
                assert!(only.hour_dependent, "{only:?}");
                assert_eq!(r.reasons.last(), Some(*only), "listed last");
                assert!(only.detail.contains("12:00として計算した"), "{}", only.detail);
                assert!(only.detail.contains("入れずに読んでいます"), "{}", only.detail);
                assert_eq!(r.reasons[..r.reasons.len() - 1], plain.reasons[..]);
            } else {
                assert!(hour.is_empty(), "{hour:?}");
                assert_eq!(r.reasons, plain.reasons);
            }
        }
        // The 午 hour pillar meets the day's branch (子 clash, 未 harmony, …) several times in 60 days.
        assert!(referenced >= 5, "{referenced}");
    }

    #[test]
    fn a_clash_with_the_assumed_hour_branch_is_named_as_a_reference() {
        // 12:00 gives a 午 hour pillar; a 子 day clashes it.
        let unknown = natal(["庚午", "辛巳", "甲子", "庚午"], false);
        let date = (0..60)
            .map(|k| d(2026, 3, 1) + chrono::Duration::days(k))
            .find(|&date| day_facts(&unknown, date).day.pillar.1 == "子")
            .expect("a 子 day within 60 days");
        let day = day_facts(&unknown, date);
        let r = build(&unknown, &day, &History::default(), 4);
        let clash = r.reasons.iter().find(|x| x.label == "関係: 時支との冲").expect("the clash, for reference");
        assert!(clash.hour_dependent);
        assert!(
            clash.detail.starts_with("今日の日支「子」が、12:00として計算したあなたの時支「午」と冲になり、"),
            "{}",
            clash.detail
        );
    }

    #[test]
    fn only_reasons_that_rest_on_the_hour_are_marked() {
        let known = natal(["庚午", "辛巳", "甲子", "丙寅"], true);
        let unknown = natal(["庚午", "辛巳", "甲子", "丙寅"], false);
        let mut elements_seen = 0;
        for k in 0..60 {
            let date = d(2026, 5, 1) + chrono::Duration::days(k);
            let r = build(&known, &day_facts(&known, date), &History::default(), k as u64);
            assert!(r.reasons.iter().all(|x| !x.hour_dependent), "a known time marks nothing: {:?}", r.reasons);
            let r = build(&unknown, &day_facts(&unknown, date), &History::default(), k as u64);
            for x in &r.reasons {
                match x.kind.as_str() {
                    // The favourable elements come from all four pillars, the assumed hour's too.
                    "elements" => {
                        elements_seen += 1;
                        assert!(x.hour_dependent, "{x:?}");
                    }
                    // Relations with the year, month and day pillars (none depends on the hour
                    // for this birth) are facts; the hour pillar's is a reference.
                    "relation" => assert_eq!(x.hour_dependent, x.label.contains('時'), "{x:?}"),
                    _ => assert!(!x.hour_dependent, "{x:?}"),
                }
            }
        }
        assert!(elements_seen > 0);
    }

    #[test]
    fn a_relation_with_a_month_pillar_the_hour_decides_is_marked() {
        // Born on a 節 day: the engine says the month pillar depends on the hour.
        let mut unknown = natal(["庚午", "辛巳", "甲子", "丙午"], false);
        unknown.hour_dependent.push("month".to_owned());
        let mut checked = 0;
        for k in 0..60 {
            let day = day_facts(&unknown, d(2026, 1, 1) + chrono::Duration::days(k));
            let r = build(&unknown, &day, &History::default(), k as u64);
            for x in r.reasons.iter().filter(|x| x.label.starts_with("関係: 月")) {
                checked += 1;
                assert!(x.hour_dependent, "{x:?}");
            }
        }
        assert!(checked > 0);
    }

    #[test]
    fn the_season_reason_names_the_month_pillar() {
        let (n, day) = plain_day(d(2026, 11, 22));
        let ctx = Ctx::new(&n, &day);
        let reason = reason(&ctx, Fact::Season).expect("a season reason");
        assert_eq!(reason.kind, "season");
        assert!(
            reason
                .detail
                .starts_with(&format!("{}月（{}{}）", day.month.pillar.1, day.month.pillar.0, day.month.pillar.1))
        );
    }
}
