use actix_web::{HttpResponse, web};
use meguri_proto::social as pb;

use crate::error::{ApiError, ErrorBody};
use crate::routes::friends::body::BlocksBody;
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// The members the caller blocked, newest first.
#[utoipa::path(get, path = "/api/blocks", tag = "friends",
    responses(
        (status = 200, description = "Blocked members", body = BlocksBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn blocks(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let listed = rpc("ListBlocks", state.social.list_blocks(&me.ctx, pb::ListBlocksRequest {})).await?;
    ok_json(Ok(BlocksBody::from(listed)))
}
