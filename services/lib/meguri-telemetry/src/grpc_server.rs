//! The server side of RPC telemetry: a tower layer that, for every call except health checks,
//! continues the caller's trace (`traceparent`), opens a span and records
//! `meguri_grpc_server_requests_total{service,method,code}` and
//! `meguri_grpc_server_duration_seconds{service,method}`.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

use tower::{Layer, Service};
use tracing::Instrument;
use tracing::instrument::Instrumented;

use crate::metrics::grpc_code_label;
use crate::propagation::{extract_context, set_parent};

/// Calls under this prefix are neither traced nor counted: probes would drown the real traffic.
const HEALTH_PREFIX: &str = "/grpc.health.v1.Health/";

pub const GRPC_SERVER_REQUESTS_TOTAL: &str = "meguri_grpc_server_requests_total";
pub const GRPC_SERVER_DURATION_SECONDS: &str = "meguri_grpc_server_duration_seconds";

/// See the module docs. Add it first (outermost) so calls refused by later layers are counted too.
#[derive(Clone, Copy, Debug, Default)]
pub struct GrpcServerTelemetryLayer;

impl<S> Layer<S> for GrpcServerTelemetryLayer {
    type Service = GrpcServerTelemetry<S>;

    fn layer(&self, inner: S) -> Self::Service {
        GrpcServerTelemetry { inner }
    }
}

/// The service produced by [`GrpcServerTelemetryLayer`].
#[derive(Clone, Debug)]
pub struct GrpcServerTelemetry<S> {
    inner: S,
}

/// `/pkg.Service/Method` split into its two parts (the whole path as the method when malformed).
fn split_path(path: &str) -> (&str, &str) {
    let trimmed = path.strip_prefix('/').unwrap_or(path);
    trimmed.split_once('/').unwrap_or(("", trimmed))
}

impl<S, B, RB> Service<http::Request<B>> for GrpcServerTelemetry<S>
where
    S: Service<http::Request<B>, Response = http::Response<RB>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = ResponseFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let path = request.uri().path();
        if path.starts_with(HEALTH_PREFIX) {
            return ResponseFuture { inner: self.inner.call(request).instrument(tracing::Span::none()), record: None };
        }
        let (service, method) = split_path(path);
        let span = tracing::info_span!(
            "grpc.server",
            otel.name = %path.strip_prefix('/').unwrap_or(path),
            otel.kind = "server",
            rpc.system = "grpc",
            rpc.service = %service,
            rpc.method = %method,
            rpc.grpc.status_code = tracing::field::Empty,
            trace_id = tracing::field::Empty,
        );
        if let Some(id) = set_parent(&span, extract_context(request.headers())) {
            span.record("trace_id", id.as_str());
        }
        let record = Record { service: service.to_owned(), method: method.to_owned(), start: Instant::now() };
        let inner = self.inner.call(request).instrument(span);
        ResponseFuture { inner, record: Some(record) }
    }
}

struct Record {
    service: String,
    method: String,
    start: Instant,
}

impl Record {
    fn finish<RB, E>(self, result: &Result<http::Response<RB>, E>, span: &tracing::Span) {
        let code = match result {
            // A unary error is a trailers-only response: grpc-status sits in the headers. A success
            // carries it in the trailers, after the body; a missing header therefore means OK.
            Ok(response) => {
                response.headers().get("grpc-status").map_or(tonic::Code::Ok, |v| tonic::Code::from_bytes(v.as_bytes()))
            }
            Err(_) => tonic::Code::Internal,
        };
        let label = grpc_code_label(code);
        span.record("rpc.grpc.status_code", code as i32);
        let elapsed = self.start.elapsed().as_secs_f64();
        metrics::counter!(
            GRPC_SERVER_REQUESTS_TOTAL,
            "service" => self.service.clone(),
            "method" => self.method.clone(),
            "code" => label,
        )
        .increment(1);
        metrics::histogram!(
            GRPC_SERVER_DURATION_SECONDS,
            "service" => self.service,
            "method" => self.method,
        )
        .record(elapsed);
    }
}

pin_project_lite::pin_project! {
    /// Completes the span and the metrics when the response headers are ready.
    pub struct ResponseFuture<F> {
        #[pin]
        inner: Instrumented<F>,
        record: Option<Record>,
    }
}

impl<F, RB, E> Future for ResponseFuture<F>
where
    F: Future<Output = Result<http::Response<RB>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut this = self.project();
        let result = std::task::ready!(this.inner.as_mut().poll(cx));
        if let Some(record) = this.record.take() {
            record.finish(&result, this.inner.span());
        }
        Poll::Ready(result)
    }
}

#[cfg(test)]
mod tests {
    use super::split_path;

    #[test]
    fn a_grpc_path_splits_into_service_and_method() {
        assert_eq!(
            split_path("/meguri.bazi_engine.v1.BaziEngine/CalculateChart"),
            ("meguri.bazi_engine.v1.BaziEngine", "CalculateChart")
        );
        assert_eq!(split_path("/odd"), ("", "odd"));
    }
}
