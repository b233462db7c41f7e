use actix_web::{HttpResponse, web};

use super::body::{StateAnswer, UserIdBody, member_ref};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// Asks a member to be friends; when they already asked the caller, both are friends at once.
/// Repeating a pending request answers the same state (and mails nobody twice).
#[utoipa::path(post, path = "/api/friends/requests", tag = "friends", request_body = UserIdBody,
    responses(
        (status = 200, description = "`outgoing`, or `friends` when the member had asked the caller", body = StateAnswer),
        (status = 400, description = "CANNOT_FRIEND_SELF", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "MEMBER_NOT_FOUND (unknown, deleted, blocked either way, or not an id)", body = ErrorBody),
        (status = 409, description = "ALREADY_FRIENDS", body = ErrorBody),
        (status = 429, description = "FRIEND_REQUEST_LIMIT (requests in 24 h), FRIEND_LIMIT (friends in total)", body = ErrorBody),
    ))]
pub async fn send_friend_request(
    me: SignedIn,
    body: Json<UserIdBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let member = member_ref(&body.user_id)?;
    let answer = rpc("SendFriendRequest", state.social.send_friend_request(&me.ctx, member)).await?;
    ok_json(StateAnswer::from_proto(answer.state))
}

/// Accepts the request a member sent the caller (accepting twice answers `friends` again).
#[utoipa::path(post, path = "/api/friends/requests/{userId}/accept", tag = "friends",
    params(("userId" = String, Path, description = "The member who sent the request (UUID)")),
    responses(
        (status = 200, description = "`friends`", body = StateAnswer),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "FRIEND_REQUEST_NOT_FOUND, MEMBER_NOT_FOUND (not an id)", body = ErrorBody),
        (status = 429, description = "FRIEND_LIMIT", body = ErrorBody),
    ))]
pub async fn accept_friend_request(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let member = member_ref(&path)?;
    let answer = rpc("AcceptFriendRequest", state.social.accept_friend_request(&me.ctx, member)).await?;
    ok_json(StateAnswer::from_proto(answer.state))
}

/// Declines the request a member sent the caller (the member is not told).
#[utoipa::path(post, path = "/api/friends/requests/{userId}/decline", tag = "friends",
    params(("userId" = String, Path, description = "The member who sent the request (UUID)")),
    responses(
        (status = 200, description = "`none`", body = StateAnswer),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "FRIEND_REQUEST_NOT_FOUND, MEMBER_NOT_FOUND (not an id)", body = ErrorBody),
    ))]
pub async fn decline_friend_request(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let member = member_ref(&path)?;
    let answer = rpc("DeclineFriendRequest", state.social.decline_friend_request(&me.ctx, member)).await?;
    ok_json(StateAnswer::from_proto(answer.state))
}
