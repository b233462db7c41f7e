//! support's configuration, read once from the environment (docs/configuration.md lists it);
//! every problem is listed at once.

use meguri_db::DbConfig;
use meguri_server::{ConfigError, ServerConfig};
use meguri_telemetry::TelemetryConfig;

/// The gRPC port of support.
pub const DEFAULT_GRPC_PORT: u16 = 50059;
/// The admin HTTP port of support.
pub const DEFAULT_ADMIN_PORT: u16 = 9099;
/// The PostgreSQL schema support owns.
pub const SCHEMA: &str = "support";

/// Everything support needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server).
    pub server: ServerConfig,
    /// `DATABASE_URL`, `DATABASE_POOL_SIZE` (meguri-db), schema `support`.
    pub db: DbConfig,
}

/// Reads the support settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests). A service with events keeps a `meguri_server::Store` (`env.store(SCHEMA)`:
/// the database and the event streams) instead of the `DbConfig`.
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, db, telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| env.db(SCHEMA))?;
    Ok((Config { server, db }, telemetry))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_services_ports_and_the_database_url_is_required() {
        let vars = |name: &str| match name {
            "INTERNAL_JWT_SECRET" => Some("0123456789abcdef0123456789abcdef".to_owned()),
            "DATABASE_URL" => Some("postgres://support:p@db/meguri".to_owned()),
            _ => None,
        };
        let (config, _) = from_lookup(vars).expect("valid");
        assert_eq!((config.server.grpc_port, config.server.admin_port), (50059, 9099));
        assert_eq!(config.db.schema, "support");

        let problems = from_lookup(|_| None).expect_err("invalid").0;
        assert_eq!(problems, ["INTERNAL_JWT_SECRET (missing)", "DATABASE_URL (missing)"]);
    }
}
