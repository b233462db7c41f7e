//! The REST routes (spec §7 shapes, camelCase JSON). Handlers only translate: parse → call → map.

pub mod account;
pub mod admin;
pub mod almanac;
pub mod auth;
pub mod fortune;
pub mod health;
pub mod onboarding;
pub mod places;
pub mod public;
pub mod settings;

use actix_web::{HttpRequest, HttpResponse, web};

use crate::clients::CallContext;
use crate::error::ApiError;
use crate::session::{SessionUser, TypedSession};

/// The signed-in user and the call context for them; 401 when signed out.
///
/// # Errors
/// [`ApiError::Unauthenticated`], or the session store failing.
pub async fn signed_in(req: &HttpRequest, session: &TypedSession) -> Result<(SessionUser, CallContext), ApiError> {
    let user = session.user().await?.ok_or(ApiError::Unauthenticated)?;
    Ok((user, CallContext::of(req, session).await))
}

/// Everything under `/api` (registered inside `web::scope("/api")`).
pub fn api(cfg: &mut web::ServiceConfig) {
    cfg.route("/public/calculate-bazi", web::post().to(public::post::calculate_bazi))
        .route("/places/search", web::get().to(places::get::search))
        .route("/places/coordinates", web::get().to(places::get::coordinates))
        .route("/auth/user", web::get().to(auth::get::user))
        .route("/auth/signup", web::post().to(auth::post::signup))
        .route("/auth/verify-email", web::post().to(auth::post::verify_email))
        .route("/auth/resend-verification", web::post().to(auth::post::resend_verification))
        .route("/auth/login", web::post().to(auth::post::login))
        .route("/auth/logout", web::post().to(auth::post::logout))
        .route("/auth/forgot-password", web::post().to(auth::post::forgot_password))
        .route("/auth/reset-password", web::post().to(auth::post::reset_password))
        .route("/auth/confirm-email-change", web::post().to(auth::post::confirm_email_change))
        .route("/onboarding/complete", web::post().to(onboarding::post::complete))
        .route("/settings/username", web::patch().to(settings::patch::username))
        .route("/settings/birth-data", web::put().to(settings::put::birth_data))
        .route("/settings/email", web::post().to(settings::post::email))
        .route("/settings/password", web::post().to(settings::post::password))
        .route("/settings/email-preferences", web::get().to(settings::get::email_preferences))
        .route("/settings/email-preferences", web::put().to(settings::put::email_preferences))
        .route("/account", web::delete().to(account::delete::account))
        .route("/admin/login", web::post().to(admin::post::login))
        .route("/almanac", web::get().to(almanac::get::almanac))
        .route("/fortune/daily", web::get().to(fortune::get::daily))
        .route("/day-info", web::get().to(fortune::get::day_info))
        .route("/fortune/badges", web::get().to(fortune::get::badges))
        .route("/fortune/chart", web::get().to(fortune::get::chart))
        .route("/fortune/yearly", web::get().to(fortune::get::yearly))
        .route("/fortune/life", web::get().to(fortune::get::life))
        .route("/fortunes/rate", web::post().to(fortune::post::rate))
        .route("/fortunes/rate", web::patch().to(fortune::patch::rate_feedback))
        .route("/friend-updates", web::get().to(fortune::get::friend_updates))
        .route("/openapi.json", web::get().to(crate::openapi::openapi_json));
}

/// Probes and metrics, outside `/api`.
pub fn operations(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(health::get::healthz))
        .route("/readyz", web::get().to(health::get::readyz))
        .route("/metrics", web::get().to(health::get::metrics));
}

/// Any path nobody serves.
///
/// # Errors
/// Always 404 `NOT_FOUND`.
pub async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::Coded { status: actix_web::http::StatusCode::NOT_FOUND, code: "NOT_FOUND" })
}
