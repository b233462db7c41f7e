//! Who an admin SPA request is for: [`Staff`], the first argument of every `/api/admin` route but
//! the sign-in. The bearer token must be one this gateway minted (HS256 under `ADMIN_JWT_SECRET`,
//! issuer and audience checked, unexpired), and the account it names must still exist and be active
//! in identity — asked on every request, so a deactivation takes effect at once, not at the token's
//! expiry, and the role is the account's current one. A member's cookie is no bearer token; an
//! admin token is no session: neither opens the other's API.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::http::header::AUTHORIZATION;
use actix_web::{FromRequest, HttpRequest, web};
use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::identity as pb;
use uuid::Uuid;

use crate::clients::CallContext;
use crate::error::ApiError;
use crate::session::Caller;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The code of a request without a live staff session.
pub const ADMIN_UNAUTHENTICATED: &str = "ADMIN_UNAUTHENTICATED";
/// The code of a staff role that may not do this.
pub const ADMIN_FORBIDDEN: &str = "ADMIN_FORBIDDEN";

/// A staff role (identity's `admin_users.role`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaffRole {
    /// Everything staff may do.
    Admin,
    /// Tickets and reading members; no credits, no staff accounts.
    Support,
}

impl StaffRole {
    fn parse(raw: &str) -> Option<Self> {
        match raw {
            "admin" => Some(Self::Admin),
            "support" => Some(Self::Support),
            _ => None,
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::Support => "support",
        }
    }

    const fn internal(self) -> Role {
        match self {
            Self::Admin => Role::Admin,
            Self::Support => Role::Support,
        }
    }
}

/// The signed-in staff member and the call context that acts for them (internal token: role
/// `admin` or `support`, subject their id).
#[derive(Debug)]
pub struct Staff {
    pub id: Uuid,
    pub email: String,
    pub role: StaffRole,
    /// When the token expires (seconds since the epoch).
    pub expires_at: i64,
    pub ctx: CallContext,
}

impl Staff {
    /// Only the `admin` role may go on.
    ///
    /// # Errors
    /// 403 `ADMIN_FORBIDDEN` for support staff.
    pub const fn require_admin(&self) -> Result<(), ApiError> {
        match self.role {
            StaffRole::Admin => Ok(()),
            StaffRole::Support => Err(ApiError::Coded { status: StatusCode::FORBIDDEN, code: ADMIN_FORBIDDEN }),
        }
    }
}

fn unauthenticated() -> ApiError {
    ApiError::Coded { status: StatusCode::UNAUTHORIZED, code: ADMIN_UNAUTHENTICATED }
}

/// The token of `Authorization: Bearer <token>`.
fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_owned()).filter(|t| !t.is_empty())
}

async fn staff_of(req: HttpRequest) -> Result<Staff, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("no app state")))?
        .clone();
    let tokens = state
        .admin_tokens
        .as_ref()
        .ok_or(ApiError::Coded { status: StatusCode::SERVICE_UNAVAILABLE, code: "ADMIN_DISABLED" })?;
    let claims = bearer(&req).and_then(|t| tokens.verify(&t)).ok_or_else(unauthenticated)?;
    let id: Uuid = claims.sub.parse().map_err(|_| unauthenticated())?;
    let ctx = CallContext::service(&req);
    let account = match state.identity.get_staff(&ctx, pb::GetStaffRequest { admin_id: id.to_string() }).await {
        Ok(account) => account,
        Err(status) if status.code() == tonic::Code::NotFound => return Err(unauthenticated()),
        Err(status) => return Err(ApiError::from_status("GetStaff", status)),
    };
    let role = StaffRole::parse(&account.role).ok_or_else(unauthenticated)?;
    if !account.is_active {
        tracing::info!(name: "gateway.admin.inactive", admin_id = %id, "a deactivated account's token was refused");
        return Err(unauthenticated());
    }
    let caller = Caller { subject: Subject::User(UserId::from_uuid(id)), role: role.internal() };
    Ok(Staff {
        id,
        email: account.email,
        role,
        expires_at: claims.exp,
        ctx: CallContext { caller, request_id: RequestId::of(&req) },
    })
}

impl FromRequest for Staff {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Ok(staff_of(req).await?) })
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn only_a_bearer_header_carries_the_token() {
        let with =
            |value: &str| bearer(&TestRequest::default().insert_header((AUTHORIZATION, value)).to_http_request());
        assert_eq!(with("Bearer abc.def").as_deref(), Some("abc.def"));
        assert_eq!(with("bearer  abc ").as_deref(), Some("abc"));
        assert_eq!(with("Basic abc"), None);
        assert_eq!(with("Bearer "), None);
        assert_eq!(bearer(&TestRequest::default().to_http_request()), None);
    }

    #[test]
    fn only_the_admin_role_passes_require_admin() {
        assert_eq!(StaffRole::parse("admin"), Some(StaffRole::Admin));
        assert_eq!(StaffRole::parse("support"), Some(StaffRole::Support));
        assert_eq!(StaffRole::parse("root"), None);
    }
}
