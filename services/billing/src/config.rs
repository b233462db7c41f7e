//! The billing settings, read once from the environment (STYLE §5); every problem is listed at
//! once.

use std::env;

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

/// Reads the billing settings and the telemetry ones.
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_env() -> Result<(Config, TelemetryConfig), ConfigError> {
    let mut problems = Vec::new();
    let server = meguri_server::from_env(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT).map_err(|e| problems.extend(e.0)).ok();
    let db = DbConfig::from_env(SCHEMA).map_err(|e| problems.extend(e)).ok();
    let redis_url = redis_url(env::var("REDIS_URL").ok(), &mut problems);
    let prefix = env::var("REDIS_KEY_PREFIX").unwrap_or_default();
    match (server, db) {
        (Some((server, telemetry)), Some(db)) if problems.is_empty() => {
            Ok((Config { server, db, redis_url, events: EventsConfig::new(prefix.trim()) }, telemetry))
        }
        _ => Err(ConfigError(problems)),
    }
}

/// `redis://…` or `rediss://…`; the value is never echoed (it may hold a password).
fn redis_url(raw: Option<String>, problems: &mut Vec<String>) -> String {
    let url = raw.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    match url {
        None => "redis://127.0.0.1:6379".to_owned(),
        Some(url) if url.starts_with("redis://") || url.starts_with("rediss://") => url,
        Some(_) => {
            problems.push("REDIS_URL (expected redis://host:port)".to_owned());
            String::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redis_urls_default_to_loopback_and_other_schemes_are_refused() {
        let mut problems = Vec::new();
        assert_eq!(redis_url(None, &mut problems), "redis://127.0.0.1:6379");
        assert_eq!(redis_url(Some(" redis://r:6379 ".into()), &mut problems), "redis://r:6379");
        assert!(problems.is_empty());
        redis_url(Some("http://secret@r".into()), &mut problems);
        assert_eq!(problems, ["REDIS_URL (expected redis://host:port)"]);
    }
}
