use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use super::user::{UserBody, compose};
use crate::clients::CallContext;
use crate::error::{ApiError, ErrorBody};
use crate::session::TypedSession;
use crate::startup::AppState;

/// The current user (identity's account, the chart status, billing's balance); 401 when signed out.
#[utoipa::path(
    get,
    path = "/api/auth/user",
    tag = "auth",
    responses(
        (status = 200, description = "The signed-in user", body = UserBody),
        (status = 401, description = "No signed-in session", body = ErrorBody),
        (status = 503, description = "The session store or identity is unavailable", body = ErrorBody),
    )
)]
pub async fn user(
    req: HttpRequest,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    session.user().await?.ok_or(ApiError::Unauthenticated)?;
    let ctx = CallContext::of(&req, &session).await;
    match compose(&state, &ctx).await {
        Ok(body) => Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(body)),
        // The account is gone (deleted elsewhere): the session ends with it.
        Err(ApiError::Upstream { status, .. }) if status.code() == tonic::Code::NotFound => {
            session.log_out().await?;
            Err(ApiError::Unauthenticated)
        }
        Err(e) => Err(e),
    }
}
