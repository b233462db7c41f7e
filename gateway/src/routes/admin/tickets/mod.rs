//! The staff inbox (`/api/admin/tickets…`): the list with its filters and counts, one ticket with
//! its whole thread and the member beside it, assignment, status and priority, replies and notes,
//! screenshots. Any staff role may; support decides what a ticket allows, identity who the member is.

pub mod body;

use actix_web::{HttpResponse, web};
use meguri_proto::identity as id_pb;
use meguri_proto::support as pb;

use self::body::{
    AdminMemberBody, AdminTicketBody, AdminTicketMessageBody, AdminTicketThreadBody, AdminTicketsBody, AssignBody,
    Members, StaffMessageBody, StatusCounts, TicketsQuery, UpdateTicketBody, priority_in, status_in,
};
use super::staff::Staff;
use crate::error::{ApiError, ErrorBody};
use crate::extract::LongJson;
use crate::routes::support::body::{request_id, ticket_ref};
use crate::routes::support::files::{attachment_id, image};
use crate::routes::support::support_rpc;
use crate::startup::AppState;

/// The members the tickets name, as staff see them (one identity call).
async fn members_of(state: &AppState, staff: &Staff, tickets: &[pb::Ticket]) -> Result<Members, ApiError> {
    let mut ids: Vec<String> = tickets.iter().filter_map(|t| t.user_id.clone()).collect();
    ids.sort();
    ids.dedup();
    if ids.is_empty() {
        return Ok(Members::new());
    }
    let request = id_pb::GetMembersForStaffRequest { user_ids: ids };
    let answer =
        crate::routes::rpc("GetMembersForStaff", state.identity.get_members_for_staff(&staff.ctx, request)).await?;
    Ok(answer.members.into_iter().map(|m| (m.id.clone(), AdminMemberBody::from(m))).collect())
}

/// The inbox: tickets newest activity first, filtered, paged by cursor, with the counts per status.
#[utoipa::path(get, path = "/api/admin/tickets", operation_id = "admin_list_tickets", tag = "admin",
    params(TicketsQuery),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "One page of tickets and the counts per status", body = AdminTicketsBody),
        (status = 400, description = "INVALID_STATUS, INVALID_PRIORITY, INVALID_ADMIN_ID, INVALID_CURSOR, INVALID_LIMIT", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn list(
    staff: Staff,
    query: web::Query<TicketsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let assigned_to = match q.assignee.as_deref().map(str::trim) {
        Some("me") => Some(staff.id.to_string()),
        other => other.filter(|a| !a.is_empty()).map(str::to_owned),
    };
    let request = pb::ListTicketsRequest {
        status: q.status.as_deref().map(status_in).transpose()?.map_or(0, |s| s as i32),
        priority: q.priority.as_deref().map(priority_in).transpose()?.map_or(0, |p| p as i32),
        assigned_to,
        query: q.q.unwrap_or_default(),
        cursor: q.cursor.unwrap_or_default(),
        limit: q.limit.unwrap_or(0),
        user_id: String::new(),
    };
    let (page, counts) = tokio::try_join!(
        support_rpc("ListTickets", state.support.list_tickets(&staff.ctx, request)),
        support_rpc("CountTickets", state.support.count_tickets(&staff.ctx, pb::CountTicketsRequest {})),
    )?;
    let members = members_of(&state, &staff, &page.tickets).await?;
    let pb::ListTicketsPage { tickets, next_cursor } = page;
    Ok(HttpResponse::Ok().json(AdminTicketsBody {
        tickets: tickets.into_iter().map(|t| AdminTicketBody::of(t, &members)).collect::<Result<_, _>>()?,
        next_cursor: Some(next_cursor).filter(|c| !c.is_empty()),
        counts: StatusCounts::from(counts),
    }))
}

/// One ticket with its whole thread (notes included) and the member; its member messages count as
/// read by staff afterwards.
#[utoipa::path(get, path = "/api/admin/tickets/{id}", operation_id = "admin_get_ticket", tag = "admin",
    params(("id" = String, Path, description = "The ticket's id")),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The ticket, its messages oldest first, and its member", body = AdminTicketThreadBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "TICKET_NOT_FOUND", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn get(staff: Staff, path: web::Path<String>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let thread = support_rpc("GetTicket", state.support.get_ticket(&staff.ctx, ticket_ref(&path)?)).await?;
    let pb::TicketThread { ticket, messages } = thread;
    let ticket =
        ticket.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("support sent a thread without its ticket")))?;
    let members = members_of(&state, &staff, std::slice::from_ref(&ticket)).await?;
    let ticket = AdminTicketBody::of(ticket, &members)?;
    Ok(HttpResponse::Ok().json(AdminTicketThreadBody {
        member: ticket.member.clone(),
        ticket,
        messages: messages.into_iter().map(AdminTicketMessageBody::try_from).collect::<Result<_, _>>()?,
    }))
}

async fn ticket_answer(state: &AppState, staff: &Staff, ticket: pb::Ticket) -> Result<HttpResponse, ApiError> {
    let members = members_of(state, staff, std::slice::from_ref(&ticket)).await?;
    Ok(HttpResponse::Ok().json(AdminTicketBody::of(ticket, &members)?))
}

/// Assigns the ticket to an admin, or unassigns it.
#[utoipa::path(post, path = "/api/admin/tickets/{id}/assign", operation_id = "admin_assign_ticket", tag = "admin",
    params(("id" = String, Path, description = "The ticket's id")),
    request_body = AssignBody,
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The ticket", body = AdminTicketBody),
        (status = 400, description = "INVALID_ADMIN_ID", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "TICKET_NOT_FOUND", body = ErrorBody),
    ))]
pub async fn assign(
    staff: Staff,
    path: web::Path<String>,
    body: crate::extract::Json<AssignBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request =
        pb::AssignTicketRequest { ticket_id: ticket_ref(&path)?.ticket_id, admin_id: body.into_inner().admin_id };
    let ticket = support_rpc("AssignTicket", state.support.assign_ticket(&staff.ctx, request)).await?;
    ticket_answer(&state, &staff, ticket).await
}

/// Changes the status and / or the priority (spec §5); closing sets `closedAt`.
#[utoipa::path(patch, path = "/api/admin/tickets/{id}", operation_id = "admin_update_ticket", tag = "admin",
    params(("id" = String, Path, description = "The ticket's id")),
    request_body = UpdateTicketBody,
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The ticket", body = AdminTicketBody),
        (status = 400, description = "INVALID_STATUS, INVALID_PRIORITY", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "TICKET_NOT_FOUND", body = ErrorBody),
    ))]
pub async fn update(
    staff: Staff,
    path: web::Path<String>,
    body: crate::extract::Json<UpdateTicketBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let request = pb::UpdateTicketRequest {
        ticket_id: ticket_ref(&path)?.ticket_id,
        status: b.status.as_deref().map(status_in).transpose()?.map_or(0, |s| s as i32),
        priority: b.priority.as_deref().map(priority_in).transpose()?.map_or(0, |p| p as i32),
    };
    let ticket = support_rpc("UpdateTicket", state.support.update_ticket(&staff.ctx, request)).await?;
    ticket_answer(&state, &staff, ticket).await
}

/// A reply the member sees and is mailed (with the reply link), or an internal note.
#[utoipa::path(post, path = "/api/admin/tickets/{id}/messages", operation_id = "admin_post_ticket_message", tag = "admin",
    params(("id" = String, Path, description = "The ticket's id")),
    request_body = StaffMessageBody,
    security(("admin_token" = [])),
    responses(
        (status = 201, description = "The stored message", body = AdminTicketMessageBody),
        (status = 400, description = "TICKET_MESSAGE_REQUIRED, TICKET_MESSAGE_TOO_LONG, AUTHOR_NAME_TOO_LONG, INVALID_REQUEST_ID", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "TICKET_NOT_FOUND", body = ErrorBody),
    ))]
pub async fn message(
    staff: Staff,
    path: web::Path<String>,
    body: LongJson<StaffMessageBody, { crate::routes::support::form::JSON_LIMIT }>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let request = pb::StaffReplyRequest {
        ticket_id: ticket_ref(&path)?.ticket_id,
        request_id: request_id(&b.request_id)?,
        body: b.body,
        internal: b.internal,
        author_name: b.author_name.unwrap_or_default(),
    };
    let message = support_rpc("StaffReply", state.support.staff_reply(&staff.ctx, request)).await?;
    Ok(HttpResponse::Created().json(AdminTicketMessageBody::try_from(message)?))
}

/// A screenshot of any ticket.
#[utoipa::path(get, path = "/api/admin/attachments/{id}", operation_id = "admin_get_attachment", tag = "admin",
    params(("id" = String, Path, description = "The screenshot's id")),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The image", content_type = "image/*", body = Vec<u8>),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "ATTACHMENT_NOT_FOUND", body = ErrorBody),
    ))]
pub async fn attachment(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = pb::AttachmentRef { attachment_id: attachment_id(&path)? };
    image(support_rpc("GetAttachment", state.support.get_attachment(&staff.ctx, request)).await?)
}
