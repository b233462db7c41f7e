//! The admin user pages (`/api/admin/users…`): the member search, one member with what each
//! service knows of them, their ledger and purchases, a credit adjustment (admins only) and the
//! retry of a failed chart. identity answers who the member is; billing, fortune-gen, social and
//! support the rest, each part of the user page on its own (a service that is down empties its
//! part, not the page).

pub mod body;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use meguri_proto::billing as bi;
use meguri_proto::fortune as fo;
use meguri_proto::identity as id_pb;
use meguri_proto::social as so;
use meguri_proto::support as su;
use uuid::Uuid;

use self::body::{
    AdminChartBody, AdminCreditsBody, AdminLedgerBody, AdminLedgerEntryBody, AdminPurchaseBody, AdminPurchasesBody,
    AdminUserBody, AdminUserMemberBody, AdminUsersBody, ChartRetryAnswer, CreditAdjustmentAnswer, CreditAdjustmentBody,
    UsersQuery,
};
use super::staff::Staff;
use super::tickets::body::{AdminMemberBody, AdminTicketBody, Members};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::credits::body::LedgerQuery;
use crate::startup::AppState;

fn user_not_found() -> ApiError {
    ApiError::Coded { status: StatusCode::NOT_FOUND, code: "USER_NOT_FOUND" }
}

/// The member id of the path: anything that is not a UUID names nobody.
fn member_id(path: &str) -> Result<String, ApiError> {
    Uuid::try_parse(path.trim()).map(|id| id.to_string()).map_err(|_| user_not_found())
}

/// The member as staff see them; 404 USER_NOT_FOUND for nobody.
async fn member(state: &AppState, staff: &Staff, id: &str) -> Result<id_pb::MemberDetailForStaff, ApiError> {
    let request = id_pb::GetMemberDetailForStaffRequest { user_id: id.to_owned() };
    crate::routes::rpc("GetMemberDetailForStaff", state.identity.get_member_detail_for_staff(&staff.ctx, request)).await
}

/// A part of the user page: its value, or `None` (and the service named in `unavailable`) when the
/// service did not answer or answered with an error.
fn part<T>(service: &'static str, answer: Result<T, tonic::Status>, unavailable: &mut Vec<String>) -> Option<T> {
    match answer {
        Ok(value) => Some(value),
        Err(status) => {
            tracing::warn!(name: "gateway.admin.user_part_missing", service, grpc.code = ?status.code(), "a part of the user page is missing");
            unavailable.push(service.to_owned());
            None
        }
    }
}

/// The member search: by id, or text in the e-mail or username; newest sign-up first.
#[utoipa::path(get, path = "/api/admin/users", operation_id = "admin_list_users", tag = "admin",
    params(UsersQuery),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "One page of members", body = AdminUsersBody),
        (status = 400, description = "SEARCH_TOO_LONG, INVALID_CURSOR, INVALID_LIMIT", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
    ))]
pub async fn list(
    staff: Staff,
    query: web::Query<UsersQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let UsersQuery { q, cursor, limit } = query.into_inner();
    let request = id_pb::SearchMembersForStaffRequest {
        query: q.unwrap_or_default(),
        cursor: cursor.unwrap_or_default(),
        limit: limit.unwrap_or(0),
    };
    let page =
        crate::routes::rpc("SearchMembersForStaff", state.identity.search_members_for_staff(&staff.ctx, request))
            .await?;
    let id_pb::SearchMembersForStaffResponse { members, next_cursor } = page;
    Ok(HttpResponse::Ok()
        .json(AdminUsersBody { users: members.into_iter().map(AdminMemberBody::from).collect(), next_cursor }))
}

/// One member: account, chart, credits, friends and tickets.
#[utoipa::path(get, path = "/api/admin/users/{id}", operation_id = "admin_get_user", tag = "admin",
    params(("id" = String, Path, description = "The member's id")),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The member and what the services know of them", body = AdminUserBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "USER_NOT_FOUND", body = ErrorBody),
    ))]
pub async fn get(staff: Staff, path: web::Path<String>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let id = member_id(&path)?;
    let detail = member(&state, &staff, &id).await?;
    let tickets_request = su::ListTicketsRequest { user_id: id.clone(), limit: 50, ..Default::default() };
    let (chart, credits, friends, tickets) = tokio::join!(
        state.fortune.get_chart_for_staff(&staff.ctx, fo::ChartForStaffRequest { user_id: id.clone() }),
        state.billing.get_balance(&staff.ctx, bi::GetBalanceRequest { user_id: id.clone() }),
        state.social.count_friends(&staff.ctx, so::MemberRef { user_id: id.clone() }),
        state.support.list_tickets(&staff.ctx, tickets_request),
    );
    let mut unavailable = Vec::new();
    let chart = part("fortune", chart, &mut unavailable);
    let credits = part("billing", credits, &mut unavailable);
    let friends = part("social", friends, &mut unavailable);
    let tickets = part("support", tickets, &mut unavailable);
    let member = AdminUserMemberBody::try_from_pb(detail)?;
    let members: Members = std::iter::once((member.member.id.clone(), member.member.clone())).collect();
    let tickets = tickets
        .map(|page| page.tickets.into_iter().map(|t| AdminTicketBody::of(t, &members)).collect::<Result<Vec<_>, _>>())
        .transpose()?;
    Ok(HttpResponse::Ok().json(AdminUserBody {
        member,
        chart: chart.map(AdminChartBody::try_from).transpose()?,
        credits: credits.map(|b| AdminCreditsBody { balance: b.credits }),
        friends_count: friends.map(|f| f.friends),
        tickets,
        unavailable,
    }))
}

/// A member's ledger, newest first, with the staff's notes on adjustments.
#[utoipa::path(get, path = "/api/admin/users/{id}/ledger", operation_id = "admin_user_ledger", tag = "admin",
    params(("id" = String, Path, description = "The member's id"), LedgerQuery),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The balance and one page of the ledger", body = AdminLedgerBody),
        (status = 400, description = "INVALID_CURSOR, INVALID_LIMIT", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "USER_NOT_FOUND (not an id)", body = ErrorBody),
        (status = 503, description = "SERVICE_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn ledger(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<LedgerQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = member_id(&path)?;
    let request = bi::ListLedgerRequest { user_id: id.clone(), ..query.into_inner().request()? };
    let (balance, page) = tokio::try_join!(
        crate::routes::rpc("GetBalance", state.billing.get_balance(&staff.ctx, bi::GetBalanceRequest { user_id: id })),
        crate::routes::rpc("ListLedger", state.billing.list_ledger(&staff.ctx, request)),
    )?;
    let bi::ListLedgerResponse { entries, next_before } = page;
    Ok(HttpResponse::Ok().json(AdminLedgerBody {
        balance: balance.credits,
        entries: entries.into_iter().map(AdminLedgerEntryBody::from).collect(),
        next_before,
    }))
}

/// A member's purchases, newest first, with Stripe's ids.
#[utoipa::path(get, path = "/api/admin/users/{id}/purchases", operation_id = "admin_user_purchases", tag = "admin",
    params(("id" = String, Path, description = "The member's id")),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The purchases", body = AdminPurchasesBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "USER_NOT_FOUND (not an id)", body = ErrorBody),
        (status = 503, description = "SERVICE_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn purchases(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = bi::ListPurchasesRequest { user_id: member_id(&path)?, limit: 100 };
    let answer = crate::routes::rpc("ListPurchases", state.billing.list_purchases(&staff.ctx, request)).await?;
    Ok(HttpResponse::Ok().json(AdminPurchasesBody {
        purchases: answer.purchases.into_iter().map(AdminPurchaseBody::try_from).collect::<Result<_, _>>()?,
    }))
}

/// Grants or takes credits with a reason (admins only); one adjustment per request id.
#[utoipa::path(post, path = "/api/admin/users/{id}/credits", operation_id = "admin_adjust_credits", tag = "admin",
    params(("id" = String, Path, description = "The member's id")),
    request_body = CreditAdjustmentBody,
    security(("admin_token" = [])),
    responses(
        (status = 201, description = "The adjustment (the first one's again for a repeated request id)", body = CreditAdjustmentAnswer),
        (status = 400, description = "INVALID_REQUEST_ID, INVALID_CREDIT_DELTA, ADJUSTMENT_REASON_REQUIRED, ADJUSTMENT_REASON_TOO_LONG, IDEMPOTENCY_KEY_REUSED", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 403, description = "ADMIN_FORBIDDEN (support staff)", body = ErrorBody),
        (status = 404, description = "USER_NOT_FOUND (also a deleted account)", body = ErrorBody),
        (status = 409, description = "INSUFFICIENT_CREDITS", body = ErrorBody),
    ))]
pub async fn adjust(
    staff: Staff,
    path: web::Path<String>,
    body: Json<CreditAdjustmentBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.require_admin()?;
    let id = member_id(&path)?;
    let detail = member(&state, &staff, &id).await?;
    if detail.member.as_ref().is_none_or(|m| m.deleted_at.is_some()) {
        return Err(user_not_found());
    }
    let CreditAdjustmentBody { request_id, delta, reason } = body.into_inner();
    let request = bi::AdjustCreditsRequest { user_id: id, delta, reason, request_id };
    let answer = crate::routes::rpc("AdjustCredits", state.billing.adjust_credits(&staff.ctx, request)).await?;
    let bi::AdjustCreditsResponse { balance, entry, replayed } = answer;
    let entry =
        entry.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("billing: an adjustment without its entry")))?;
    Ok(HttpResponse::Created().json(CreditAdjustmentAnswer {
        balance,
        entry: AdminLedgerEntryBody::from(entry),
        replayed,
    }))
}

/// Builds a failed chart again now.
#[utoipa::path(post, path = "/api/admin/users/{id}/chart/retry", operation_id = "admin_retry_chart", tag = "admin",
    params(("id" = String, Path, description = "The member's id")),
    security(("admin_token" = [])),
    responses(
        (status = 202, description = "The chart builds again", body = ChartRetryAnswer),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 404, description = "USER_NOT_FOUND", body = ErrorBody),
        (status = 409, description = "CHART_NOT_FAILED", body = ErrorBody),
    ))]
pub async fn retry_chart(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = member_id(&path)?;
    member(&state, &staff, &id).await?;
    let request = fo::ChartForStaffRequest { user_id: id };
    let chart = crate::routes::rpc("RetryChart", state.fortune.retry_chart(&staff.ctx, request)).await?;
    let chart = AdminChartBody::try_from(chart)?;
    Ok(HttpResponse::Accepted().json(ChartRetryAnswer { status: chart.status, updated_at: chart.updated_at }))
}
