use actix_web::{HttpResponse, web};
use meguri_proto::chat as pb;

use super::body::{ChatMessage, ChatMessagesPage, ChatMessagesQuery, ChatStatus, message_ref};
use super::chat_rpc;
use crate::error::{ApiError, ErrorBody};
use crate::routes::{SignedIn, ok_json};
use crate::startup::AppState;

/// What a message costs, how long it may be, and the caller's balance.
#[utoipa::path(get, path = "/api/chat/status", operation_id = "get_chat_status", tag = "chat",
    responses(
        (status = 200, description = "Cost, length limit and balance", body = ChatStatus),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 503, description = "CHAT_UNAVAILABLE, BILLING_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn status(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let request = pb::GetChatStatusRequest {};
    ok_json(Ok(ChatStatus::from(chat_rpc("GetChatStatus", state.chat.get_chat_status(&me.ctx, request)).await?)))
}

/// One page of the caller's messages, newest first; `nextBefore` pages to older ones.
#[utoipa::path(get, path = "/api/chat/messages", operation_id = "list_chat_messages", tag = "chat",
    params(ChatMessagesQuery),
    responses(
        (status = 200, description = "A page of messages and the cursor of the next (older) page", body = ChatMessagesPage),
        (status = 400, description = "INVALID_LIMIT, INVALID_MESSAGE_ID (`before` not an id)", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "MESSAGE_NOT_FOUND (`before` names no message of the caller's)", body = ErrorBody),
        (status = 503, description = "CHAT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn messages(
    me: SignedIn,
    query: web::Query<ChatMessagesQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = query.into_inner().request()?;
    ok_json(ChatMessagesPage::try_from(chat_rpc("ListMessages", state.chat.list_messages(&me.ctx, request)).await?))
}

/// One of the caller's messages: e.g. to see how a reply whose stream was lost ended.
#[utoipa::path(get, path = "/api/chat/messages/{id}", operation_id = "get_chat_message", tag = "chat",
    params(("id" = String, Path, description = "The message's id (the UUID the app sent)")),
    responses(
        (status = 200, description = "The message", body = ChatMessage),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "MESSAGE_NOT_FOUND (unknown, not the caller's, or not an id)", body = ErrorBody),
        (status = 503, description = "CHAT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn message(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = message_ref(&path)?;
    ok_json(ChatMessage::try_from(chat_rpc("GetMessage", state.chat.get_message(&me.ctx, request)).await?))
}
