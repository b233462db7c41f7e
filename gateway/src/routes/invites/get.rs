use actix_web::{HttpRequest, HttpResponse, web};

use crate::clients::CallContext;
use crate::error::{ApiError, ErrorBody};
use crate::routes::friends::body::{InviteBody, member_ref};
use crate::routes::{ok_json, rpc};
use crate::session::TypedSession;
use crate::startup::AppState;

/// The inviter's public card (username, first name, avatar; never birth data). Anyone may ask;
/// a signed-in visitor also gets where they stand with the inviter (`self` on their own link).
#[utoipa::path(get, path = "/api/invites/{userId}", tag = "friends",
    params(("userId" = String, Path, description = "The inviter's id (UUID)")),
    responses(
        (status = 200, description = "The inviter; `state` null when signed out", body = InviteBody),
        (status = 404, description = "MEMBER_NOT_FOUND (unknown, deleted, not verified, or not an id)", body = ErrorBody),
        (status = 503, description = "social unavailable", body = ErrorBody),
    ))]
pub async fn invite(
    req: HttpRequest,
    path: web::Path<String>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let inviter = member_ref(&path)?;
    // Public: a session store outage degrades the visitor to signed out rather than failing.
    let ctx = CallContext::of(&req, &session).await;
    let viewer = ctx.caller.subject.user_id();
    ok_json(InviteBody::new(rpc("GetInvite", state.social.get_invite(&ctx, inviter)).await?, viewer))
}
