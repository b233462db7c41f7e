//! The send body (`POST /api/chat/messages`) and the history query (`GET /api/chat/messages`):
//! the gateway checks their form, chat the rest.

use chrono::NaiveDate;
use meguri_proto::chat as pb;
use serde::Deserialize;
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::domain::birth::is_date_form;
use crate::error::ApiError;
use crate::timezone::checked_offset;

use super::message::ChatGender;
use super::{INVALID_COMPATIBILITY_TARGET, INVALID_MESSAGE_ID, MESSAGE_EMPTY};

/// The most messages a page may ask for, and how many it gets unless it asks.
pub const MAX_PAGE_LIMIT: u32 = 50;
pub const DEFAULT_PAGE_LIMIT: u32 = 20;

/// The paging query of `GET /api/chat/messages`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ChatMessagesQuery {
    /// 1..=50 (default 20).
    #[param(example = 20, minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
    /// `nextBefore` of the previous page: only messages older than this one.
    #[param(example = "0191b7e4-0000-7000-8000-0000000000e1")]
    pub before: Option<String>,
}

impl ChatMessagesQuery {
    /// The request to chat.
    ///
    /// # Errors
    /// 400 `INVALID_LIMIT` outside 1..=50, `INVALID_MESSAGE_ID` for a `before` that is not a UUID.
    pub fn request(self) -> Result<pb::ListMessagesRequest, ApiError> {
        let limit = match self.limit {
            None => DEFAULT_PAGE_LIMIT,
            Some(n) if (1..=MAX_PAGE_LIMIT).contains(&n) => n,
            Some(_) => return Err(ApiError::Invalid("INVALID_LIMIT")),
        };
        let before = match self.before.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
            None => None,
            Some(raw) => Some(canonical_uuid(raw).ok_or(ApiError::Invalid(INVALID_MESSAGE_ID))?),
        };
        Ok(pb::ListMessagesRequest { limit: i32::try_from(limit).unwrap_or(20), before })
    }
}

fn canonical_uuid(raw: &str) -> Option<String> {
    uuid::Uuid::parse_str(raw.trim()).ok().map(|id| id.hyphenated().to_string())
}

/// The other person of a compatibility question.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatCompatibilityInput {
    /// `YYYY-MM-DD`.
    #[schema(example = "1992-03-14", pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$")]
    pub birth_date: String,
    /// `HH:MM`, when known.
    #[schema(example = "08:30", pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub birth_time: Option<String>,
    /// A place label (from the place search) or a bare name.
    #[schema(example = "大阪府大阪市")]
    pub birth_location: Option<String>,
    pub gender: ChatGender,
    /// How the user calls them ("彼", "母"), at most 20 characters.
    #[schema(example = "彼")]
    pub label: Option<String>,
}

/// `POST /api/chat/messages`. The gateway checks the form (an id, some text, a well-formed
/// person); chat checks the rest (the length, the label, the cost).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SendChatMessageBody {
    /// A UUID the app chooses once per intended message: sending it again (a double click, a
    /// retry, a reconnect) never charges again, and answers the same reply.
    #[schema(required = true, value_type = String, example = "0191b7e4-0000-7000-8000-0000000000e1", pattern = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")]
    pub message_id: Value,
    /// 1..=`maxMessageLength` characters after trimming.
    #[schema(required = true, value_type = String, example = "今日の運勢は？", pattern = r"^[^\x00]*[^\x00\s][^\x00]*$")]
    pub message: Value,
    /// Asks about another person: the reply holds a `compatibility` part.
    #[schema(value_type = Option<ChatCompatibilityInput>)]
    pub compatibility: Value,
    /// Minutes, as `Date#getTimezoneOffset` (Japan −540): decides the caller's "today".
    #[schema(value_type = Option<i32>, example = -540, minimum = -840, maximum = 720)]
    pub timezone_offset: Value,
}

impl SendChatMessageBody {
    /// The request to chat.
    ///
    /// # Errors
    /// 400 `INVALID_MESSAGE_ID`, `MESSAGE_EMPTY`, `INVALID_REQUEST` (text that is not a string),
    /// `INVALID_COMPATIBILITY_TARGET`, `INVALID_TIMEZONE_OFFSET`.
    pub fn request(self) -> Result<pb::SendMessageRequest, ApiError> {
        let Self { message_id, message, compatibility, timezone_offset } = self;
        let message_id = message_id.as_str().and_then(canonical_uuid).ok_or(ApiError::Invalid(INVALID_MESSAGE_ID))?;
        let message = match message {
            Value::Null => return Err(ApiError::Invalid(MESSAGE_EMPTY)),
            Value::String(text) if text.trim().is_empty() => return Err(ApiError::Invalid(MESSAGE_EMPTY)),
            Value::String(text) => text,
            _ => return Err(ApiError::Invalid("INVALID_REQUEST")),
        };
        let compatibility = match compatibility {
            Value::Null => None,
            value => Some(target(value).ok_or(ApiError::Invalid(INVALID_COMPATIBILITY_TARGET))?),
        };
        let timezone_offset_minutes = match timezone_offset {
            Value::Null => None,
            value => {
                let minutes = value
                    .as_i64()
                    .and_then(|m| i32::try_from(m).ok())
                    .ok_or(ApiError::Invalid(meguri_tz::OutOfRange::CODE))?;
                checked_offset(Some(minutes))?
            }
        };
        Ok(pb::SendMessageRequest { message_id, message, compatibility, timezone_offset_minutes })
    }
}

/// `HH:MM` on a 24-hour clock.
fn is_hh_mm(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 5
        && b[2] == b':'
        && s[..2].parse::<u8>().is_ok_and(|h| h <= 23 && b[..2].iter().all(u8::is_ascii_digit))
        && s[3..].parse::<u8>().is_ok_and(|m| m <= 59 && b[3..].iter().all(u8::is_ascii_digit))
}

/// The person a `compatibility` object names, or `None` when it is not one (not an object, no
/// calendar date, no gender, a time that is not `HH:MM`, a field of the wrong type).
fn target(value: Value) -> Option<pb::CompatibilityTarget> {
    let input: ChatCompatibilityInput = serde_json::from_value(value).ok()?;
    let ChatCompatibilityInput { birth_date, birth_time, birth_location, gender, label } = input;
    let birth_date = birth_date.trim().to_owned();
    if !is_date_form(&birth_date) || NaiveDate::parse_from_str(&birth_date, "%Y-%m-%d").is_err() {
        return None;
    }
    let birth_time = birth_time.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    if birth_time.as_deref().is_some_and(|t| !is_hh_mm(t)) {
        return None;
    }
    let present = |s: Option<String>| s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    Some(pb::CompatibilityTarget {
        birth_date,
        birth_time,
        birth_location: present(birth_location),
        gender: match gender {
            ChatGender::Male => pb::Gender::Male,
            ChatGender::Female => pb::Gender::Female,
        } as i32,
        label: present(label),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const ID: &str = "0191b7e4-0000-7000-8000-0000000000e1";

    fn body(value: Value) -> Result<pb::SendMessageRequest, ApiError> {
        crate::extract::parse::<SendChatMessageBody>(value)?.request()
    }

    fn code(result: Result<pb::SendMessageRequest, ApiError>) -> String {
        result.expect_err("refused").body().code.into_owned()
    }

    #[test]
    fn a_plain_message_is_sent_as_is_with_the_canonical_id() {
        let request = body(json!({"messageId": ID.to_uppercase(), "message": " 今日は？ "})).expect("valid");

        assert_eq!(request.message_id, ID);
        assert_eq!(request.message, " 今日は？ ", "chat trims and counts");
        assert_eq!(request.compatibility, None);
        assert_eq!(request.timezone_offset_minutes, None);
    }

    #[test]
    fn the_message_id_must_be_a_uuid() {
        for id in [json!(null), json!(""), json!("abc"), json!(42), json!({"id": ID})] {
            assert_eq!(code(body(json!({"messageId": id, "message": "hi"}))), "INVALID_MESSAGE_ID", "{id}");
        }
        assert_eq!(code(body(json!({"message": "hi"}))), "INVALID_MESSAGE_ID");
    }

    #[test]
    fn the_message_must_be_text() {
        assert_eq!(code(body(json!({"messageId": ID}))), "MESSAGE_EMPTY");
        assert_eq!(code(body(json!({"messageId": ID, "message": "  \n "}))), "MESSAGE_EMPTY");
        assert_eq!(code(body(json!({"messageId": ID, "message": 5}))), "INVALID_REQUEST");
        assert_eq!(code(body(json!({"messageId": ID, "message": ["hi"]}))), "INVALID_REQUEST");
    }

    #[test]
    fn a_compatibility_target_needs_a_calendar_date_and_a_gender() {
        let full = json!({"birthDate": "1992-03-14", "birthTime": "08:30", "birthLocation": " 大阪 ",
            "gender": "female", "label": "彼女"});
        let request = body(json!({"messageId": ID, "message": "相性は？", "compatibility": full})).expect("valid");
        let target = request.compatibility.expect("target");
        assert_eq!(target.birth_date, "1992-03-14");
        assert_eq!(target.birth_time.as_deref(), Some("08:30"));
        assert_eq!(target.birth_location.as_deref(), Some("大阪"));
        assert_eq!(target.gender, pb::Gender::Female as i32);
        assert_eq!(target.label.as_deref(), Some("彼女"));

        for bad in [
            json!("1992-03-14"),
            json!([]),
            json!({}),
            json!({"birthDate": "1992-03-14"}),
            json!({"gender": "male"}),
            json!({"birthDate": "1992-02-30", "gender": "male"}),
            json!({"birthDate": "1992/03/14", "gender": "male"}),
            json!({"birthDate": "1992-03-14", "gender": "other"}),
            json!({"birthDate": "1992-03-14", "gender": "male", "birthTime": "25:00"}),
            json!({"birthDate": "1992-03-14", "gender": "male", "birthTime": "8:30"}),
            json!({"birthDate": "1992-03-14", "gender": "male", "label": 3}),
        ] {
            let sent = json!({"messageId": ID, "message": "相性は？", "compatibility": bad});
            assert_eq!(code(body(sent)), "INVALID_COMPATIBILITY_TARGET", "{bad}");
        }
        let minimal = json!({"birthDate": "1992-03-14", "gender": "male", "birthTime": "", "label": null});
        let target = body(json!({"messageId": ID, "message": "x", "compatibility": minimal}))
            .expect("valid")
            .compatibility
            .expect("target");
        assert_eq!((target.birth_time, target.label, target.birth_location), (None, None, None));
    }

    #[test]
    fn the_offset_is_checked_at_the_edge() {
        let sent = |offset: Value| body(json!({"messageId": ID, "message": "x", "timezoneOffset": offset}));

        assert_eq!(sent(json!(-540)).expect("japan").timezone_offset_minutes, Some(-540));
        for bad in [json!(900), json!("-540"), json!(1.5)] {
            assert_eq!(code(sent(bad.clone())), "INVALID_TIMEZONE_OFFSET", "{bad}");
        }
    }

    #[test]
    fn the_history_limit_is_one_to_fifty_and_before_an_id() {
        let query = |limit: Option<u32>, before: Option<&str>| {
            ChatMessagesQuery { limit, before: before.map(str::to_owned) }.request()
        };

        assert_eq!(query(None, None).expect("default").limit, 20);
        assert_eq!(query(Some(50), Some(ID)).expect("valid").before.as_deref(), Some(ID));
        for n in [0, 51] {
            assert_eq!(query(Some(n), None).expect_err("limit").body().code, "INVALID_LIMIT");
        }
        assert_eq!(query(None, Some("abc")).expect_err("before").body().code, "INVALID_MESSAGE_ID");
    }
}
