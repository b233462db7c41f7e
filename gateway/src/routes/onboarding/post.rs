use actix_web::{HttpResponse, web};
use meguri_proto::identity as pb;

use crate::error::{ApiError, ErrorBody};
use crate::routes::auth::user::{UserBody, extras};
use crate::routes::{SignedIn, rpc};
use crate::startup::AppState;

/// Marks the first-run tour as done for the signed-in user.
#[utoipa::path(post, path = "/api/onboarding/complete", tag = "auth",
    responses(
        (status = 200, description = "The user, hasCompletedOnboarding true", body = UserBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn complete(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let done = rpc("CompleteOnboarding", state.identity.complete_onboarding(&me.ctx, pb::CompleteOnboardingRequest {}))
        .await?;
    let user = done.user.ok_or_else(|| anyhow::anyhow!("CompleteOnboarding: no user"))?;
    Ok(HttpResponse::Ok().json(UserBody::new(user, extras(&state, &me.ctx).await)))
}
