//! The four pillars (四柱) of an instant.
//!
//! - Year: changes at the 立春 instant (apparent solar longitude 315°).
//! - Month: changes at each 節 instant; the stem follows the year stem (五虎遁).
//! - Day: the sexagenary day count of the corrected local date.
//! - Hour: 子 is 23:00–00:59, 丑 01:00–02:59, …; the stem follows the day stem (五鼠遁), and from
//!   23:00 the next day's stem, whichever 子 convention is chosen.

use crate::astro::{self, SolarTerm};
use crate::error::EngineError;
use crate::ganzhi::{Branch, Element, GanZhi, Stem};
use crate::input::ZiConvention;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Pillars {
    pub year: GanZhi,
    pub month: GanZhi,
    pub day: GanZhi,
    pub hour: GanZhi,
}

impl Pillars {
    /// year, month, day, hour
    pub fn all(&self) -> [GanZhi; 4] {
        [self.year, self.month, self.day, self.hour]
    }
    pub fn day_master(&self) -> Stem {
        self.day.stem()
    }
}

/// The solar-term context of a birth instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TermContext {
    /// The Ba Zi year (the Gregorian year whose 立春 began it).
    pub bazi_year: i32,
    pub previous_jie: SolarTerm,
    pub next_jie: SolarTerm,
}

/// Year and month pillars of a TT instant.
pub fn year_and_month(jd_tt: f64) -> Result<(GanZhi, GanZhi, TermContext), EngineError> {
    let (previous_jie, next_jie) = astro::jie_around(jd_tt).ok_or(EngineError::DateOutOfRange)?;
    let (y, ..) = astro::date_of_jd(jd_tt);
    let lichun = astro::term_instant(y, 2).ok_or(EngineError::DateOutOfRange)?;
    let bazi_year = if jd_tt >= lichun.jd_tt { y } else { y - 1 };
    let year = GanZhi::of_year(bazi_year);
    let month_branch = previous_jie.month_branch() as u32;
    // Months counted from 寅 (0) to 丑 (11); 甲/己 years open with 丙寅 (五虎遁).
    let k = (month_branch + 10) % 12;
    let stem = Stem::new(year.stem().index() as u32 * 2 + 2 + k);
    let month = GanZhi::from_parts(stem, Branch::new(month_branch)).ok_or(EngineError::DateOutOfRange)?;
    Ok((year, month, TermContext { bazi_year, previous_jie, next_jie }))
}

/// Day and hour pillars of a corrected local time (a Julian-Date-like number in local time).
pub fn day_and_hour(jd_local: f64, zi: ZiConvention) -> (GanZhi, GanZhi) {
    let (y, m, d, secs) = astro::date_of_jd(jd_local);
    let jdn = crate::ganzhi::jdn(y, m, d);
    let hour = secs / 3600.0;
    let late_zi = hour >= 23.0;
    let day = match (zi, late_zi) {
        (ZiConvention::NextDay, true) => GanZhi::of_day(jdn + 1),
        _ => GanZhi::of_day(jdn),
    };
    let branch = (((hour + 1.0) / 2.0).floor() as u32) % 12;
    let stem_day = if late_zi { GanZhi::of_day(jdn + 1) } else { GanZhi::of_day(jdn) };
    let stem = Stem::new(stem_day.stem().index() as u32 * 2 + branch);
    // Stem and branch indices of a hour always share parity, so the pair exists.
    let hour = GanZhi::from_parts(stem, Branch::new(branch)).unwrap_or(GanZhi::new(0));
    (day, hour)
}

/// Five-element counts over the eight characters: each stem counts its element, each branch its
/// main element (本気). The counts always sum to 8.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ElementCounts {
    pub wood: u8,
    pub fire: u8,
    pub earth: u8,
    pub metal: u8,
    pub water: u8,
    pub dominant: Element,
}

impl ElementCounts {
    pub fn get(&self, e: Element) -> u8 {
        match e {
            Element::Wood => self.wood,
            Element::Fire => self.fire,
            Element::Earth => self.earth,
            Element::Metal => self.metal,
            Element::Water => self.water,
        }
    }
    pub fn total(&self) -> u32 {
        Element::ALL.iter().map(|e| self.get(*e) as u32).sum()
    }
}

/// Counts the eight characters.
///
/// Tie rule for `dominant`: the highest count wins; among equal counts the element with more
/// weight in the hidden stems (`hidden_weight`, e.g. 蔵干 weights) wins; if still equal, the first
/// in the order 木 火 土 金 水.
pub fn count_elements(p: &Pillars, hidden_weight: &[f64; 5]) -> ElementCounts {
    let mut c = [0u8; 5];
    for g in p.all() {
        c[g.stem().element().index()] += 1;
        c[g.branch().element().index()] += 1;
    }
    let mut best = 0usize;
    for i in 1..5 {
        let better = c[i] > c[best] || (c[i] == c[best] && hidden_weight[i] > hidden_weight[best] + 1e-9);
        if better {
            best = i;
        }
    }
    ElementCounts { wood: c[0], fire: c[1], earth: c[2], metal: c[3], water: c[4], dominant: Element::from_index(best) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::jd_of_naive;
    use chrono::NaiveDateTime;

    fn local(s: &str) -> f64 {
        jd_of_naive(NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("valid"))
    }

    #[test]
    fn the_late_zi_hour_takes_the_next_day_stem() {
        // 2026-11-21 is 己亥; 22:59 is 乙亥 hour; 23:00 starts 丙子 (the next day 庚子 gives 丙子).
        let (d, h) = day_and_hour(local("2026-11-21 22:59"), ZiConvention::Split);
        assert_eq!((d.name(), h.name()), ("己亥".into(), "乙亥".into()));
        let (d, h) = day_and_hour(local("2026-11-21 23:00"), ZiConvention::Split);
        assert_eq!((d.name(), h.name()), ("己亥".into(), "丙子".into()));
        let (d, h) = day_and_hour(local("2026-11-21 23:00"), ZiConvention::NextDay);
        assert_eq!((d.name(), h.name()), ("庚子".into(), "丙子".into()));
        let (d, h) = day_and_hour(local("2026-11-22 00:30"), ZiConvention::Split);
        assert_eq!((d.name(), h.name()), ("庚子".into(), "丙子".into()));
    }

    #[test]
    fn year_changes_at_lichun_and_month_at_each_jie() {
        let lichun = astro::term_instant(2026, 2).expect("in range").jd_tt;
        let (y, m, _) = year_and_month(lichun - 1e-6).expect("in range");
        assert_eq!((y.name(), m.name()), ("乙巳".into(), "己丑".into()));
        let (y, m, ctx) = year_and_month(lichun).expect("in range");
        assert_eq!((y.name(), m.name()), ("丙午".into(), "庚寅".into()));
        assert_eq!(ctx.bazi_year, 2026);
    }

    #[test]
    fn counts_sum_to_eight_and_ties_follow_the_rule() {
        let p = Pillars {
            year: GanZhi::parse("甲子").expect("valid"),
            month: GanZhi::parse("丙寅").expect("valid"),
            day: GanZhi::parse("戊辰").expect("valid"),
            hour: GanZhi::parse("庚申").expect("valid"),
        };
        let c = count_elements(&p, &[0.0; 5]);
        assert_eq!(c.total(), 8);
        // wood 2 (甲 寅), fire 1, earth 2 (戊 辰), metal 2, water 1: tie → wood first.
        assert_eq!(c.dominant, Element::Wood);
        let c = count_elements(&p, &[0.0, 0.0, 1.0, 0.5, 0.0]);
        assert_eq!(c.dominant, Element::Earth);
    }
}
