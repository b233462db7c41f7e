use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::identity as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::rate_limit::Credential;
use crate::routes::auth::post::MessageBody;
use crate::routes::{SignedIn, answered};
use crate::session::TypedSession;
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeleteAccountBody {
    #[schema(required = true)]
    pub password: String,
}

/// Deletes the account (password required): personal data is scrubbed at once and every session
/// of the user ends.
#[utoipa::path(delete, path = "/api/account", tag = "settings", request_body = DeleteAccountBody,
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, description = "WRONG_PASSWORD", body = ErrorBody),
        (status = 429, description = "PASSWORD_CHECK_RATE_LIMITED (too many wrong passwords), with Retry-After", body = ErrorBody),
    ))]
pub async fn account(
    me: SignedIn,
    req: HttpRequest,
    body: Json<DeleteAccountBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let attempt =
        state.rate_limiter.count_credential_attempt(Credential::CurrentPassword(me.user.user_id), None, &req).await?;
    let outcome =
        state.identity.delete_account(&me.ctx, pb::DeleteAccountRequest { password: body.into_inner().password }).await;
    state.rate_limiter.settle_password_check(attempt, outcome.as_ref().err()).await;
    answered("DeleteAccount", outcome)?;
    // The deletion is committed: ending the sessions is retried and logged, never an error here
    // (identity refuses every call for a deleted user, so a session left behind can do nothing).
    session.end_all_sessions(me.user.user_id).await;
    if let Err(error) = session.log_out().await {
        tracing::warn!(name: "gateway.account.logout_failed", %error, "account deleted; its session key could not be removed");
    }
    Ok(HttpResponse::Ok().json(MessageBody::just("アカウントを削除しました")))
}
