//! The tonic implementation: only translation (proto → use case → proto, errors through
//! `error.rs`). No SQL, no rules.

use std::pin::Pin;

use chrono::SecondsFormat;
use futures_util::Stream;
use meguri_proto::meguri::chat::v1 as pb;
use pb::chat_server::Chat as ChatRpc;
use pb::send_message_event::{Accepted, Completed, Delta, Event as PbEvent, Failed};
use tokio::sync::mpsc;
use tonic::{Request, Response, Status};

use crate::domain::target::RawTarget;
use crate::domain::{
    ChatMessage, CompatibilityCard, CompatibilityTarget, Gender, MessageId, MessageStatus, MessageText, ResponsePart,
};
use crate::error::Error;
use crate::usecases::send::{SendRequest, timezone_offset};
use crate::usecases::{Chat, Event, Finish};

/// The Chat service over the use cases.
#[derive(Clone)]
pub struct ChatService {
    pub chat: Chat,
}

fn rfc3339(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn target_of(t: &crate::domain::target::TargetJson) -> pb::CompatibilityTarget {
    pb::CompatibilityTarget {
        birth_date: t.birth_date.clone(),
        birth_time: t.birth_time.clone(),
        birth_location: t.birth_location.clone(),
        gender: match Gender::parse(&t.gender) {
            Some(Gender::Male) => pb::Gender::Male,
            Some(Gender::Female) => pb::Gender::Female,
            None => pb::Gender::Unspecified,
        } as i32,
        label: t.label.clone(),
    }
}

fn card_of(card: CompatibilityCard) -> pb::CompatibilityResult {
    pb::CompatibilityResult {
        request_id: card.request_id.to_string(),
        target: Some(target_of(&card.target)),
        score: card.score,
        summary: card.summary,
        factors: card
            .factors
            .into_iter()
            .map(|f| pb::CompatibilityFactor { key: f.key, label: f.label, score: f.score, detail: f.detail })
            .collect(),
    }
}

fn message_of(m: ChatMessage) -> pb::ChatMessage {
    let content_hash = m.content_hash();
    pb::ChatMessage {
        id: m.id.to_string(),
        message: m.message,
        response: m.response,
        response_messages: m
            .parts
            .into_iter()
            .map(|p| pb::ResponsePart {
                part: Some(match p {
                    ResponsePart::Text { text } => pb::response_part::Part::Text(text),
                    ResponsePart::Compatibility(card) => pb::response_part::Part::Compatibility(card_of(card)),
                }),
            })
            .collect(),
        credits_used: m.credits_used,
        status: match m.status {
            MessageStatus::Pending => pb::MessageStatus::Pending,
            MessageStatus::Completed => pb::MessageStatus::Completed,
            MessageStatus::Refunded => pb::MessageStatus::Refunded,
        } as i32,
        created_at: rfc3339(m.created_at),
        completed_at: m.completed_at.map(rfc3339),
        content_hash,
        refunded: m.status == MessageStatus::Refunded,
    }
}

fn event_of(event: Event) -> pb::SendMessageEvent {
    let event = match event {
        Event::Accepted { credits_used, balance, replayed } => {
            PbEvent::Accepted(Accepted { message_id: String::new(), credits_used, balance, replayed })
        }
        Event::Delta(text) => PbEvent::Delta(Delta { text }),
        Event::Finished(Finish::Completed { message, balance }) => {
            PbEvent::Completed(Completed { message: Some(message_of(message)), balance })
        }
        Event::Finished(Finish::Failed { code, refunded, balance, message }) => PbEvent::Failed(Failed {
            code: code.as_str().to_owned(),
            refunded,
            balance,
            message: Some(message_of(message)),
        }),
    };
    pb::SendMessageEvent { event: Some(event) }
}

fn target(request: Option<&pb::CompatibilityTarget>) -> Result<Option<CompatibilityTarget>, Error> {
    let Some(t) = request else { return Ok(None) };
    let raw = RawTarget {
        birth_date: &t.birth_date,
        birth_time: t.birth_time.as_deref(),
        birth_location: t.birth_location.as_deref(),
        gender: match pb::Gender::try_from(t.gender) {
            Ok(pb::Gender::Male) => Some(Gender::Male),
            Ok(pb::Gender::Female) => Some(Gender::Female),
            _ => None,
        },
        label: t.label.as_deref(),
    };
    CompatibilityTarget::parse(&raw).map(Some).map_err(|_| Error::InvalidCompatibilityTarget)
}

/// The events of one send as a response stream; the use case's events carry no message id, the
/// stream's `accepted` does.
type EventStream = Pin<Box<dyn Stream<Item = Result<pb::SendMessageEvent, Status>> + Send>>;

fn stream_of(id: MessageId, events: mpsc::Receiver<Event>) -> EventStream {
    let id = id.to_string();
    Box::pin(futures_util::stream::unfold(events, move |mut events| {
        let id = id.clone();
        async move {
            let mut event = event_of(events.recv().await?);
            if let Some(PbEvent::Accepted(accepted)) = event.event.as_mut() {
                accepted.message_id = id;
            }
            Some((Ok(event), events))
        }
    }))
}

#[tonic::async_trait]
impl ChatRpc for ChatService {
    type SendMessageStream = EventStream;

    #[tracing::instrument(skip_all)]
    async fn send_message(
        &self,
        request: Request<pb::SendMessageRequest>,
    ) -> Result<Response<Self::SendMessageStream>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
        let r = request.into_inner();
        let id = MessageId::parse(&r.message_id).map_err(Error::from)?;
        let text = MessageText::parse(&r.message, self.chat.limits()).map_err(Error::from)?;
        let send = SendRequest {
            user,
            id,
            text,
            target: target(r.compatibility.as_ref())?,
            timezone_offset: timezone_offset(r.timezone_offset_minutes)?,
        };
        let events = self.chat.send(send).await?;
        Ok(Response::new(stream_of(id, events)))
    }

    #[tracing::instrument(skip_all)]
    async fn get_message(&self, request: Request<pb::GetMessageRequest>) -> Result<Response<pb::ChatMessage>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
        let id = MessageId::parse(&request.get_ref().message_id).map_err(Error::from)?;
        let message = self.chat.message(user, id).await?;
        Ok(Response::new(message_of(message)))
    }

    #[tracing::instrument(skip_all)]
    async fn list_messages(
        &self,
        request: Request<pb::ListMessagesRequest>,
    ) -> Result<Response<pb::ListMessagesResponse>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
        let r = request.into_inner();
        let before = r.before.as_deref().map(MessageId::parse).transpose().map_err(Error::from)?;
        let page = self.chat.history(user, r.limit, before).await?;
        Ok(Response::new(pb::ListMessagesResponse {
            messages: page.messages.into_iter().map(message_of).collect(),
            next_before: page.next_before.map(|id| id.to_string()),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_chat_status(
        &self,
        request: Request<pb::GetChatStatusRequest>,
    ) -> Result<Response<pb::GetChatStatusResponse>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
        let (limits, balance) = self.chat.status(user).await?;
        Ok(Response::new(pb::GetChatStatusResponse {
            credits_per_message: limits.credits_per_message,
            max_message_length: i32::try_from(limits.max_message_length).unwrap_or(i32::MAX),
            balance,
        }))
    }
}
