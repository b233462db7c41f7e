use actix_web::{HttpResponse, web};
use meguri_proto::social as pb;

use super::body::{Compatibility, FriendsBody, SearchQuery, SearchResults, member_ref};
use crate::error::{ApiError, ErrorBody};
use crate::rate_limit::Bucket;
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// The caller's friends (with the pair's compatibility) and the pending requests both ways.
#[utoipa::path(get, path = "/api/friends", tag = "friends",
    responses(
        (status = 200, description = "Friends, incoming and outgoing requests", body = FriendsBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 503, description = "social unavailable", body = ErrorBody),
    ))]
pub async fn friends(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let listed = rpc("ListFriends", state.social.list_friends(&me.ctx, pb::ListFriendsRequest {})).await?;
    ok_json(FriendsBody::try_from(listed))
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
    me: SignedIn,
    query: web::Query<SearchQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check_user(Bucket::FriendSearch, me.user.user_id).await?;
    let request = pb::SearchMembersRequest { limit: query.limit()?, query: query.into_inner().q };
    ok_json(SearchResults::try_from(rpc("SearchMembers", state.social.search_members(&me.ctx, request)).await?))
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
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let friend = member_ref(&path)?;
    ok_json(Compatibility::try_from(rpc("GetCompatibility", state.social.get_compatibility(&me.ctx, friend)).await?))
}
