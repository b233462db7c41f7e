//! The billing metrics, declared once (STYLE §8) and served on the admin port's `/metrics`.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_billing_credits_granted_total` | counter (credits) | `kind` (`grant`, `refund`) |
//! | `meguri_billing_credits_spent_total` | counter (credits) | — |
//! | `meguri_billing_insufficient_total` | counter (refused spends) | — |
//! | `meguri_billing_checkouts_total` | counter (checkouts started) | `mode` (`stripe`, `development`) |
//! | `meguri_billing_purchases_total` | counter (purchases reaching a status) | `status` |
//! | `meguri_billing_webhook_events_total` | counter (webhook events) | `outcome` (`applied`, `replayed`, `ignored`, `rejected`) |
//! | `meguri_billing_clawback_shortfall_total` | counter (credits a refund could not take back) | — |
//! | `meguri_billing_stripe_failures_total` | counter (failed Stripe calls) | `call`, `kind` |
//!
//! Replays change nothing and count nothing.

use crate::domain::{Applied, Change, ChangeKind};
use crate::error::Error;

pub const CREDITS_GRANTED_TOTAL: &str = "meguri_billing_credits_granted_total";
pub const CREDITS_SPENT_TOTAL: &str = "meguri_billing_credits_spent_total";
pub const INSUFFICIENT_TOTAL: &str = "meguri_billing_insufficient_total";
pub const CHECKOUTS_TOTAL: &str = "meguri_billing_checkouts_total";
pub const PURCHASES_TOTAL: &str = "meguri_billing_purchases_total";
pub const WEBHOOK_EVENTS_TOTAL: &str = "meguri_billing_webhook_events_total";
pub const CLAWBACK_SHORTFALL_TOTAL: &str = "meguri_billing_clawback_shortfall_total";
pub const STRIPE_FAILURES_TOTAL: &str = "meguri_billing_stripe_failures_total";

/// Registers descriptions (the `# HELP` lines). Idempotent.
pub fn describe() {
    metrics::describe_counter!(CREDITS_GRANTED_TOTAL, "Credits added to balances, by kind (grant, refund)");
    metrics::describe_counter!(CREDITS_SPENT_TOTAL, "Credits taken from balances");
    metrics::describe_counter!(INSUFFICIENT_TOTAL, "Spends refused because the balance was too low");
    metrics::describe_counter!(CHECKOUTS_TOTAL, "Checkout sessions created, by mode (stripe, development)");
    metrics::describe_counter!(
        PURCHASES_TOTAL,
        "Purchases reaching a status (completed, expired, failed, canceled, refunded)"
    );
    metrics::describe_counter!(
        WEBHOOK_EVENTS_TOTAL,
        "Stripe webhook events, by outcome (applied, replayed, ignored, rejected)"
    );
    metrics::describe_counter!(
        CLAWBACK_SHORTFALL_TOTAL,
        "Credits a refund could not take back (already spent); flagged for admins"
    );
    metrics::describe_counter!(STRIPE_FAILURES_TOTAL, "Stripe API calls that failed, by call and kind");
    meguri_telemetry::zero_counter(CREDITS_GRANTED_TOTAL, "kind", &["grant", "refund"]);
    metrics::counter!(CREDITS_SPENT_TOTAL).increment(0);
    metrics::counter!(INSUFFICIENT_TOTAL).increment(0);
    metrics::counter!(CLAWBACK_SHORTFALL_TOTAL).increment(0);
    meguri_telemetry::zero_counter(CHECKOUTS_TOTAL, "mode", &["stripe", "development"]);
    meguri_telemetry::zero_counter(
        PURCHASES_TOTAL,
        "status",
        &["completed", "expired", "failed", "canceled", "refunded"],
    );
    meguri_telemetry::zero_counter(WEBHOOK_EVENTS_TOTAL, "outcome", &["applied", "replayed", "ignored", "rejected"]);
}

/// Credits a completed purchase granted (`kind` = `grant`, like every other grant).
pub fn credits_granted(credits: i64) {
    metrics::counter!(CREDITS_GRANTED_TOTAL, "kind" => "grant").increment(u64::try_from(credits).unwrap_or(0));
}

/// A checkout session was created (`mode`: `stripe` or `development`).
pub fn checkout_started(mode: &'static str) {
    metrics::counter!(CHECKOUTS_TOTAL, "mode" => mode).increment(1);
}

/// A purchase reached `status`.
pub fn purchase_became(status: crate::domain::PurchaseStatus) {
    metrics::counter!(PURCHASES_TOTAL, "status" => status.as_str()).increment(1);
}

/// One webhook event's outcome.
pub fn webhook_event(outcome: &'static str) {
    metrics::counter!(WEBHOOK_EVENTS_TOTAL, "outcome" => outcome).increment(1);
}

/// Credits a refund could not take back.
pub fn clawback_shortfall(credits: i64) {
    metrics::counter!(CLAWBACK_SHORTFALL_TOTAL).increment(u64::try_from(credits).unwrap_or(0));
}

/// A failed Stripe call.
pub fn stripe_failure(call: &'static str, kind: &'static str) {
    metrics::counter!(STRIPE_FAILURES_TOTAL, "call" => call, "kind" => kind).increment(1);
}

/// Counts the outcome of one change.
pub fn record(change: &Change, outcome: &Result<Applied, Error>) {
    match outcome {
        Ok(Applied { replayed: false, .. }) => {
            let amount = u64::try_from(change.amount.get()).unwrap_or(0);
            match change.kind {
                ChangeKind::Grant | ChangeKind::Refund => {
                    metrics::counter!(CREDITS_GRANTED_TOTAL, "kind" => change.kind.as_str()).increment(amount);
                }
                ChangeKind::Spend => metrics::counter!(CREDITS_SPENT_TOTAL).increment(amount),
            }
        }
        Err(Error::InsufficientCredits) => metrics::counter!(INSUFFICIENT_TOTAL).increment(1),
        Ok(_) | Err(_) => {}
    }
}
