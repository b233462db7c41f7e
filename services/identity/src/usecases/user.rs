//! An account as the rest of the service sees it (the database row stays in `db/`).

use chrono::{DateTime, NaiveDate, Utc};
use meguri_ids::UserId;
use meguri_tz::TimezoneOffset;

use crate::domain::{DstChoice, Gender};

#[derive(Clone, Debug, PartialEq)]
pub struct User {
    pub id: UserId,
    pub email: String,
    pub username: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image_url: Option<String>,
    pub gender: Option<Gender>,
    pub birth_date: Option<NaiveDate>,
    /// `HH:MM`: the time given, or the 12:00 used when it was skipped (`birth_time_unknown`).
    pub birth_time: Option<String>,
    /// The person skipped the time: `birth_time` is the assumed 12:00.
    pub birth_time_unknown: bool,
    pub birth_location: Option<String>,
    pub birth_longitude: Option<f64>,
    pub birth_latitude: Option<f64>,
    /// How a birth time that a summer-time change skipped or repeated is read; `None` otherwise.
    pub birth_dst_choice: Option<DstChoice>,
    pub is_email_verified: bool,
    pub has_completed_onboarding: bool,
    pub pending_email: Option<String>,
    /// The offset the person's browser last reported; `None` until one is.
    pub timezone_offset: Option<TimezoneOffset>,
    pub created_at: DateTime<Utc>,
    pub last_login_at: Option<DateTime<Utc>>,
}

/// A user's gender and birth data as other services read them (GetBirthProfile).
#[derive(Clone, Debug, PartialEq)]
pub struct BirthProfile {
    pub id: UserId,
    pub gender: Option<Gender>,
    pub birth_date: Option<NaiveDate>,
    /// `HH:MM`; `None` when unknown (the person skipped it: other services then treat the time as
    /// unknown, e.g. bazi-engine assumes 12:00 and flags what depends on the hour).
    pub birth_time: Option<String>,
    pub birth_location: Option<String>,
    pub birth_longitude: Option<f64>,
    pub birth_latitude: Option<f64>,
    pub birth_dst_choice: Option<DstChoice>,
    /// When the birth data or gender last changed (the account's last update for rows older than
    /// that column).
    pub updated_at: DateTime<Utc>,
}

/// An admin account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Admin {
    pub id: uuid::Uuid,
    pub email: String,
    pub role: String,
    pub is_active: bool,
}

/// The fields of a verified member anyone may see (social's read model, invite cards, search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberProfile {
    pub id: UserId,
    pub username: String,
    pub first_name: Option<String>,
    pub profile_image_url: Option<String>,
    /// When these fields last changed (microseconds, as stored): a reader keeps the newest.
    pub updated_at: DateTime<Utc>,
}

/// Where and how to mail a verified member (GetContact, for notify).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact {
    pub email: String,
    pub username: String,
}
