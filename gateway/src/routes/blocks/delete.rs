use actix_web::{HttpRequest, HttpResponse, web};

use crate::error::{ApiError, ErrorBody};
use crate::routes::friends::body::{StateAnswer, member_ref};
use crate::routes::signed_in;
use crate::session::TypedSession;
use crate::startup::AppState;

/// Unblocks a member (unblocking one who is not blocked answers the same).
#[utoipa::path(delete, path = "/api/blocks/{userId}", tag = "friends",
    params(("userId" = String, Path, description = "The blocked member's id (UUID)")),
    responses(
        (status = 200, description = "`none`", body = StateAnswer),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "MEMBER_NOT_FOUND (not an id)", body = ErrorBody),
    ))]
pub async fn unblock(
    req: HttpRequest,
    path: web::Path<String>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let member = member_ref(&path)?;
    let answer = state.social.unblock(&ctx, member).await.map_err(|s| ApiError::from_status("Unblock", s))?;
    Ok(HttpResponse::Ok().json(StateAnswer::from_proto(answer.state)?))
}
