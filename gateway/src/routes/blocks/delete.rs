use actix_web::{HttpResponse, web};

use crate::error::{ApiError, ErrorBody};
use crate::routes::friends::body::{StateAnswer, member_ref};
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// Unblocks a member (unblocking one who is not blocked answers the same).
#[utoipa::path(delete, path = "/api/blocks/{userId}", tag = "friends",
    params(("userId" = String, Path, description = "The blocked member's id (UUID)")),
    responses(
        (status = 200, description = "`none`", body = StateAnswer),
        (status = 400, description = "CANNOT_BLOCK_SELF (the caller's own id)", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "MEMBER_NOT_FOUND (not an id)", body = ErrorBody),
    ))]
pub async fn unblock(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let answer = rpc("Unblock", state.social.unblock(&me.ctx, member_ref(&path)?)).await?;
    ok_json(StateAnswer::from_proto(answer.state))
}
