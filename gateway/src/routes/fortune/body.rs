//! The JSON shapes of the readings routes (proto → camelCase at the edge).

use meguri_proto::fortune as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::routes::public::post::PillarBody;

/// The `timezoneOffset` query (minutes, as `Date#getTimezoneOffset`; Japan is -540).
#[derive(Debug, Default, Deserialize, ToSchema, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct OffsetQuery {
    /// −840..=720. Absent: the offset stored for the user (the last one a browser sent), else
    /// Japan (−540) — the same rule on every route that takes it.
    #[param(example = -540)]
    pub timezone_offset: Option<i32>,
}

impl OffsetQuery {
    /// The offset sent, its form checked at the edge; `None` when none was sent (fortune-gen then
    /// applies the rule).
    ///
    /// # Errors
    /// 400 `INVALID_TIMEZONE_OFFSET` outside −840..=720.
    pub fn sent(&self) -> Result<Option<i32>, ApiError> {
        self.timezone_offset
            .map(|minutes| meguri_tz::TimezoneOffset::parse(minutes).map(meguri_tz::TimezoneOffset::minutes))
            .transpose()
            .map_err(|_| ApiError::Invalid(meguri_tz::OutOfRange::CODE))
    }
}

/// Why the reading says what it says.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReasonBody {
    /// `ten_god`, `relation`, `elements`, `almanac`, `life_stage`, `kong_wang` or `season`.
    #[schema(example = "ten_god")]
    pub kind: String,
    #[schema(example = "今日の干: 偏財")]
    pub label: String,
    pub detail: String,
    /// True when the fact rests on the 12:00 assumed for an unknown birth time (shown as 参考).
    pub hour_dependent: bool,
}

/// Today's reading (spec §3 "Daily fortune response", plus its grounding).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyBody {
    #[schema(example = "2026-11-22")]
    pub date: String,
    /// One or two lines joined by `|`.
    pub fortune: String,
    pub dos: Vec<String>,
    pub donts: Vec<String>,
    pub reasons: Vec<ReasonBody>,
    pub day_pillar: Option<PillarBody>,
    /// Hex SHA-256 of the content; the `fortuneContentHash` of a rating.
    pub content_hash: String,
    /// `builtin` or `llm`.
    pub engine: String,
    pub generated_at: String,
}

impl From<pb::DailyReading> for DailyBody {
    fn from(r: pb::DailyReading) -> Self {
        Self {
            date: r.date,
            fortune: r.lines.join("|"),
            dos: r.dos,
            donts: r.donts,
            reasons: r
                .reasons
                .into_iter()
                .map(|x| ReasonBody {
                    kind: x.kind,
                    label: x.label,
                    detail: x.detail,
                    hour_dependent: x.hour_dependent,
                })
                .collect(),
            day_pillar: r
                .day_pillar
                .map(|p| PillarBody { heavenly_stem: p.heavenly_stem, earthly_branch: p.earthly_branch }),
            content_hash: r.content_hash,
            engine: r.engine,
            generated_at: r.generated_at,
        }
    }
}

/// A day-info item (spec §3).
#[derive(Debug, Serialize, ToSchema)]
pub struct DayInfoBody {
    #[schema(example = "ichiryu_manbai")]
    pub id: String,
    #[schema(example = "一粒万倍日")]
    pub name: String,
    pub description: String,
    /// The badge type: `rokuyo`, `rekichu`, `holiday`, `sekki`, `zassetsu` or `personal`.
    #[serde(rename = "type")]
    pub kind: String,
}

impl From<pb::DayInfoItem> for DayInfoBody {
    fn from(i: pb::DayInfoItem) -> Self {
        Self { id: i.id, name: i.name, description: i.description, kind: i.r#type }
    }
}

/// A badge of the fortune_badges catalogue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BadgeBody {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub is_active: bool,
}

impl From<pb::Badge> for BadgeBody {
    fn from(b: pb::Badge) -> Self {
        Self { id: b.id, name: b.name, description: b.description, kind: b.r#type, is_active: b.is_active }
    }
}

/// A rating of some fortune content.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingBody {
    pub id: String,
    pub fortune_type: String,
    pub fortune_content_hash: String,
    /// `positive` or `negative`.
    pub rating: String,
    pub feedback_text: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<pb::Rating> for RatingBody {
    fn from(r: pb::Rating) -> Self {
        Self {
            id: r.id,
            fortune_type: r.fortune_type,
            fortune_content_hash: r.fortune_content_hash,
            rating: r.rating,
            feedback_text: r.feedback_text,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SectionBody {
    pub heading: String,
    /// Paragraphs separated by a blank line.
    pub body: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportantDateBody {
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    pub date: String,
    pub label: String,
    pub detail: String,
}

/// A yearly or life report.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportBody {
    /// `yearly` or `life`.
    pub kind: String,
    /// `generating`, `ready` or `failed`.
    pub status: String,
    /// The report's year (0 for the life report).
    pub year: i32,
    pub title: String,
    pub sections: Vec<SectionBody>,
    pub important_dates: Vec<ImportantDateBody>,
    pub generated_at: Option<String>,
    /// `builtin` or `llm` (empty while generating).
    pub engine: String,
    /// When the birth time is unknown: what the report rests on that the assumed 12:00 decides
    /// (the chart's `hourDependent` names, e.g. `strength`, `favorableElements`, `luck`).
    #[schema(example = json!(["strength", "favorableElements", "luck"]))]
    pub hour_dependent: Vec<String>,
}

impl From<pb::Report> for ReportBody {
    fn from(r: pb::Report) -> Self {
        Self {
            kind: r.kind,
            status: r.status,
            year: r.year,
            title: r.title,
            sections: r.sections.into_iter().map(|s| SectionBody { heading: s.heading, body: s.body }).collect(),
            important_dates: r
                .important_dates
                .into_iter()
                .map(|d| ImportantDateBody { date: d.date, label: d.label, detail: d.detail })
                .collect(),
            generated_at: r.generated_at,
            engine: r.engine,
            hour_dependent: r.hour_dependent,
        }
    }
}

/// The stored chart: the calculator's shape plus its status.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartBody {
    pub status: String,
    pub built_at: String,
    #[serde(flatten)]
    pub chart: crate::routes::public::post::CalculateBaziResponse,
}

/// Friend updates (spec §3); empty until friends exist (the social service).
#[derive(Debug, Serialize, ToSchema)]
pub struct FriendUpdatesBody {
    pub updates: Vec<FriendUpdateBody>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FriendUpdateBody {
    pub id: String,
    pub text: String,
    pub friends: Vec<FriendBody>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FriendBody {
    pub first_name: Option<String>,
    pub username: Option<String>,
    pub profile_image_url: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_outside_the_world_are_refused_and_none_sent_is_passed_on_as_none() {
        let q = |o| OffsetQuery { timezone_offset: Some(o) };
        assert_eq!(q(-540).sent().ok(), Some(Some(-540)));
        assert_eq!(q(720).sent().ok(), Some(Some(720)));
        assert_eq!(q(-840).sent().ok(), Some(Some(-840)));
        assert!(q(721).sent().is_err());
        assert!(q(-841).sent().is_err());
        assert_eq!(OffsetQuery::default().sent().ok(), Some(None));
    }

    #[test]
    fn two_lines_become_one_fortune_joined_by_a_bar() {
        let body = DailyBody::from(pb::DailyReading {
            lines: vec!["一行目".into(), "二行目".into()],
            ..Default::default()
        });
        assert_eq!(body.fortune, "一行目|二行目");
    }
}
