//! Logs, traces and metrics, set up the same way in every Meguri process.
//!
//! ```ignore
//! let config = meguri_telemetry::TelemetryConfig::from_env()?;
//! let _guard = meguri_telemetry::init("bazi-engine", &config)?; // keep it alive until main returns
//! ```
//!
//! - Logs: `tracing` through `tracing-subscriber`, filtered by `RUST_LOG`, as JSON lines
//!   (`LOG_FORMAT=json`, the default outside development) or readable text. Span fields such as
//!   `request_id` and `trace_id` appear on every line logged inside the span. An event's explicit
//!   name (`warn!(name: "gateway.user.credits_unavailable", …)`) is kept as the `event` key.
//! - Traces: every `tracing` span is also an OpenTelemetry span, so trace ids exist and propagate
//!   (W3C TraceContext, set globally) even with no collector. Spans are exported over OTLP/gRPC only
//!   when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
//! - Metrics: the `metrics` macros record into one Prometheus recorder; [`prometheus_handle`]
//!   renders it for `/metrics`.
//! - Across calls: [`inject_span_context`] puts `traceparent` into outgoing gRPC metadata (the
//!   client policy of `meguri-grpc-client` calls it for every call); [`GrpcServerTelemetryLayer`]
//!   extracts it, opens a span per RPC and records RPC metrics.

mod config;
mod event_name;
mod grpc_server;
mod metrics;
mod process;
mod propagation;

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

pub use config::{LogFormat, TelemetryConfig};
pub use grpc_server::{
    GRPC_SERVER_DURATION_SECONDS, GRPC_SERVER_REQUESTS_TOTAL, GrpcServerTelemetry, GrpcServerTelemetryLayer,
};
pub use metrics::{
    REDIS_ERRORS_TOTAL, describe_redis_errors, grpc_code_label, prometheus_handle, redis_error, zero_counter,
    zero_counter2,
};
pub use metrics_exporter_prometheus::PrometheusHandle;
pub use propagation::{
    context_from_traceparent, current_traceparent, extract_context, extract_context_with, inject_context,
    inject_span_context, set_parent, trace_id,
};

/// Why telemetry could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum TelemetryError {
    #[error("invalid RUST_LOG filter: {0}")]
    Filter(String),
    #[error("could not build the OTLP span exporter: {0}")]
    Exporter(String),
    #[error("a global tracing subscriber was already installed")]
    AlreadyInitialised,
}

/// Keeps the tracer provider alive; dropping it flushes and shuts telemetry down.
///
/// Hold it in `main` until the server has stopped: spans still being exported when the guard drops
/// are flushed first (the batch processor's shutdown), so the last requests of a draining pod are
/// not lost. Logging keeps working after the drop; only span export stops.
#[must_use = "telemetry shuts down when the guard is dropped"]
pub struct OtelGuard {
    tracer_provider: SdkTracerProvider,
}

impl std::fmt::Debug for OtelGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OtelGuard").finish_non_exhaustive()
    }
}

impl Drop for OtelGuard {
    fn drop(&mut self) {
        // First the spans (flush, then stop the exporter); the Prometheus recorder needs no shutdown.
        if let Err(error) = self.tracer_provider.shutdown() {
            eprintln!("telemetry: tracer provider shutdown failed: {error}");
        }
    }
}

/// Installs logging, tracing and metrics for `service_name` (the `OTEL_SERVICE_NAME` of STYLE §1).
///
/// Call it once, at the top of `main`, inside the Tokio runtime (the OTLP exporter uses tonic).
///
/// # Errors
/// An invalid `RUST_LOG`, an OTLP exporter that cannot be built, or a second call in one process.
pub fn init(service_name: &str, config: &TelemetryConfig) -> Result<OtelGuard, TelemetryError> {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());

    let resource = Resource::builder().with_service_name(service_name.to_owned()).build();
    let mut provider = SdkTracerProvider::builder().with_resource(resource);
    if let Some(endpoint) = &config.otlp_endpoint {
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_tonic()
            .with_endpoint(endpoint.clone())
            .build()
            .map_err(|e| TelemetryError::Exporter(e.to_string()))?;
        provider = provider.with_batch_exporter(exporter);
    }
    let tracer_provider = provider.build();
    opentelemetry::global::set_tracer_provider(tracer_provider.clone());
    let tracer = tracer_provider.tracer(service_name.to_owned());

    let filter = EnvFilter::try_new(&config.log_filter).map_err(|e| TelemetryError::Filter(e.to_string()))?;
    let fmt_layer = match config.log_format {
        LogFormat::Json => tracing_subscriber::fmt::layer()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .flatten_event(true)
            .with_target(true)
            .map_event_format(event_name::WithEventName::json)
            .boxed(),
        LogFormat::Text => {
            tracing_subscriber::fmt::layer().with_target(true).map_event_format(event_name::WithEventName::text).boxed()
        }
    };
    // RUST_LOG filters the log lines only. Spans at INFO and above always reach OpenTelemetry, so
    // a quiet log level (`RUST_LOG=warn`) does not break trace ids or their propagation.
    let otel_layer = tracing_opentelemetry::layer().with_tracer(tracer).with_filter(LevelFilter::INFO);
    tracing_subscriber::registry()
        .with(fmt_layer.with_filter(filter))
        .with(otel_layer)
        .try_init()
        .map_err(|_| TelemetryError::AlreadyInitialised)?;

    // Install the recorder now so the first request does not pay for it.
    drop(prometheus_handle());

    tracing::info!(
        name: "telemetry.initialised",
        service = service_name,
        otlp = config.otlp_endpoint.is_some(),
        "telemetry ready"
    );
    Ok(OtelGuard { tracer_provider })
}

#[cfg(test)]
mod tests {
    use tonic::metadata::MetadataMap;
    use tracing_opentelemetry::OpenTelemetrySpanExt;

    use super::*;

    /// One process-wide init for the tests of this crate (nextest runs each test in its own process,
    /// `cargo test` runs them as threads of one).
    fn init_once() {
        static INIT: std::sync::Once = std::sync::Once::new();
        INIT.call_once(|| {
            let config = TelemetryConfig { log_filter: "warn".to_owned(), ..TelemetryConfig::default() };
            let guard = init("telemetry-test", &config).expect("init");
            std::mem::forget(guard);
        });
    }

    #[test]
    fn a_trace_context_survives_a_round_trip_through_grpc_metadata() {
        init_once();
        let caller = tracing::info_span!("caller");
        let caller_trace = trace_id(&caller).expect("spans carry trace ids without an exporter");

        let mut metadata = MetadataMap::new();
        inject_span_context(&caller, &mut metadata);
        let headers = metadata.into_headers();
        let traceparent =
            headers.get("traceparent").and_then(|v| v.to_str().ok()).expect("traceparent injected").to_owned();

        let callee = tracing::info_span!("callee");
        callee.set_parent(extract_context(&headers)).expect("set parent");

        assert!(traceparent.starts_with("00-"), "{traceparent}");
        assert!(traceparent.contains(&caller_trace));
        assert_eq!(trace_id(&callee), Some(caller_trace));
    }

    #[test]
    fn a_context_can_be_read_through_a_lookup_function() {
        init_once();
        let header = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

        let context = extract_context_with(|name| (name == "traceparent").then_some(header));
        let span = tracing::info_span!("child");
        span.set_parent(context).expect("set parent");

        assert_eq!(trace_id(&span).as_deref(), Some("4bf92f3577b34da6a3ce929d0e0e4736"));
    }

    #[test]
    fn the_current_span_is_injected_as_traceparent() {
        init_once();
        let span = tracing::info_span!("outgoing");
        let mut metadata = tonic::metadata::MetadataMap::new();

        inject_span_context(&span, &mut metadata);

        let traceparent = metadata.get("traceparent").and_then(|v| v.to_str().ok()).expect("traceparent");
        let trace_id = trace_id(&span).expect("a valid context");
        assert!(traceparent.starts_with(&format!("00-{trace_id}-")), "{traceparent}");
    }

    #[test]
    fn the_prometheus_handle_renders_recorded_metrics() {
        let handle = prometheus_handle();
        ::metrics::counter!("meguri_test_events_total", "kind" => "a").increment(2);
        ::metrics::histogram!("meguri_test_latency_seconds").record(0.003);

        let text = handle.render();

        assert!(text.contains("meguri_test_events_total{kind=\"a\"} 2"), "{text}");
        assert!(text.contains("meguri_test_latency_seconds_bucket"), "{text}");
    }
}
