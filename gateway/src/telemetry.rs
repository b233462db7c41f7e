//! A span, a request id and the HTTP metrics for every request
//! (`actix_web::middleware::from_fn(telemetry::request_telemetry)`, the outermost middleware).
//!
//! - `x-request-id`: taken from the request when it is a sane token (from our ingress), otherwise
//!   generated; returned on the response, recorded on the span (so every log line inside carries
//!   it) and forwarded to services in gRPC metadata.
//! - The span continues a W3C `traceparent` sent by the caller, if any; its trace id is what the
//!   gRPC clients inject downstream.
//! - Metrics are labelled with the matched route pattern, never the raw path.

use std::borrow::Cow;
use std::fmt;
use std::rc::Rc;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpRequest};
use tracing::Instrument;

use crate::metrics;

pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// The id of one request, for logs and support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestId(Rc<str>);

impl RequestId {
    fn from_header_or_new(value: Option<&HeaderValue>) -> Self {
        value
            .and_then(|v| v.to_str().ok())
            .filter(|v| {
                !v.is_empty()
                    && v.len() <= 64
                    && v.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
            })
            .map_or_else(|| Self(Rc::from(uuid::Uuid::new_v4().simple().to_string())), |v| Self(Rc::from(v)))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The request id of `req`, when the telemetry middleware ran.
    #[must_use]
    pub fn of(req: &HttpRequest) -> Option<Self> {
        req.extensions().get::<Self>().cloned()
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// See the module docs.
///
/// # Errors
/// None of its own; an error of the inner service is passed on (and counted).
pub async fn request_telemetry(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let start = Instant::now();
    let request_id = RequestId::from_header_or_new(req.headers().get(REQUEST_ID_HEADER));
    let method = req.method().clone();
    let route: Cow<'static, str> = req.match_pattern().map_or(Cow::Borrowed("unmatched"), Cow::Owned);
    let span = tracing::info_span!(
        "http.request",
        otel.name = %format_args!("{method} {route}"),
        otel.kind = "server",
        http.request.method = %method,
        http.route = %route,
        http.response.status_code = tracing::field::Empty,
        request_id = %request_id,
        trace_id = tracing::field::Empty,
    );
    let parent = meguri_telemetry::extract_context_with(|name| req.headers().get(name).and_then(|v| v.to_str().ok()));
    if let Some(trace_id) = meguri_telemetry::set_parent(&span, parent) {
        span.record("trace_id", trace_id.as_str());
    }
    req.extensions_mut().insert(request_id.clone());

    let result = next.call(req).instrument(span.clone()).await;
    // An error that escaped the handler (our handlers turn theirs into responses) is rendered by
    // actix after us; count it with the status it will get.
    let status = match &result {
        Ok(response) => response.status(),
        Err(error) => error.as_response_error().status_code(),
    };
    let result = result.map(|mut response| {
        if let Ok(value) = HeaderValue::from_str(request_id.as_str()) {
            response.headers_mut().insert(HeaderName::from_static(REQUEST_ID_HEADER), value);
        }
        response
    });
    let elapsed = start.elapsed();
    span.record("http.response.status_code", status.as_u16());
    {
        let _entered = span.enter();
        if status.is_server_error() {
            tracing::warn!(name: "gateway.http.request", status = status.as_u16(), elapsed_ms = elapsed.as_millis(), "request failed");
        } else if status.is_client_error() {
            tracing::info!(name: "gateway.http.request", status = status.as_u16(), elapsed_ms = elapsed.as_millis(), "request refused");
        } else {
            tracing::debug!(name: "gateway.http.request", status = status.as_u16(), elapsed_ms = elapsed.as_millis(), "request served");
        }
    }
    metrics::http_request(route, &method, status, elapsed);
    result
}
