//! What the service reads from its tables, as plain values (the diesel rows stay in `db/`).

use chrono::{DateTime, NaiveDate, Utc};
use meguri_ids::UserId;
use serde::{Deserialize, Serialize};

use crate::domain::{ChartStatus, ReportStatus};

/// A user's chart row.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartRecord {
    pub user_id: UserId,
    pub status: ChartStatus,
    /// `meguri.bazi_engine.v1.Chart`, protobuf-encoded.
    pub chart: Option<Vec<u8>>,
    pub input_fingerprint: Option<String>,
    pub profile_incomplete: bool,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub retryable: bool,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub built_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

/// One stored daily reading.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyRecord {
    pub local_date: NaiveDate,
    pub lines: Vec<String>,
    pub dos: Vec<String>,
    pub donts: Vec<String>,
    pub reasons: Vec<fortune_reading::Reason>,
    pub words: Vec<String>,
    pub content_hash: String,
    pub engine: String,
    pub day_pillar: String,
    pub generated_at: DateTime<Utc>,
}

/// A reading's texts of one past day (for the history).
#[derive(Clone, Debug, PartialEq)]
pub struct PastReading {
    pub local_date: NaiveDate,
    pub lines: Vec<String>,
    pub words: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadgeRecord {
    pub id: String,
    pub name: String,
    pub description: String,
    pub kind: String,
    pub is_active: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RatingRecord {
    pub id: uuid::Uuid,
    pub fortune_type: String,
    pub fortune_content_hash: String,
    pub rating: String,
    pub feedback_text: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Which report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportKind {
    /// The yearly report of one calendar year.
    Yearly(i32),
    Life,
}

impl ReportKind {
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Yearly(_) => "yearly",
            Self::Life => "life",
        }
    }
}

/// A report row.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportRecord {
    pub id: uuid::Uuid,
    pub user_id: UserId,
    pub kind: ReportKind,
    pub status: ReportStatus,
    pub content: Option<ReportContent>,
    pub engine: Option<String>,
    pub generated_at: Option<DateTime<Utc>>,
}

/// The stored `content` of a report (camelCase JSON, as the REST contract shows it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportContent {
    pub title: String,
    pub sections: Vec<ContentSection>,
    pub important_dates: Vec<ContentDate>,
    /// What the report rests on that an unknown birth time's assumed 12:00 decides (bazi-engine's
    /// `hour_dependent` names); absent in reports stored before it existed, which were all built
    /// from a known time.
    #[serde(default)]
    pub hour_dependent: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentSection {
    pub heading: String,
    pub body: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentDate {
    pub date: String,
    pub label: String,
    pub detail: String,
}

impl From<fortune_reading::Report> for ReportContent {
    fn from(r: fortune_reading::Report) -> Self {
        Self {
            title: r.title,
            sections: r.sections.into_iter().map(|s| ContentSection { heading: s.heading, body: s.body }).collect(),
            important_dates: r
                .important_dates
                .into_iter()
                .map(|d| ContentDate { date: d.date, label: d.label, detail: d.detail })
                .collect(),
            hour_dependent: r.hour_dependent,
        }
    }
}

/// A member's stored friend updates and the local day they belong to.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendUpdatesRecord {
    pub local_date: NaiveDate,
    pub updates: Vec<crate::domain::friend_updates::FriendUpdate>,
    pub built_at: DateTime<Utc>,
}

impl FriendUpdatesRecord {
    /// The record with only the updates about members of `friends` (social's list now).
    #[must_use]
    pub fn among(self, friends: &[crate::domain::friend_updates::FriendRef]) -> Self {
        Self { updates: crate::domain::friend_updates::among(self.updates, friends), ..self }
    }
}
