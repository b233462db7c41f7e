//! identity's metrics, declared once (listed on docs/services/identity.md).

pub fn signed_up() {
    metrics::counter!("meguri_identity_signups_total").increment(1);
}

pub fn login_failed() {
    metrics::counter!("meguri_identity_login_failures_total").increment(1);
}
