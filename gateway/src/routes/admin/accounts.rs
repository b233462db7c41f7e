//! Staff accounts managed in the admin SPA (admins only): create one with its first password,
//! deactivate, reactivate, change the role. identity records each change in the audit log.

use actix_web::{HttpResponse, web};
use meguri_proto::identity as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use super::session::StaffAccountBody;
use super::staff::Staff;
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::startup::AppState;

/// `POST /api/admin/staff`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewStaffBody {
    pub email: String,
    /// `admin` or `support`.
    pub role: String,
    /// The first password (8–128), handed to the person apart.
    pub password: String,
}

/// `PATCH /api/admin/staff/{id}`: either or both.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct StaffChangeBody {
    pub is_active: Option<bool>,
    /// `admin` or `support`.
    pub role: Option<String>,
}

impl From<pb::StaffAccount> for StaffAccountBody {
    fn from(a: pb::StaffAccount) -> Self {
        let pb::StaffAccount { id, email, role, is_active, last_login, created_at } = a;
        Self { id, email, role, is_active, last_login, created_at }
    }
}

/// Creates a staff account (admins only).
#[utoipa::path(post, path = "/api/admin/staff", operation_id = "admin_create_staff", tag = "admin",
    request_body = NewStaffBody,
    security(("admin_token" = [])),
    responses(
        (status = 201, description = "The new account", body = StaffAccountBody),
        (status = 400, description = "INVALID_EMAIL, INVALID_ROLE, PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 403, description = "ADMIN_FORBIDDEN (support staff)", body = ErrorBody),
        (status = 409, description = "STAFF_EMAIL_TAKEN", body = ErrorBody),
    ))]
pub async fn create(
    staff: Staff,
    body: Json<NewStaffBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.require_admin()?;
    let NewStaffBody { email, role, password } = body.into_inner();
    let request = pb::CreateStaffRequest { email, role, password };
    let created = crate::routes::rpc("CreateStaff", state.identity.create_staff(&staff.ctx, request)).await?;
    Ok(HttpResponse::Created().json(StaffAccountBody::from(created)))
}

/// Deactivates, reactivates or changes the role of a staff account (admins only; never one's own).
#[utoipa::path(patch, path = "/api/admin/staff/{id}", operation_id = "admin_change_staff", tag = "admin",
    params(("id" = String, Path, description = "The staff account's id")),
    request_body = StaffChangeBody,
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The account as changed", body = StaffAccountBody),
        (status = 400, description = "INVALID_ROLE", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 403, description = "ADMIN_FORBIDDEN (support staff)", body = ErrorBody),
        (status = 404, description = "STAFF_NOT_FOUND", body = ErrorBody),
        (status = 409, description = "STAFF_SELF_CHANGE", body = ErrorBody),
    ))]
pub async fn change(
    staff: Staff,
    path: web::Path<String>,
    body: Json<StaffChangeBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.require_admin()?;
    let StaffChangeBody { is_active, role } = body.into_inner();
    let request = pb::UpdateStaffRequest { admin_id: path.into_inner(), is_active, role };
    let changed = crate::routes::rpc("UpdateStaff", state.identity.update_staff(&staff.ctx, request)).await?;
    Ok(HttpResponse::Ok().json(StaffAccountBody::from(changed)))
}
