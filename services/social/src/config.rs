//! social's configuration, read once from the environment (docs/configuration.md and
//! docs/services/social.md list it); every problem is listed at once.

use std::time::Duration;

use meguri_server::{ConfigError, Env, ServerConfig, Store};
use meguri_telemetry::TelemetryConfig;

use crate::domain::Limits;

/// The gRPC port of social.
pub const DEFAULT_GRPC_PORT: u16 = 50055;
/// The admin HTTP port of social.
pub const DEFAULT_ADMIN_PORT: u16 = 9095;
/// The PostgreSQL schema social owns.
pub const SCHEMA: &str = "social";

/// How long things may take and how often the background loops look.
#[derive(Clone, Debug)]
pub struct Timings {
    /// `PEER_TIMEOUT_MS` (default 5000): the deadline of each call to identity and bazi-engine.
    pub peer_timeout: Duration,
    /// `COMPATIBILITY_RETRY_BASE_MS` (default 5000): the wait after a compatibility's first
    /// transient failure; it doubles with each further failure, up to an hour.
    pub compatibility_retry_base: Duration,
    /// How long the worker may hold a compatibility before another process takes it over (2 min).
    pub compatibility_lease: Duration,
    /// How often the worker looks for due compatibilities when nothing wakes it (5 s).
    pub poll_interval: Duration,
}

impl Default for Timings {
    fn default() -> Self {
        Self {
            peer_timeout: Duration::from_secs(5),
            compatibility_retry_base: Duration::from_secs(5),
            compatibility_lease: Duration::from_secs(120),
            poll_interval: Duration::from_secs(5),
        }
    }
}

/// Everything social needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server). The
    /// same `INTERNAL_JWT_SECRET` signs the `service` tokens social sends to identity and
    /// bazi-engine.
    pub server: ServerConfig,
    /// Schema `social`; the `REDIS_KEY_PREFIX` equal to identity's.
    pub store: Store,
    /// `IDENTITY_ADDR` (default `http://127.0.0.1:50053`).
    pub identity_addr: String,
    /// `BAZI_ENGINE_ADDR` (default `http://127.0.0.1:50052`).
    pub bazi_engine_addr: String,
    /// `SOCIAL_FRIEND_REQUESTS_PER_DAY` (20), `SOCIAL_MAX_FRIENDS` (300),
    /// `SOCIAL_DIARY_ENTRIES_PER_DAY` (100).
    pub limits: Limits,
    pub timings: Timings,
}

/// Reads the social settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests).
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, (store, own), telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| {
            let store = env.store(SCHEMA);
            let own = own_settings(env);
            Some((store?, own))
        })?;
    let config = Config {
        server,
        store,
        identity_addr: own.identity_addr,
        bazi_engine_addr: own.bazi_engine_addr,
        limits: own.limits,
        timings: own.timings,
    };
    Ok((config, telemetry))
}

/// The variables only social reads.
struct Own {
    identity_addr: String,
    bazi_engine_addr: String,
    limits: Limits,
    timings: Timings,
}

fn own_settings(env: &mut Env<'_>) -> Own {
    let identity_addr = env.addr("IDENTITY_ADDR", "http://127.0.0.1:50053");
    let bazi_engine_addr = env.addr("BAZI_ENGINE_ADDR", "http://127.0.0.1:50052");
    let defaults = Limits::default();
    let limits = Limits {
        requests_per_day: env.number("SOCIAL_FRIEND_REQUESTS_PER_DAY", defaults.requests_per_day),
        max_friends: env.number("SOCIAL_MAX_FRIENDS", defaults.max_friends),
        diary_entries_per_day: env.number("SOCIAL_DIARY_ENTRIES_PER_DAY", defaults.diary_entries_per_day),
    };
    let timing_defaults = Timings::default();
    let timings = Timings {
        peer_timeout: env.millis("PEER_TIMEOUT_MS", timing_defaults.peer_timeout),
        compatibility_retry_base: env.millis("COMPATIBILITY_RETRY_BASE_MS", timing_defaults.compatibility_retry_base),
        ..timing_defaults
    };
    Own { identity_addr, bazi_engine_addr, limits, timings }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(vars: &[(&str, &str)]) -> (Own, Vec<String>) {
        let lookup = meguri_server::lookup_of(vars);
        let mut env = Env::new(&lookup);
        let own = own_settings(&mut env);
        (own, env.problems().to_vec())
    }

    #[test]
    fn defaults_are_the_services_ports_and_the_database_url_is_required() {
        let vars = |name: &str| match name {
            "INTERNAL_JWT_SECRET" => Some("0123456789abcdef0123456789abcdef".to_owned()),
            "DATABASE_URL" => Some("postgres://social:p@db/meguri".to_owned()),
            _ => None,
        };
        let (config, _) = from_lookup(vars).expect("valid");
        assert_eq!((config.server.grpc_port, config.server.admin_port), (50055, 9095));
        assert_eq!(config.store.db.schema, "social");
        assert_eq!(config.limits, Limits { requests_per_day: 20, max_friends: 300, diary_entries_per_day: 100 });
        assert_eq!(config.identity_addr, "http://127.0.0.1:50053");
        assert_eq!(config.bazi_engine_addr, "http://127.0.0.1:50052");

        let problems = from_lookup(|_| None).expect_err("invalid").0;
        assert_eq!(problems, ["INTERNAL_JWT_SECRET (missing)", "DATABASE_URL (missing)"]);
    }

    #[test]
    fn limits_and_timings_are_read_and_every_bad_value_listed() {
        let (o, problems) = own(&[
            ("SOCIAL_FRIEND_REQUESTS_PER_DAY", "5"),
            ("SOCIAL_MAX_FRIENDS", "50"),
            ("SOCIAL_DIARY_ENTRIES_PER_DAY", "7"),
            ("COMPATIBILITY_RETRY_BASE_MS", "250"),
        ]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(o.limits, Limits { requests_per_day: 5, max_friends: 50, diary_entries_per_day: 7 });
        assert_eq!(o.timings.compatibility_retry_base, Duration::from_millis(250));

        let (_, problems) = own(&[
            ("SOCIAL_MAX_FRIENDS", "many"),
            ("SOCIAL_DIARY_ENTRIES_PER_DAY", "-1"),
            ("IDENTITY_ADDR", "identity:50053"),
            ("PEER_TIMEOUT_MS", "0"),
        ]);
        assert_eq!(problems.len(), 4, "{problems:?}");
    }
}
