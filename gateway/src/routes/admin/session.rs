//! The staff session as the SPA sees it: who is signed in, until when; signing out; the staff list.

use actix_web::{HttpResponse, web};
use meguri_proto::identity as pb;
use serde::Serialize;
use utoipa::ToSchema;

use super::post::AdminBody;
use super::staff::Staff;
use crate::error::{ApiError, ErrorBody};
use crate::startup::AppState;

/// `GET /api/admin/me`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminMeBody {
    pub admin: AdminBody,
    /// RFC 3339: when the token expires (sign in again after).
    pub expires_at: String,
}

/// A staff account (`GET /api/admin/staff`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffAccountBody {
    pub id: String,
    pub email: String,
    /// `admin` or `support`.
    pub role: String,
    pub is_active: bool,
    #[schema(required = true)]
    pub last_login: Option<String>,
    pub created_at: String,
}

/// `GET /api/admin/staff`.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffListBody {
    pub staff: Vec<StaffAccountBody>,
}

/// The signed-in staff member and the token's expiry.
#[utoipa::path(get, path = "/api/admin/me", operation_id = "admin_me", tag = "admin",
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "Signed in", body = AdminMeBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED (no token, forged, expired, or the account deactivated)", body = ErrorBody),
    ))]
pub async fn me(staff: Staff) -> Result<HttpResponse, ApiError> {
    let expires_at = chrono::DateTime::from_timestamp(staff.expires_at, 0)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default();
    Ok(HttpResponse::Ok().json(AdminMeBody {
        admin: AdminBody { id: staff.id.to_string(), email: staff.email, role: staff.role.as_str().to_owned() },
        expires_at,
    }))
}

/// Signs out: the SPA drops its token (it expires on its own); recorded in the log.
#[utoipa::path(post, path = "/api/admin/logout", operation_id = "admin_logout", tag = "admin",
    security(("admin_token" = [])),
    responses(
        (status = 204, description = "Signed out"),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
    ))]
pub async fn logout(staff: Staff) -> HttpResponse {
    tracing::info!(name: "gateway.admin.logged_out", admin_id = %staff.id);
    HttpResponse::NoContent().finish()
}

/// Every staff account (assignees, names in the inbox).
#[utoipa::path(get, path = "/api/admin/staff", operation_id = "admin_list_staff", tag = "admin",
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The staff accounts by e-mail", body = StaffListBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
    ))]
pub async fn staff_list(staff: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let answer =
        crate::routes::rpc("ListStaff", state.identity.list_staff(&staff.ctx, pb::ListStaffRequest {})).await?;
    Ok(HttpResponse::Ok().json(StaffListBody { staff: answer.staff.into_iter().map(StaffAccountBody::from).collect() }))
}
