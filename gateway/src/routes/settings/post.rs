use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::identity as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::routes::auth::post::MessageBody;
use crate::routes::signed_in;
use crate::session::TypedSession;
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailChangeBody {
    pub new_email: String,
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
        (status = 409, description = "EMAIL_TAKEN", body = ErrorBody),
    ))]
pub async fn email(
    req: HttpRequest,
    body: web::Json<EmailChangeBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let b = body.into_inner();
    let pending_email = b.new_email.trim().to_lowercase();
    state
        .identity
        .request_email_change(
            &ctx,
            pb::RequestEmailChangeRequest { new_email: b.new_email, current_password: b.current_password },
        )
        .await
        .map_err(|s| ApiError::from_status("RequestEmailChange", s))?;
    Ok(HttpResponse::Ok().json(EmailChangeAnswer { message: "確認メールを送信しました", pending_email }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PasswordChangeBody {
    pub current_password: String,
    pub new_password: String,
}

/// Changes the password; the user's other sessions end.
#[utoipa::path(post, path = "/api/settings/password", tag = "settings", request_body = PasswordChangeBody,
    responses(
        (status = 200, description = "Changed", body = MessageBody),
        (status = 400, description = "PASSWORD_TOO_SHORT", body = ErrorBody),
        (status = 403, description = "WRONG_PASSWORD", body = ErrorBody),
    ))]
pub async fn password(
    req: HttpRequest,
    body: web::Json<PasswordChangeBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (user, ctx) = signed_in(&req, &session).await?;
    let b = body.into_inner();
    state
        .identity
        .change_password(
            &ctx,
            pb::ChangePasswordRequest { current_password: b.current_password, new_password: b.new_password },
        )
        .await
        .map_err(|s| ApiError::from_status("ChangePassword", s))?;
    session.end_other_sessions(user.user_id).await?;
    Ok(HttpResponse::Ok().json(MessageBody::just("パスワードを変更しました")))
}
