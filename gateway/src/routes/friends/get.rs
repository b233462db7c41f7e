use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::social as pb;

use super::body::{Compatibility, FriendsBody, SearchQuery, SearchResults, member_ref};
use crate::error::{ApiError, ErrorBody};
use crate::rate_limit::Bucket;
use crate::routes::signed_in;
use crate::session::TypedSession;
use crate::startup::AppState;

/// The caller's friends (with the pair's compatibility) and the pending requests both ways.
#[utoipa::path(get, path = "/api/friends", tag = "friends",
    responses(
        (status = 200, description = "Friends, incoming and outgoing requests", body = FriendsBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 503, description = "social unavailable", body = ErrorBody),
    ))]
pub async fn friends(
    req: HttpRequest,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let listed = state
        .social
        .list_friends(&ctx, pb::ListFriendsRequest {})
        .await
        .map_err(|s| ApiError::from_status("ListFriends", s))?;
    Ok(HttpResponse::Ok().json(FriendsBody::try_from(listed)?))
}

/// Members whose username starts with `q`, with where the caller stands with each. Never the
/// caller, nor anyone blocked either way.
#[utoipa::path(get, path = "/api/friends/search", tag = "friends", params(SearchQuery),
    responses(
        (status = 200, description = "At most `limit` members", body = SearchResults),
        (status = 400, description = "INVALID_SEARCH_QUERY (empty or over 30 characters), INVALID_LIMIT", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 429, description = "RATE_LIMITED: too many searches by this member", body = ErrorBody),
    ))]
pub async fn search_members(
    req: HttpRequest,
    query: web::Query<SearchQuery>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (user, ctx) = signed_in(&req, &session).await?;
    state.rate_limiter.check_user(Bucket::FriendSearch, user.user_id).await?;
    let limit = query.limit()?;
    let found = state
        .social
        .search_members(&ctx, pb::SearchMembersRequest { query: query.into_inner().q, limit })
        .await
        .map_err(|s| ApiError::from_status("SearchMembers", s))?;
    Ok(HttpResponse::Ok().json(SearchResults::try_from(found)?))
}

/// The compatibility of the caller and a friend (pending while it is computed, unavailable while
/// a birth date is missing).
#[utoipa::path(get, path = "/api/friends/{userId}/compatibility", tag = "friends",
    params(("userId" = String, Path, description = "The friend's id (UUID)")),
    responses(
        (status = 200, description = "The pair's compatibility", body = Compatibility),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "FRIEND_NOT_FOUND (not friends), MEMBER_NOT_FOUND (not an id)", body = ErrorBody),
    ))]
pub async fn compatibility(
    req: HttpRequest,
    path: web::Path<String>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let friend = member_ref(&path)?;
    let got =
        state.social.get_compatibility(&ctx, friend).await.map_err(|s| ApiError::from_status("GetCompatibility", s))?;
    Ok(HttpResponse::Ok().json(Compatibility::try_from(got)?))
}
