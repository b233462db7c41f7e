//! The gateway's metrics, declared once (STYLE §8) and served on `/metrics`.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_gateway_http_requests_total` | counter | `route` (matched pattern), `method`, `status` |
//! | `meguri_gateway_http_request_duration_seconds` | histogram | `route`, `method` |
//! | `meguri_gateway_grpc_client_requests_total` | counter | `rpc`, `code` |
//! | `meguri_gateway_grpc_client_duration_seconds` | histogram | `rpc` |
//! | `meguri_gateway_grpc_client_retries_total` | counter | `rpc` |
//! | `meguri_gateway_rate_limited_total` | counter | `bucket` |
//! | `meguri_gateway_background_call_failures_total` | counter | `rpc` (a call no request waits for, e.g. `RecordVisit`) |
//! | `meguri_gateway_analytics_events_total` | counter | `outcome`: `published`, `failed` (browser events put on the `analytics` stream) |
//! | `meguri_redis_errors_total` | counter | `component`: `session`, `rate_limit`, `timezone`, `analytics` (meguri-telemetry) |
//! | `meguri_gateway_redis_pool_connections` | gauge | — (connections open) |
//! | `meguri_gateway_redis_pool_available` | gauge | — (idle connections) |

use std::borrow::Cow;
use std::time::Duration;

use actix_web::http::{Method, StatusCode};

pub const HTTP_REQUESTS_TOTAL: &str = "meguri_gateway_http_requests_total";
pub const HTTP_REQUEST_DURATION_SECONDS: &str = "meguri_gateway_http_request_duration_seconds";
pub const GRPC_CLIENT_REQUESTS_TOTAL: &str = "meguri_gateway_grpc_client_requests_total";
pub const GRPC_CLIENT_DURATION_SECONDS: &str = "meguri_gateway_grpc_client_duration_seconds";
pub const GRPC_CLIENT_RETRIES_TOTAL: &str = "meguri_gateway_grpc_client_retries_total";
/// The three gRPC client metrics, recorded by the shared client policy.
pub const GRPC_CLIENT: meguri_grpc_client::ClientMetrics = meguri_grpc_client::ClientMetrics {
    requests_total: GRPC_CLIENT_REQUESTS_TOTAL,
    duration_seconds: GRPC_CLIENT_DURATION_SECONDS,
    retries_total: GRPC_CLIENT_RETRIES_TOTAL,
};
pub const RATE_LIMITED_TOTAL: &str = "meguri_gateway_rate_limited_total";
pub const BACKGROUND_CALL_FAILURES_TOTAL: &str = "meguri_gateway_background_call_failures_total";
pub const REDIS_POOL_CONNECTIONS: &str = "meguri_gateway_redis_pool_connections";
pub const REDIS_POOL_AVAILABLE: &str = "meguri_gateway_redis_pool_available";
pub const ANALYTICS_EVENTS_TOTAL: &str = "meguri_gateway_analytics_events_total";

/// Registers descriptions (the `# HELP` lines). Idempotent.
pub fn describe() {
    metrics::describe_counter!(HTTP_REQUESTS_TOTAL, "HTTP requests by matched route, method and status");
    metrics::describe_histogram!(
        HTTP_REQUEST_DURATION_SECONDS,
        metrics::Unit::Seconds,
        "HTTP request latency by matched route"
    );
    GRPC_CLIENT.describe();
    metrics::describe_counter!(RATE_LIMITED_TOTAL, "requests refused by a rate limit, by bucket");
    metrics::describe_counter!(
        BACKGROUND_CALL_FAILURES_TOTAL,
        "calls made without the request waiting for them that failed (logged, never shown), by rpc"
    );
    metrics::describe_gauge!(REDIS_POOL_CONNECTIONS, "Redis connections open in the pool");
    metrics::describe_gauge!(REDIS_POOL_AVAILABLE, "idle Redis connections in the pool");
    metrics::describe_counter!(
        ANALYTICS_EVENTS_TOTAL,
        "browser analytics events put on the analytics stream (published) or lost to Redis (failed)"
    );
    meguri_telemetry::zero_counter(ANALYTICS_EVENTS_TOTAL, "outcome", &["published", "failed"]);
    meguri_telemetry::describe_redis_errors(&["session", "rate_limit", "timezone", "analytics"]);
}

const fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

fn status_label(status: StatusCode) -> Cow<'static, str> {
    Cow::Borrowed(match status.as_u16() {
        200 => "200",
        201 => "201",
        204 => "204",
        301 => "301",
        302 => "302",
        304 => "304",
        400 => "400",
        401 => "401",
        403 => "403",
        404 => "404",
        405 => "405",
        409 => "409",
        413 => "413",
        415 => "415",
        429 => "429",
        500 => "500",
        502 => "502",
        503 => "503",
        504 => "504",
        other => return Cow::Owned(other.to_string()),
    })
}

/// One finished HTTP request.
pub fn http_request(route: Cow<'static, str>, method: &Method, status: StatusCode, elapsed: Duration) {
    let method = method_label(method);
    metrics::counter!(
        HTTP_REQUESTS_TOTAL,
        "route" => route.clone(),
        "method" => method,
        "status" => status_label(status),
    )
    .increment(1);
    metrics::histogram!(HTTP_REQUEST_DURATION_SECONDS, "route" => route, "method" => method)
        .record(elapsed.as_secs_f64());
}

pub fn rate_limited(bucket: &'static str) {
    metrics::counter!(RATE_LIMITED_TOTAL, "bucket" => bucket).increment(1);
}

/// A call made in the background failed.
pub fn background_call_failed(rpc: &'static str) {
    metrics::counter!(BACKGROUND_CALL_FAILURES_TOTAL, "rpc" => rpc).increment(1);
}

/// Samples the Redis pool (called when `/metrics` is scraped).
pub fn redis_pool(status: &deadpool_redis::Status) {
    #[allow(clippy::cast_precision_loss)] // pool sizes are tiny
    {
        metrics::gauge!(REDIS_POOL_CONNECTIONS).set(status.size as f64);
        metrics::gauge!(REDIS_POOL_AVAILABLE).set(status.available as f64);
    }
}
