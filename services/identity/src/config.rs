//! identity's configuration, read once from the environment (docs/configuration.md lists it).

use std::env;

use meguri_db::DbConfig;
use meguri_server::ServerConfig;
use meguri_telemetry::TelemetryConfig;
use secrecy::SecretString;

/// The schema identity owns.
pub const SCHEMA: &str = "identity";

/// argon2id parameters: OWASP's recommended m = 19 MiB, t = 2, p = 1 (about 25 ms per hash on one
/// core of this machine in release).
pub const DEFAULT_ARGON2: Argon2Config = Argon2Config { memory_kib: 19 * 1024, iterations: 2, parallelism: 1 };

#[derive(Clone, Copy, Debug)]
pub struct Argon2Config {
    pub memory_kib: u32,
    pub iterations: u32,
    pub parallelism: u32,
}

#[derive(Clone, Debug)]
pub struct Config {
    pub server: ServerConfig,
    pub db: DbConfig,
    /// `REDIS_URL` (default `redis://127.0.0.1:6379`): the events' streams.
    pub redis_url: String,
    /// `REDIS_KEY_PREFIX` (default empty): before every stream key, as in the gateway.
    pub redis_prefix: String,
    /// `TOKEN_PEPPER` (required, ≥ 32 bytes): the HMAC key of stored codes and link tokens.
    pub token_pepper: SecretString,
    /// `ARGON2_MEMORY_KIB`, `ARGON2_ITERATIONS`, `ARGON2_PARALLELISM`.
    pub argon2: Argon2Config,
}

impl Config {
    /// # Errors
    /// Every missing or invalid variable, each as `NAME (what is wrong)`.
    pub fn from_env() -> Result<(Self, TelemetryConfig), Vec<String>> {
        let mut problems = Vec::new();
        let (server, telemetry) = match meguri_server::from_env(50053, 9093) {
            Ok(v) => (Some(v.0), Some(v.1)),
            Err(e) => {
                problems.extend(e.0);
                (None, None)
            }
        };
        let db = DbConfig::from_env(SCHEMA).map_err(|e| problems.extend(e)).ok();
        let read = |name: &str| env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let redis_url = read("REDIS_URL").unwrap_or_else(|| "redis://127.0.0.1:6379".to_owned());
        let redis_prefix = env::var("REDIS_KEY_PREFIX").unwrap_or_default();
        let token_pepper = match read("TOKEN_PEPPER") {
            Some(v) if v.len() >= 32 => Some(SecretString::from(v)),
            Some(_) => {
                problems.push("TOKEN_PEPPER (at least 32 bytes)".to_owned());
                None
            }
            None => {
                problems.push("TOKEN_PEPPER (missing)".to_owned());
                None
            }
        };
        let mut number = |name: &str, default: u32| match read(name) {
            None => default,
            Some(v) => v.parse().unwrap_or_else(|_| {
                problems.push(format!("{name} (expected a positive number)"));
                default
            }),
        };
        let argon2 = Argon2Config {
            memory_kib: number("ARGON2_MEMORY_KIB", DEFAULT_ARGON2.memory_kib),
            iterations: number("ARGON2_ITERATIONS", DEFAULT_ARGON2.iterations),
            parallelism: number("ARGON2_PARALLELISM", DEFAULT_ARGON2.parallelism),
        };
        match (server, telemetry, db, token_pepper) {
            (Some(server), Some(telemetry), Some(db), Some(token_pepper)) if problems.is_empty() => {
                Ok((Self { server, db, redis_url, redis_prefix, token_pepper, argon2 }, telemetry))
            }
            _ => Err(problems),
        }
    }
}
