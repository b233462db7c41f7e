//! The notify metrics, declared once (STYLE §8) and served on the admin port's `/metrics`.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_notify_mail_sent_total` | counter | `type` (`verification_code`, `password_reset`, `email_change`, `welcome`, `security_notice`, `friend_request_received`, `friend_request_accepted`) |
//! | `meguri_notify_mail_failed_total` | counter (messages given up on) | `type` |
//! | `meguri_notify_mail_attempt_failures_total` | counter (failed attempts, retried or not) | `type` |
//! | `meguri_notify_mail_pending` | gauge (rows waiting to be sent) | — |
//! | `meguri_notify_grpc_client_requests_total` | counter | `rpc` (`GetContact`), `code` (after retries) |
//! | `meguri_notify_grpc_client_duration_seconds` | histogram | `rpc` (retries included) |
//! | `meguri_notify_grpc_client_retries_total` | counter | `rpc` |

use crate::domain::MailType;

pub const MAIL_SENT_TOTAL: &str = "meguri_notify_mail_sent_total";
pub const MAIL_FAILED_TOTAL: &str = "meguri_notify_mail_failed_total";
pub const MAIL_ATTEMPT_FAILURES_TOTAL: &str = "meguri_notify_mail_attempt_failures_total";
pub const MAIL_PENDING: &str = "meguri_notify_mail_pending";
/// The calls to identity, recorded by the shared client policy.
pub const GRPC_CLIENT: meguri_grpc_client::ClientMetrics = meguri_grpc_client::ClientMetrics {
    requests_total: "meguri_notify_grpc_client_requests_total",
    duration_seconds: "meguri_notify_grpc_client_duration_seconds",
    retries_total: "meguri_notify_grpc_client_retries_total",
};

/// Registers descriptions (the `# HELP` lines). Idempotent.
pub fn describe() {
    metrics::describe_counter!(MAIL_SENT_TOTAL, "E-mails handed to the transport, by type");
    metrics::describe_counter!(MAIL_FAILED_TOTAL, "E-mails given up on after their last attempt, by type");
    metrics::describe_counter!(
        MAIL_ATTEMPT_FAILURES_TOTAL,
        "Failed delivery attempts (each retried or given up), by type"
    );
    metrics::describe_gauge!(MAIL_PENDING, "E-mails waiting to be sent (pending rows)");
    GRPC_CLIENT.describe();
}

pub fn sent(t: MailType) {
    metrics::counter!(MAIL_SENT_TOTAL, "type" => t.as_str()).increment(1);
}

pub fn attempt_failed(t: MailType) {
    metrics::counter!(MAIL_ATTEMPT_FAILURES_TOTAL, "type" => t.as_str()).increment(1);
}

pub fn failed(t: MailType) {
    metrics::counter!(MAIL_FAILED_TOTAL, "type" => t.as_str()).increment(1);
}

#[allow(clippy::cast_precision_loss)] // a queue never holds 2^52 messages
pub fn pending(count: i64) {
    metrics::gauge!(MAIL_PENDING).set(count as f64);
}
