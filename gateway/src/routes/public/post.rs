use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::bazi_engine as pb;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::clients::CallContext;
use crate::domain::birth::{BirthData, Gender, RawBirth, TimeMode, ZiConvention};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::rate_limit::Bucket;
use crate::routes::rpc;
use crate::session::TypedSession;
use crate::startup::AppState;

/// Coordinates in degrees (east and north positive).
#[derive(Debug, Serialize, ToSchema)]
pub struct CoordinatesBody {
    #[schema(example = 139.6503)]
    pub longitude: f64,
    #[schema(example = 35.6762)]
    pub latitude: f64,
}

/// The birth to calculate (spec §3 "Birth input"). Every field but `birthDate` is optional.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalculateBaziRequest {
    /// `YYYY-MM-DD`, month and day zero-padded.
    #[schema(required = true, value_type = String, example = "1990-05-15", pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$")]
    pub birth_date: Option<Value>,
    /// `HH:MM` (24 h). Missing: unknown; 12:00 is used and hour-dependent results are flagged.
    #[schema(value_type = Option<String>, example = "14:30", pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub birth_time: Option<Value>,
    /// A place label (from the place search) or name, at most 100 characters. Default with no
    /// coordinates: 東京, 日本.
    #[schema(value_type = Option<String>, example = "東京, 日本", max_length = 100)]
    pub birth_location: Option<Value>,
    /// Default with no place: 139.6503 / 35.6762 (Tokyo).
    #[schema(value_type = Option<CoordinatesBody>)]
    pub coordinates: Option<Value>,
    /// `male` or `female` (decides the direction of the luck pillars).
    #[schema(value_type = Option<String>, example = "female")]
    pub gender: Option<Value>,
    /// IANA time zone; default: the place's zone, else Asia/Tokyo.
    #[schema(value_type = Option<String>, example = "Asia/Tokyo")]
    pub timezone: Option<Value>,
    /// `standard` (clock time), `mean` (local mean time) or `apparent` (true solar time).
    #[schema(value_type = Option<String>, example = "apparent")]
    pub mode: Option<Value>,
    /// `split` (23:00–24:00 keeps the day) or `next_day`.
    #[schema(value_type = Option<String>, example = "split")]
    pub zi: Option<Value>,
    /// For a birth time a summer-time change skipped or repeated (Japan 1948–1951): `earlier`,
    /// `later` or `standard`, one of the `choices` a 400 NONEXISTENT_LOCAL_TIME /
    /// AMBIGUOUS_LOCAL_TIME listed. Ignored for any other time.
    #[schema(value_type = Option<crate::local_time::DstChoiceName>, example = "standard")]
    pub dst_choice: Option<Value>,
}

impl From<CalculateBaziRequest> for RawBirth {
    fn from(r: CalculateBaziRequest) -> Self {
        Self {
            birth_date: r.birth_date,
            birth_time: r.birth_time,
            birth_location: r.birth_location,
            coordinates: r.coordinates,
            gender: r.gender,
            timezone: r.timezone,
            mode: r.mode,
            zi: r.zi,
            dst_choice: r.dst_choice,
        }
    }
}

/// Domain → proto, at the edge (STYLE §3).
pub fn birth_input(birth: BirthData) -> pb::BirthInput {
    pb::BirthInput {
        birth_date: birth.date,
        birth_time: birth.time,
        place: birth.place,
        longitude: birth.coordinates.map(|c| c.longitude),
        latitude: birth.coordinates.map(|c| c.latitude),
        time_zone: birth.time_zone,
        utc_offset_minutes: None,
        gender: match birth.gender {
            None => pb::Gender::Unspecified,
            Some(Gender::Male) => pb::Gender::Male,
            Some(Gender::Female) => pb::Gender::Female,
        } as i32,
        mode: match birth.mode {
            None => pb::TimeMode::Unspecified,
            Some(TimeMode::Standard) => pb::TimeMode::Standard,
            Some(TimeMode::Mean) => pb::TimeMode::Mean,
            Some(TimeMode::Apparent) => pb::TimeMode::Apparent,
        } as i32,
        zi: match birth.zi {
            None => pb::ZiConvention::Unspecified,
            Some(ZiConvention::Split) => pb::ZiConvention::Split,
            Some(ZiConvention::NextDay) => pb::ZiConvention::NextDay,
        } as i32,
        dst_choice: crate::local_time::proto(birth.dst_choice) as i32,
    }
}

/// A pillar: heavenly stem and earthly branch, with their elements (meguri-ganzhi's tables, so the
/// app keeps none of its own).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PillarBody {
    #[schema(example = "庚")]
    pub heavenly_stem: String,
    #[schema(example = "午")]
    pub earthly_branch: String,
    /// The stem's element; null for a stem that is not one of the ten.
    #[schema(value_type = Option<ElementName>, required = true, example = "metal")]
    pub stem_element: Option<&'static str>,
    /// The branch's main element (本気); null for a branch that is not one of the twelve.
    #[schema(value_type = Option<ElementName>, required = true, example = "fire")]
    pub branch_element: Option<&'static str>,
}

/// The element key of a stem (庚 → `metal`).
fn stem_element(stem: &str) -> Option<&'static str> {
    meguri_ganzhi::Stem::parse(stem).map(|s| s.element().key())
}

/// The element key of a branch's main element (午 → `fire`).
fn branch_element(branch: &str) -> Option<&'static str> {
    meguri_ganzhi::Branch::parse(branch).map(|b| b.element().key())
}

/// The name of a polarity, as `AnalysisBody::day_master_polarity` sends it (only describes the wire).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum PolarityName {
    Yang,
    Yin,
}

impl From<pb::Pillar> for PillarBody {
    fn from(p: pb::Pillar) -> Self {
        // Every mirror of a proto message here is destructured without `..`: a field added to the message
        // fails to compile until it is mapped into the JSON (and so into the OpenAPI document and the
        // frontend's generated types) or named and dropped on purpose.
        let pb::Pillar { heavenly_stem, earthly_branch } = p;
        Self {
            stem_element: stem_element(&heavenly_stem),
            branch_element: branch_element(&earthly_branch),
            heavenly_stem,
            earthly_branch,
        }
    }
}

/// The four pillars (spec §3 "Calculation response").
#[derive(Debug, Serialize, ToSchema)]
pub struct BaziChartBody {
    pub year: PillarBody,
    pub month: PillarBody,
    pub day: PillarBody,
    pub hour: PillarBody,
}

/// Five-element balance and the dominant element.
#[derive(Debug, Serialize, ToSchema)]
pub struct ElementsBody {
    pub wood: f64,
    pub fire: f64,
    pub earth: f64,
    pub metal: f64,
    pub water: f64,
    /// `wood`, `fire`, `earth`, `metal` or `water`.
    #[schema(value_type = ElementName, example = "fire")]
    pub dominant: String,
}

/// The name of one of the five elements, as the engine sends it. Only describes the wire: the document lists the
/// five values, so the frontend's generated type is their union rather than any string.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum ElementName {
    Wood,
    Fire,
    Earth,
    Metal,
    Water,
}

/// The name of one of the four pillars, as `PillarDetailBody::position` sends it (only describes the wire).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum PillarName {
    Year,
    Month,
    Day,
    Hour,
}

impl From<pb::Elements> for ElementsBody {
    fn from(e: pb::Elements) -> Self {
        let pb::Elements { wood, fire, earth, metal, water, dominant } = e;
        Self { wood, fire, earth, metal, water, dominant }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HiddenStemBody {
    pub stem: String,
    pub ten_god: String,
    /// 本気, 中気 or 余気.
    pub role: String,
}

impl From<pb::HiddenStem> for HiddenStemBody {
    fn from(h: pb::HiddenStem) -> Self {
        let pb::HiddenStem { stem, ten_god, role } = h;
        Self { stem, ten_god, role }
    }
}

/// One pillar with its analysis.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PillarDetailBody {
    /// `year`, `month`, `day` or `hour`.
    #[schema(value_type = PillarName)]
    pub position: String,
    pub heavenly_stem: String,
    pub earthly_branch: String,
    #[schema(value_type = Option<ElementName>, required = true)]
    pub stem_element: Option<&'static str>,
    #[schema(value_type = Option<ElementName>, required = true)]
    pub branch_element: Option<&'static str>,
    /// The stem's ten god relative to the day master (empty for the day stem itself).
    pub ten_god: String,
    pub hidden_stems: Vec<HiddenStemBody>,
    /// 納音.
    pub nayin: String,
    /// 十二運 of the day master at this branch.
    pub life_stage: String,
    pub depends_on_hour: bool,
}

impl From<pb::PillarDetail> for PillarDetailBody {
    fn from(d: pb::PillarDetail) -> Self {
        let pb::PillarDetail { position, pillar, stem_ten_god, hidden_stems, nayin, life_stage, depends_on_hour } = d;
        let PillarBody { heavenly_stem, earthly_branch, stem_element, branch_element } =
            pillar.unwrap_or_default().into();
        Self {
            position,
            heavenly_stem,
            earthly_branch,
            stem_element,
            branch_element,
            ten_god: stem_ten_god,
            hidden_stems: hidden_stems.into_iter().map(HiddenStemBody::from).collect(),
            nayin,
            life_stage,
            depends_on_hour,
        }
    }
}

/// Strength of the day master.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StrengthBody {
    /// Support share, 0–100.
    pub score: f64,
    /// 身強, 身弱 or 中和.
    pub verdict: String,
    pub reasons: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LuckPillarBody {
    pub heavenly_stem: String,
    pub earthly_branch: String,
    #[schema(value_type = Option<ElementName>, required = true)]
    pub stem_element: Option<&'static str>,
    #[schema(value_type = Option<ElementName>, required = true)]
    pub branch_element: Option<&'static str>,
    pub start_age: f64,
    pub start_year: i32,
    pub start_date: String,
    pub ten_god: String,
    pub life_stage: String,
}

/// Luck pillars (大運); present when the gender is known.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LuckBody {
    pub forward: bool,
    pub start_years: i32,
    pub start_months: i32,
    pub start_days: i32,
    pub start_date: String,
    pub pillars: Vec<LuckPillarBody>,
}

impl From<pb::Luck> for LuckBody {
    fn from(l: pb::Luck) -> Self {
        // `seconds_to_jie` is the engine's working figure behind the start age; the REST answer has
        // never carried it.
        let pb::Luck { forward, start_years, start_months, start_days, start_date, seconds_to_jie: _, pillars } = l;
        Self {
            forward,
            start_years,
            start_months,
            start_days,
            start_date,
            pillars: pillars.into_iter().map(LuckPillarBody::from).collect(),
        }
    }
}

impl From<pb::LuckPillar> for LuckPillarBody {
    fn from(p: pb::LuckPillar) -> Self {
        let pb::LuckPillar { pillar, start_age, start_year, start_date, ten_god, life_stage } = p;
        let PillarBody { heavenly_stem, earthly_branch, stem_element, branch_element } =
            pillar.unwrap_or_default().into();
        Self {
            heavenly_stem,
            earthly_branch,
            stem_element,
            branch_element,
            start_age,
            start_year,
            start_date,
            ten_god,
            life_stage,
        }
    }
}

/// A solar term (節) instant.
#[derive(Debug, Serialize, ToSchema)]
pub struct SolarTermBody {
    pub name: String,
    pub longitude: i32,
    pub utc: String,
}

impl From<pb::SolarTermInstant> for SolarTermBody {
    fn from(s: pb::SolarTermInstant) -> Self {
        // `tt` (terrestrial time) is for the engine's own checks; the REST answer gives UTC only.
        let pb::SolarTermInstant { name, longitude, utc, tt: _ } = s;
        Self { name, longitude, utc }
    }
}

/// The chart's analysis (beyond the spec's contract).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisBody {
    /// The day stem (日主).
    pub day_master: String,
    /// The day master's element; null when `dayMaster` is not one of the ten stems.
    #[schema(value_type = Option<ElementName>, required = true, example = "metal")]
    pub day_master_element: Option<&'static str>,
    /// The day master's polarity (陰陽); null as `dayMasterElement`.
    #[schema(value_type = Option<PolarityName>, required = true, example = "yang")]
    pub day_master_polarity: Option<&'static str>,
    pub pillars: Vec<PillarDetailBody>,
    /// 空亡 branches of the day pillar.
    pub kong_wang: Vec<String>,
    #[schema(required = true)]
    pub strength: Option<StrengthBody>,
    /// Most helpful first.
    pub favorable_elements: Vec<String>,
    pub unfavorable_elements: Vec<String>,
    #[schema(required = true)]
    pub luck: Option<LuckBody>,
    /// False when no birth time was given (12:00 was used).
    pub time_known: bool,
    /// Result names that depend on the unknown hour.
    pub hour_dependent: Vec<String>,
    /// Japanese notes for a person.
    pub notes: Vec<String>,
    /// Five elements counted over hidden stems (weighted).
    #[schema(required = true)]
    pub hidden_elements: Option<ElementsBody>,
    #[schema(required = true)]
    pub previous_jie: Option<SolarTermBody>,
    #[schema(required = true)]
    pub next_jie: Option<SolarTermBody>,
}

/// How the civil time became the time the pillars use.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeBody {
    /// `YYYY-MM-DDTHH:MM:SS` as entered (12:00 when unknown).
    pub civil_local_time: String,
    pub time_zone: String,
    pub utc_offset_seconds: i32,
    pub summer_time: bool,
    pub utc: String,
    /// `standard`, `mean` or `apparent`.
    pub mode: String,
    pub longitude: f64,
    pub latitude: f64,
    pub longitude_correction_seconds: f64,
    pub equation_of_time_seconds: f64,
    pub total_correction_seconds: f64,
    pub corrected_local_time: String,
    pub place_label: String,
    pub place_approximate: bool,
    /// `split` or `next_day`.
    pub zi: String,
    /// `gap` or `overlap` when a summer-time change skipped or repeated the entered time, else empty.
    #[schema(example = "gap")]
    pub clock_change: String,
    /// The choice applied to such a time (`earlier`, `later` or `standard`), else empty.
    #[schema(example = "standard")]
    pub dst_choice: String,
    /// `YYYY-MM-DDTHH:MM:SS`: what the clocks showed at the birth instant.
    pub wall_clock: String,
}

impl From<pb::TimeCorrection> for TimeBody {
    fn from(t: pb::TimeCorrection) -> Self {
        let pb::TimeCorrection {
            civil_local_time,
            time_zone,
            utc_offset_seconds,
            summer_time,
            utc,
            mode,
            longitude,
            latitude,
            longitude_correction_seconds,
            equation_of_time_seconds,
            total_correction_seconds,
            corrected_local_time,
            place_label,
            place_approximate,
            zi,
            clock_change,
            dst_choice,
            wall_clock,
        } = t;
        Self {
            civil_local_time,
            time_zone,
            utc_offset_seconds,
            summer_time,
            utc,
            mode,
            longitude,
            latitude,
            longitude_correction_seconds,
            equation_of_time_seconds,
            total_correction_seconds,
            corrected_local_time,
            place_label,
            place_approximate,
            zi,
            clock_change,
            dst_choice,
            wall_clock,
        }
    }
}

/// The calculation: `baziChart` and `elements` are the spec's contract; `analysis` and `time` extra.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalculateBaziResponse {
    pub bazi_chart: BaziChartBody,
    pub elements: ElementsBody,
    pub analysis: AnalysisBody,
    #[schema(required = true)]
    pub time: Option<TimeBody>,
}

impl TryFrom<pb::Chart> for CalculateBaziResponse {
    type Error = anyhow::Error;

    fn try_from(chart: pb::Chart) -> Result<Self, Self::Error> {
        let pb::Chart {
            year,
            month,
            day,
            hour,
            elements,
            day_master,
            details,
            kong_wang,
            strength,
            luck,
            time,
            time_known,
            hour_dependent,
            previous_jie,
            next_jie,
            hidden_elements,
            notes,
        } = chart;
        let missing = || anyhow::anyhow!("CalculateChart returned an incomplete chart");
        let bazi_chart = BaziChartBody {
            year: year.ok_or_else(missing)?.into(),
            month: month.ok_or_else(missing)?.into(),
            day: day.ok_or_else(missing)?.into(),
            hour: hour.ok_or_else(missing)?.into(),
        };
        let elements = elements.ok_or_else(missing)?.into();
        let (strength, favorable_elements, unfavorable_elements) = match strength {
            Some(pb::Strength { score, verdict, reasons, favorable_elements, unfavorable_elements }) => {
                (Some(StrengthBody { score, verdict, reasons }), favorable_elements, unfavorable_elements)
            }
            None => (None, Vec::new(), Vec::new()),
        };
        Ok(Self {
            bazi_chart,
            elements,
            analysis: AnalysisBody {
                day_master_element: stem_element(&day_master),
                day_master_polarity: meguri_ganzhi::Stem::parse(&day_master).map(|s| match s.polarity() {
                    meguri_ganzhi::Polarity::Yang => "yang",
                    meguri_ganzhi::Polarity::Yin => "yin",
                }),
                day_master,
                pillars: details.into_iter().map(Into::into).collect(),
                kong_wang,
                strength,
                favorable_elements,
                unfavorable_elements,
                luck: luck.map(Into::into),
                time_known,
                hour_dependent,
                notes,
                hidden_elements: hidden_elements.map(Into::into),
                previous_jie: previous_jie.map(Into::into),
                next_jie: next_jie.map(Into::into),
            },
            time: time.map(Into::into),
        })
    }
}

/// Calculates the four pillars and five elements of a birth.
#[utoipa::path(
    post,
    path = "/api/public/calculate-bazi",
    tag = "public",
    request_body = CalculateBaziRequest,
    responses(
        (status = 200, description = "The chart", body = CalculateBaziResponse),
        (status = 400, description = "Invalid input (malformed JSON, a wrong field, or a date/time the engine refuses; NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME carry `choices` to send back as `dstChoice`; INVALID_DST_CHOICE)", body = ErrorBody),
        (status = 403, description = "Cross-origin request", body = ErrorBody),
        (status = 404, description = "PLACE_NOT_FOUND (a place without coordinates that the engine does not know)", body = ErrorBody),
        (status = 429, description = "Too many calculations from this address", body = ErrorBody),
        (status = 503, description = "The engine is unavailable", body = ErrorBody),
        (status = 504, description = "The engine did not answer in time", body = ErrorBody),
    )
)]
pub async fn calculate_bazi(
    req: HttpRequest,
    body: Json<CalculateBaziRequest>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::Calculate, &req).await?;
    let birth = BirthData::parse(body.into_inner().into()).map_err(ApiError::Invalid)?;
    let ctx = CallContext::of(&req, &session).await;
    let request = pb::CalculateChartRequest { birth: Some(birth_input(birth)) };
    let response = rpc("CalculateChart", state.engine.calculate_chart(&ctx, request)).await?;
    let chart = response.chart.ok_or_else(|| anyhow::anyhow!("CalculateChart returned no chart"))?;
    let body = CalculateBaziResponse::try_from(chart)?;
    crate::routes::analytics::landing_calculation(&req, &session, &state).await;
    Ok(HttpResponse::Ok().json(body))
}
