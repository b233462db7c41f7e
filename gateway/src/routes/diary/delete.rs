use actix_web::{HttpResponse, web};

use super::body::entry_ref;
use crate::error::{ApiError, ErrorBody};
use crate::routes::{SignedIn, no_content, rpc};
use crate::startup::AppState;

/// Deletes one's own entry with its mention notifications (a sealed letter too: its delivery is
/// cancelled). Deleting twice answers 404.
#[utoipa::path(delete, path = "/api/diary/{id}", operation_id = "delete_diary_entry", tag = "diary",
    params(("id" = String, Path, description = "The entry's id (UUID)")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "DIARY_ENTRY_NOT_FOUND (unknown, not the caller's, or not an id)", body = ErrorBody),
    ))]
pub async fn delete(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let entry = entry_ref(&path)?;
    Ok(no_content(rpc("DeleteDiaryEntry", state.social.delete_diary_entry(&me.ctx, entry)).await?))
}
