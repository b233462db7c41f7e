//! The billing settings, read once from the environment (STYLE §5); every problem is listed at
//! once.

use meguri_server::{ConfigError, ServerConfig, Store};
use meguri_telemetry::TelemetryConfig;

/// The gRPC port of billing.
pub const DEFAULT_GRPC_PORT: u16 = 50056;
/// The admin HTTP port of billing.
pub const DEFAULT_ADMIN_PORT: u16 = 9096;
/// The PostgreSQL schema billing owns.
pub const SCHEMA: &str = "billing";

/// Everything billing needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server).
    pub server: ServerConfig,
    /// Schema `billing`.
    pub store: Store,
}

/// Reads the billing settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests).
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, store, telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| env.store(SCHEMA))?;
    Ok((Config { server, store }, telemetry))
}

#[cfg(test)]
mod tests {
    use super::*;

    use meguri_server::lookup_of as lookup;

    const REQUIRED: [(&str, &str); 2] =
        [("INTERNAL_JWT_SECRET", "0123456789abcdef0123456789abcdef"), ("DATABASE_URL", "postgres://billing:p@db/m")];

    #[test]
    fn defaults_are_billings_ports_and_loopback_redis() {
        let (config, _) = from_lookup(lookup(&REQUIRED)).expect("valid");
        assert_eq!((config.server.grpc_port, config.server.admin_port), (50056, 9096));
        assert_eq!(config.store.db.schema, "billing");
        assert_eq!(config.store.redis_url, "redis://127.0.0.1:6379");
    }

    #[test]
    fn redis_urls_of_other_schemes_are_refused_without_echoing_them() {
        let mut vars = REQUIRED.to_vec();
        vars.push(("REDIS_URL", "http://secret@r"));
        let problems = from_lookup(lookup(&vars)).expect_err("invalid").0;
        assert_eq!(problems, ["REDIS_URL (expected redis://host:port)"]);
        let mut vars = REQUIRED.to_vec();
        vars.push(("REDIS_URL", " redis://r:6379 "));
        assert_eq!(from_lookup(lookup(&vars)).expect("valid").0.store.redis_url, "redis://r:6379");
    }
}
