//! The dos and don'ts of the day.

use super::{Ctx, DONTS, DOS, Fact, Wind, band_index, position_index};
use crate::History;
use crate::compose::{List, Picker};
use crate::phrases::Item;
use crate::phrases::daily as bank;
use crate::phrases::facts::{almanac_rank, element_text, is_start_day};
use crate::phrases::topic::{BIG, START};

fn almanac_items(id: &str) -> (&'static [Item], &'static [Item]) {
    bank::ALMANAC_ITEMS.iter().find(|(i, _, _)| *i == id).map_or((&[], &[]), |&(_, dos, donts)| (dos, donts))
}

pub(super) fn pick_items<'h>(ctx: &Ctx<'_>, history: &'h History, seed: u64) -> Picker<'h, Fact> {
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
