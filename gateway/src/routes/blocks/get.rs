use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::social as pb;

use crate::error::{ApiError, ErrorBody};
use crate::routes::friends::body::BlocksBody;
use crate::routes::signed_in;
use crate::session::TypedSession;
use crate::startup::AppState;

/// The members the caller blocked, newest first.
#[utoipa::path(get, path = "/api/blocks", tag = "friends",
    responses(
        (status = 200, description = "Blocked members", body = BlocksBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn blocks(
    req: HttpRequest,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let listed = state
        .social
        .list_blocks(&ctx, pb::ListBlocksRequest {})
        .await
        .map_err(|s| ApiError::from_status("ListBlocks", s))?;
    Ok(HttpResponse::Ok().json(BlocksBody::from(listed)))
}
