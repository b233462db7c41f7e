use actix_web::{HttpResponse, web};

use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::friends::body::{StateAnswer, UserIdBody, member_ref};
use crate::routes::{SignedIn, ok_json, rpc};
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
pub async fn block(me: SignedIn, body: Json<UserIdBody>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let answer = rpc("Block", state.social.block(&me.ctx, member_ref(&body.user_id)?)).await?;
    ok_json(StateAnswer::from_proto(answer.state))
}
