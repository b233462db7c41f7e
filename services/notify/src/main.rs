//! `notify`: the e-mail service, plus the `provision` and `migrate` sub-commands. Configuration
//! from the environment (see docs/services/notify.md); the entry is meguri-server's.

meguri_server::service_main! {
    service: "notify",
    log: "notify",
    config: notify::config::from_lookup,
    database: (notify::config::SCHEMA, notify::MIGRATIONS),
    build: notify::startup::build_with_configured_mailer,
}
