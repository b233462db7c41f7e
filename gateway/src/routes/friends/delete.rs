use actix_web::{HttpRequest, HttpResponse, web};

use super::body::{StateAnswer, member_ref};
use crate::error::{ApiError, ErrorBody};
use crate::routes::signed_in;
use crate::session::TypedSession;
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
    req: HttpRequest,
    path: web::Path<String>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let member = member_ref(&path)?;
    let answer = state
        .social
        .cancel_friend_request(&ctx, member)
        .await
        .map_err(|s| ApiError::from_status("CancelFriendRequest", s))?;
    Ok(HttpResponse::Ok().json(StateAnswer::from_proto(answer.state)?))
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
    req: HttpRequest,
    path: web::Path<String>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let member = member_ref(&path)?;
    let answer =
        state.social.remove_friend(&ctx, member).await.map_err(|s| ApiError::from_status("RemoveFriend", s))?;
    Ok(HttpResponse::Ok().json(StateAnswer::from_proto(answer.state)?))
}
