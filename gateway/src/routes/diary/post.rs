use actix_web::{HttpResponse, web};

use super::body::{CreateDiaryEntryBody, DiaryEntry, entry_ref};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::{SignedIn, no_content, rpc};
use crate::startup::AppState;

/// Writes an entry (or a letter sealed until `deliveryDate`). The same `clientId` again answers
/// the entry made the first time, with 200 instead of 201.
#[utoipa::path(post, path = "/api/diary", operation_id = "create_diary_entry", tag = "diary", request_body = CreateDiaryEntryBody,
    responses(
        (status = 201, description = "The new entry", body = DiaryEntry),
        (status = 200, description = "The entry this clientId made before (a repeat)", body = DiaryEntry),
        (status = 400, description = "INVALID_DIARY_CONTENT, INVALID_DIARY_DATE, INVALID_DELIVERY_DATE, INVALID_CLIENT_ID, INVALID_TIMEZONE_OFFSET", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 429, description = "DIARY_LIMIT (100 entries in 24 h)", body = ErrorBody),
    ))]
pub async fn create(
    me: SignedIn,
    body: Json<CreateDiaryEntryBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner().request()?;
    let answer = rpc("CreateDiaryEntry", state.social.create_diary_entry(&me.ctx, request)).await?;
    let replayed = answer.replayed;
    let entry = DiaryEntry::try_from(answer)?;
    Ok(if replayed { HttpResponse::Ok() } else { HttpResponse::Created() }.json(entry))
}

/// Marks a delivered letter shown in the app (idempotent).
#[utoipa::path(post, path = "/api/diary/letters/{id}/mark-shown", tag = "diary",
    params(("id" = String, Path, description = "The letter's id (UUID)")),
    responses(
        (status = 204, description = "Shown"),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "DIARY_ENTRY_NOT_FOUND (unknown, not the caller's, not a delivered letter, or not an id)", body = ErrorBody),
    ))]
pub async fn mark_letter_shown(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let letter = entry_ref(&path)?;
    Ok(no_content(rpc("MarkLetterShown", state.social.mark_letter_shown(&me.ctx, letter)).await?))
}
