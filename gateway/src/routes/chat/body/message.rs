//! A message and its reply as the routes answer them (chat's proto → camelCase).

use anyhow::anyhow;
use meguri_proto::chat as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;

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
