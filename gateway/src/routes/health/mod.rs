//! `/healthz`, `/readyz`, `/metrics`.

pub mod get;
