//! chat's metrics, declared once (STYLE §8) and served on the admin port's `/metrics`.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_chat_messages_total` | counter | `outcome`: `accepted`, `replayed`, `crisis`, `insufficient_credits`, `billing_unavailable`, `taken` |
//! | `meguri_chat_replies_total` | counter | `engine` (`builtin`, `llm`), `outcome` (`completed`, `failed`, `timeout`) |
//! | `meguri_chat_llm_fallbacks_total` | counter | `reason`: `error`, `empty` (the LLM failed before its first token; the built-in wrote the reply) |
//! | `meguri_chat_refunds_total` | counter | `code` (`REPLY_FAILED`, `REPLY_TIMEOUT`), `by` (`reply`, `sweeper`) |
//! | `meguri_chat_time_to_first_token_seconds` | histogram | `engine` |
//! | `meguri_chat_reply_duration_seconds` | histogram | `engine` (accepted → stored) |
//! | `meguri_chat_compatibility_total` | counter | `outcome`: `completed`, `no_birth_data`, `unreadable` |
//! | `meguri_chat_grpc_client_requests_total` | counter | `rpc`, `code` (after retries) |
//! | `meguri_chat_grpc_client_duration_seconds` | histogram | `rpc` (retries included) |
//! | `meguri_chat_grpc_client_retries_total` | counter | `rpc` |

use std::time::Duration;

pub const MESSAGES_TOTAL: &str = "meguri_chat_messages_total";
pub const REPLIES_TOTAL: &str = "meguri_chat_replies_total";
pub const LLM_FALLBACKS_TOTAL: &str = "meguri_chat_llm_fallbacks_total";
pub const REFUNDS_TOTAL: &str = "meguri_chat_refunds_total";
pub const TIME_TO_FIRST_TOKEN_SECONDS: &str = "meguri_chat_time_to_first_token_seconds";
pub const REPLY_DURATION_SECONDS: &str = "meguri_chat_reply_duration_seconds";
pub const COMPATIBILITY_TOTAL: &str = "meguri_chat_compatibility_total";
/// The calls to identity, billing, fortune-gen and bazi-engine, recorded by the shared client
/// policy.
pub const GRPC_CLIENT: meguri_grpc_client::ClientMetrics = meguri_grpc_client::ClientMetrics {
    requests_total: "meguri_chat_grpc_client_requests_total",
    duration_seconds: "meguri_chat_grpc_client_duration_seconds",
    retries_total: "meguri_chat_grpc_client_retries_total",
};

/// Registers descriptions (the `# HELP` lines). Idempotent.
pub fn describe() {
    metrics::describe_counter!(MESSAGES_TOTAL, "Messages sent, by outcome of the send");
    metrics::describe_counter!(REPLIES_TOTAL, "Replies finished, by engine and outcome");
    metrics::describe_counter!(
        LLM_FALLBACKS_TOTAL,
        "Replies the built-in responder wrote because the LLM failed before its first token"
    );
    metrics::describe_counter!(REFUNDS_TOTAL, "Charges given back because no reply was produced");
    metrics::describe_histogram!(TIME_TO_FIRST_TOKEN_SECONDS, "Time from acceptance to the reply's first text");
    metrics::describe_histogram!(REPLY_DURATION_SECONDS, "Time from acceptance to the stored reply");
    metrics::describe_counter!(COMPATIBILITY_TOTAL, "Compatibility questions, by outcome");
    GRPC_CLIENT.describe();
    meguri_telemetry::zero_counter(
        MESSAGES_TOTAL,
        "outcome",
        &["accepted", "replayed", "crisis", "insufficient_credits", "billing_unavailable", "taken"],
    );
    meguri_telemetry::zero_counter2(
        REPLIES_TOTAL,
        ("engine", &["builtin", "llm"]),
        ("outcome", &["completed", "failed", "timeout"]),
    );
    meguri_telemetry::zero_counter(LLM_FALLBACKS_TOTAL, "reason", &["error", "empty"]);
    meguri_telemetry::zero_counter2(
        REFUNDS_TOTAL,
        ("code", &["REPLY_FAILED", "REPLY_TIMEOUT"]),
        ("by", &["reply", "sweeper"]),
    );
    meguri_telemetry::zero_counter(COMPATIBILITY_TOTAL, "outcome", &["completed", "no_birth_data", "unreadable"]);
}

pub fn message(outcome: &'static str) {
    metrics::counter!(MESSAGES_TOTAL, "outcome" => outcome).increment(1);
}

pub fn reply(engine: &'static str, outcome: &'static str, took: Duration) {
    metrics::counter!(REPLIES_TOTAL, "engine" => engine, "outcome" => outcome).increment(1);
    if outcome == "completed" {
        metrics::histogram!(REPLY_DURATION_SECONDS, "engine" => engine).record(took.as_secs_f64());
    }
}

pub fn llm_fallback(reason: &'static str) {
    metrics::counter!(LLM_FALLBACKS_TOTAL, "reason" => reason).increment(1);
}

pub fn refund(code: &'static str, by: &'static str) {
    metrics::counter!(REFUNDS_TOTAL, "code" => code, "by" => by).increment(1);
}

pub fn first_token(engine: &'static str, took: Duration) {
    metrics::histogram!(TIME_TO_FIRST_TOKEN_SECONDS, "engine" => engine).record(took.as_secs_f64());
}

pub fn compatibility(outcome: &'static str) {
    metrics::counter!(COMPATIBILITY_TOTAL, "outcome" => outcome).increment(1);
}
