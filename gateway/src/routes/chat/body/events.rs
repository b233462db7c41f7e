//! The events of the reply stream (`POST /api/chat/messages`, text/event-stream).

use anyhow::anyhow;
use meguri_proto::chat as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, message_for};

use super::message::ChatMessage;

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
    use super::*;
    use crate::routes::chat::body::ChatMessageStatus;

    const ID: &str = "0191b7e4-0000-7000-8000-0000000000e1";

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
