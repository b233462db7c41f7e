//! identity's metrics, declared once (listed on docs/services/identity.md).
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_identity_signups_total` | counter | — |
//! | `meguri_identity_verifications_total` | counter | `outcome`: `verified`, `wrong_code`, `expired`, `exhausted`, `used` |
//! | `meguri_identity_login_failures_total` | counter | — |

pub const SIGNUPS_TOTAL: &str = "meguri_identity_signups_total";
pub const VERIFICATIONS_TOTAL: &str = "meguri_identity_verifications_total";
pub const LOGIN_FAILURES_TOTAL: &str = "meguri_identity_login_failures_total";

/// Every outcome of an address verification with a mailed code.
pub const VERIFICATION_OUTCOMES: [&str; 5] = ["verified", "wrong_code", "expired", "exhausted", "used"];

/// Registers descriptions (the `# HELP` lines) and the known series at 0. Idempotent.
pub fn describe() {
    metrics::describe_counter!(SIGNUPS_TOTAL, "Accounts created (not yet verified)");
    metrics::describe_counter!(
        VERIFICATIONS_TOTAL,
        "Address verifications with a mailed code, by outcome (verified, wrong_code, expired, exhausted, used)"
    );
    metrics::describe_counter!(LOGIN_FAILURES_TOTAL, "Sign-ins refused (wrong address or password)");
    metrics::counter!(SIGNUPS_TOTAL).increment(0);
    metrics::counter!(LOGIN_FAILURES_TOTAL).increment(0);
    meguri_telemetry::zero_counter(VERIFICATIONS_TOTAL, "outcome", &VERIFICATION_OUTCOMES);
}

pub fn signed_up() {
    metrics::counter!(SIGNUPS_TOTAL).increment(1);
}

/// One verification attempt's outcome (one of [`VERIFICATION_OUTCOMES`]).
pub fn verification(outcome: &'static str) {
    metrics::counter!(VERIFICATIONS_TOTAL, "outcome" => outcome).increment(1);
}

pub fn login_failed() {
    metrics::counter!(LOGIN_FAILURES_TOTAL).increment(1);
}
