//! The notify metrics, declared once (STYLE §8) and served on the admin port's `/metrics`.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_notify_mail_sent_total` | counter | `type` (`verification_code`, `password_reset`, `email_change`, `welcome`, `security_notice`, `friend_request_received`, `friend_request_accepted`, `mentioned_in_diary`, `future_diary_delivery`, `inactivity_reminder`, `purchase_receipt`, `support_reply`: `MailType::ALL`) |
//! | `meguri_notify_mail_failed_total` | counter (messages given up on) | `type` |
//! | `meguri_notify_mail_attempt_failures_total` | counter (failed attempts, retried or not) | `type` |
//! | `meguri_notify_mail_pending` | gauge (rows waiting to be sent) | — |
//! | `meguri_notify_deliveries_total` | counter (scheduled deliveries finished) | `kind` (`future_letter`, `inactivity_reminder`), `status` (`sent`, `failed`) |
//! | `meguri_notify_delivery_attempt_failures_total` | counter (attempts whose address could not be had) | `kind` |
//! | `meguri_notify_deliveries_pending` | gauge (scheduled deliveries not yet made) | — |
//! | `meguri_notify_deliveries_due` | gauge (deliveries already due but not yet made: the backlog) | `kind` |
//! | `meguri_notify_unsubscribes_total` | counter (preferences turned off by an unsubscribe link) | `preference` |
//! | `meguri_notify_grpc_client_requests_total` | counter | `rpc` (`GetContact`), `code` (after retries) |
//! | `meguri_notify_grpc_client_duration_seconds` | histogram | `rpc` (retries included) |
//! | `meguri_notify_grpc_client_retries_total` | counter | `rpc` |

use crate::domain::{DeliveryKind, MailType, Preference};

pub const MAIL_SENT_TOTAL: &str = "meguri_notify_mail_sent_total";
pub const MAIL_FAILED_TOTAL: &str = "meguri_notify_mail_failed_total";
pub const MAIL_ATTEMPT_FAILURES_TOTAL: &str = "meguri_notify_mail_attempt_failures_total";
pub const MAIL_PENDING: &str = "meguri_notify_mail_pending";
pub const DELIVERIES_TOTAL: &str = "meguri_notify_deliveries_total";
pub const DELIVERY_ATTEMPT_FAILURES_TOTAL: &str = "meguri_notify_delivery_attempt_failures_total";
pub const DELIVERIES_PENDING: &str = "meguri_notify_deliveries_pending";
pub const DELIVERIES_DUE: &str = "meguri_notify_deliveries_due";
pub const UNSUBSCRIBES_TOTAL: &str = "meguri_notify_unsubscribes_total";
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
    metrics::describe_counter!(DELIVERIES_TOTAL, "Scheduled deliveries finished, by kind and status");
    metrics::describe_counter!(
        DELIVERY_ATTEMPT_FAILURES_TOTAL,
        "Scheduled delivery attempts whose address could not be had (identity did not answer), by kind"
    );
    metrics::describe_gauge!(DELIVERIES_PENDING, "Scheduled deliveries not yet made (pending rows)");
    metrics::describe_gauge!(DELIVERIES_DUE, "Scheduled deliveries already due but not yet made, by kind");
    metrics::describe_counter!(UNSUBSCRIBES_TOTAL, "Preferences turned off by an unsubscribe link, by preference");
    GRPC_CLIENT.describe();
    let types = MailType::ALL.map(MailType::as_str);
    for name in [MAIL_SENT_TOTAL, MAIL_FAILED_TOTAL, MAIL_ATTEMPT_FAILURES_TOTAL] {
        meguri_telemetry::zero_counter(name, "type", &types);
    }
    let kinds = DeliveryKind::ALL.map(DeliveryKind::as_str);
    meguri_telemetry::zero_counter2(DELIVERIES_TOTAL, ("kind", &kinds), ("status", &["sent", "failed"]));
    meguri_telemetry::zero_counter(DELIVERY_ATTEMPT_FAILURES_TOTAL, "kind", &kinds);
    meguri_telemetry::zero_counter(UNSUBSCRIBES_TOTAL, "preference", &Preference::ALL.map(Preference::as_str));
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

pub fn delivered(kind: DeliveryKind, status: &'static str) {
    metrics::counter!(DELIVERIES_TOTAL, "kind" => kind.as_str(), "status" => status).increment(1);
}

pub fn delivery_attempt_failed(kind: DeliveryKind) {
    metrics::counter!(DELIVERY_ATTEMPT_FAILURES_TOTAL, "kind" => kind.as_str()).increment(1);
}

/// The scheduler's backlog: every delivery not yet made (all kinds), and per kind those already due.
#[allow(clippy::cast_precision_loss)] // never 2^52 deliveries
pub fn deliveries_backlog(backlog: &[(DeliveryKind, crate::db::deliveries::Backlog)]) {
    metrics::gauge!(DELIVERIES_PENDING).set(backlog.iter().map(|(_, b)| b.pending).sum::<i64>() as f64);
    for (kind, b) in backlog {
        metrics::gauge!(DELIVERIES_DUE, "kind" => kind.as_str()).set(b.due as f64);
    }
}

pub fn unsubscribed(preference: Preference) {
    metrics::counter!(UNSUBSCRIBES_TOTAL, "preference" => preference.as_str()).increment(1);
}
