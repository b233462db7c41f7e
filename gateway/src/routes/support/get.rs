use actix_web::{HttpResponse, web};
use meguri_proto::support as pb;

use super::body::{TicketThreadBody, TicketsBody, ticket_ref};
use super::files::{attachment_id, image};
use super::support_rpc;
use crate::error::{ApiError, ErrorBody};
use crate::routes::{SignedIn, ok_json};
use crate::startup::AppState;

/// The caller's support tickets, newest activity first.
#[utoipa::path(get, path = "/api/support/tickets", operation_id = "list_support_tickets", tag = "support",
    responses(
        (status = 200, description = "The caller's tickets", body = TicketsBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn tickets(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let answer =
        support_rpc("ListMyTickets", state.support.list_my_tickets(&me.ctx, pb::ListMyTicketsRequest {})).await?;
    ok_json(TicketsBody::try_from(answer))
}

/// One of the caller's tickets with its thread; its staff replies count as read afterwards.
#[utoipa::path(get, path = "/api/support/tickets/{id}", operation_id = "get_support_ticket", tag = "support",
    params(("id" = String, Path, description = "The ticket's id (UUID)")),
    responses(
        (status = 200, description = "The ticket and its messages, oldest first", body = TicketThreadBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "TICKET_NOT_FOUND (unknown, not the caller's, or not an id)", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn ticket(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let ticket = ticket_ref(&path)?;
    ok_json(TicketThreadBody::try_from(support_rpc("GetMyTicket", state.support.get_my_ticket(&me.ctx, ticket)).await?))
}

/// A screenshot of one of the caller's tickets (the image itself).
#[utoipa::path(get, path = "/api/support/attachments/{id}", operation_id = "get_support_attachment", tag = "support",
    params(("id" = String, Path, description = "The screenshot's id (UUID)")),
    responses(
        (status = 200, description = "The image (PNG or JPEG, re-encoded without metadata)", content_type = "image/*", body = Vec<u8>),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "ATTACHMENT_NOT_FOUND (unknown, not on the caller's tickets, or not an id)", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn attachment(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = pb::AttachmentRef { attachment_id: attachment_id(&path)? };
    image(support_rpc("GetAttachment", state.support.get_attachment(&me.ctx, request)).await?)
}
