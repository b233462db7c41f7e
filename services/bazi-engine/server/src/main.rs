//! `bazi-engine`: the gRPC service. Configuration from the environment (see
//! docs/configuration.md); the entry is meguri-server's.

meguri_server::service_main! {
    service: "bazi-engine",
    log: "bazi_engine",
    config: bazi_engine_server::config::from_lookup,
    build: bazi_engine_server::startup::build,
}
