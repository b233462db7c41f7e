use actix_web::{HttpResponse, web};

use super::body::{OpenTicketBody, PostTicketMessageBody, TicketMessageBody, TicketThreadBody, ticket_ref};
use super::support_rpc;
use crate::error::{ApiError, ErrorBody};
use crate::extract::LongJson;
use crate::routes::SignedIn;
use crate::startup::AppState;

/// The support bodies' limit: a 5000-character message in Japanese with its escapes fits many times
/// over, and a far longer one still reaches support, which answers TICKET_MESSAGE_TOO_LONG.
const SUPPORT_JSON_LIMIT: usize = 512 * 1024;

type SupportJson<T> = LongJson<T, SUPPORT_JSON_LIMIT>;

/// Opens a ticket with its first message. The same `requestId` again answers the ticket the first
/// submission opened.
#[utoipa::path(post, path = "/api/support/tickets", operation_id = "open_support_ticket", tag = "support",
    request_body = OpenTicketBody,
    responses(
        (status = 201, description = "The ticket with its first message", body = TicketThreadBody),
        (status = 400, description = "TICKET_SUBJECT_REQUIRED, TICKET_SUBJECT_TOO_LONG, TICKET_MESSAGE_REQUIRED, TICKET_MESSAGE_TOO_LONG, INVALID_REQUEST_ID, INVALID_REQUEST", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE (nothing opened)", body = ErrorBody),
    ))]
pub async fn open(
    me: SignedIn,
    body: SupportJson<OpenTicketBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner().request()?;
    let thread = support_rpc("OpenTicket", state.support.open_ticket(&me.ctx, request)).await?;
    Ok(HttpResponse::Created().json(TicketThreadBody::try_from(thread)?))
}

/// Adds the caller's message to their ticket (a closed ticket opens again). The same `requestId`
/// again answers the message stored first.
#[utoipa::path(post, path = "/api/support/tickets/{id}/messages", operation_id = "post_support_message", tag = "support",
    params(("id" = String, Path, description = "The ticket's id (UUID)")),
    request_body = PostTicketMessageBody,
    responses(
        (status = 201, description = "The stored message", body = TicketMessageBody),
        (status = 400, description = "TICKET_MESSAGE_REQUIRED, TICKET_MESSAGE_TOO_LONG, INVALID_REQUEST_ID, INVALID_REQUEST", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "TICKET_NOT_FOUND (unknown, not the caller's, or not an id)", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn message(
    me: SignedIn,
    path: web::Path<String>,
    body: SupportJson<PostTicketMessageBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner().request(ticket_ref(&path)?)?;
    let message = support_rpc("PostMessage", state.support.post_message(&me.ctx, request)).await?;
    Ok(HttpResponse::Created().json(TicketMessageBody::try_from(message)?))
}
