use actix_web::HttpResponse;
use actix_web::http::header;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::session::TypedSession;

/// The signed-in user as the session knows it. The identity issue composes the full user
/// (identity + fortune-gen status + billing balance) from this id.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUserBody {
    #[schema(value_type = String, example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b")]
    pub id: meguri_ids::UserId,
    /// `user` or `admin`.
    #[schema(value_type = String, example = "user")]
    pub role: meguri_auth::Role,
}

/// The current user; 401 without a signed-in session.
#[utoipa::path(
    get,
    path = "/api/auth/user",
    tag = "auth",
    responses(
        (status = 200, description = "The signed-in user", body = SessionUserBody),
        (status = 401, description = "No signed-in session", body = ErrorBody),
        (status = 503, description = "The session store is unavailable", body = ErrorBody),
    )
)]
pub async fn user(session: TypedSession) -> Result<HttpResponse, ApiError> {
    let user = session.user().await?.ok_or(ApiError::Unauthenticated)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(SessionUserBody { id: user.user_id, role: user.role }))
}
