//! `support`: the gRPC service, plus the `provision` and `migrate` sub-commands. Configuration
//! from the environment (see docs/configuration.md); the entry is meguri-server's.

meguri_server::service_main! {
    service: "support",
    log: "support",
    config: support::config::from_lookup,
    database: (support::config::SCHEMA, support::startup::MIGRATIONS),
    build: support::startup::build,
}
