//! W3C trace context across process boundaries: `traceparent` (and `tracestate`) in gRPC metadata.

use opentelemetry::Context;
use opentelemetry::propagation::{Extractor, Injector};
use opentelemetry::trace::TraceContextExt;
use tonic::metadata::{MetadataKey, MetadataMap, MetadataValue};
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// Writes a context into gRPC metadata.
struct MetadataInjector<'a>(&'a mut MetadataMap);

impl Injector for MetadataInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(key), Ok(value)) = (MetadataKey::from_bytes(key.as_bytes()), MetadataValue::try_from(value)) {
            self.0.insert(key, value);
        }
    }
}

/// Reads a context from HTTP/2 headers (what gRPC metadata is on the wire).
struct HeaderExtractor<'a>(&'a http::HeaderMap);

impl Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(http::HeaderName::as_str).collect()
    }
}

/// Reads a context through a lookup function (for header maps of other HTTP stacks, e.g. actix).
struct FnExtractor<'a, F>(F, std::marker::PhantomData<&'a str>);

impl<'a, F> Extractor for FnExtractor<'a, F>
where
    F: Fn(&str) -> Option<&'a str>,
{
    fn get(&self, key: &str) -> Option<&str> {
        (self.0)(key)
    }

    fn keys(&self) -> Vec<&str> {
        vec!["traceparent", "tracestate"]
    }
}

/// Puts the trace context of `span` into `metadata` as `traceparent`/`tracestate`, using the global
/// propagator that [`init`](crate::init) sets (W3C TraceContext).
pub fn inject_span_context(span: &tracing::Span, metadata: &mut MetadataMap) {
    let context = span.context();
    inject_context(&context, metadata);
}

/// Puts `context` into `metadata` (see [`inject_span_context`]).
pub fn inject_context(context: &Context, metadata: &mut MetadataMap) {
    opentelemetry::global::get_text_map_propagator(|propagator| {
        propagator.inject_context(context, &mut MetadataInjector(metadata));
    });
}

/// The remote parent carried by incoming HTTP/2 headers (an empty context when there is none).
#[must_use]
pub fn extract_context(headers: &http::HeaderMap) -> Context {
    opentelemetry::global::get_text_map_propagator(|propagator| propagator.extract(&HeaderExtractor(headers)))
}

/// The remote parent read through `get` (for HTTP stacks with their own header types).
pub fn extract_context_with<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Context {
    let extractor = FnExtractor(get, std::marker::PhantomData);
    opentelemetry::global::get_text_map_propagator(|propagator| propagator.extract(&extractor))
}

/// The trace id of `span` as 32 hex digits, or `None` when it has no valid context (no OpenTelemetry
/// layer installed). Log it as a span field so log lines join their trace.
#[must_use]
pub fn trace_id(span: &tracing::Span) -> Option<String> {
    let context = span.context();
    let span_ref = context.span();
    let span_context = span_ref.span_context();
    span_context.is_valid().then(|| span_context.trace_id().to_string())
}

/// Makes `span` (not yet entered) a child of the remote `parent` — an empty context leaves it a
/// root — and returns its trace id for the span's `trace_id` field.
pub fn set_parent(span: &tracing::Span, parent: Context) -> Option<String> {
    // Fails only when no OpenTelemetry layer is installed (a bare test) or the span is disabled.
    let _ = span.set_parent(parent);
    trace_id(span)
}

/// The W3C `traceparent` of the current span, for carrying a trace across something that is not a
/// gRPC call (an outbox row, a Redis Stream entry). `None` without a valid trace context.
#[must_use]
pub fn current_traceparent() -> Option<String> {
    let context = tracing::Span::current().context();
    let mut carrier = std::collections::HashMap::<String, String>::new();
    opentelemetry::global::get_text_map_propagator(|propagator| propagator.inject_context(&context, &mut carrier));
    carrier.remove("traceparent")
}

/// The remote parent described by a stored `traceparent` (an empty context for `None` or garbage).
#[must_use]
pub fn context_from_traceparent(traceparent: Option<&str>) -> Context {
    extract_context_with(|key| if key == "traceparent" { traceparent } else { None })
}
