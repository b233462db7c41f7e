use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::startup::Readiness;

/// A probe must answer even when a dependency hangs.
const PROBE_TIMEOUT: Duration = Duration::from_secs(1);

#[derive(Debug, Serialize, ToSchema)]
pub struct StatusBody {
    #[schema(example = "ok")]
    pub status: &'static str,
}

/// Liveness: the process answers.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "Alive", body = StatusBody)))]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(StatusBody { status: "ok" })
}

/// Readiness: Redis answers PING. Only the gateway's own store counts: a downstream service
/// that stalls answers its own routes with 503 while the rest of the API (sign-in included)
/// keeps serving, instead of taking every gateway pod out of the load balancer.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses(
        (status = 200, description = "Ready", body = StatusBody),
        (status = 503, description = "A dependency is not ready", body = ErrorBody),
    ))]
pub async fn readyz(readiness: web::Data<Readiness>) -> Result<HttpResponse, ApiError> {
    if !readiness.redis_ok(PROBE_TIMEOUT).await {
        return Err(ApiError::Unavailable("redis"));
    }
    Ok(HttpResponse::Ok().json(StatusBody { status: "ready" }))
}

/// Prometheus metrics (text exposition format).
#[utoipa::path(get, path = "/metrics", tag = "operations",
    responses((status = 200, description = "Metrics", content_type = "text/plain", body = String)))]
pub async fn metrics(readiness: web::Data<Readiness>) -> HttpResponse {
    crate::metrics::redis_pool(&readiness.redis.status());
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"))
        .body(readiness.prometheus.render())
}
