//! The billing metrics, declared once (STYLE §8) and served on the admin port's `/metrics`.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_billing_credits_granted_total` | counter (credits) | `kind` (`grant`, `refund`) |
//! | `meguri_billing_credits_spent_total` | counter (credits) | — |
//! | `meguri_billing_insufficient_total` | counter (refused spends) | — |
//!
//! Replays change nothing and count nothing.

use crate::domain::{Applied, Change, ChangeKind};
use crate::error::Error;

pub const CREDITS_GRANTED_TOTAL: &str = "meguri_billing_credits_granted_total";
pub const CREDITS_SPENT_TOTAL: &str = "meguri_billing_credits_spent_total";
pub const INSUFFICIENT_TOTAL: &str = "meguri_billing_insufficient_total";

/// Registers descriptions (the `# HELP` lines). Idempotent.
pub fn describe() {
    metrics::describe_counter!(CREDITS_GRANTED_TOTAL, "Credits added to balances, by kind (grant, refund)");
    metrics::describe_counter!(CREDITS_SPENT_TOTAL, "Credits taken from balances");
    metrics::describe_counter!(INSUFFICIENT_TOTAL, "Spends refused because the balance was too low");
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
