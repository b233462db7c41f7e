//! The process-wide Prometheus recorder behind the `metrics` macros.

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Latency buckets (seconds) for every `*_seconds` histogram: fine below 50 ms, where our RPCs live.
const SECONDS_BUCKETS: &[f64] = &[0.000_5, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The handle that renders `/metrics`. The first call installs the global recorder (and a thread
/// that runs its upkeep, so histograms do not grow between scrapes, and reads the process metrics,
/// see `process.rs`); later calls return the same
/// handle. If another recorder was installed first, a detached one is returned: metrics still render
/// but the macros record into the other recorder.
pub fn prometheus_handle() -> PrometheusHandle {
    HANDLE.get_or_init(install).clone()
}

fn builder() -> PrometheusBuilder {
    let builder = PrometheusBuilder::new();
    match builder.set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), SECONDS_BUCKETS) {
        Ok(b) => b,
        // Only an empty bucket list is refused; ours is not empty.
        Err(_) => PrometheusBuilder::new(),
    }
}

fn install() -> PrometheusHandle {
    let handle = match builder().install_recorder() {
        Ok(handle) => handle,
        Err(error) => {
            tracing::warn!(%error, "a metrics recorder was already installed; /metrics is detached");
            builder().build_recorder().handle()
        }
    };
    crate::process::record_start();
    metrics::describe_counter!(
        crate::GRPC_SERVER_REQUESTS_TOTAL,
        "gRPC requests served, by service, method and status code"
    );
    metrics::describe_histogram!(
        crate::GRPC_SERVER_DURATION_SECONDS,
        "gRPC request latency served, by service and method"
    );
    let upkeep = handle.clone();
    let spawned = std::thread::Builder::new().name("metrics-upkeep".to_owned()).spawn(move || {
        loop {
            std::thread::sleep(Duration::from_secs(5));
            upkeep.run_upkeep();
            crate::process::record();
        }
    });
    if let Err(error) = spawned {
        tracing::warn!(%error, "could not start the metrics upkeep thread");
    }
    handle
}

/// The canonical name of a gRPC status code, as used in metric labels (`OK`, `InvalidArgument`…).
#[must_use]
pub fn grpc_code_label(code: tonic::Code) -> &'static str {
    use tonic::Code;
    match code {
        Code::Ok => "OK",
        Code::Cancelled => "Canceled",
        Code::Unknown => "Unknown",
        Code::InvalidArgument => "InvalidArgument",
        Code::DeadlineExceeded => "DeadlineExceeded",
        Code::NotFound => "NotFound",
        Code::AlreadyExists => "AlreadyExists",
        Code::PermissionDenied => "PermissionDenied",
        Code::ResourceExhausted => "ResourceExhausted",
        Code::FailedPrecondition => "FailedPrecondition",
        Code::Aborted => "Aborted",
        Code::OutOfRange => "OutOfRange",
        Code::Unimplemented => "Unimplemented",
        Code::Internal => "Internal",
        Code::Unavailable => "Unavailable",
        Code::DataLoss => "DataLoss",
        Code::Unauthenticated => "Unauthenticated",
    }
}

/// Creates every series of a counter whose label values are known, at 0, so dashboards and
/// alerts see the series (and its rate of 0) before the first event rather than no data at all.
pub fn zero_counter(name: &'static str, label: &'static str, values: &[&'static str]) {
    for value in values {
        metrics::counter!(name, label => *value).increment(0);
    }
}

/// [`zero_counter`] for a counter with two labels: every pair of known values.
pub fn zero_counter2(
    name: &'static str,
    (first, firsts): (&'static str, &[&'static str]),
    (second, seconds): (&'static str, &[&'static str]),
) {
    for a in firsts {
        for b in seconds {
            metrics::counter!(name, first => *a, second => *b).increment(0);
        }
    }
}

/// `meguri_redis_errors_total{component}`: failed Redis calls of every process (the pool could
/// not connect, a command failed or timed out), by the component that made them.
pub const REDIS_ERRORS_TOTAL: &str = "meguri_redis_errors_total";

/// Counts one failed Redis call of `component` (a fixed name such as `session` or `events_consumer`).
pub fn redis_error(component: &'static str) {
    metrics::counter!(REDIS_ERRORS_TOTAL, "component" => component).increment(1);
}

/// Describes [`REDIS_ERRORS_TOTAL`] and creates its series for `components` at 0.
pub fn describe_redis_errors(components: &[&'static str]) {
    metrics::describe_counter!(REDIS_ERRORS_TOTAL, "Failed Redis calls (connect, command or timeout), by component");
    zero_counter(REDIS_ERRORS_TOTAL, "component", components);
}
