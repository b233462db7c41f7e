//! The tonic implementation: proto → engine input, call the engine, engine output → proto.
//! No rules live here.

use crate::error::{from_engine, invalid};
use bazi_engine::almanac;
use bazi_engine::chart::{self, Chart, PillarDetail, PillarView, TermView};
use bazi_engine::ganzhi::{Branch, GanZhi, Stem};
use bazi_engine::input::{BirthInput, RawBirthInput, parse_date};
use bazi_engine::pillars::{ElementCounts, Pillars};
use bazi_engine::transit::{self, MAX_PILLARS};
use meguri_proto::bazi_engine as pb;
use pb::bazi_engine_server::BaziEngine;
use tonic::{Request, Response, Status};

/// The engine is stateless: all it needs is embedded or cached in the library.
#[derive(Debug, Clone, Copy, Default)]
pub struct Engine;

const MAX_PLACE_SUGGESTIONS: u32 = 10;
const DEFAULT_PLACE_SUGGESTIONS: u32 = 5;

fn raw_input(b: &pb::BirthInput) -> RawBirthInput {
    let gender = match pb::Gender::try_from(b.gender) {
        Ok(pb::Gender::Male) => Some("male".to_owned()),
        Ok(pb::Gender::Female) => Some("female".to_owned()),
        _ => None,
    };
    let mode = match pb::TimeMode::try_from(b.mode) {
        Ok(pb::TimeMode::Standard) => Some("standard".to_owned()),
        Ok(pb::TimeMode::Mean) => Some("mean".to_owned()),
        Ok(pb::TimeMode::Apparent) => Some("apparent".to_owned()),
        _ => None,
    };
    let zi = match pb::ZiConvention::try_from(b.zi) {
        Ok(pb::ZiConvention::NextDay) => Some("next_day".to_owned()),
        _ => None,
    };
    let dst_choice = match pb::DstChoice::try_from(b.dst_choice) {
        Ok(pb::DstChoice::Earlier) => Some("earlier".to_owned()),
        Ok(pb::DstChoice::Later) => Some("later".to_owned()),
        Ok(pb::DstChoice::Standard) => Some("standard".to_owned()),
        _ => None,
    };
    RawBirthInput {
        id: None,
        birth_date: Some(b.birth_date.clone()),
        birth_time: b.birth_time.clone(),
        place: b.place.clone(),
        timezone: b.time_zone.clone(),
        utc_offset_minutes: b.utc_offset_minutes,
        longitude: b.longitude,
        latitude: b.latitude,
        gender,
        mode,
        zi,
        dst_choice,
    }
}

fn birth(b: Option<&pb::BirthInput>) -> Result<BirthInput, Status> {
    let b = b.ok_or_else(|| invalid("birth is required"))?;
    BirthInput::parse(&raw_input(b)).map_err(|e| from_engine(&e))
}

fn pillar(p: PillarView) -> pb::Pillar {
    pb::Pillar { heavenly_stem: p.heavenly_stem.name().to_owned(), earthly_branch: p.earthly_branch.name().to_owned() }
}

fn elements(e: &ElementCounts) -> pb::Elements {
    pb::Elements {
        wood: e.wood.into(),
        fire: e.fire.into(),
        earth: e.earth.into(),
        metal: e.metal.into(),
        water: e.water.into(),
        dominant: e.dominant.key().to_owned(),
    }
}

fn term(t: &TermView) -> pb::SolarTermInstant {
    pb::SolarTermInstant { name: t.0.name().to_owned(), longitude: t.0.longitude() as i32, utc: t.utc(), tt: t.tt() }
}

fn detail(d: &PillarDetail) -> pb::PillarDetail {
    pb::PillarDetail {
        position: d.position.to_owned(),
        pillar: Some(pillar(d.pillar.into())),
        stem_ten_god: d.stem_ten_god().map(|g| g.name_ja().to_owned()).unwrap_or_default(),
        hidden_stems: d
            .hidden_stems()
            .iter()
            .map(|h| pb::HiddenStem {
                stem: h.stem.name().to_owned(),
                ten_god: bazi_engine::analysis::ten_god(d.day_master, h.stem).name_ja().to_owned(),
                role: h.role.name_ja().to_owned(),
            })
            .collect(),
        nayin: d.nayin().to_owned(),
        life_stage: d.life_stage().name_ja().to_owned(),
        depends_on_hour: d.depends_on_hour,
    }
}

fn keys(es: &[bazi_engine::ganzhi::Element]) -> Vec<String> {
    es.iter().map(|e| e.key().to_owned()).collect()
}

fn luck(l: &bazi_engine::analysis::Luck) -> pb::Luck {
    pb::Luck {
        forward: l.forward,
        start_years: l.years,
        start_months: l.months,
        start_days: l.days,
        start_date: l.start_date.to_string(),
        seconds_to_jie: l.seconds_to_jie,
        pillars: l
            .pillars
            .iter()
            .map(|p| pb::LuckPillar {
                pillar: Some(pillar(p.pillar.into())),
                start_age: p.start_age,
                start_year: p.start_year,
                start_date: p.start_date.to_string(),
                ten_god: p.ten_god.name_ja().to_owned(),
                life_stage: p.life_stage.name_ja().to_owned(),
            })
            .collect(),
    }
}

/// The engine's chart in proto form.
pub fn chart_to_pb(c: &Chart) -> pb::Chart {
    let t = &c.time;
    let r = &t.resolved;
    let h = c.hidden_elements.0;
    pb::Chart {
        year: Some(pillar(c.bazi_chart.year)),
        month: Some(pillar(c.bazi_chart.month)),
        day: Some(pillar(c.bazi_chart.day)),
        hour: Some(pillar(c.bazi_chart.hour)),
        elements: Some(elements(&c.elements)),
        day_master: c.day_master.name().to_owned(),
        details: c.pillars.iter().map(detail).collect(),
        kong_wang: c.kong_wang.iter().map(|b| b.name().to_owned()).collect(),
        strength: Some(pb::Strength {
            score: c.strength.score,
            verdict: c.strength.verdict.to_owned(),
            reasons: c.strength.reasons.clone(),
            favorable_elements: keys(&c.strength.favorable),
            unfavorable_elements: keys(&c.strength.unfavorable),
        }),
        luck: c.luck.as_ref().map(luck),
        time: Some(pb::TimeCorrection {
            civil_local_time: t.civil_local_time(),
            time_zone: r.zone_label.clone(),
            utc_offset_seconds: r.offset_seconds,
            summer_time: r.summer_time,
            utc: t.utc(),
            mode: r.mode.key().to_owned(),
            longitude: r.longitude.unwrap_or_default(),
            latitude: r.latitude.unwrap_or_default(),
            longitude_correction_seconds: r.longitude_correction_seconds,
            equation_of_time_seconds: r.equation_of_time_seconds,
            total_correction_seconds: r.total_correction_seconds(),
            corrected_local_time: t.corrected_local_time(),
            place_label: t.place_label.clone().unwrap_or_default(),
            place_approximate: t.place_approximate,
            zi: t.zi.key().to_owned(),
            clock_change: r.clock_change.map(|c| c.key().to_owned()).unwrap_or_default(),
            dst_choice: r.dst_choice.map(|c| c.key().to_owned()).unwrap_or_default(),
            wall_clock: t.wall_clock(),
        }),
        time_known: c.time_known,
        hour_dependent: c.hour_dependent.iter().map(|s| (*s).to_owned()).collect(),
        previous_jie: Some(term(&c.previous_jie)),
        next_jie: Some(term(&c.next_jie)),
        hidden_elements: Some(pb::Elements {
            wood: h[0],
            fire: h[1],
            earth: h[2],
            metal: h[3],
            water: h[4],
            dominant: c.hidden_elements.dominant().key().to_owned(),
        }),
        notes: std::iter::once(t.correction_note()).chain(t.dst_note()).collect(),
    }
}

fn almanac_day(d: &almanac::AlmanacDay) -> pb::AlmanacDay {
    pb::AlmanacDay {
        date: d.date.to_string(),
        weekday: d.weekday.to_owned(),
        lunar_year: d.lunar.year,
        lunar_month: d.lunar.month.into(),
        lunar_leap: d.lunar.leap,
        lunar_day: d.lunar.day.into(),
        lunar_label: d.lunar_label.clone(),
        rokuyo: d.rokuyo.name().to_owned(),
        day_pillar: Some(pillar(d.day_pillar.into())),
        sekki_month: d.sekki_month.into(),
        month_pillar: Some(pillar(d.month_pillar.into())),
        year_pillar: Some(pillar(d.year_pillar.into())),
        items: d
            .items
            .iter()
            .map(|i| pb::AlmanacItem {
                id: i.id.to_owned(),
                name: i.name.to_owned(),
                description: i.description.to_owned(),
                kind: match i.kind {
                    almanac::ItemKind::Rekichu => "rekichu",
                    almanac::ItemKind::Rokuyo => "rokuyo",
                    almanac::ItemKind::Holiday => "holiday",
                    almanac::ItemKind::Sekki => "sekki",
                    almanac::ItemKind::Zassetsu => "zassetsu",
                }
                .to_owned(),
                source: i.source.to_owned(),
            })
            .collect(),
    }
}

/// A stem-branch pair of the sixty; `what` names it in the debug log of a refusal (e.g.
/// `natal.day`), the status message being fixed text.
fn ganzhi(p: Option<&pb::Pillar>, what: &str) -> Result<GanZhi, Status> {
    let refuse = |message: &'static str| {
        tracing::debug!(name: "bazi_engine.pillar.invalid", field = what, message);
        invalid(message)
    };
    let p = p.ok_or_else(|| refuse("pillar is required"))?;
    let stem = Stem::parse(p.heavenly_stem.trim());
    let branch = Branch::parse(p.earthly_branch.trim());
    match (stem, branch) {
        (Some(s), Some(b)) => GanZhi::from_parts(s, b).ok_or_else(|| refuse("not one of the sixty stem-branch pairs")),
        _ => Err(refuse("expected a heavenly stem and an earthly branch")),
    }
}

fn natal_pillars(n: Option<&pb::NatalPillars>) -> Result<Pillars, Status> {
    let n = n.ok_or_else(|| invalid("natal is required"))?;
    Ok(Pillars {
        year: ganzhi(n.year.as_ref(), "natal.year")?,
        month: ganzhi(n.month.as_ref(), "natal.month")?,
        day: ganzhi(n.day.as_ref(), "natal.day")?,
        hour: ganzhi(n.hour.as_ref(), "natal.hour")?,
    })
}

fn transit_to_pb(t: &transit::Transit) -> pb::Transit {
    pb::Transit {
        pillar: Some(pillar(t.pillar.into())),
        stem_ten_god: t.stem_ten_god.name_ja().to_owned(),
        branch_ten_god: t.branch_ten_god.name_ja().to_owned(),
        life_stage: t.life_stage.name_ja().to_owned(),
        stem_element: t.stem_element.key().to_owned(),
        branch_element: t.branch_element.key().to_owned(),
        relations: t
            .relations
            .iter()
            .map(|r| pb::TransitRelation {
                kind: r.kind.key().to_owned(),
                name: r.kind.name_ja().to_owned(),
                natal_position: r.natal_position.key().to_owned(),
                natal: r.natal.to_owned(),
                favorable: r.favorable(),
            })
            .collect(),
        kong_wang: t.kong_wang,
        nayin: t.nayin.to_owned(),
        support: t.support,
    }
}

fn suggestion(p: &bazi_engine::places::Place) -> pb::PlaceSuggestion {
    pb::PlaceSuggestion {
        label: p.label(),
        longitude: p.longitude,
        latitude: p.latitude,
        time_zone: p.timezone.to_owned(),
        approximate: p.approximate,
    }
}

#[tonic::async_trait]
impl BaziEngine for Engine {
    async fn calculate_chart(
        &self,
        request: Request<pb::CalculateChartRequest>,
    ) -> Result<Response<pb::CalculateChartResponse>, Status> {
        let input = birth(request.get_ref().birth.as_ref())?;
        let c = chart::calculate(&input).map_err(|e| from_engine(&e))?;
        Ok(Response::new(pb::CalculateChartResponse { chart: Some(chart_to_pb(&c)) }))
    }

    async fn compatibility(
        &self,
        request: Request<pb::CompatibilityRequest>,
    ) -> Result<Response<pb::CompatibilityResponse>, Status> {
        let r = request.get_ref();
        let a = chart::calculate(&birth(r.a.as_ref())?).map_err(|e| from_engine(&e))?;
        let b = chart::calculate(&birth(r.b.as_ref())?).map_err(|e| from_engine(&e))?;
        fn side(c: &Chart) -> bazi_engine::compat::CompatSide<'_> {
            bazi_engine::compat::CompatSide { pillars: &c.four, strength: &c.strength }
        }
        let result = bazi_engine::compat::compatibility(side(&a), side(&b));
        Ok(Response::new(pb::CompatibilityResponse {
            score: result.score.into(),
            summary: result.summary,
            factors: result
                .factors
                .into_iter()
                .map(|f| pb::CompatibilityFactor {
                    key: f.key.to_owned(),
                    label: f.label.to_owned(),
                    weight: f.weight,
                    score: f.score,
                    detail: f.detail,
                })
                .collect(),
            a: Some(chart_to_pb(&a)),
            b: Some(chart_to_pb(&b)),
        }))
    }

    async fn get_almanac(
        &self,
        request: Request<pb::GetAlmanacRequest>,
    ) -> Result<Response<pb::GetAlmanacResponse>, Status> {
        let r = request.get_ref();
        let from = parse_date(&r.from).map_err(|e| from_engine(&e))?;
        let to = if r.to.trim().is_empty() { from } else { parse_date(&r.to).map_err(|e| from_engine(&e))? };
        let days = almanac::range(from, to).map_err(|e| from_engine(&e))?;
        Ok(Response::new(pb::GetAlmanacResponse { days: days.iter().map(almanac_day).collect() }))
    }

    async fn search_places(
        &self,
        request: Request<pb::SearchPlacesRequest>,
    ) -> Result<Response<pb::SearchPlacesResponse>, Status> {
        let r = request.get_ref();
        let limit = match r.limit {
            0 => DEFAULT_PLACE_SUGGESTIONS,
            n => n.min(MAX_PLACE_SUGGESTIONS),
        };
        let suggestions = bazi_engine::places::search(&r.query, limit as usize).into_iter().map(suggestion).collect();
        Ok(Response::new(pb::SearchPlacesResponse { suggestions }))
    }

    async fn resolve_place(
        &self,
        request: Request<pb::ResolvePlaceRequest>,
    ) -> Result<Response<pb::ResolvePlaceResponse>, Status> {
        let location = request.get_ref().location.trim();
        let place = bazi_engine::places::resolve(location).ok_or_else(|| {
            from_engine(&bazi_engine::EngineError::PlaceNotFound(location.chars().take(100).collect()))
        })?;
        Ok(Response::new(pb::ResolvePlaceResponse { place: Some(suggestion(place)) }))
    }

    async fn read_transits(
        &self,
        request: Request<pb::ReadTransitsRequest>,
    ) -> Result<Response<pb::ReadTransitsResponse>, Status> {
        let r = request.get_ref();
        let natal = natal_pillars(r.natal.as_ref())?;
        if r.pillars.len() > MAX_PILLARS {
            return Err(invalid("too many pillars per call"));
        }
        let pillars = r
            .pillars
            .iter()
            .enumerate()
            .map(|(i, p)| ganzhi(Some(p), &format!("pillars[{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        let (strength, transits) = transit::read_transits(&natal, &pillars);
        Ok(Response::new(pb::ReadTransitsResponse {
            transits: transits.iter().map(transit_to_pb).collect(),
            natal_strength: Some(pb::Strength {
                score: strength.score,
                verdict: strength.verdict.to_owned(),
                reasons: strength.reasons,
                favorable_elements: keys(&strength.favorable),
                unfavorable_elements: keys(&strength.unfavorable),
            }),
            day_master: natal.day_master().name().to_owned(),
        }))
    }
}
