//! The JSON shapes of the diary, letter and mention routes (social's proto → camelCase at the edge),
//! and the one reading of an entry or mention id from a path.
//!
//! Every mirror destructures its proto message without `..`: a field added to the message fails to
//! compile here until it is mapped or named and dropped.

use actix_web::http::StatusCode;
use chrono::NaiveDate;
use meguri_proto::social as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::birth::is_date_form;
use crate::error::ApiError;
use crate::routes::friends::body::{Member, member};
use crate::timezone::checked_offset;

/// The NOT_FOUND code of an entry (unknown, someone else's, or not an id at all).
pub const ENTRY_NOT_FOUND: &str = "DIARY_ENTRY_NOT_FOUND";
/// The NOT_FOUND code of a mention notification.
pub const MENTION_NOT_FOUND: &str = "MENTION_NOT_FOUND";

/// An id from a path, in canonical form. Anything that is not a UUID is answered like an unknown
/// entry or mention (404 with `not_found`), without asking social: a probe learns nothing from the
/// form of what it sent.
///
/// # Errors
/// 404 `not_found`.
pub fn path_id(raw: &str, not_found: &'static str) -> Result<String, ApiError> {
    uuid::Uuid::parse_str(raw.trim())
        .map(|id| id.hyphenated().to_string())
        .map_err(|_| ApiError::Coded { status: StatusCode::NOT_FOUND, code: not_found })
}

/// The proto reference to the entry a path names.
///
/// # Errors
/// 404 `DIARY_ENTRY_NOT_FOUND` when it is not a UUID.
pub fn entry_ref(raw: &str) -> Result<pb::DiaryEntryRef, ApiError> {
    Ok(pb::DiaryEntryRef { id: path_id(raw, ENTRY_NOT_FOUND)? })
}

/// A diary entry (spec §3 "Diary entry"). A letter is `sealed` until notify delivers it: its
/// `content` is then null and its `mentions` empty, and its `date` is its delivery date.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiaryEntry {
    #[schema(example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b")]
    pub id: String,
    pub author: Member,
    /// `YYYY-MM-DD`; for a letter, its delivery date.
    #[schema(example = "2026-11-26")]
    pub date: String,
    /// As written, `@handles` included (`mentions` says which resolved); null while sealed.
    #[schema(required = true, example = "@hanako と散歩した")]
    pub content: Option<String>,
    /// A letter to the future.
    pub publish_to_future: bool,
    /// Letters: the day it is delivered (`YYYY-MM-DD`).
    #[schema(required = true, example = "2027-01-01")]
    pub delivery_date: Option<String>,
    /// Letters: the local day it was written (`YYYY-MM-DD`).
    #[schema(required = true, example = "2026-11-26")]
    pub authored_date: Option<String>,
    /// A letter not delivered yet.
    pub sealed: bool,
    /// A letter notify delivered.
    pub delivered: bool,
    /// A delivered letter the app has shown.
    pub has_been_shown: bool,
    /// A delivered letter that was also mailed.
    pub email_sent: bool,
    /// The accepted friends the entry mentions (empty while sealed).
    pub mentions: Vec<Member>,
    /// RFC 3339.
    #[schema(example = "2026-11-26T12:00:00Z")]
    pub created_at: String,
    /// RFC 3339.
    #[schema(example = "2026-11-26T12:00:00Z")]
    pub updated_at: String,
}

impl TryFrom<pb::DiaryEntry> for DiaryEntry {
    type Error = ApiError;

    fn try_from(e: pb::DiaryEntry) -> Result<Self, ApiError> {
        let pb::DiaryEntry {
            id,
            author,
            date,
            content,
            publish_to_future,
            delivery_date,
            authored_date,
            sealed,
            delivered,
            has_been_shown,
            email_sent,
            mentions,
            created_at,
            updated_at,
            // The status of the create's answer (201 / 200), not part of the entry.
            replayed: _,
        } = e;
        Ok(Self {
            id,
            author: member(author, "diary entry")?,
            date,
            // Social sends no text while sealed; null says so whatever arrives.
            content: (!sealed).then_some(content),
            publish_to_future,
            delivery_date,
            authored_date,
            sealed,
            delivered,
            has_been_shown,
            email_sent,
            mentions: if sealed { Vec::new() } else { mentions.into_iter().map(Member::from).collect() },
            created_at,
            updated_at,
        })
    }
}

/// Entries from social, mapped.
fn entries(list: Vec<pb::DiaryEntry>) -> Result<Vec<DiaryEntry>, ApiError> {
    list.into_iter().map(DiaryEntry::try_from).collect()
}

/// `GET /api/diary`: one page of the caller's entries, newest date first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiaryPage {
    pub entries: Vec<DiaryEntry>,
    /// Pass it as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

impl TryFrom<pb::ListDiaryEntriesResponse> for DiaryPage {
    type Error = ApiError;

    fn try_from(r: pb::ListDiaryEntriesResponse) -> Result<Self, ApiError> {
        let pb::ListDiaryEntriesResponse { entries: list, next_cursor } = r;
        Ok(Self { entries: entries(list)?, next_cursor })
    }
}

/// The most entries a page may ask for, and how many it gets unless it asks.
pub const MAX_PAGE_LIMIT: u32 = 50;
pub const DEFAULT_PAGE_LIMIT: u32 = 20;

/// The paging query of `GET /api/diary`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct DiaryPageQuery {
    /// `nextCursor` of the previous page (opaque).
    pub cursor: Option<String>,
    /// 1..=50 (default 20).
    #[param(example = 20, minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

impl DiaryPageQuery {
    /// The request to social.
    ///
    /// # Errors
    /// 400 `INVALID_LIMIT` outside 1..=50.
    pub fn request(self) -> Result<pb::ListDiaryEntriesRequest, ApiError> {
        let limit = match self.limit {
            None => DEFAULT_PAGE_LIMIT,
            Some(n) if (1..=MAX_PAGE_LIMIT).contains(&n) => n,
            Some(_) => return Err(ApiError::Invalid("INVALID_LIMIT")),
        };
        Ok(pb::ListDiaryEntriesRequest { cursor: self.cursor.filter(|c| !c.is_empty()), limit })
    }
}

/// `POST /api/diary`. Social checks the content, the dates and the client id; the gateway only the
/// offset's range.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateDiaryEntryBody {
    /// A UUID the app chooses once per draft: sending it again (a double click, a retry) answers
    /// the entry made the first time.
    #[schema(
        required = true,
        example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b",
        pattern = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
    )]
    pub client_id: String,
    /// 1..=1,000 characters after trimming; `@username` of an accepted friend mentions them.
    #[schema(
        required = true,
        example = "@hanako と散歩した",
        max_length = 1000,
        pattern = r"^[^\x00]*[^\x00\s][^\x00]*$"
    )]
    pub content: String,
    /// `YYYY-MM-DD`, not after the caller's today (ignored for a letter: its date is its delivery date).
    #[schema(
        required = true,
        example = "2026-11-26",
        pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$"
    )]
    pub date: String,
    /// A letter to the future, sealed until `deliveryDate`.
    pub publish_to_future: bool,
    /// Letters only: `YYYY-MM-DD`, tomorrow up to 10 years ahead.
    #[schema(example = "2027-01-01", pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$")]
    pub delivery_date: Option<String>,
    /// Minutes, as `Date#getTimezoneOffset` (Japan −540): decides the caller's "today".
    #[schema(example = -540, minimum = -840, maximum = 720)]
    pub timezone_offset: Option<i32>,
}

impl CreateDiaryEntryBody {
    /// The request to social.
    ///
    /// # Errors
    /// 400 `INVALID_TIMEZONE_OFFSET`.
    pub fn request(self) -> Result<pb::CreateDiaryEntryRequest, ApiError> {
        let Self { client_id, content, date, publish_to_future, delivery_date, timezone_offset } = self;
        Ok(pb::CreateDiaryEntryRequest {
            client_id,
            content,
            date,
            publish_to_future,
            delivery_date,
            timezone_offset_minutes: checked_offset(timezone_offset)?,
        })
    }
}

/// `PUT /api/diary/{id}`: the new text and date of one's own entry (a sealed letter cannot be edited).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateDiaryEntryBody {
    /// 1..=1,000 characters after trimming.
    #[schema(
        required = true,
        example = "@hanako と散歩した",
        max_length = 1000,
        pattern = r"^[^\x00]*[^\x00\s][^\x00]*$"
    )]
    pub content: String,
    /// `YYYY-MM-DD`, not after the caller's today.
    #[schema(
        required = true,
        example = "2026-11-26",
        pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$"
    )]
    pub date: String,
    /// Minutes, as `Date#getTimezoneOffset` (Japan −540).
    #[schema(example = -540, minimum = -840, maximum = 720)]
    pub timezone_offset: Option<i32>,
}

impl UpdateDiaryEntryBody {
    /// The request to social for entry `id` (already checked).
    ///
    /// # Errors
    /// 400 `INVALID_TIMEZONE_OFFSET`.
    pub fn request(self, id: String) -> Result<pb::UpdateDiaryEntryRequest, ApiError> {
        let Self { content, date, timezone_offset } = self;
        Ok(pb::UpdateDiaryEntryRequest { id, content, date, timezone_offset_minutes: checked_offset(timezone_offset)? })
    }
}

/// The query of `GET /api/diary/lucky-day`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct LuckyDayQuery {
    /// `YYYY-MM-DD`: the first day to consider (after the caller's today).
    #[param(
        required = true,
        example = "2026-12-01",
        pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$"
    )]
    pub from: String,
    /// Minutes, as `Date#getTimezoneOffset` (Japan −540).
    #[param(example = -540, minimum = -840, maximum = 720)]
    pub timezone_offset: Option<i32>,
}

impl LuckyDayQuery {
    /// The request to social. A `from` that is not a calendar date is refused here.
    ///
    /// # Errors
    /// 400 `INVALID_DELIVERY_DATE`, `INVALID_TIMEZONE_OFFSET`.
    pub fn request(self) -> Result<pb::FindLuckyDayRequest, ApiError> {
        let from = self.from.trim();
        if !is_date_form(from) || NaiveDate::parse_from_str(from, "%Y-%m-%d").is_err() {
            return Err(ApiError::Invalid("INVALID_DELIVERY_DATE"));
        }
        Ok(pb::FindLuckyDayRequest {
            from: from.to_owned(),
            timezone_offset_minutes: checked_offset(self.timezone_offset)?,
        })
    }
}

/// Why a day is lucky: an almanac item of bazi-engine.
#[derive(Debug, Serialize, ToSchema)]
pub struct LuckyDayReason {
    /// `tensha`, `ichiryu_manbai` or `taian`.
    #[schema(example = "tensha")]
    pub id: String,
    #[schema(example = "天赦日")]
    pub name: String,
    /// Japanese, from the almanac.
    pub description: String,
}

/// The first 天赦日, 一粒万倍日 or 大安 on or after `from`, and every one of the three on it,
/// strongest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct LuckyDay {
    #[schema(example = "2026-12-03")]
    pub date: String,
    pub reasons: Vec<LuckyDayReason>,
}

impl From<pb::LuckyDay> for LuckyDay {
    fn from(d: pb::LuckyDay) -> Self {
        let pb::LuckyDay { date, reasons } = d;
        let reasons = reasons
            .into_iter()
            .map(|r| {
                let pb::LuckyDayReason { id, name, description } = r;
                LuckyDayReason { id, name, description }
            })
            .collect();
        Self { date, reasons }
    }
}

/// `GET /api/diary/letters`: the caller's letters delivered and not shown yet, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveredLetters {
    pub letters: Vec<DiaryEntry>,
}

impl TryFrom<pb::ListDeliveredLettersResponse> for DeliveredLetters {
    type Error = ApiError;

    fn try_from(r: pb::ListDeliveredLettersResponse) -> Result<Self, ApiError> {
        let pb::ListDeliveredLettersResponse { letters } = r;
        Ok(Self { letters: entries(letters)? })
    }
}

/// Who mentioned the caller (spec §7: no first name here).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Mentioner {
    #[schema(example = "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f")]
    pub user_id: String,
    #[schema(example = "hanako")]
    pub username: String,
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
}

/// The entry a mention is in.
#[derive(Debug, Serialize, ToSchema)]
pub struct MentionedEntry {
    #[schema(example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b")]
    pub id: String,
    #[schema(example = "2026-11-26")]
    pub date: String,
    /// As written, `@handles` included.
    #[schema(example = "@taro と散歩した")]
    pub content: String,
}

/// An unseen mention of the caller (spec §3 "Mention notification").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MentionNotification {
    #[schema(example = "0191b7e4-0000-7000-8000-00000000000a")]
    pub id: String,
    pub mentioner: Mentioner,
    pub diary_entry: MentionedEntry,
    /// RFC 3339.
    #[schema(example = "2026-11-26T12:00:00Z")]
    pub created_at: String,
}

impl TryFrom<pb::MentionNotification> for MentionNotification {
    type Error = ApiError;

    fn try_from(n: pb::MentionNotification) -> Result<Self, ApiError> {
        let pb::MentionNotification {
            id,
            mentioner,
            diary_entry_id,
            diary_entry_date,
            diary_entry_content,
            created_at,
        } = n;
        let Member { user_id, username, first_name: _, profile_image_url } = member(mentioner, "mention")?;
        Ok(Self {
            id,
            mentioner: Mentioner { user_id, username, profile_image_url },
            diary_entry: MentionedEntry { id: diary_entry_id, date: diary_entry_date, content: diary_entry_content },
            created_at,
        })
    }
}

/// `GET /api/mentions/notifications`: a JSON array, oldest first.
///
/// # Errors
/// A notification without its mentioner (a fault of social's).
pub fn mention_notifications(r: pb::ListMentionNotificationsResponse) -> Result<Vec<MentionNotification>, ApiError> {
    let pb::ListMentionNotificationsResponse { notifications } = r;
    notifications.into_iter().map(MentionNotification::try_from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pb_entry(sealed: bool) -> pb::DiaryEntry {
        pb::DiaryEntry {
            id: "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b".to_owned(),
            author: Some(pb::Member {
                user_id: "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f".to_owned(),
                username: "taro".to_owned(),
                first_name: None,
                profile_image_url: None,
            }),
            date: "2027-01-01".to_owned(),
            content: "leaked?".to_owned(),
            publish_to_future: true,
            delivery_date: Some("2027-01-01".to_owned()),
            authored_date: Some("2026-11-26".to_owned()),
            sealed,
            delivered: !sealed,
            has_been_shown: false,
            email_sent: !sealed,
            mentions: vec![pb::Member {
                user_id: "0190f5c2-0000-7000-8000-000000000002".to_owned(),
                username: "hanako".to_owned(),
                first_name: None,
                profile_image_url: None,
            }],
            created_at: "2026-11-26T12:00:00Z".to_owned(),
            updated_at: "2026-11-26T12:00:00Z".to_owned(),
            replayed: false,
        }
    }

    #[test]
    fn a_sealed_letter_never_shows_text_or_mentions_whatever_social_sends() {
        let sealed = DiaryEntry::try_from(pb_entry(true)).expect("entry");
        let delivered = DiaryEntry::try_from(pb_entry(false)).expect("entry");

        assert_eq!(sealed.content, None);
        assert!(sealed.mentions.is_empty());
        assert_eq!(delivered.content.as_deref(), Some("leaked?"));
        assert_eq!(delivered.mentions.len(), 1);
    }

    #[test]
    fn an_id_that_is_not_a_uuid_is_the_routes_not_found() {
        for raw in ["", "abc", "1", "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6", "../etc", "lucky-day"] {
            let error = path_id(raw, MENTION_NOT_FOUND).expect_err(raw);
            assert_eq!(error.body().code, "MENTION_NOT_FOUND", "{raw}");
            assert_eq!(entry_ref(raw).expect_err(raw).body().code, "DIARY_ENTRY_NOT_FOUND", "{raw}");
        }
        let id = "0191B7E4-8A4E-7C3A-9B55-3F1D2C4E5A6B";
        assert_eq!(entry_ref(id).expect("uuid").id, id.to_lowercase(), "sent in the canonical form");
    }

    #[test]
    fn the_page_limit_is_one_to_fifty_and_twenty_unless_asked() {
        let limit = |n: Option<u32>| DiaryPageQuery { cursor: None, limit: n }.request().map(|r| r.limit);

        assert_eq!(limit(None).expect("default"), 20);
        assert_eq!(limit(Some(1)).expect("one"), 1);
        assert_eq!(limit(Some(50)).expect("fifty"), 50);
        for n in [0, 51] {
            assert_eq!(limit(Some(n)).expect_err("out of range").body().code, "INVALID_LIMIT");
        }
    }

    #[test]
    fn a_lucky_day_search_needs_a_calendar_date() {
        for from in ["", "2026-13-01", "2026-02-30", "20261201", "tomorrow"] {
            let error = LuckyDayQuery { from: from.to_owned(), timezone_offset: None }.request().expect_err(from);
            assert_eq!(error.body().code, "INVALID_DELIVERY_DATE", "{from}");
        }
        let offset = LuckyDayQuery { from: "2026-12-01".to_owned(), timezone_offset: Some(900) }.request();
        assert_eq!(offset.expect_err("offset").body().code, "INVALID_TIMEZONE_OFFSET");
    }
}
