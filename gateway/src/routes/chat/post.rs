use actix_web::http::header;
use actix_web::{HttpResponse, web};
use anyhow::anyhow;

use super::body::{ChatStreamEvent, SendChatMessageBody};
use super::{send_refusal, stream};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::SignedIn;
use crate::startup::AppState;

/// Sends a message and streams its reply as Server-Sent Events: `accepted` (charged, unless
/// `replayed` or free), `delta`s of text, then `done` (the stored message) or `failed` (no reply;
/// the credit was given back), with a `: keep-alive` comment every 15 s of silence. The same
/// `messageId` again never charges again: it attaches to the reply in progress or replays it. A
/// refusal comes before the stream, as an ordinary JSON error. Closing the stream changes nothing:
/// the reply is still written and stored (`GET /api/chat/messages/{id}`).
#[utoipa::path(post, path = "/api/chat/messages", operation_id = "send_chat_message", tag = "chat",
    request_body = SendChatMessageBody,
    responses(
        (status = 200, description = "The reply stream (`text/event-stream`): `event: accepted|delta|done|failed`, each with one `data:` line holding the event's JSON (ChatAccepted, ChatDelta, ChatDone, ChatFailed)",
            content_type = "text/event-stream", body = ChatStreamEvent),
        (status = 400, description = "INVALID_MESSAGE_ID, MESSAGE_EMPTY, MESSAGE_TOO_LONG, INVALID_COMPATIBILITY_TARGET, INVALID_TIMEZONE_OFFSET, INVALID_REQUEST", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 409, description = "INSUFFICIENT_CREDITS (nothing charged; the app links to /shop), MESSAGE_ID_TAKEN (the id was used for another text)", body = ErrorBody),
        (status = 429, description = "CHAT_RATE_LIMITED (`RATE_LIMIT_CHAT_PER_MINUTE` messages a minute; the same id again is not counted), with Retry-After", body = ErrorBody),
        (status = 503, description = "CHAT_UNAVAILABLE, BILLING_UNAVAILABLE (nothing charged)", body = ErrorBody),
    ))]
pub async fn send(
    me: SignedIn,
    body: Json<SendChatMessageBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner().request()?;
    state.rate_limiter.admit_chat_message(me.user.user_id, &request.message_id).await?;
    let mut events = match state.chat_send.send_message(&me.ctx, request).await {
        Ok(events) => events,
        Err(status) => return Err(send_refusal(status)),
    };
    // The first event decides between the stream and a JSON error: a refusal may also come as the
    // stream's first item.
    let first = match tokio::time::timeout(state.chat_stream.accept_timeout, events.message()).await {
        Ok(Ok(Some(event))) => ChatStreamEvent::try_from(event)?,
        Ok(Ok(None)) => return Err(ApiError::Unexpected(anyhow!("chat ended the reply stream before accepting"))),
        Ok(Err(status)) => return Err(send_refusal(status)),
        Err(_) => {
            return Err(ApiError::from_status("SendMessage", tonic::Status::deadline_exceeded("no accepted event")));
        }
    };
    if !matches!(first, ChatStreamEvent::Accepted(_)) {
        return Err(ApiError::Unexpected(anyhow!("chat's reply stream did not start with accepted")));
    }
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(stream::events(first, events, state.chat_stream.keep_alive)))
}
