//! `social`: the gRPC service, plus the `provision`, `migrate` and `backfill-members`
//! sub-commands. Configuration from the environment (see docs/configuration.md); the entry is
//! meguri-server's.

meguri_server::service_main! {
    service: "social",
    log: "social",
    config: social::config::from_lookup,
    database: (social::config::SCHEMA, social::startup::MIGRATIONS),
    commands: { "backfill-members" => social::cli::backfill_members },
    build: social::startup::build_with_system_clock,
}
