//! `billing`: the credit ledger service, plus the `provision` and `migrate` sub-commands.
//! Configuration from the environment (see docs/services/billing.md); the entry is meguri-server's.

use std::sync::Arc;

use meguri_clock::SystemClock;

meguri_server::service_main! {
    service: "billing",
    log: "billing",
    config: billing::config::from_lookup,
    database: (billing::config::SCHEMA, billing::MIGRATIONS),
    build: |config| billing::startup::build(config, Arc::new(SystemClock)),
}
