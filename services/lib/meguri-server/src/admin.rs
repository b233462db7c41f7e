//! The admin HTTP port: `/healthz`, `/readyz`, `/metrics`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use meguri_telemetry::PrometheusHandle;

use crate::ReadinessCheck;

/// A probe must answer even when a dependency hangs.
const READINESS_TIMEOUT: Duration = Duration::from_secs(2);

#[derive(Clone)]
pub(crate) struct AdminState {
    pub(crate) readiness: ReadinessCheck,
    pub(crate) shutting_down: Arc<AtomicBool>,
    pub(crate) metrics: PrometheusHandle,
}

pub(crate) fn router(state: AdminState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .with_state(state)
}

async fn healthz() -> &'static str {
    "ok"
}

async fn readyz(State(state): State<AdminState>) -> (StatusCode, &'static str) {
    if state.shutting_down.load(Ordering::SeqCst) {
        return (StatusCode::SERVICE_UNAVAILABLE, "shutting down");
    }
    match tokio::time::timeout(READINESS_TIMEOUT, (state.readiness)()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready"),
        Ok(Err(error)) => {
            tracing::warn!(name: "server.readyz.failed", error = %error, "readiness check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "not ready")
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "not ready (timeout)"),
    }
}

async fn metrics(State(state): State<AdminState>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], state.metrics.render())
}
