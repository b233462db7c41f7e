//! The billing settings, read once from the environment (STYLE §5); every problem is listed at
//! once.

use meguri_db::DbConfig;
use meguri_events::EventsConfig;
use meguri_server::{ConfigError, ServerConfig};
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
    /// `DATABASE_URL`, `DATABASE_POOL_SIZE` (meguri-db), schema `billing`.
    pub db: DbConfig,
    /// `REDIS_URL` (default `redis://127.0.0.1:6379`): the event streams.
    pub redis_url: String,
    /// `REDIS_KEY_PREFIX` (default empty, as in the gateway and identity): put before every stream key.
    pub events: EventsConfig,
}

/// Reads the billing settings and the telemetry ones from the environment.
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_env() -> Result<(Config, TelemetryConfig), ConfigError> {
    from_lookup(|name| std::env::var(name).ok())
}

/// [`from_env`] over any source of variables (tests pass a map).
///
/// # Errors
/// As [`from_env`].
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, (db, redis_url, events), telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| {
            let db = env.db(SCHEMA);
            let redis_url = env.redis_url();
            let prefix = env.raw("REDIS_KEY_PREFIX").unwrap_or_default();
            Some((db?, redis_url, EventsConfig::new(prefix.trim())))
        })?;
    Ok((Config { server, db, redis_url, events }, telemetry))
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
        assert_eq!(config.db.schema, "billing");
        assert_eq!(config.redis_url, "redis://127.0.0.1:6379");
    }

    #[test]
    fn redis_urls_of_other_schemes_are_refused_without_echoing_them() {
        let mut vars = REQUIRED.to_vec();
        vars.push(("REDIS_URL", "http://secret@r"));
        let problems = from_lookup(lookup(&vars)).expect_err("invalid").0;
        assert_eq!(problems, ["REDIS_URL (expected redis://host:port)"]);
        let mut vars = REQUIRED.to_vec();
        vars.push(("REDIS_URL", " redis://r:6379 "));
        assert_eq!(from_lookup(lookup(&vars)).expect("valid").0.redis_url, "redis://r:6379");
    }
}
