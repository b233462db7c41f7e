//! fortune-gen's metrics, declared once (STYLE §8) and served on the admin port's `/metrics`.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_fortune_gen_chart_builds_total` | counter | `outcome`: `ready`, `unchanged`, `no_birth_date`, `user_gone`, `failed_transient`, `failed_permanent` |
//! | `meguri_fortune_gen_charts_failed` | gauge | — (charts whose last build failed, counted by the retry loop) |
//! | `meguri_fortune_gen_daily_readings_total` | counter | `engine` (`builtin`, `llm`) — readings generated (not served from storage) |
//! | `meguri_fortune_gen_llm_fallbacks_total` | counter | `what` (`daily`, `yearly`, `life`), `reason` (`error`, `invalid`, `timeout`) |
//! | `meguri_fortune_gen_llm_duration_seconds` | histogram | `what` |
//! | `meguri_fortune_gen_reports_total` | counter | `kind` (`yearly`, `life`), `outcome` (`ready`, `failed`), `engine` |
//! | `meguri_fortune_gen_friend_updates_built_total` | counter | `updates` (`0`…`3`) — a member's day of friend updates built (not served from storage) |
//! | `meguri_fortune_gen_grpc_client_requests_total` | counter | `rpc` (`CalculateChart`, `GetAlmanac`, `ReadTransits`, `GetBirthProfile`, `GetTimezoneOffset`, `ListFriendsOf`), `code` (after retries) |
//! | `meguri_fortune_gen_grpc_client_duration_seconds` | histogram | `rpc` (retries included) |
//! | `meguri_fortune_gen_grpc_client_retries_total` | counter | `rpc` |

use std::time::Duration;

pub const CHART_BUILDS_TOTAL: &str = "meguri_fortune_gen_chart_builds_total";
pub const CHARTS_FAILED: &str = "meguri_fortune_gen_charts_failed";
pub const DAILY_READINGS_TOTAL: &str = "meguri_fortune_gen_daily_readings_total";
pub const LLM_FALLBACKS_TOTAL: &str = "meguri_fortune_gen_llm_fallbacks_total";
pub const LLM_DURATION_SECONDS: &str = "meguri_fortune_gen_llm_duration_seconds";
pub const REPORTS_TOTAL: &str = "meguri_fortune_gen_reports_total";
pub const FRIEND_UPDATES_BUILT_TOTAL: &str = "meguri_fortune_gen_friend_updates_built_total";
/// The calls to bazi-engine, identity and social, recorded by the shared client policy.
pub const GRPC_CLIENT: meguri_grpc_client::ClientMetrics = meguri_grpc_client::ClientMetrics {
    requests_total: "meguri_fortune_gen_grpc_client_requests_total",
    duration_seconds: "meguri_fortune_gen_grpc_client_duration_seconds",
    retries_total: "meguri_fortune_gen_grpc_client_retries_total",
};

/// Registers descriptions (the `# HELP` lines). Idempotent.
pub fn describe() {
    metrics::describe_counter!(CHART_BUILDS_TOTAL, "Chart builds by outcome");
    metrics::describe_gauge!(CHARTS_FAILED, "Charts whose last build failed (see ListChartFailures)");
    metrics::describe_counter!(DAILY_READINGS_TOTAL, "Daily readings generated, by engine");
    metrics::describe_counter!(LLM_FALLBACKS_TOTAL, "LLM texts replaced by the built-in text, by reason");
    metrics::describe_histogram!(LLM_DURATION_SECONDS, "Time spent waiting for the LLM");
    metrics::describe_counter!(REPORTS_TOTAL, "Reports generated, by kind, outcome and engine");
    metrics::describe_counter!(FRIEND_UPDATES_BUILT_TOTAL, "Days of friend updates built, by how many updates");
    GRPC_CLIENT.describe();
    meguri_telemetry::zero_counter(
        CHART_BUILDS_TOTAL,
        "outcome",
        &["ready", "unchanged", "no_birth_date", "user_gone", "failed_transient", "failed_permanent"],
    );
    meguri_telemetry::zero_counter(DAILY_READINGS_TOTAL, "engine", &["builtin", "llm"]);
    meguri_telemetry::zero_counter2(
        LLM_FALLBACKS_TOTAL,
        ("what", &["daily", "yearly", "life"]),
        ("reason", &["error", "invalid", "timeout"]),
    );
}

pub fn chart_build(outcome: &'static str) {
    metrics::counter!(CHART_BUILDS_TOTAL, "outcome" => outcome).increment(1);
}

#[allow(clippy::cast_precision_loss)] // a count of rows
pub fn charts_failed(count: i64) {
    metrics::gauge!(CHARTS_FAILED).set(count as f64);
}

pub fn daily_reading(engine: &'static str) {
    metrics::counter!(DAILY_READINGS_TOTAL, "engine" => engine).increment(1);
}

pub fn llm_fallback(what: &'static str, reason: &'static str) {
    metrics::counter!(LLM_FALLBACKS_TOTAL, "what" => what, "reason" => reason).increment(1);
}

pub fn llm_duration(what: &'static str, took: Duration) {
    metrics::histogram!(LLM_DURATION_SECONDS, "what" => what).record(took.as_secs_f64());
}

pub fn report(kind: &'static str, outcome: &'static str, engine: &'static str) {
    metrics::counter!(REPORTS_TOTAL, "kind" => kind, "outcome" => outcome, "engine" => engine).increment(1);
}

pub fn friend_updates_built(updates: usize) {
    const LABELS: [&str; 4] = ["0", "1", "2", "3"];
    let label = LABELS.get(updates).copied().unwrap_or("3");
    metrics::counter!(FRIEND_UPDATES_BUILT_TOTAL, "updates" => label).increment(1);
}
