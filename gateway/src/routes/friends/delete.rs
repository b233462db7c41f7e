use actix_web::{HttpResponse, web};

use super::body::{StateAnswer, member_ref};
use crate::error::{ApiError, ErrorBody};
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// Withdraws the caller's own pending request to a member.
#[utoipa::path(delete, path = "/api/friends/requests/{userId}", tag = "friends",
    params(("userId" = String, Path, description = "The member the caller asked (UUID)")),
    responses(
        (status = 200, description = "`none`", body = StateAnswer),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "FRIEND_REQUEST_NOT_FOUND, MEMBER_NOT_FOUND (not an id)", body = ErrorBody),
    ))]
pub async fn cancel_friend_request(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let member = member_ref(&path)?;
    let answer = rpc("CancelFriendRequest", state.social.cancel_friend_request(&me.ctx, member)).await?;
    ok_json(StateAnswer::from_proto(answer.state))
}

/// Ends a friendship (either friend may).
#[utoipa::path(delete, path = "/api/friends/{userId}", tag = "friends",
    params(("userId" = String, Path, description = "The friend's id (UUID)")),
    responses(
        (status = 200, description = "`none`", body = StateAnswer),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "FRIEND_NOT_FOUND, MEMBER_NOT_FOUND (not an id)", body = ErrorBody),
    ))]
pub async fn remove_friend(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let member = member_ref(&path)?;
    let answer = rpc("RemoveFriend", state.social.remove_friend(&me.ctx, member)).await?;
    ok_json(StateAnswer::from_proto(answer.state))
}
