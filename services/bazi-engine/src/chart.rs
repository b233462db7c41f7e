//! One birth → its chart: the instant, the corrected local time, the four pillars, the five
//! elements and (see `analysis`) everything derived from them.

use crate::astro::{self, SolarTerm};
use crate::error::EngineError;
use crate::ganzhi::{GanZhi, Stem};
use crate::input::{BirthInput, TimeMode, Zone};
use crate::pillars::{self, ElementCounts, Pillars, TermContext};
use crate::time::{self, Location, ResolvedTime, naive_of_jd};
use chrono::{NaiveDate, NaiveTime};
use serde::Serialize;

/// The default place: 東京 (the spec's '東京, 日本' at 139.6503 E, 35.6762 N).
pub const DEFAULT_LONGITUDE: f64 = 139.6503;
pub const DEFAULT_LATITUDE: f64 = 35.6762;

/// `{ heavenlyStem, earthlyBranch }` as the API shows a pillar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PillarView {
    pub heavenly_stem: Stem,
    pub earthly_branch: crate::ganzhi::Branch,
}

impl From<GanZhi> for PillarView {
    fn from(g: GanZhi) -> Self {
        PillarView { heavenly_stem: g.stem(), earthly_branch: g.branch() }
    }
}

/// The spec's `baziChart`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BaziChartView {
    pub year: PillarView,
    pub month: PillarView,
    pub day: PillarView,
    pub hour: PillarView,
}

impl From<&Pillars> for BaziChartView {
    fn from(p: &Pillars) -> Self {
        BaziChartView { year: p.year.into(), month: p.month.into(), day: p.day.into(), hour: p.hour.into() }
    }
}

/// A solar term as reported.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TermView {
    pub name: &'static str,
    pub longitude: u32,
    /// RFC 3339 UTC, millisecond precision.
    pub utc: String,
    /// Terrestrial Time, ISO 8601 without zone.
    pub tt: String,
}

impl From<&SolarTerm> for TermView {
    fn from(t: &SolarTerm) -> Self {
        TermView {
            name: t.name(),
            longitude: t.longitude(),
            utc: format!("{}Z", naive_of_jd(t.jd_utc()).format("%Y-%m-%dT%H:%M:%S%.3f")),
            tt: naive_of_jd(t.jd_tt).format("%Y-%m-%dT%H:%M:%S%.3f").to_string(),
        }
    }
}

/// How the clock was read, and the correction applied.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeView {
    /// The clock as entered (12:00 when the time is unknown).
    pub civil_local_time: String,
    pub time_zone: String,
    pub utc_offset_seconds: i32,
    pub summer_time: bool,
    pub utc: String,
    pub mode: &'static str,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub longitude_correction_seconds: f64,
    pub equation_of_time_seconds: f64,
    pub total_correction_seconds: f64,
    /// The local time the day and hour pillars use.
    pub corrected_local_time: String,
    pub place_label: Option<String>,
    pub place_approximate: bool,
    pub zi: &'static str,
    /// A Japanese sentence: '札幌（東経141.35°）の真太陽時: 時計 +25分24秒、均時差 +14分12秒'.
    pub correction_note: String,
}

/// A complete chart.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Chart {
    pub bazi_chart: BaziChartView,
    pub elements: ElementCounts,
    pub day_master: Stem,
    pub time: TimeView,
    pub time_known: bool,
    /// Results that depend on the (unknown) hour of birth; empty when the time is known.
    pub hour_dependent: Vec<&'static str>,
    pub previous_jie: TermView,
    pub next_jie: TermView,
    #[serde(skip)]
    pub pillars: Pillars,
    #[serde(skip)]
    pub context: TermContext,
    #[serde(skip)]
    pub resolved: ResolvedTime,
    #[serde(skip)]
    pub birth_date: NaiveDate,
}

fn signed_duration(seconds: f64) -> String {
    let sign = if seconds < 0.0 { '−' } else { '+' };
    let s = seconds.abs().round() as i64;
    if s >= 60 { format!("{sign}{}分{:02}秒", s / 60, s % 60) } else { format!("{sign}{s}秒") }
}

fn correction_note(r: &ResolvedTime, label: Option<&str>) -> String {
    let place = match (label, r.longitude) {
        (Some(l), Some(lon)) => format!("{l}（東経{lon:.2}°）"),
        (None, Some(lon)) => format!("東経{lon:.2}°"),
        (Some(l), None) => l.to_owned(),
        (None, None) => String::new(),
    };
    match r.mode {
        TimeMode::Standard => "時計の時刻（標準時）をそのまま使っています".to_owned(),
        TimeMode::Mean => format!("{place}の地方平均時: 経度補正 {}", signed_duration(r.longitude_correction_seconds)),
        TimeMode::Apparent => format!(
            "{place}の真太陽時: 経度補正 {}、均時差 {}（合計 {}）",
            signed_duration(r.longitude_correction_seconds),
            signed_duration(r.equation_of_time_seconds),
            signed_duration(r.total_correction_seconds())
        ),
    }
}

/// Where the birth clock was. A place name is looked up when no longitude was given.
pub fn locate(input: &BirthInput) -> Result<Location, EngineError> {
    let zone = input.zone.unwrap_or(Zone::Iana(chrono_tz::Asia::Tokyo));
    Ok(Location {
        label: input.place.clone(),
        longitude: input.longitude,
        latitude: input.latitude,
        zone,
        approximate: false,
    })
}

/// Computes the chart of one birth.
pub fn calculate(input: &BirthInput) -> Result<Chart, EngineError> {
    let location = locate(input)?;
    let time_known = input.time.is_some();
    let clock = input.time.unwrap_or(NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default());
    let resolved = time::resolve(input.date.and_time(clock), &location, input.mode, input.ambiguity)?;
    let (year, month, context) = pillars::year_and_month(resolved.jd_tt)?;
    let (day, hour) = pillars::day_and_hour(resolved.jd_local, input.zi);
    let p = Pillars { year, month, day, hour };
    let elements = pillars::count_elements(&p, &[0.0; 5]);

    let mut hour_dependent = Vec::new();
    if !time_known {
        hour_dependent.extend(["hour", "elements", "dominant"]);
        // A 節 on the birth date means the month (and at 立春 the year) depends on the hour.
        let day_start = resolved.jd_local - (resolved.jd_local + 0.5).rem_euclid(1.0);
        let offset = resolved.jd_local - resolved.jd_utc;
        let (start_utc, end_utc) = (day_start - offset, day_start + 1.0 - offset);
        for jie in [context.previous_jie, context.next_jie] {
            let t = jie.jd_utc();
            if t >= start_utc && t < end_utc {
                hour_dependent.push("month");
                if jie.index == 2 {
                    hour_dependent.push("year");
                }
            }
        }
    }

    let time = TimeView {
        civil_local_time: resolved.civil.format("%Y-%m-%dT%H:%M:%S").to_string(),
        time_zone: resolved.zone_label.clone(),
        utc_offset_seconds: resolved.offset_seconds,
        summer_time: resolved.summer_time,
        utc: format!("{}Z", resolved.utc().format("%Y-%m-%dT%H:%M:%S")),
        mode: resolved.mode.key(),
        longitude: resolved.longitude,
        latitude: resolved.latitude,
        longitude_correction_seconds: round2(resolved.longitude_correction_seconds),
        equation_of_time_seconds: round2(resolved.equation_of_time_seconds),
        total_correction_seconds: round2(resolved.total_correction_seconds()),
        corrected_local_time: resolved.corrected_local().format("%Y-%m-%d %H:%M:%S").to_string(),
        place_label: location.label.clone(),
        place_approximate: location.approximate,
        zi: input.zi.key(),
        correction_note: correction_note(&resolved, location.label.as_deref()),
    };
    Ok(Chart {
        bazi_chart: (&p).into(),
        elements,
        day_master: p.day_master(),
        time,
        time_known,
        hour_dependent,
        previous_jie: (&context.previous_jie).into(),
        next_jie: (&context.next_jie).into(),
        pillars: p,
        context,
        resolved,
        birth_date: input.date,
    })
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The 24 solar terms of a year, for `bazi terms`.
pub fn terms_of_year(year: i32) -> Result<Vec<TermView>, EngineError> {
    if !(1900..=2100).contains(&year) {
        return Err(EngineError::DateOutOfRange);
    }
    let terms = astro::terms_of_year(year).ok_or(EngineError::DateOutOfRange)?;
    Ok(terms.iter().map(TermView::from).collect())
}
