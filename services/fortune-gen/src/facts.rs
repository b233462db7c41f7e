//! bazi-engine's answers → the facts `fortune-reading` builds texts from. Pure translation: no
//! rule of Ba Zi lives here beyond reading the engine's fields (and, for the day master's element,
//! the shared stem table of `meguri_ganzhi`).

use chrono::NaiveDate;
use fortune_reading::{AlmanacFact, DayFacts, Element, LifeFacts, LuckPeriod, Natal, Relation, Transit, YearFacts};
use meguri_ganzhi::{FriendFace, Stem};
use meguri_proto::bazi_engine as be;

/// The engine answered something fortune-gen cannot read (a contract break).
#[derive(Debug, thiserror::Error)]
#[error("bazi-engine answer: {0}")]
pub struct FactsError(pub &'static str);

fn pair(p: Option<&be::Pillar>) -> Result<(String, String), FactsError> {
    let p = p.ok_or(FactsError("a pillar is missing"))?;
    if p.heavenly_stem.is_empty() || p.earthly_branch.is_empty() {
        return Err(FactsError("an empty pillar"));
    }
    Ok((p.heavenly_stem.clone(), p.earthly_branch.clone()))
}

fn element(s: &str) -> Result<Element, FactsError> {
    Element::from_key(s).ok_or(FactsError("an unknown element"))
}

/// The element of a heavenly stem (甲乙 wood … 壬癸 water).
fn stem_element(stem: &str) -> Result<Element, FactsError> {
    Stem::parse(stem).map(Stem::element).ok_or(FactsError("an unknown day master"))
}

/// The four natal pillars, as ReadTransits takes them.
///
/// # Errors
/// A pillar missing from the chart.
pub fn natal_pillars(chart: &be::Chart) -> Result<be::NatalPillars, FactsError> {
    let check = |p: &Option<be::Pillar>| p.clone().ok_or(FactsError("a natal pillar is missing"));
    Ok(be::NatalPillars {
        year: Some(check(&chart.year)?),
        month: Some(check(&chart.month)?),
        day: Some(check(&chart.day)?),
        hour: Some(check(&chart.hour)?),
    })
}

/// A stored chart as a friend update reads it: only the face a member shows their friends (day
/// master and favourable element, through [`FriendFace::of`], the one projection social and the
/// privacy test use too).
///
/// # Errors
/// An unknown day master or element, or no favourable element.
pub fn friend_face(chart: &be::Chart) -> Result<FriendFace, FactsError> {
    let strength = chart.strength.as_ref().ok_or(FactsError("no strength"))?;
    let favorable = strength
        .favorable_elements
        .iter()
        .map(|e| meguri_ganzhi::Element::from_key(e).ok_or(FactsError("an unknown element")))
        .collect::<Result<Vec<_>, _>>()?;
    let day_master = Stem::parse(&chart.day_master).ok_or(FactsError("an unknown day master"))?;
    FriendFace::of(day_master, &favorable).ok_or(FactsError("no favourable element"))
}

/// The natal chart as a reading needs it.
///
/// # Errors
/// A missing or unreadable field.
pub fn natal(chart: &be::Chart) -> Result<Natal, FactsError> {
    let elements = chart.elements.as_ref().ok_or(FactsError("no elements"))?;
    let strength = chart.strength.as_ref().ok_or(FactsError("no strength"))?;
    let list = |v: &[String]| v.iter().map(|e| element(e)).collect::<Result<Vec<_>, _>>();
    Ok(Natal {
        pillars: [
            pair(chart.year.as_ref())?,
            pair(chart.month.as_ref())?,
            pair(chart.day.as_ref())?,
            pair(chart.hour.as_ref())?,
        ],
        day_master: chart.day_master.clone(),
        day_master_element: stem_element(&chart.day_master)?,
        elements: [elements.wood, elements.fire, elements.earth, elements.metal, elements.water],
        dominant: element(&elements.dominant)?,
        verdict: strength.verdict.clone(),
        favorable: list(&strength.favorable_elements)?,
        unfavorable: list(&strength.unfavorable_elements)?,
        time_known: chart.time_known,
        hour_dependent: if chart.time_known { Vec::new() } else { chart.hour_dependent.clone() },
    })
}

/// One transit.
///
/// # Errors
/// A missing pillar or an unknown element.
pub fn transit(t: &be::Transit) -> Result<Transit, FactsError> {
    Ok(Transit {
        pillar: pair(t.pillar.as_ref())?,
        stem_ten_god: t.stem_ten_god.clone(),
        branch_ten_god: t.branch_ten_god.clone(),
        life_stage: t.life_stage.clone(),
        stem_element: element(&t.stem_element)?,
        branch_element: element(&t.branch_element)?,
        relations: t
            .relations
            .iter()
            .map(|r| Relation {
                kind: r.kind.clone(),
                name: r.name.clone(),
                natal_position: r.natal_position.clone(),
                natal: r.natal.clone(),
                favorable: r.favorable,
            })
            .collect(),
        kong_wang: t.kong_wang,
        nayin: t.nayin.clone(),
        support: t.support,
    })
}

/// Every transit of an answer, in order; exactly `expected` of them.
///
/// # Errors
/// A different count, or an unreadable transit.
pub fn transits(answer: &be::ReadTransitsResponse, expected: usize) -> Result<Vec<Transit>, FactsError> {
    if answer.transits.len() != expected {
        return Err(FactsError("not one transit per pillar"));
    }
    answer.transits.iter().map(transit).collect()
}

/// The day's date as the almanac gives it.
///
/// # Errors
/// An unreadable date.
pub fn almanac_date(day: &be::AlmanacDay) -> Result<NaiveDate, FactsError> {
    NaiveDate::parse_from_str(&day.date, "%Y-%m-%d").map_err(|_| FactsError("an unreadable almanac date"))
}

/// One local day: the almanac's 六曜 and items, with the day and month transits.
#[must_use]
pub fn day_facts(date: NaiveDate, day: &be::AlmanacDay, day_transit: Transit, month_transit: Transit) -> DayFacts {
    DayFacts {
        date,
        day: day_transit,
        month: month_transit,
        rokuyo: day.rokuyo.clone(),
        almanac: day
            .items
            .iter()
            .map(|i| AlmanacFact { id: i.id.clone(), name: i.name.clone(), kind: i.kind.clone() })
            .collect(),
    }
}

/// The days on which a 節月 begins within `days` (in order, as the almanac gives them): each day
/// whose `sekki_month` differs from the day before. The first day counts only when the day before
/// is unknown and it is itself a 節 day, which the almanac does not say — so it never counts.
#[must_use]
pub fn month_starts(days: &[be::AlmanacDay]) -> Vec<&be::AlmanacDay> {
    days.windows(2).filter(|w| w[0].sekki_month != w[1].sekki_month).map(|w| &w[1]).collect()
}

/// The luck pillar in force on `on`: the last one that started on or before it.
#[must_use]
pub fn luck_in_force(chart: &be::Chart, on: NaiveDate) -> Option<&be::LuckPillar> {
    chart
        .luck
        .as_ref()?
        .pillars
        .iter()
        .rev()
        .find(|p| NaiveDate::parse_from_str(&p.start_date, "%Y-%m-%d").is_ok_and(|start| start <= on))
}

/// The birth date the chart was built for.
///
/// # Errors
/// A chart without its time block.
pub fn birth_date(chart: &be::Chart) -> Result<NaiveDate, FactsError> {
    let civil = chart.time.as_ref().map(|t| t.civil_local_time.as_str()).unwrap_or_default();
    civil
        .get(..10)
        .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .ok_or(FactsError("no birth date in the chart"))
}

/// One calendar year.
#[must_use]
pub fn year_facts(
    year: i32,
    year_transit: Transit,
    months: Vec<(NaiveDate, Transit)>,
    luck: Option<Transit>,
) -> YearFacts {
    YearFacts { year, year_transit, months, luck }
}

/// The life: the chart's luck pillars with their transits, and the coming years.
///
/// # Errors
/// A luck pillar with an unreadable start date.
pub fn life_facts(
    chart: &be::Chart,
    today: NaiveDate,
    luck_transits: Vec<Transit>,
    coming_years: Vec<(i32, Transit)>,
) -> Result<LifeFacts, FactsError> {
    let pillars = chart.luck.as_ref().map(|l| l.pillars.as_slice()).unwrap_or_default();
    let luck = pillars
        .iter()
        .zip(luck_transits)
        .map(|(p, transit)| {
            let start_date = NaiveDate::parse_from_str(&p.start_date, "%Y-%m-%d")
                .map_err(|_| FactsError("an unreadable luck start date"))?;
            Ok(LuckPeriod { start_date, start_age: p.start_age, transit })
        })
        .collect::<Result<Vec<_>, FactsError>>()?;
    Ok(LifeFacts { birth_date: birth_date(chart)?, today, luck, coming_years })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn p(s: &str) -> be::Pillar {
        let mut c = s.chars();
        be::Pillar {
            heavenly_stem: c.next().map(String::from).unwrap_or_default(),
            earthly_branch: c.next().map(String::from).unwrap_or_default(),
        }
    }

    pub(crate) fn chart() -> be::Chart {
        be::Chart {
            year: Some(p("庚午")),
            month: Some(p("辛巳")),
            day: Some(p("庚辰")),
            hour: Some(p("癸未")),
            elements: Some(be::Elements {
                wood: 0.0,
                fire: 2.0,
                earth: 2.0,
                metal: 3.0,
                water: 1.0,
                dominant: "metal".into(),
            }),
            day_master: "庚".into(),
            strength: Some(be::Strength {
                score: 55.0,
                verdict: "身強".into(),
                reasons: vec![],
                favorable_elements: vec!["wood".into(), "water".into(), "fire".into()],
                unfavorable_elements: vec!["metal".into(), "earth".into()],
            }),
            luck: Some(be::Luck {
                pillars: vec![
                    be::LuckPillar {
                        pillar: Some(p("庚辰")),
                        start_age: 7.5,
                        start_year: 1997,
                        start_date: "1997-11-01".into(),
                        ..Default::default()
                    },
                    be::LuckPillar {
                        pillar: Some(p("己卯")),
                        start_age: 17.5,
                        start_year: 2007,
                        start_date: "2007-11-01".into(),
                        ..Default::default()
                    },
                ],
                ..Default::default()
            }),
            time: Some(be::TimeCorrection { civil_local_time: "1990-05-15T14:30:00".into(), ..Default::default() }),
            time_known: true,
            ..Default::default()
        }
    }

    #[test]
    fn the_natal_facts_follow_the_chart() {
        let n = natal(&chart()).expect("readable");
        assert_eq!(n.pillars[2], ("庚".to_owned(), "辰".to_owned()));
        assert_eq!(n.day_master_element, Element::Metal);
        assert_eq!(n.elements, [0.0, 2.0, 2.0, 3.0, 1.0]);
        assert_eq!(n.dominant, Element::Metal);
        assert_eq!(n.favorable, [Element::Wood, Element::Water, Element::Fire]);
        assert_eq!(n.verdict, "身強");
        assert!(n.time_known);
    }

    #[test]
    fn a_broken_chart_is_refused() {
        let mut c = chart();
        c.day = None;
        assert!(natal(&c).is_err());
        assert!(natal_pillars(&c).is_err());
        let mut c = chart();
        c.strength = Some(be::Strength { favorable_elements: vec!["aether".into()], ..Default::default() });
        assert!(natal(&c).is_err());
    }

    #[test]
    fn a_friend_update_reads_only_the_face_of_a_chart() {
        let face = friend_face(&chart()).expect("readable");
        assert_eq!(face.day_master.name(), "庚");
        assert_eq!(face.favorable, meguri_ganzhi::Element::Wood);
        let mut c = chart();
        c.day_master = "甲丑".into();
        assert!(friend_face(&c).is_err());
        let mut c = chart();
        c.strength = None;
        assert!(friend_face(&c).is_err());
        let mut c = chart();
        c.strength = Some(be::Strength::default());
        assert!(friend_face(&c).is_err(), "no favourable element");
    }

    #[test]
    fn a_transit_keeps_every_field() {
        let t = be::Transit {
            pillar: Some(p("甲子")),
            stem_ten_god: "偏財".into(),
            branch_ten_god: "傷官".into(),
            life_stage: "死".into(),
            stem_element: "wood".into(),
            branch_element: "water".into(),
            relations: vec![be::TransitRelation {
                kind: "half_harmony".into(),
                name: "半会".into(),
                natal_position: "day".into(),
                natal: "辰".into(),
                favorable: true,
            }],
            kong_wang: true,
            nayin: "海中金".into(),
            support: 0.75,
        };
        let f = transit(&t).expect("readable");
        assert_eq!(f.pillar, ("甲".to_owned(), "子".to_owned()));
        assert_eq!((f.stem_element, f.branch_element), (Element::Wood, Element::Water));
        assert_eq!(f.relations[0].natal, "辰");
        assert!(f.kong_wang && f.relations[0].favorable);
        assert!((f.support - 0.75).abs() < 1e-12);
        let answer = be::ReadTransitsResponse { transits: vec![t], ..Default::default() };
        assert!(transits(&answer, 2).is_err());
        assert_eq!(transits(&answer, 1).map(|v| v.len()).ok(), Some(1));
    }

    #[test]
    fn month_starts_are_the_days_the_sekki_month_changes() {
        let day = |date: &str, m: i32| be::AlmanacDay { date: date.into(), sekki_month: m, ..Default::default() };
        let days = [
            day("2027-02-02", 12),
            day("2027-02-03", 12),
            day("2027-02-04", 1),
            day("2027-02-05", 1),
            day("2027-03-06", 2),
        ];
        let starts: Vec<&str> = month_starts(&days).iter().map(|d| d.date.as_str()).collect();
        assert_eq!(starts, ["2027-02-04", "2027-03-06"]);
    }

    #[test]
    fn the_luck_pillar_in_force_is_the_last_started() {
        let c = chart();
        let on = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date");
        assert_eq!(luck_in_force(&c, on("1995-01-01")).map(|l| l.start_year), None);
        assert_eq!(luck_in_force(&c, on("2000-01-01")).map(|l| l.start_year), Some(1997));
        assert_eq!(luck_in_force(&c, on("2026-07-01")).map(|l| l.start_year), Some(2007));
        assert_eq!(birth_date(&c).map(|d| d.to_string()).ok().as_deref(), Some("1990-05-15"));
    }
}
