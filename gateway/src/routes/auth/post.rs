use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::identity as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::birth::{birth_in, settle_dst_choice};
use super::user::{UserBody, extras};
use crate::clients::CallContext;
use crate::device::{self, DeviceId};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::local_time::DstChoiceName;
use crate::rate_limit::{Bucket, CLAIM_WHILE_ASKING, Credential};
use crate::routes::rpc;
use crate::session::SessionsEnded;
use crate::session::{Caller, TypedSession};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The per-address mail window (sign-up, code resend, password reset) as identity reported it in
/// its answer: a repeat within it sends nothing.
///
/// identity owns the window (`Limits::resend_cooldown`, `Limits::reset_cooldown`): it sends no code
/// within the resend cooldown and reports each window in its answers (`resend_cooldown_seconds`,
/// `cooldown_seconds`). The gateway holds the address for that window in Redis
/// ([`crate::rate_limit::RateLimiter::hold_for`]) so floods stop before identity and the mail
/// relay, and it answers 429 RESEND_COOLDOWN for every address alike (identity must not tell which
/// addresses await a code). Until identity has answered, the claim holds for
/// [`CLAIM_WHILE_ASKING`] only; a failed call gives it back.
fn mail_window(seconds: i32) -> Duration {
    Duration::from_secs(u64::try_from(seconds).unwrap_or(0))
}

/// A message for a person: the answer of calls that only confirm what they did.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageBody {
    #[schema(example = "ログアウトしました")]
    pub message: &'static str,
}

impl MessageBody {
    pub const fn just(message: &'static str) -> Self {
        Self { message }
    }
}

/// The sign-up answer: the message and the address the code went to.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignUpAnswer {
    #[schema(example = "メール認証コードを送信しました")]
    pub message: &'static str,
    #[schema(example = "hanako@example.jp")]
    pub email: String,
}

/// The resend answer: the message and how long until another code may be asked for.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResendAnswer {
    #[schema(example = "認証コードを再送信しました")]
    pub message: &'static str,
    #[schema(example = 60)]
    pub cooldown_seconds: i32,
}

/// The answer of a confirmed e-mail change: the message and the account's address from now on.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailChangedAnswer {
    #[schema(example = "メールアドレスを変更しました")]
    pub message: &'static str,
    #[schema(example = "hanako@example.jp")]
    pub email: String,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
pub struct CoordinatesIn {
    pub longitude: f64,
    pub latitude: f64,
}

/// The genders sign-up takes (only describes the wire: identity checks them).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum SignUpGender {
    Male,
    Female,
}

/// The schema of a flag that must be `true` (identity refuses anything else).
fn must_be_true() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::Boolean)
        .enum_values(Some([true]))
        .build()
}

/// Spec §7 sign-up payload.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SignUpBody {
    #[schema(
        required = true,
        example = "hanako@example.jp",
        max_length = 254,
        pattern = r"^[A-Za-z0-9_+-]{1,30}(\.[A-Za-z0-9_+-]{1,15}){0,2}@[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?){0,3}\.[A-Za-z]{2,12}$"
    )]
    pub email: String,
    /// 8..=128 characters.
    #[schema(required = true, example = "correct horse battery", min_length = 8, max_length = 128)]
    pub password: String,
    /// 3..=20 letters, digits, `_`, kana or kanji (`meguri-username`), not only `_`.
    #[schema(
        required = true,
        example = "hanako",
        pattern = r"^[A-Za-z0-9ぁ-ゖァ-ヺー一-鿿][A-Za-z0-9_ぁ-ゖァ-ヺー一-鿿]{2,19}$"
    )]
    pub username: String,
    #[schema(max_length = 50)]
    pub first_name: Option<String>,
    #[schema(max_length = 50)]
    pub last_name: Option<String>,
    /// `male`, `female`, or absent (skipped).
    #[schema(value_type = Option<SignUpGender>, example = "female")]
    pub gender: Option<String>,
    /// `YYYY-MM-DD`, 1900..=2100.
    #[schema(example = "1990-05-15", pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$")]
    pub birth_date: Option<String>,
    /// `HH:MM`.
    #[schema(example = "14:30", pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub birth_time: Option<String>,
    /// At most 100 characters.
    #[schema(example = "東京, 日本", max_length = 100)]
    pub birth_location: Option<String>,
    pub coordinates: Option<CoordinatesIn>,
    /// `earlier`, `later` or `standard`: how to read a birth time a summer-time change skipped or
    /// repeated, one of the `choices` of a 400 NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME.
    #[schema(value_type = Option<DstChoiceName>, example = "standard")]
    pub dst_choice: Option<String>,
    /// Must be `true`: 400 `PRIVACY_POLICY_REQUIRED` otherwise.
    #[schema(required = true, schema_with = must_be_true)]
    pub privacy_policy_accepted: bool,
    pub analytics_consent: bool,
    pub marketing_consent: bool,
    /// The member whose invite link (`/invite/{userId}`) the person came from (UUID): after the
    /// address is verified, that member gets a friend request from the new one. An unknown
    /// inviter is ignored, never an error.
    #[schema(
        example = "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f",
        pattern = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
    )]
    pub inviter_id: Option<String>,
}

/// The inviter id of a sign-up in its canonical form; only its form is checked here (sign-up
/// does not tell who exists).
///
/// # Errors
/// 400 `INVALID_INVITER_ID` for anything that is not a UUID.
pub fn inviter_in(raw: Option<&str>) -> Result<Option<String>, ApiError> {
    raw.map(|id| {
        id.trim().parse::<UserId>().map(|id| id.to_string()).map_err(|_| ApiError::Invalid("INVALID_INVITER_ID"))
    })
    .transpose()
}

/// `male`/`female` (and `other` where the caller allows it) to the proto enum.
pub fn gender_in(raw: Option<&str>, allow_other: bool) -> Result<pb::Gender, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(pb::Gender::Unspecified),
        Some("male") => Ok(pb::Gender::Male),
        Some("female") => Ok(pb::Gender::Female),
        Some("other") if allow_other => Ok(pb::Gender::Other),
        Some(_) => Err(ApiError::Invalid("INVALID_GENDER")),
    }
}

fn anonymous(req: &HttpRequest) -> CallContext {
    CallContext { caller: Caller::ANONYMOUS, request_id: RequestId::of(req) }
}

fn as_user(req: &HttpRequest, id: UserId) -> CallContext {
    CallContext { caller: Caller { subject: Subject::User(id), role: Role::User }, request_id: RequestId::of(req) }
}

fn user_id(raw: &str) -> Result<UserId, ApiError> {
    raw.parse().map_err(|_| ApiError::Unexpected(anyhow::anyhow!("identity returned a malformed user id")))
}

/// Signs `user` in on this browser (a new session id), remembers the browser as one the member
/// signs in from (its device cookie, set here if missing) and answers with the user object.
async fn sign_in(
    req: &HttpRequest,
    session: &TypedSession,
    state: &AppState,
    user: Option<pb::User>,
) -> Result<HttpResponse, ApiError> {
    let user = user.ok_or_else(|| anyhow::anyhow!("identity returned no user"))?;
    let id = user_id(&user.id)?;
    session.log_in(id, Role::User).await?;
    let secure = session.cookie_secure();
    let known = DeviceId::of(req, secure);
    let device = known.clone().or_else(DeviceId::generate);
    if let Some(device) = &device {
        state.rate_limiter.remember_device(&user.email, device).await;
    }
    let extras = extras(state, &as_user(req, id)).await;
    let mut response = HttpResponse::Ok();
    if let (None, Some(device)) = (known, &device) {
        response.cookie(device::cookie(device, secure));
    }
    Ok(response.json(UserBody::new(user, extras)))
}

/// Creates an account and mails a verification code.
#[utoipa::path(post, path = "/api/auth/signup", tag = "auth", request_body = SignUpBody,
    responses(
        (status = 201, description = "Account created and code mailed; for an address that already has an account, nothing is created and its owner is mailed a notice (the same answer)", body = SignUpAnswer),
        (status = 400, description = "A rule broken (message says which), INVALID_INVITER_ID, INVALID_DST_CHOICE; NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME carry `choices` to send back as `dstChoice`", body = ErrorBody),
        (status = 409, description = "USERNAME_TAKEN or USERNAME_LOOKALIKE", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    ))]
pub async fn signup(
    req: HttpRequest,
    body: Json<SignUpBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::Auth, &req).await?;
    let b = body.into_inner();
    let gender = gender_in(b.gender.as_deref(), false)?;
    let inviter_id = inviter_in(b.inviter_id.as_deref())?;
    let mut birth = birth_in(b.birth_date, b.birth_time, b.birth_location, b.coordinates, b.dst_choice);
    settle_dst_choice(&state.engine, &anonymous(&req), &mut birth).await?;
    let message = pb::SignUpRequest {
        email: b.email,
        password: b.password,
        username: b.username,
        first_name: b.first_name,
        last_name: b.last_name,
        gender: gender as i32,
        birth: Some(birth),
        privacy_policy_accepted: b.privacy_policy_accepted,
        analytics_consent: b.analytics_consent,
        marketing_consent: b.marketing_consent,
        inviter_id,
    };
    let answer = |email: String| {
        HttpResponse::Created().json(SignUpAnswer { message: "メール認証コードを送信しました", email })
    };
    // The answer never tells whether the address has an account: identity answers a registered
    // address like a new one and mails its owner instead. A repeat within identity's mail window (a
    // double click, a probe) is answered alike without another mail; a failed sign-up gives the
    // claim back so the corrected form can be sent at once.
    let requested = message.email.trim().to_lowercase();
    if !state.rate_limiter.claim("signup", &requested, CLAIM_WHILE_ASKING).await {
        return Ok(answer(requested));
    }
    let created = match state.identity.sign_up(&anonymous(&req), message).await {
        Ok(created) => created,
        Err(status) => {
            state.rate_limiter.release("signup", &requested).await;
            return Err(ApiError::from_status("SignUp", status));
        }
    };
    // A code (or a notice) just went out: a repeat sign-up and a resend wait out identity's
    // window either way.
    let window = mail_window(created.resend_cooldown_seconds);
    state.rate_limiter.hold_for("signup", &requested, window).await;
    state.rate_limiter.hold_for("resend", &requested, window).await;
    Ok(answer(created.email))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct VerifyEmailBody {
    #[schema(
        required = true,
        max_length = 254,
        pattern = r"^[A-Za-z0-9_+-]{1,30}(\.[A-Za-z0-9_+-]{1,15}){0,2}@[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?){0,3}\.[A-Za-z]{2,12}$"
    )]
    pub email: String,
    /// The six digits of the mail.
    #[schema(required = true, example = "123456", pattern = r"^[0-9]{6}$")]
    pub code: String,
}

/// Checks the code; on success the person is signed in.
#[utoipa::path(post, path = "/api/auth/verify-email", tag = "auth", request_body = VerifyEmailBody,
    responses(
        (status = 200, description = "Verified and signed in", body = UserBody),
        (status = 400, description = "CODE_INVALID", body = ErrorBody),
        (status = 409, description = "CODE_EXPIRED, CODE_EXHAUSTED or CODE_ALREADY_USED", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    ))]
pub async fn verify_email(
    req: HttpRequest,
    body: Json<VerifyEmailBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::Auth, &req).await?;
    let b = body.into_inner();
    let request = pb::VerifyEmailRequest { email: b.email, code: b.code };
    let verified = rpc("VerifyEmail", state.identity.verify_email(&anonymous(&req), request)).await?;
    sign_in(&req, &session, &state, verified.user).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EmailBody {
    #[schema(
        required = true,
        example = "hanako@example.jp",
        max_length = 254,
        pattern = r"^[A-Za-z0-9_+-]{1,30}(\.[A-Za-z0-9_+-]{1,15}){0,2}@[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?){0,3}\.[A-Za-z]{2,12}$"
    )]
    pub email: String,
}

/// Mails a new verification code (the same answer for any address).
#[utoipa::path(post, path = "/api/auth/resend-verification", tag = "auth", request_body = EmailBody,
    responses(
        (status = 200, description = "A new code is on its way (if the address awaits one)", body = ResendAnswer),
        (status = 429, description = "RESEND_COOLDOWN", body = ErrorBody),
    ))]
pub async fn resend_verification(
    req: HttpRequest,
    body: Json<EmailBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::Auth, &req).await?;
    let email = body.into_inner().email;
    state.rate_limiter.once_per("resend", &email, CLAIM_WHILE_ASKING, "RESEND_COOLDOWN").await?;
    let request = pb::ResendVerificationCodeRequest { email: email.clone() };
    let sent = match state.identity.resend_verification_code(&anonymous(&req), request).await {
        Ok(sent) => sent,
        Err(status) => {
            state.rate_limiter.release("resend", &email).await;
            return Err(ApiError::from_status("ResendVerificationCode", status));
        }
    };
    state.rate_limiter.hold_for("resend", &email, mail_window(sent.cooldown_seconds)).await;
    Ok(HttpResponse::Ok()
        .json(ResendAnswer {
            message: "認証コードを再送信しました", cooldown_seconds: sent.cooldown_seconds
        }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginBody {
    #[schema(required = true)]
    pub email: String,
    #[schema(required = true)]
    pub password: String,
}

/// Signs in with e-mail and password (a new session id).
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in", body = UserBody),
        (status = 401, description = "INVALID_CREDENTIALS", body = ErrorBody),
        (status = 403, description = "EMAIL_NOT_VERIFIED", body = ErrorBody),
        (status = 429, description = "LOGIN_RATE_LIMITED", body = ErrorBody),
    ))]
pub async fn login(
    req: HttpRequest,
    body: Json<LoginBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let device = DeviceId::of(&req, session.cookie_secure());
    // Counted before the password is checked, so parallel guesses cannot all pass a stale count.
    let attempt =
        state.rate_limiter.count_credential_attempt(Credential::Member(&b.email), device.as_ref(), &req).await?;
    match state.identity.login(&anonymous(&req), pb::LoginRequest { email: b.email, password: b.password }).await {
        Ok(response) => {
            state.rate_limiter.credential_ok(attempt).await;
            sign_in(&req, &session, &state, response.user).await
        }
        Err(status) => {
            // A wrong password stays counted; anything else (unverified after a matching
            // password, identity unavailable) was not a failed guess.
            if status.code() != tonic::Code::Unauthenticated {
                state.rate_limiter.credential_ok(attempt).await;
            }
            Err(ApiError::from_status("Login", status))
        }
    }
}

/// Ends this session.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth",
    responses((status = 200, description = "Signed out", body = MessageBody)))]
pub async fn logout(session: TypedSession) -> Result<HttpResponse, ApiError> {
    session.log_out().await?;
    Ok(HttpResponse::Ok().json(MessageBody::just("ログアウトしました")))
}

/// Mails a reset link if the address has an account; always the same answer.
#[utoipa::path(post, path = "/api/auth/forgot-password", tag = "auth", request_body = EmailBody,
    responses(
        (status = 200, description = "Always (no account enumeration)", body = MessageBody),
        (status = 400, description = "INVALID_EMAIL", body = ErrorBody),
    ))]
pub async fn forgot_password(
    req: HttpRequest,
    body: Json<EmailBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::Auth, &req).await?;
    let email = body.into_inner().email;
    let answer = MessageBody::just("パスワードリセットのリンクをメールでお送りしました");
    // One mail per address per identity's window; a repeat within it is answered alike and sends
    // nothing.
    if state.rate_limiter.once_per("forgot", &email, CLAIM_WHILE_ASKING, "RATE_LIMITED").await.is_err() {
        return Ok(HttpResponse::Ok().json(answer));
    }
    let request = pb::ForgotPasswordRequest { email: email.clone() };
    match state.identity.forgot_password(&anonymous(&req), request).await {
        Ok(sent) => state.rate_limiter.hold_for("forgot", &email, mail_window(sent.cooldown_seconds)).await,
        Err(status) => {
            state.rate_limiter.release("forgot", &email).await;
            return Err(ApiError::from_status("ForgotPassword", status));
        }
    }
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetPasswordBody {
    /// The token of the mailed link.
    #[schema(required = true, pattern = r"^[A-Za-z0-9_-]{43}$")]
    pub token: String,
    #[schema(
        required = true,
        max_length = 254,
        pattern = r"^[A-Za-z0-9_+-]{1,30}(\.[A-Za-z0-9_+-]{1,15}){0,2}@[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?){0,3}\.[A-Za-z]{2,12}$"
    )]
    pub email: String,
    /// 8..=128 characters.
    #[schema(required = true, min_length = 8, max_length = 128)]
    pub password: String,
}

/// Sets a new password from a reset link; every session of the user ends.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "auth", request_body = ResetPasswordBody,
    responses(
        (status = 200, description = "Password set", body = MessageBody),
        (status = 400, description = "RESET_TOKEN_INVALID or PASSWORD_TOO_SHORT", body = ErrorBody),
    ))]
pub async fn reset_password(
    req: HttpRequest,
    body: Json<ResetPasswordBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::Auth, &req).await?;
    let b = body.into_inner();
    if b.token.trim().is_empty() {
        return Err(ApiError::Coded { status: StatusCode::BAD_REQUEST, code: "RESET_TOKEN_INVALID" });
    }
    let request = pb::ResetPasswordRequest { token: b.token, email: b.email, password: b.password };
    let reset = rpc("ResetPassword", state.identity.reset_password(&anonymous(&req), request)).await?;
    // The new password is committed: whatever happens to the sessions, the answer is a success
    // that says what happened.
    let message = match session.end_all_sessions(user_id(&reset.user_id)?).await {
        SessionsEnded::Ended(_) => "パスワードを再設定しました",
        SessionsEnded::Failed => {
            "パスワードを再設定しました。ただし、ほかの端末のログアウトを完了できませんでした。時間をおいてもう一度パスワードを再設定してください"
        }
    };
    Ok(HttpResponse::Ok().json(MessageBody::just(message)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TokenBody {
    /// The token of the mailed link.
    #[schema(required = true, pattern = r"^[A-Za-z0-9_-]{43}$")]
    pub token: String,
}

/// Applies an e-mail change from the link mailed to the new address.
#[utoipa::path(post, path = "/api/auth/confirm-email-change", tag = "auth", request_body = TokenBody,
    responses(
        (status = 200, description = "Address changed", body = EmailChangedAnswer),
        (status = 400, description = "EMAIL_CHANGE_TOKEN_INVALID", body = ErrorBody),
        (status = 409, description = "EMAIL_TAKEN", body = ErrorBody),
    ))]
pub async fn confirm_email_change(
    req: HttpRequest,
    body: Json<TokenBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::Auth, &req).await?;
    let request = pb::ConfirmEmailChangeRequest { token: body.into_inner().token };
    let changed = rpc("ConfirmEmailChange", state.identity.confirm_email_change(&anonymous(&req), request)).await?;
    Ok(HttpResponse::Ok()
        .json(EmailChangedAnswer { message: "メールアドレスを変更しました", email: changed.email }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inviter_is_a_uuid_sent_in_its_canonical_form_or_nothing() {
        assert_eq!(inviter_in(None).ok(), Some(None));
        assert_eq!(
            inviter_in(Some("0190F5C2-7D7E-7B1A-9C3E-2A4B5C6D7E8F")).ok(),
            Some(Some("0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f".to_owned()))
        );
        for bad in ["", "abc", "0190f5c2-7d7e-7b1a-9c3e"] {
            let error = inviter_in(Some(bad)).expect_err(bad);
            assert_eq!(error.body().code, "INVALID_INVITER_ID", "{bad}");
        }
    }
}
