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
    #[param(example = -540, minimum = -840, maximum = 720)]
    pub timezone_offset: Option<i32>,
}

impl OffsetQuery {
    /// The offset sent, its form checked at the edge; `None` when none was sent (fortune-gen then
    /// applies the rule).
    ///
    /// # Errors
    /// 400 `INVALID_TIMEZONE_OFFSET` outside −840..=720.
    pub fn sent(&self) -> Result<Option<i32>, ApiError> {
        crate::timezone::checked_offset(self.timezone_offset)
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
    #[schema(required = true)]
    pub day_pillar: Option<PillarBody>,
    /// Hex SHA-256 of the content; the `fortuneContentHash` of a rating.
    pub content_hash: String,
    /// `builtin` or `llm`.
    pub engine: String,
    pub generated_at: String,
}

/// What a rating is about, as the SPA sends and the gateway answers it (only describes the wire: the document
/// lists the values, so the frontend's generated type is their union).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum FortuneTypeName {
    Daily,
    Chat,
    Life,
    Yearly,
    Dos,
    Donts,
    Bazi,
}

/// A rating's value (only describes the wire).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum RatingValue {
    Positive,
    Negative,
}

impl From<pb::DailyReading> for DailyBody {
    fn from(r: pb::DailyReading) -> Self {
        // Destructured without `..`: a field added to the proto message fails to compile here until it
        // is mapped (or named and dropped), so the JSON mirror cannot fall behind the message.
        let pb::DailyReading { date, lines, dos, donts, reasons, content_hash, engine, generated_at, day_pillar } = r;
        Self {
            date,
            fortune: lines.join("|"),
            dos,
            donts,
            reasons: reasons.into_iter().map(ReasonBody::from).collect(),
            day_pillar: day_pillar.map(PillarBody::from),
            content_hash,
            engine,
            generated_at,
        }
    }
}

impl From<pb::Reason> for ReasonBody {
    fn from(r: pb::Reason) -> Self {
        let pb::Reason { kind, label, detail, hour_dependent } = r;
        Self { kind, label, detail, hour_dependent }
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
        let pb::DayInfoItem { id, name, description, r#type } = i;
        Self { id, name, description, kind: r#type }
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
        let pb::Badge { id, name, description, r#type, is_active } = b;
        Self { id, name, description, kind: r#type, is_active }
    }
}

/// A rating of some fortune content.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingBody {
    pub id: String,
    #[schema(value_type = FortuneTypeName)]
    pub fortune_type: String,
    pub fortune_content_hash: String,
    /// `positive` or `negative`.
    #[schema(value_type = RatingValue)]
    pub rating: String,
    #[schema(required = true)]
    pub feedback_text: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<pb::Rating> for RatingBody {
    fn from(r: pb::Rating) -> Self {
        let pb::Rating { id, fortune_type, fortune_content_hash, rating, feedback_text, created_at, updated_at } = r;
        Self { id, fortune_type, fortune_content_hash, rating, feedback_text, created_at, updated_at }
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
    #[schema(required = true)]
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
        let pb::Report { kind, status, year, title, sections, important_dates, generated_at, engine, hour_dependent } =
            r;
        Self {
            kind,
            status,
            year,
            title,
            sections: sections.into_iter().map(SectionBody::from).collect(),
            important_dates: important_dates.into_iter().map(ImportantDateBody::from).collect(),
            generated_at,
            engine,
            hour_dependent,
        }
    }
}

impl From<pb::ReportSection> for SectionBody {
    fn from(s: pb::ReportSection) -> Self {
        let pb::ReportSection { heading, body } = s;
        Self { heading, body }
    }
}

impl From<pb::ImportantDate> for ImportantDateBody {
    fn from(d: pb::ImportantDate) -> Self {
        let pb::ImportantDate { date, label, detail } = d;
        Self { date, label, detail }
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

/// Friend updates (spec §3) of the caller's local day.
#[derive(Debug, Serialize, ToSchema)]
pub struct FriendUpdatesBody {
    /// The local date the updates belong to.
    #[schema(example = "2026-11-22")]
    pub date: String,
    /// At most 3.
    pub updates: Vec<FriendUpdateBody>,
}

impl From<pb::GetFriendUpdatesResponse> for FriendUpdatesBody {
    fn from(r: pb::GetFriendUpdatesResponse) -> Self {
        let pb::GetFriendUpdatesResponse { date, updates } = r;
        Self { date, updates: updates.into_iter().map(FriendUpdateBody::from).collect() }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FriendUpdateBody {
    /// Stable within the day.
    pub id: String,
    /// A header line then lines starting with `- `, or plain sentences.
    #[schema(example = "はなこさんの今日は「人とつながる」日\n- 午前は連絡が吉\n- 夜は早めに休んで")]
    pub text: String,
    /// The friend the update is about first; public fields only.
    pub friends: Vec<FriendBody>,
}

impl From<pb::FriendUpdate> for FriendUpdateBody {
    fn from(u: pb::FriendUpdate) -> Self {
        let pb::FriendUpdate { id, text, friends } = u;
        Self { id, text, friends: friends.into_iter().map(FriendBody::from).collect() }
    }
}

/// A friend an update names (the same public fields as a `Member`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FriendBody {
    #[schema(example = "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f")]
    pub user_id: String,
    #[schema(example = "hanako")]
    pub username: String,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
}

impl From<pb::FriendRef> for FriendBody {
    fn from(f: pb::FriendRef) -> Self {
        let pb::FriendRef { user_id, username, first_name, profile_image_url } = f;
        Self { user_id, username, first_name, profile_image_url }
    }
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
