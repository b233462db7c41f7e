use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::identity as pb;

use crate::error::{ApiError, ErrorBody};
use crate::routes::auth::user::{UserBody, extras};
use crate::routes::signed_in;
use crate::session::TypedSession;
use crate::startup::AppState;

/// Marks the first-run tour as done for the signed-in user.
#[utoipa::path(post, path = "/api/onboarding/complete", tag = "auth",
    responses(
        (status = 200, description = "The user, hasCompletedOnboarding true", body = UserBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn complete(
    req: HttpRequest,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let done = state
        .identity
        .complete_onboarding(&ctx, pb::CompleteOnboardingRequest {})
        .await
        .map_err(|s| ApiError::from_status("CompleteOnboarding", s))?;
    let user = done.user.ok_or_else(|| anyhow::anyhow!("CompleteOnboarding: no user"))?;
    Ok(HttpResponse::Ok().json(UserBody::new(user, extras(&state, &ctx).await)))
}
