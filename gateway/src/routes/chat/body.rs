//! The JSON shapes of the chat routes (chat's proto → camelCase at the edge), the reading of the
//! send body, the history query and a message id from a path.
//!
//! Every mirror destructures its proto message without `..`: a field added to the message fails to
//! compile here until it is mapped or named and dropped.

use actix_web::http::StatusCode;
use anyhow::anyhow;
use chrono::NaiveDate;
use meguri_proto::chat as pb;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::domain::birth::is_date_form;
use crate::error::{ApiError, message_for};
use crate::routes::diary::body::path_id;
use crate::timezone::checked_offset;

/// The NOT_FOUND code of a message (unknown, someone else's, or not an id at all).
pub const MESSAGE_NOT_FOUND: &str = "MESSAGE_NOT_FOUND";
/// The code of a body whose `messageId` is not a UUID.
pub const INVALID_MESSAGE_ID: &str = "INVALID_MESSAGE_ID";
/// The code of a body without text.
pub const MESSAGE_EMPTY: &str = "MESSAGE_EMPTY";
/// The code of a body whose `compatibility` is not a person chat can compute.
pub const INVALID_COMPATIBILITY_TARGET: &str = "INVALID_COMPATIBILITY_TARGET";

/// The proto reference to the message a path names.
///
/// # Errors
/// 404 `MESSAGE_NOT_FOUND` when it is not a UUID (chat is not asked).
pub fn message_ref(raw: &str) -> Result<pb::GetMessageRequest, ApiError> {
    Ok(pb::GetMessageRequest { message_id: path_id(raw, MESSAGE_NOT_FOUND)? })
}

/// The "too long" refusal worded with chat's configured length (the limit its refusal names).
#[must_use]
pub fn too_long(max_message_length: u64) -> ApiError {
    ApiError::Worded {
        status: StatusCode::BAD_REQUEST,
        code: "MESSAGE_TOO_LONG",
        message: format!("メッセージは{max_message_length}文字以内で入力してください"),
    }
}

/// `GET /api/chat/status`: what a message costs, how long it may be, and the caller's balance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatStatus {
    /// Credits one message costs.
    #[schema(example = 1)]
    pub credits_per_message: i32,
    /// Characters a message may have (after trimming).
    #[schema(example = 500)]
    pub max_message_length: i32,
    /// The caller's credits.
    #[schema(example = 3)]
    pub balance: i64,
}

impl From<pb::GetChatStatusResponse> for ChatStatus {
    fn from(r: pb::GetChatStatusResponse) -> Self {
        let pb::GetChatStatusResponse { credits_per_message, max_message_length, balance } = r;
        Self { credits_per_message, max_message_length, balance }
    }
}

/// Where a message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChatMessageStatus {
    /// The reply is being written.
    Pending,
    Completed,
    /// No reply could be written; the charge was given back.
    Refunded,
}

/// The gender of the other person of a compatibility question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChatGender {
    Male,
    Female,
}

impl ChatGender {
    fn from_pb(raw: i32) -> Result<Self, ApiError> {
        match pb::Gender::try_from(raw) {
            Ok(pb::Gender::Male) => Ok(Self::Male),
            Ok(pb::Gender::Female) => Ok(Self::Female),
            _ => Err(ApiError::Unexpected(anyhow!("chat sent a compatibility target without a gender"))),
        }
    }
}

/// The other person of a compatibility answer, as the user gave them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatCompatibilityTarget {
    #[schema(example = "1992-03-14")]
    pub birth_date: String,
    /// `HH:MM`, or null when unknown.
    #[schema(required = true, example = "08:30")]
    pub birth_time: Option<String>,
    #[schema(required = true, example = "大阪府大阪市")]
    pub birth_location: Option<String>,
    pub gender: ChatGender,
    /// How the user calls them ("彼", "母").
    #[schema(required = true, example = "彼")]
    pub label: Option<String>,
}

impl TryFrom<pb::CompatibilityTarget> for ChatCompatibilityTarget {
    type Error = ApiError;

    fn try_from(t: pb::CompatibilityTarget) -> Result<Self, ApiError> {
        let pb::CompatibilityTarget { birth_date, birth_time, birth_location, gender, label } = t;
        Ok(Self { birth_date, birth_time, birth_location, gender: ChatGender::from_pb(gender)?, label })
    }
}

/// One factor of a compatibility score.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatCompatibilityFactor {
    #[schema(example = "dayMaster")]
    pub key: String,
    #[schema(example = "日主の関係")]
    pub label: String,
    /// 0..=100.
    #[schema(example = 80)]
    pub score: i32,
    pub detail: String,
}

/// A bubble of plain reply text.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatTextPart {
    #[schema(example = "こんにちは！ボクはメグです。")]
    pub text: String,
}

/// A bubble with a compatibility result (bazi-engine's score of the user and the other person).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatCompatibilityPart {
    /// The stored compatibility request.
    #[schema(example = "0191b7e4-0000-7000-8000-0000000000f1")]
    pub request_id: String,
    /// 0..=100.
    #[schema(example = 78)]
    pub score: i32,
    pub summary: String,
    pub factors: Vec<ChatCompatibilityFactor>,
    pub target: ChatCompatibilityTarget,
}

/// One bubble of a reply (spec: responseMessages), told apart by `type`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChatResponsePart {
    Text(ChatTextPart),
    Compatibility(ChatCompatibilityPart),
}

impl TryFrom<pb::ResponsePart> for ChatResponsePart {
    type Error = ApiError;

    fn try_from(p: pb::ResponsePart) -> Result<Self, ApiError> {
        let pb::ResponsePart { part } = p;
        match part {
            Some(pb::response_part::Part::Text(text)) => Ok(Self::Text(ChatTextPart { text })),
            Some(pb::response_part::Part::Compatibility(c)) => {
                let pb::CompatibilityResult { request_id, target, score, summary, factors } = c;
                let target = target.ok_or_else(|| anyhow!("chat sent a compatibility result without its target"))?;
                Ok(Self::Compatibility(ChatCompatibilityPart {
                    request_id,
                    score,
                    summary,
                    factors: factors
                        .into_iter()
                        .map(|f| {
                            let pb::CompatibilityFactor { key, label, score, detail } = f;
                            ChatCompatibilityFactor { key, label, score, detail }
                        })
                        .collect(),
                    target: ChatCompatibilityTarget::try_from(target)?,
                }))
            }
            None => Err(ApiError::Unexpected(anyhow!("chat sent an empty response part"))),
        }
    }
}

/// One message and its reply (spec §3 "chat message").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    /// The id the app chose when sending.
    #[schema(example = "0191b7e4-0000-7000-8000-0000000000e1")]
    pub id: String,
    #[schema(example = "今日の運勢は？")]
    pub message: String,
    /// The whole reply text ("" while pending or after a refund).
    pub response: String,
    pub response_messages: Vec<ChatResponsePart>,
    /// 0 after a refund, or for an answer that is never charged.
    #[schema(example = 1)]
    pub credits_used: i32,
    pub status: ChatMessageStatus,
    /// The charge was given back (no reply could be written).
    pub refunded: bool,
    /// RFC 3339.
    #[schema(example = "2026-11-26T12:00:00.000Z")]
    pub created_at: String,
    #[schema(required = true, example = "2026-11-26T12:00:02.000Z")]
    pub completed_at: Option<String>,
    /// Hex SHA-256 of `response`: the `fortuneContentHash` of a rating (`fortuneType` `chat`).
    pub content_hash: String,
}

impl TryFrom<pb::ChatMessage> for ChatMessage {
    type Error = ApiError;

    fn try_from(m: pb::ChatMessage) -> Result<Self, ApiError> {
        let pb::ChatMessage {
            id,
            message,
            response,
            response_messages,
            credits_used,
            status,
            created_at,
            completed_at,
            content_hash,
            refunded,
        } = m;
        let status = match pb::MessageStatus::try_from(status) {
            Ok(pb::MessageStatus::Pending) => ChatMessageStatus::Pending,
            Ok(pb::MessageStatus::Completed) => ChatMessageStatus::Completed,
            Ok(pb::MessageStatus::Refunded) => ChatMessageStatus::Refunded,
            _ => return Err(ApiError::Unexpected(anyhow!("chat sent a message without a status"))),
        };
        Ok(Self {
            id,
            message,
            response,
            response_messages: response_messages
                .into_iter()
                .map(ChatResponsePart::try_from)
                .collect::<Result<_, _>>()?,
            credits_used,
            status,
            refunded,
            created_at,
            completed_at,
            content_hash,
        })
    }
}

/// `GET /api/chat/messages`: one page of the caller's messages, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessagesPage {
    pub messages: Vec<ChatMessage>,
    /// Pass it as `before` for the next (older) page; null on the last page.
    #[schema(required = true)]
    pub next_before: Option<String>,
}

impl TryFrom<pb::ListMessagesResponse> for ChatMessagesPage {
    type Error = ApiError;

    fn try_from(r: pb::ListMessagesResponse) -> Result<Self, ApiError> {
        let pb::ListMessagesResponse { messages, next_before } = r;
        Ok(Self { messages: messages.into_iter().map(ChatMessage::try_from).collect::<Result<_, _>>()?, next_before })
    }
}

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

// ---------------------------------------------------------------------------------------------
// The events of the reply stream (`POST /api/chat/messages`, text/event-stream)
// ---------------------------------------------------------------------------------------------

/// `event: accepted`, always first: the message is taken (and charged, unless `replayed` or free).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatAccepted {
    #[schema(example = "0191b7e4-0000-7000-8000-0000000000e1")]
    pub message_id: String,
    /// 0 for an answer that is never charged, or a replay.
    #[schema(example = 1)]
    pub credits_used: i32,
    /// The caller's credits after the charge.
    #[schema(example = 2)]
    pub balance: i64,
    /// This id was sent before: nothing was charged now; the reply is the one of that send.
    pub replayed: bool,
}

/// `event: delta`: the next piece of the reply text.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatDelta {
    #[schema(example = "こんにちは")]
    pub text: String,
}

/// `event: done`, last on success: the stored message.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatDone {
    pub message: ChatMessage,
    pub balance: i64,
}

/// `event: failed`, last when no reply could be written: the charge was given back (`refunded`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatFailed {
    /// `REPLY_FAILED` or `REPLY_TIMEOUT`.
    #[schema(example = "REPLY_FAILED")]
    pub code: String,
    /// Japanese, for the person.
    #[schema(example = "返信を作れませんでした。使ったクレジットはお返ししました")]
    pub message: String,
    pub refunded: bool,
    pub balance: i64,
    pub chat_message: ChatMessage,
}

/// The `data` of one event of the stream (its `event:` line names which).
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ChatStreamEvent {
    Accepted(ChatAccepted),
    Delta(ChatDelta),
    Done(ChatDone),
    Failed(ChatFailed),
}

impl ChatStreamEvent {
    /// The `event:` name.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Accepted(_) => "accepted",
            Self::Delta(_) => "delta",
            Self::Done(_) => "done",
            Self::Failed(_) => "failed",
        }
    }

    /// Whether it ends the stream.
    #[must_use]
    pub const fn is_last(&self) -> bool {
        matches!(self, Self::Done(_) | Self::Failed(_))
    }
}

impl TryFrom<pb::SendMessageEvent> for ChatStreamEvent {
    type Error = ApiError;

    fn try_from(e: pb::SendMessageEvent) -> Result<Self, ApiError> {
        use pb::send_message_event::{Accepted, Completed, Delta, Event, Failed};
        let pb::SendMessageEvent { event } = e;
        Ok(match event {
            Some(Event::Accepted(Accepted { message_id, credits_used, balance, replayed })) => {
                Self::Accepted(ChatAccepted { message_id, credits_used, balance, replayed })
            }
            Some(Event::Delta(Delta { text })) => Self::Delta(ChatDelta { text }),
            Some(Event::Completed(Completed { message, balance })) => Self::Done(ChatDone {
                message: ChatMessage::try_from(message.ok_or_else(|| anyhow!("chat completed without the message"))?)?,
                balance,
            }),
            Some(Event::Failed(Failed { code, refunded, balance, message })) => {
                let known = matches!(code.as_str(), "REPLY_FAILED" | "REPLY_TIMEOUT");
                // Any other code is worded like a failed reply: the person reads the same outcome.
                let words = message_for(if known { &code } else { "REPLY_FAILED" }).unwrap_or_default();
                Self::Failed(ChatFailed {
                    code: if known { code } else { "REPLY_FAILED".to_owned() },
                    message: words.to_owned(),
                    refunded,
                    balance,
                    chat_message: ChatMessage::try_from(
                        message.ok_or_else(|| anyhow!("chat failed without the message"))?,
                    )?,
                })
            }
            None => return Err(ApiError::Unexpected(anyhow!("chat sent an empty event"))),
        })
    }
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

    #[test]
    fn a_failed_event_is_worded_in_japanese_and_an_unknown_code_reads_as_a_failed_reply() {
        let message = pb::ChatMessage {
            id: ID.to_owned(),
            message: "x".to_owned(),
            status: pb::MessageStatus::Refunded as i32,
            refunded: true,
            created_at: "2026-11-26T12:00:00.000Z".to_owned(),
            ..pb::ChatMessage::default()
        };
        let failed = |code: &str| pb::SendMessageEvent {
            event: Some(pb::send_message_event::Event::Failed(pb::send_message_event::Failed {
                code: code.to_owned(),
                refunded: true,
                balance: 3,
                message: Some(message.clone()),
            })),
        };

        let Ok(ChatStreamEvent::Failed(timeout)) = ChatStreamEvent::try_from(failed("REPLY_TIMEOUT")) else {
            panic!("a failed event");
        };
        let Ok(ChatStreamEvent::Failed(other)) = ChatStreamEvent::try_from(failed("SOMETHING_ELSE")) else {
            panic!("a failed event");
        };

        assert_eq!(timeout.message, "返信に時間がかかりすぎたため中断しました。使ったクレジットはお返ししました");
        assert_eq!(other.code, "REPLY_FAILED");
        assert_eq!(other.message, "返信を作れませんでした。使ったクレジットはお返ししました");
        assert_eq!(other.chat_message.status, ChatMessageStatus::Refunded);
    }
}
