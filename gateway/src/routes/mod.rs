//! The REST routes (spec §7 shapes, camelCase JSON). Handlers only translate: parse → call → map.

pub mod almanac;
pub mod auth;
pub mod health;
pub mod places;
pub mod public;

use actix_web::{HttpResponse, web};

use crate::error::ApiError;

/// Everything under `/api` (registered inside `web::scope("/api")`).
pub fn api(cfg: &mut web::ServiceConfig) {
    cfg.route("/public/calculate-bazi", web::post().to(public::post::calculate_bazi))
        .route("/places/search", web::get().to(places::get::search))
        .route("/places/coordinates", web::get().to(places::get::coordinates))
        .route("/auth/user", web::get().to(auth::get::user))
        .route("/almanac", web::get().to(almanac::get::almanac))
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
