use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::identity as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::clients::CallContext;
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::rate_limit::Credential;
use crate::session::Caller;
use crate::startup::AppState;
use crate::telemetry::RequestId;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AdminLoginBody {
    pub email: String,
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminBody {
    pub id: String,
    pub email: String,
    pub role: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminLoginAnswer {
    /// Send as `Authorization: Bearer <token>`; valid 15 minutes.
    pub token: String,
    pub expires_at: String,
    pub admin: AdminBody,
}

/// Checks an admin's credentials and issues the admin SPA's short-lived token.
#[utoipa::path(post, path = "/api/admin/login", tag = "admin", operation_id = "admin_login", request_body = AdminLoginBody,
    responses(
        (status = 200, description = "Signed in", body = AdminLoginAnswer),
        (status = 401, description = "INVALID_CREDENTIALS", body = ErrorBody),
        (status = 403, description = "ADMIN_INACTIVE", body = ErrorBody),
        (status = 429, description = "LOGIN_RATE_LIMITED", body = ErrorBody),
        (status = 503, description = "ADMIN_DISABLED (no ADMIN_JWT_SECRET)", body = ErrorBody),
    ))]
pub async fn login(
    req: HttpRequest,
    body: Json<AdminLoginBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let tokens = state
        .admin_tokens
        .as_ref()
        .ok_or(ApiError::Coded { status: StatusCode::SERVICE_UNAVAILABLE, code: "ADMIN_DISABLED" })?;
    let b = body.into_inner();
    // Counted before the password is checked, so parallel guesses cannot all pass a stale count.
    let attempt = state.rate_limiter.count_credential_attempt(Credential::Admin(&b.email), None, &req).await?;
    let ctx = CallContext { caller: Caller::ANONYMOUS, request_id: RequestId::of(&req) };
    let admin =
        match state.identity.admin_login(&ctx, pb::AdminLoginRequest { email: b.email, password: b.password }).await {
            Ok(admin) => {
                state.rate_limiter.credential_ok(attempt).await;
                admin
            }
            Err(status) => {
                if status.code() != tonic::Code::Unauthenticated {
                    state.rate_limiter.credential_ok(attempt).await;
                }
                return Err(ApiError::from_status("AdminLogin", status));
            }
        };
    let now = chrono::Utc::now().timestamp();
    let (token, exp) = tokens.mint(&admin.admin_id, &admin.email, &admin.role, now)?;
    let expires_at = chrono::DateTime::from_timestamp(exp, 0)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default();
    Ok(HttpResponse::Ok().json(AdminLoginAnswer {
        token,
        expires_at,
        admin: AdminBody { id: admin.admin_id, email: admin.email, role: admin.role },
    }))
}
