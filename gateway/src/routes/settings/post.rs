use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::identity as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::rate_limit::Credential;
use crate::routes::auth::post::MessageBody;
use crate::routes::{SignedIn, answered};
use crate::session::{SessionsEnded, TypedSession};
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailChangeBody {
    #[schema(
        required = true,
        max_length = 254,
        pattern = r"^[A-Za-z0-9_+-]{1,30}(\.[A-Za-z0-9_+-]{1,15}){0,2}@[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?){0,3}\.[A-Za-z]{2,12}$"
    )]
    pub new_email: String,
    #[schema(required = true)]
    pub current_password: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailChangeAnswer {
    #[schema(example = "確認メールを送信しました")]
    pub message: &'static str,
    pub pending_email: String,
}

/// Mails a confirmation link to the new address.
#[utoipa::path(post, path = "/api/settings/email", tag = "settings", request_body = EmailChangeBody,
    responses(
        (status = 200, description = "Link mailed to the new address", body = EmailChangeAnswer),
        (status = 403, description = "WRONG_PASSWORD", body = ErrorBody),
        (status = 429, description = "PASSWORD_CHECK_RATE_LIMITED (too many wrong passwords), with Retry-After", body = ErrorBody),
        (status = 409, description = "EMAIL_TAKEN", body = ErrorBody),
    ))]
pub async fn email(
    me: SignedIn,
    req: HttpRequest,
    body: Json<EmailChangeBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let pending_email = b.new_email.trim().to_lowercase();
    let request = pb::RequestEmailChangeRequest { new_email: b.new_email, current_password: b.current_password };
    let attempt =
        state.rate_limiter.count_credential_attempt(Credential::CurrentPassword(me.user.user_id), None, &req).await?;
    let outcome = state.identity.request_email_change(&me.ctx, request).await;
    state.rate_limiter.settle_password_check(attempt, outcome.as_ref().err()).await;
    answered("RequestEmailChange", outcome)?;
    Ok(HttpResponse::Ok().json(EmailChangeAnswer { message: "確認メールを送信しました", pending_email }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PasswordChangeBody {
    #[schema(required = true)]
    pub current_password: String,
    /// 8..=128 characters.
    #[schema(required = true, min_length = 8, max_length = 128)]
    pub new_password: String,
}

/// Changes the password; the user's other sessions end.
#[utoipa::path(post, path = "/api/settings/password", tag = "settings", request_body = PasswordChangeBody,
    responses(
        (status = 200, description = "Changed", body = MessageBody),
        (status = 400, description = "PASSWORD_TOO_SHORT", body = ErrorBody),
        (status = 403, description = "WRONG_PASSWORD", body = ErrorBody),
        (status = 429, description = "PASSWORD_CHECK_RATE_LIMITED (too many wrong passwords), with Retry-After", body = ErrorBody),
    ))]
pub async fn password(
    me: SignedIn,
    req: HttpRequest,
    body: Json<PasswordChangeBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let request = pb::ChangePasswordRequest { current_password: b.current_password, new_password: b.new_password };
    let attempt =
        state.rate_limiter.count_credential_attempt(Credential::CurrentPassword(me.user.user_id), None, &req).await?;
    let outcome = state.identity.change_password(&me.ctx, request).await;
    state.rate_limiter.settle_password_check(attempt, outcome.as_ref().err()).await;
    answered("ChangePassword", outcome)?;
    // The new password is committed: the answer is a success that says what happened to the
    // other sessions, never an error the member would retry against the old password.
    let message = match session.end_other_sessions(me.user.user_id).await {
        SessionsEnded::Ended(_) => "パスワードを変更しました",
        SessionsEnded::Failed => {
            "パスワードを変更しました。ただし、ほかの端末のログアウトを完了できませんでした。時間をおいてもう一度パスワードを変更してください"
        }
    };
    Ok(HttpResponse::Ok().json(MessageBody::just(message)))
}
