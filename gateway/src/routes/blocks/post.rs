use actix_web::{HttpRequest, HttpResponse, web};

use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::friends::body::{StateAnswer, UserIdBody, member_ref};
use crate::routes::signed_in;
use crate::session::TypedSession;
use crate::startup::AppState;

/// Blocks a member: any friendship or request between the two ends, and neither finds nor can
/// ask the other. Blocking twice answers the same.
#[utoipa::path(post, path = "/api/blocks", tag = "friends", request_body = UserIdBody,
    responses(
        (status = 200, description = "`blocked`", body = StateAnswer),
        (status = 400, description = "CANNOT_BLOCK_SELF", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "MEMBER_NOT_FOUND", body = ErrorBody),
    ))]
pub async fn block(
    req: HttpRequest,
    body: Json<UserIdBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let member = member_ref(&body.user_id)?;
    let answer = state.social.block(&ctx, member).await.map_err(|s| ApiError::from_status("Block", s))?;
    Ok(HttpResponse::Ok().json(StateAnswer::from_proto(answer.state)?))
}
