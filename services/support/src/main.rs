//! `support`: the gRPC service, plus the `provision`, `migrate`, `staff-reply` and `rollup` sub-commands. Configuration
//! from the environment (see docs/configuration.md); the entry is meguri-server's.

meguri_server::service_main! {
    service: "support",
    log: "support",
    config: support::config::from_lookup,
    database: (support::config::SCHEMA, support::startup::MIGRATIONS),
    commands: { "staff-reply" => support::cli::staff_reply, "rollup" => support::cli::rollup },
    build: support::startup::build,
}
