use actix_web::{HttpResponse, web};
use meguri_proto::social as pb;

use super::body::{DeliveredLetters, DiaryEntry, DiaryPage, DiaryPageQuery, LuckyDay, LuckyDayQuery, entry_ref};
use crate::error::{ApiError, ErrorBody};
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// One page of the caller's own entries, newest date first. Sealed letters are listed with their
/// delivery date and no content.
#[utoipa::path(get, path = "/api/diary", operation_id = "list_diary_entries", tag = "diary", params(DiaryPageQuery),
    responses(
        (status = 200, description = "A page of entries and the cursor of the next", body = DiaryPage),
        (status = 400, description = "INVALID_CURSOR, INVALID_LIMIT", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn entries(
    me: SignedIn,
    query: web::Query<DiaryPageQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = query.into_inner().request()?;
    ok_json(DiaryPage::try_from(rpc("ListDiaryEntries", state.social.list_diary_entries(&me.ctx, request)).await?))
}

/// One entry: the caller's own (a sealed letter without its content), or one that mentions the
/// caller. Anything else is answered like an entry that does not exist.
#[utoipa::path(get, path = "/api/diary/{id}", operation_id = "get_diary_entry", tag = "diary",
    params(("id" = String, Path, description = "The entry's id (UUID)")),
    responses(
        (status = 200, description = "The entry", body = DiaryEntry),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "DIARY_ENTRY_NOT_FOUND (unknown, not readable by the caller, or not an id)", body = ErrorBody),
    ))]
pub async fn entry(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let entry = entry_ref(&path)?;
    ok_json(DiaryEntry::try_from(rpc("GetDiaryEntry", state.social.get_diary_entry(&me.ctx, entry)).await?))
}

/// "Deliver on a lucky day": the first 天赦日, 一粒万倍日 or 大安 on or after `from` (within 60
/// days), with every one of the three that falls on it.
#[utoipa::path(get, path = "/api/diary/lucky-day", operation_id = "find_lucky_day", tag = "diary", params(LuckyDayQuery),
    responses(
        (status = 200, description = "The day and why", body = LuckyDay),
        (status = 400, description = "INVALID_DELIVERY_DATE (`from` not a date, not after today, or over 10 years ahead), INVALID_TIMEZONE_OFFSET", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "LUCKY_DAY_NOT_FOUND (none within 60 days)", body = ErrorBody),
        (status = 503, description = "The almanac does not answer", body = ErrorBody),
    ))]
pub async fn lucky_day(
    me: SignedIn,
    query: web::Query<LuckyDayQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = query.into_inner().request()?;
    ok_json(Ok(LuckyDay::from(rpc("FindLuckyDay", state.social.find_lucky_day(&me.ctx, request)).await?)))
}

/// The caller's letters delivered and not shown yet ("a letter from the past"), oldest delivery
/// first; the app shows each once and then marks it shown.
#[utoipa::path(get, path = "/api/diary/letters", operation_id = "list_delivered_letters", tag = "diary",
    responses(
        (status = 200, description = "Delivered, unshown letters", body = DeliveredLetters),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn letters(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let request = pb::ListDeliveredLettersRequest {};
    ok_json(DeliveredLetters::try_from(
        rpc("ListDeliveredLetters", state.social.list_delivered_letters(&me.ctx, request)).await?,
    ))
}
