use actix_web::{HttpResponse, web};
use meguri_proto::social as pb;

use crate::error::{ApiError, ErrorBody};
use crate::routes::diary::body::{MENTION_NOT_FOUND, path_id};
use crate::routes::{SignedIn, no_content, rpc};
use crate::startup::AppState;

/// Marks one of the caller's mention notifications seen ('確認しました'; idempotent).
#[utoipa::path(post, path = "/api/mentions/{id}/mark-shown", operation_id = "mark_mention_shown", tag = "diary",
    params(("id" = String, Path, description = "The mention notification's id (UUID)")),
    responses(
        (status = 204, description = "Seen"),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "MENTION_NOT_FOUND (unknown, someone else's, or not an id)", body = ErrorBody),
    ))]
pub async fn mark_shown(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mention = pb::MentionRef { id: path_id(&path, MENTION_NOT_FOUND)? };
    Ok(no_content(rpc("MarkMentionShown", state.social.mark_mention_shown(&me.ctx, mention)).await?))
}
