//! `fortune-gen`: the gRPC service, plus the `provision` and `migrate` sub-commands.
//! Configuration from the environment (see docs/services/fortune-gen.md); the entry is
//! meguri-server's.

use std::sync::Arc;

use meguri_clock::SystemClock;

meguri_server::service_main! {
    service: "fortune-gen",
    log: "fortune_gen",
    config: fortune_gen::config::from_lookup,
    database: (fortune_gen::config::SCHEMA, fortune_gen::MIGRATIONS),
    build: |config| fortune_gen::startup::build(config, Arc::new(SystemClock)),
}
