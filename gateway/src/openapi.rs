//! The OpenAPI document of every route the gateway serves (`GET /api/openapi.json`).

use std::sync::OnceLock;

use actix_web::HttpResponse;
use actix_web::http::header;
use utoipa::OpenApi;

use crate::routes;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Meguri gateway",
        description = "The public REST API of Meguri (巡り). Errors are `{\"message\": \"<Japanese>\", \"code\": \"SNAKE_CASE\"}`.",
        version = "1"
    ),
    paths(
        routes::public::post::calculate_bazi,
        routes::places::get::search,
        routes::places::get::coordinates,
        routes::auth::get::user,
        routes::auth::post::signup,
        routes::auth::post::verify_email,
        routes::auth::post::resend_verification,
        routes::auth::post::login,
        routes::auth::post::logout,
        routes::auth::post::forgot_password,
        routes::auth::post::reset_password,
        routes::auth::post::confirm_email_change,
        routes::onboarding::post::complete,
        routes::settings::patch::username,
        routes::settings::put::birth_data,
        routes::settings::post::email,
        routes::settings::post::password,
        routes::settings::get::email_preferences,
        routes::settings::put::email_preferences,
        routes::account::delete::account,
        routes::admin::post::login,
        routes::almanac::get::almanac,
        routes::fortune::get::daily,
        routes::fortune::get::day_info,
        routes::fortune::get::badges,
        routes::fortune::get::chart,
        routes::fortune::get::yearly,
        routes::fortune::get::life,
        routes::fortune::get::friend_updates,
        routes::fortune::post::rate,
        routes::fortune::patch::rate_feedback,
        routes::friends::get::friends,
        routes::friends::get::search_members,
        routes::friends::post::send_friend_request,
        routes::friends::post::accept_friend_request,
        routes::friends::post::decline_friend_request,
        routes::friends::delete::cancel_friend_request,
        routes::friends::delete::remove_friend,
        routes::friends::get::compatibility,
        routes::blocks::get::blocks,
        routes::blocks::post::block,
        routes::blocks::delete::unblock,
        routes::invites::get::invite,
        routes::diary::get::entries,
        routes::diary::post::create,
        routes::diary::get::lucky_day,
        routes::diary::get::letters,
        routes::diary::post::mark_letter_shown,
        routes::diary::get::entry,
        routes::diary::put::update,
        routes::diary::delete::delete,
        routes::mentions::get::notifications,
        routes::mentions::post::mark_shown,
        routes::unsubscribe::post::unsubscribe,
        routes::chat::get::status,
        routes::chat::get::messages,
        routes::chat::post::send,
        routes::chat::get::message,
        routes::health::get::healthz,
        routes::health::get::readyz,
        routes::health::get::metrics,
        openapi_json,
    ),
    tags(
        (name = "public", description = "Signed-out features (the landing calculator)"),
        (name = "places", description = "The birth-place picker"),
        (name = "auth", description = "Sign-up, sign-in, password reset and the current user"),
        (name = "settings", description = "Account settings of the signed-in user, and the one-click unsubscribe of mails"),
        (name = "admin", description = "The admin SPA's sign-in"),
        (name = "almanac", description = "Japanese almanac"),
        (name = "fortune", description = "Readings of the signed-in user: daily reading, day-info, ratings, chart, reports, friend updates"),
        (name = "friends", description = "Friends, requests, compatibility, member search, blocks and invite cards"),
        (name = "diary", description = "The diary, mentions of friends and letters to the future"),
        (name = "chat", description = "The mascot chat: cost and balance, history, sending a message (paid in credits) with its reply streamed as Server-Sent Events"),
        (name = "operations", description = "Probes, metrics and this document"),
    )
)]
pub struct ApiDoc;

/// The document as served, rendered once per process. `cargo run -p gateway --bin openapi` prints it, and the
/// frontend generates its API types from that output (`frontend/scripts/gen-api-types.mjs`).
pub fn document() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| ApiDoc::openapi().to_json().unwrap_or_else(|_| "{}".to_owned()))
}

/// This OpenAPI document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "operations",
    responses((status = 200, description = "OpenAPI 3 document", content_type = "application/json", body = Object)))]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CONTENT_TYPE, "application/json")).body(document())
}
