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

use crate::compose::pick_line;
use crate::facts::{DayFacts, Element, Natal, Relation};
use crate::ganzhi;
use crate::phrases::facts::{StageBand, life_stage, plain_name, position_weight, relation_strength, rokuyo_id};
use crate::phrases::ten_gods::{TEXTS, TenGodText};
use crate::{DailyReading, History};

mod items;
mod lines;
mod reasons;
#[cfg(test)]
mod tests;

use items::pick_items;
use lines::{dated_line, line_one_families, line_two_families};
use reasons::reasons;

/// Support at or beyond ± this is a tailwind or a headwind.
const WIND: f64 = 0.3;
/// Most reasons shown.
const MAX_REASONS: usize = 5;
/// Dos always shown; don'ts shown (one more on a day that asks for care).
const DOS: usize = 4;
const DONTS: usize = 3;

/// What drove a piece of text. Each kind becomes at most one [`Reason`](crate::Reason).
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

pub(super) const fn band_index(band: StageBand) -> usize {
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

/// Every line the reading could show today (for tests sizing the phrase space).
#[cfg(test)]
pub(crate) fn candidate_lines(natal: &Natal, day: &DayFacts) -> (Vec<String>, Vec<String>) {
    let ctx = Ctx::new(natal, day);
    let collect = |fams: Vec<crate::compose::Family<Fact>>| {
        let mut v: Vec<String> = fams.iter().flat_map(|f| f.lines().collect::<Vec<_>>()).collect();
        v.sort();
        v.dedup();
        v
    };
    (collect(line_one_families(&ctx)), collect(line_two_families(&ctx)))
}
