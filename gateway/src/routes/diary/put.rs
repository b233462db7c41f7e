use actix_web::{HttpResponse, web};

use super::body::{DiaryEntry, ENTRY_NOT_FOUND, UpdateDiaryEntryBody, path_id};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// Changes the text and date of one's own entry; its mentions are resolved again (new ones are
/// notified once, removed ones lose access).
#[utoipa::path(put, path = "/api/diary/{id}", operation_id = "update_diary_entry", tag = "diary", request_body = UpdateDiaryEntryBody,
    params(("id" = String, Path, description = "The entry's id (UUID)")),
    responses(
        (status = 200, description = "The entry as changed", body = DiaryEntry),
        (status = 400, description = "INVALID_DIARY_CONTENT, INVALID_DIARY_DATE, INVALID_TIMEZONE_OFFSET", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "DIARY_ENTRY_NOT_FOUND (unknown, not the caller's, or not an id)", body = ErrorBody),
        (status = 409, description = "LETTER_SEALED (a letter before its delivery: delete it instead)", body = ErrorBody),
    ))]
pub async fn update(
    me: SignedIn,
    path: web::Path<String>,
    body: Json<UpdateDiaryEntryBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner().request(path_id(&path, ENTRY_NOT_FOUND)?)?;
    ok_json(DiaryEntry::try_from(rpc("UpdateDiaryEntry", state.social.update_diary_entry(&me.ctx, request)).await?))
}
