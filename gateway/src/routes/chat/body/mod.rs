//! The JSON shapes of the chat routes (chat's proto → camelCase at the edge), the reading of the
//! send body, the history query and a message id from a path.
//!
//! Every mirror destructures its proto message without `..`: a field added to the message fails to
//! compile here until it is mapped or named and dropped.
//!
//! - [`message`]: a message and its reply bubbles, a page of them;
//! - [`send`]: the send body and the history query, checked at the edge;
//! - [`events`]: the events of the reply stream.

mod events;
mod message;
mod send;

use actix_web::http::StatusCode;
use meguri_proto::chat as pb;
use serde::Serialize;
use utoipa::ToSchema;

pub use events::{ChatAccepted, ChatDelta, ChatDone, ChatFailed, ChatStreamEvent};
pub use message::{
    ChatCompatibilityFactor, ChatCompatibilityPart, ChatCompatibilityTarget, ChatGender, ChatMessage,
    ChatMessageStatus, ChatMessagesPage, ChatResponsePart, ChatTextPart,
};
pub use send::{ChatCompatibilityInput, ChatMessagesQuery, SendChatMessageBody};

use crate::error::ApiError;
use crate::routes::diary::body::path_id;

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
