//! The settings every gRPC service shares, read once from the environment.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use meguri_telemetry::TelemetryConfig;
use secrecy::SecretString;

/// Where and how a service listens.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// `HOST` (default `0.0.0.0`).
    pub host: IpAddr,
    /// `GRPC_PORT`; 0 binds a free port (tests).
    pub grpc_port: u16,
    /// `ADMIN_PORT` (`/healthz`, `/readyz`, `/metrics`); 0 binds a free port (tests).
    pub admin_port: u16,
    /// `INTERNAL_JWT_SECRET`: verifies the gateway's internal tokens.
    pub jwt_secret: SecretString,
    /// `SHUTDOWN_DRAIN_SECONDS` (default 0): how long to keep serving after reporting NOT_SERVING on
    /// SIGTERM, so load balancers and probes see the change before connections are closed.
    pub drain_delay: Duration,
    /// `SHUTDOWN_TIMEOUT_SECONDS` (default 10): how long in-flight calls may take once the server
    /// stops accepting; after that they are cut.
    pub shutdown_timeout: Duration,
}

impl ServerConfig {
    /// Loopback, free ports, no drain delay: for tests.
    #[must_use]
    pub fn for_tests(jwt_secret: SecretString) -> Self {
        Self {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            grpc_port: 0,
            admin_port: 0,
            jwt_secret,
            drain_delay: Duration::ZERO,
            shutdown_timeout: Duration::from_secs(5),
        }
    }

    /// Reads `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_DRAIN_SECONDS` and
    /// `SHUTDOWN_TIMEOUT_SECONDS` from `env`, with the service's own default ports. Problems are
    /// added to `env`; `None` when there is one.
    fn read(env: &mut Env<'_>, default_grpc_port: u16, default_admin_port: u16) -> Option<Self> {
        let before = env.problems.len();
        let host = env.parse_or("HOST", IpAddr::V4(Ipv4Addr::UNSPECIFIED), "an IP address");
        let grpc_port = env.parse_or("GRPC_PORT", default_grpc_port, "a port number");
        let admin_port = env.parse_or("ADMIN_PORT", default_admin_port, "a port number");
        let drain = env.parse_or("SHUTDOWN_DRAIN_SECONDS", 0_u64, "whole seconds");
        let timeout = env.parse_or("SHUTDOWN_TIMEOUT_SECONDS", 10_u64, "whole seconds");
        // Trimmed as the gateway trims it: a Secret file with a trailing newline must not make every
        // token look forged.
        let jwt_secret = match env.read("INTERNAL_JWT_SECRET") {
            Some(v) if v.len() >= meguri_auth::MIN_SECRET_BYTES => Some(SecretString::from(v)),
            Some(_) => {
                env.problem(format!("INTERNAL_JWT_SECRET (at least {} bytes)", meguri_auth::MIN_SECRET_BYTES));
                None
            }
            None => {
                env.problem("INTERNAL_JWT_SECRET (missing)".to_owned());
                None
            }
        };
        let jwt_secret = jwt_secret.filter(|_| env.problems.len() == before)?;
        Some(Self {
            host,
            grpc_port,
            admin_port,
            jwt_secret,
            drain_delay: Duration::from_secs(drain),
            shutdown_timeout: Duration::from_secs(timeout),
        })
    }
}

/// The variables of one process and every problem found in them so far: what a service's
/// `config.rs` reads its own settings through (STYLE §5), inside [`service_config`].
pub struct Env<'a> {
    lookup: &'a dyn Fn(&str) -> Option<String>,
    problems: Vec<String>,
}

impl<'a> Env<'a> {
    /// Over any source of variables: `|name| std::env::var(name).ok()`, or a map in tests.
    pub fn new(lookup: &'a dyn Fn(&str) -> Option<String>) -> Self {
        Self { lookup, problems: Vec::new() }
    }

    /// The value of `name`, trimmed; `None` when unset or blank.
    #[must_use]
    pub fn read(&self, name: &str) -> Option<String> {
        (self.lookup)(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
    }

    /// The value of `name` exactly as set (`REDIS_KEY_PREFIX` is read untrimmed, as in the gateway).
    #[must_use]
    pub fn raw(&self, name: &str) -> Option<String> {
        (self.lookup)(name)
    }

    /// Records a problem, `NAME (what is wrong)`; never echo a value that may hold a secret.
    pub fn problem(&mut self, text: String) {
        self.problems.push(text);
    }

    /// `name` parsed, or `default` when unset; a value that does not parse is a problem
    /// (`NAME (expected <expected>)`).
    pub fn parse_or<T: std::str::FromStr>(&mut self, name: &str, default: T, expected: &str) -> T {
        match self.read(name) {
            None => default,
            Some(v) => v.parse().unwrap_or_else(|_| {
                self.problem(format!("{name} (expected {expected})"));
                default
            }),
        }
    }

    /// A positive whole number (`ARGON2_ITERATIONS`), `default` when unset.
    pub fn number<T: std::str::FromStr + PartialOrd + Default>(&mut self, name: &str, default: T) -> T {
        match self.read(name).map(|v| v.parse::<T>()) {
            None => default,
            Some(Ok(n)) if n > T::default() => n,
            Some(_) => {
                self.problem(format!("{name} (expected a positive number)"));
                default
            }
        }
    }

    /// A positive number of milliseconds (`LLM_TIMEOUT_MS`), `default` when unset.
    pub fn millis(&mut self, name: &str, default: Duration) -> Duration {
        match self.read(name).map(|v| v.parse::<u64>()) {
            None => default,
            Some(Ok(ms)) if ms > 0 => Duration::from_millis(ms),
            Some(_) => {
                self.problem(format!("{name} (expected a positive number of milliseconds)"));
                default
            }
        }
    }

    /// A peer's gRPC address (`IDENTITY_ADDR=http://identity:50053`), `default` when unset.
    pub fn addr(&mut self, name: &str, default: &str) -> String {
        match self.read(name) {
            None => default.to_owned(),
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => v,
            Some(_) => {
                self.problem(format!("{name} (expected http://host:port)"));
                String::new()
            }
        }
    }

    /// `REDIS_URL` (default `redis://127.0.0.1:6379`): `redis://…` or `rediss://…`; the value is
    /// never echoed (it may hold a password).
    pub fn redis_url(&mut self) -> String {
        match self.read("REDIS_URL") {
            None => "redis://127.0.0.1:6379".to_owned(),
            Some(url) if url.starts_with("redis://") || url.starts_with("rediss://") => url,
            Some(_) => {
                self.problem("REDIS_URL (expected redis://host:port)".to_owned());
                String::new()
            }
        }
    }

    /// `DATABASE_URL` and `DATABASE_POOL_SIZE` (meguri-db) for the service owning `schema`.
    #[cfg(feature = "db")]
    pub fn db(&mut self, schema: &str) -> Option<meguri_db::DbConfig> {
        meguri_db::DbConfig::from_lookup(schema, self.lookup).map_err(|e| self.problems.extend(e)).ok()
    }

    /// The service's [`Store`]: `DATABASE_URL` and `DATABASE_POOL_SIZE` for `schema`, `REDIS_URL`
    /// and `REDIS_KEY_PREFIX`.
    #[cfg(feature = "db")]
    pub fn store(&mut self, schema: &str) -> Option<Store> {
        let db = self.db(schema);
        let redis_url = self.redis_url();
        // Read without trimming, as the gateway reads it: every process must agree to the byte.
        let prefix = self.raw("REDIS_KEY_PREFIX").unwrap_or_default();
        Some(Store { db: db?, redis_url, events: meguri_events::EventsConfig::new(prefix) })
    }

    /// Every problem recorded so far.
    #[must_use]
    pub fn problems(&self) -> &[String] {
        &self.problems
    }
}

/// What a service that owns data keeps it in: its PostgreSQL schema and its event streams in Redis.
/// Read by [`Env::store`]; tests build it in code.
#[cfg(feature = "db")]
#[derive(Clone, Debug)]
pub struct Store {
    /// `DATABASE_URL`, `DATABASE_POOL_SIZE` (meguri-db), with the service's schema.
    pub db: meguri_db::DbConfig,
    /// `REDIS_URL` (default `redis://127.0.0.1:6379`): the event streams.
    pub redis_url: String,
    /// `REDIS_KEY_PREFIX` (default empty): put before every stream key; equal in every process.
    pub events: meguri_events::EventsConfig,
}

#[cfg(feature = "db")]
impl Store {
    /// A store built in code (tests: a `TestDb`'s config, the test Redis, a fresh key prefix).
    #[must_use]
    pub fn new(db: meguri_db::DbConfig, redis_url: impl Into<String>, prefix: impl Into<String>) -> Self {
        Self { db, redis_url: redis_url.into(), events: meguri_events::EventsConfig::new(prefix) }
    }
}

/// Every configuration problem of a process, listed at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub Vec<String>);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid configuration: {}", self.0.join(", "))
    }
}

impl std::error::Error for ConfigError {}

/// The process environment as a lookup: what `service_main!` and a sub-command pass to a
/// service's `config::from_lookup`. The only place a service reads `std::env`.
#[must_use]
pub fn env_var(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// A lookup over fixed pairs, for the configuration tests of every service
/// (`config::from_lookup(meguri_server::lookup_of(&[("DATABASE_URL", "postgres://…")]))`).
pub fn lookup_of(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> + use<> {
    let map: std::collections::HashMap<String, String> =
        vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    move |name| map.get(name).cloned()
}

/// The one form of every service's configuration (STYLE §5, docs/service-shape.md): the server
/// settings with the service's default ports, the telemetry settings, and the service's own ones,
/// which `own` reads from the [`Env`] (returning `None` only when a problem was recorded). Every
/// problem of all three is listed at once.
///
/// A service's `config.rs` has one `from_lookup(lookup)` calling this: `service_main!` passes it
/// [`env_var`] (the process environment), tests a map ([`lookup_of`]).
///
/// # Errors
/// [`ConfigError`] naming each missing or invalid variable.
pub fn service_config<O>(
    default_grpc_port: u16,
    default_admin_port: u16,
    lookup: impl Fn(&str) -> Option<String>,
    own: impl FnOnce(&mut Env<'_>) -> Option<O>,
) -> Result<(ServerConfig, O, TelemetryConfig), ConfigError> {
    let mut env = Env::new(&lookup);
    let server = ServerConfig::read(&mut env, default_grpc_port, default_admin_port);
    let telemetry = TelemetryConfig::from_lookup(&lookup).map_err(|e| env.problems.extend(e)).ok();
    let own = own(&mut env);
    match (server, own, telemetry) {
        (Some(server), Some(own), Some(telemetry)) if env.problems.is_empty() => Ok((server, own, telemetry)),
        _ if env.problems.is_empty() => Err(ConfigError(vec!["configuration (invalid)".to_owned()])),
        _ => Err(ConfigError(env.problems)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::lookup_of as lookup;

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn defaults_take_the_service_ports_and_loopback_redis() {
        let (server, redis, _) =
            service_config(50056, 9096, lookup(&[("INTERNAL_JWT_SECRET", SECRET)]), |env| Some(env.redis_url()))
                .expect("valid");
        assert_eq!((server.grpc_port, server.admin_port), (50056, 9096));
        assert_eq!(server.shutdown_timeout, Duration::from_secs(10));
        assert_eq!(redis, "redis://127.0.0.1:6379");
    }

    #[test]
    fn every_problem_of_the_server_telemetry_and_own_settings_is_listed_at_once() {
        let vars =
            [("GRPC_PORT", "x"), ("LOG_FORMAT", "xml"), ("REDIS_URL", "http://u:hunter2@r"), ("LLM_TIMEOUT_MS", "0")];
        let problems = service_config(1, 2, lookup(&vars), |env| {
            let redis = env.redis_url();
            let timeout = env.millis("LLM_TIMEOUT_MS", Duration::from_secs(8));
            Some((redis, timeout))
        })
        .expect_err("invalid")
        .0;
        assert_eq!(
            problems,
            [
                "GRPC_PORT (expected a port number)",
                "INTERNAL_JWT_SECRET (missing)",
                "LOG_FORMAT (expected json or text)",
                "REDIS_URL (expected redis://host:port)",
                "LLM_TIMEOUT_MS (expected a positive number of milliseconds)",
            ]
        );
        assert!(!problems.concat().contains("hunter2"));
    }

    #[test]
    fn a_short_secret_and_a_bad_peer_address_are_refused() {
        let vars = [("INTERNAL_JWT_SECRET", "short"), ("IDENTITY_ADDR", "identity:50053"), ("ARGON2_ITERATIONS", "0")];
        let problems = service_config(1, 2, lookup(&vars), |env| {
            let addr = env.addr("IDENTITY_ADDR", "http://127.0.0.1:50053");
            let iterations = env.number("ARGON2_ITERATIONS", 2_u32);
            Some((addr, iterations))
        })
        .expect_err("invalid")
        .0;
        assert_eq!(
            problems,
            [
                format!("INTERNAL_JWT_SECRET (at least {} bytes)", meguri_auth::MIN_SECRET_BYTES),
                "IDENTITY_ADDR (expected http://host:port)".to_owned(),
                "ARGON2_ITERATIONS (expected a positive number)".to_owned(),
            ]
        );
    }
}
