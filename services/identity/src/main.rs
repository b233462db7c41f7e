//! `identity`: the gRPC service, plus the `provision`, `migrate` and `create-admin` sub-commands.
//! Configuration from the environment (see docs/configuration.md); the entry is meguri-server's.

use std::sync::Arc;

use identity::usecases::accounts::{Limits, SystemClock};

meguri_server::service_main! {
    service: "identity",
    log: "identity",
    config: identity::config::from_lookup,
    database: (identity::config::SCHEMA, identity::startup::MIGRATIONS),
    commands: { "create-admin" => identity::cli::create_admin },
    build: |config| identity::startup::build(config, Arc::new(SystemClock), Limits::default()),
}
