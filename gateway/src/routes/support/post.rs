use actix_web::{HttpResponse, web};

use super::body::{
    OpenTicketBody, OpenTicketForm, PostTicketMessageBody, PostTicketMessageForm, TicketMessageBody, TicketThreadBody,
    ticket_ref,
};
use super::form::TicketForm;
use super::support_rpc;
use crate::error::{ApiError, ErrorBody};
use crate::routes::SignedIn;
use crate::startup::AppState;

/// Opens a ticket with its first message and up to three screenshots. The same `requestId` again
/// answers the ticket the first submission opened.
#[utoipa::path(post, path = "/api/support/tickets", operation_id = "open_support_ticket", tag = "support",
    request_body(content(
        (OpenTicketBody = "application/json"),
        (OpenTicketForm = "multipart/form-data"),
    )),
    responses(
        (status = 201, description = "The ticket with its first message", body = TicketThreadBody),
        (status = 400, description = "TICKET_SUBJECT_REQUIRED, TICKET_SUBJECT_TOO_LONG, TICKET_MESSAGE_REQUIRED, TICKET_MESSAGE_TOO_LONG, INVALID_REQUEST_ID, TOO_MANY_ATTACHMENTS, IMAGE_EMPTY, IMAGE_TOO_LARGE, IMAGE_TYPE_NOT_ALLOWED, IMAGE_CORRUPT, IMAGE_TOO_LARGE_DIMENSIONS, INVALID_REQUEST (nothing stored)", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 413, description = "PAYLOAD_TOO_LARGE (a text field far over its limit)", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE (nothing opened)", body = ErrorBody),
    ))]
pub async fn open(
    me: SignedIn,
    form: TicketForm<OpenTicketBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = form.fields.request(form.attachments)?;
    let thread = support_rpc("OpenTicket", state.support.open_ticket(&me.ctx, request)).await?;
    Ok(HttpResponse::Created().json(TicketThreadBody::try_from(thread)?))
}

/// Adds the caller's message (and up to three screenshots) to their ticket (a closed ticket opens
/// again). The same `requestId` again answers the message stored first.
#[utoipa::path(post, path = "/api/support/tickets/{id}/messages", operation_id = "post_support_message", tag = "support",
    params(("id" = String, Path, description = "The ticket's id (UUID)")),
    request_body(content(
        (PostTicketMessageBody = "application/json"),
        (PostTicketMessageForm = "multipart/form-data"),
    )),
    responses(
        (status = 201, description = "The stored message", body = TicketMessageBody),
        (status = 400, description = "TICKET_MESSAGE_REQUIRED, TICKET_MESSAGE_TOO_LONG, INVALID_REQUEST_ID, TOO_MANY_ATTACHMENTS, IMAGE_EMPTY, IMAGE_TOO_LARGE, IMAGE_TYPE_NOT_ALLOWED, IMAGE_CORRUPT, IMAGE_TOO_LARGE_DIMENSIONS, INVALID_REQUEST (nothing stored)", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "TICKET_NOT_FOUND (unknown, not the caller's, or not an id)", body = ErrorBody),
        (status = 413, description = "PAYLOAD_TOO_LARGE (a text field far over its limit)", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn message(
    me: SignedIn,
    path: web::Path<String>,
    form: TicketForm<PostTicketMessageBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = form.fields.request(ticket_ref(&path)?, form.attachments)?;
    let message = support_rpc("PostMessage", state.support.post_message(&me.ctx, request)).await?;
    Ok(HttpResponse::Created().json(TicketMessageBody::try_from(message)?))
}
