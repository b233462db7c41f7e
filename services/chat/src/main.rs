//! `chat`: the gRPC service, plus the `provision` and `migrate` sub-commands. Configuration
//! from the environment (see docs/configuration.md); the entry is meguri-server's.

meguri_server::service_main! {
    service: "chat",
    log: "chat",
    config: chat::config::from_lookup,
    database: (chat::config::SCHEMA, chat::startup::MIGRATIONS),
    build: chat::startup::build,
}
