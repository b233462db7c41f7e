//! `{{name}}`: the gRPC service, plus the `provision` and `migrate` sub-commands. Configuration
//! from the environment (see docs/configuration.md); the entry is meguri-server's.

meguri_server::service_main! {
    service: "{{name}}",
    log: "{{snake}}",
    config: {{snake}}::config::from_lookup,
    database: ({{snake}}::config::SCHEMA, {{snake}}::startup::MIGRATIONS),
    build: {{snake}}::startup::build,
}
