//! `social`: the gRPC service, plus the `provision` and `migrate` sub-commands. Configuration
//! from the environment (see docs/configuration.md); the entry is meguri-server's.

meguri_server::service_main! {
    service: "social",
    log: "social",
    config: social::config::from_env,
    database: (social::config::SCHEMA, social::startup::MIGRATIONS),
    build: social::startup::build,
}
