//! identity's configuration, read once from the environment (docs/configuration.md lists it).

use meguri_server::{ConfigError, ServerConfig, Store};
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
    /// Schema `identity`.
    pub store: Store,
    /// `TOKEN_PEPPER` (required, ≥ 32 bytes): the HMAC key of stored codes and link tokens.
    pub token_pepper: SecretString,
    /// `ARGON2_MEMORY_KIB`, `ARGON2_ITERATIONS`, `ARGON2_PARALLELISM`.
    pub argon2: Argon2Config,
}

/// The gRPC port of identity.
pub const DEFAULT_GRPC_PORT: u16 = 50053;
/// The admin HTTP port of identity.
pub const DEFAULT_ADMIN_PORT: u16 = 9093;

/// Reads the identity settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests).
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, (store, token_pepper, argon2), telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| {
            let store = env.store(SCHEMA);
            let token_pepper = match env.read("TOKEN_PEPPER") {
                Some(v) if v.len() >= 32 => Some(SecretString::from(v)),
                Some(_) => {
                    env.problem("TOKEN_PEPPER (at least 32 bytes)".to_owned());
                    None
                }
                None => {
                    env.problem("TOKEN_PEPPER (missing)".to_owned());
                    None
                }
            };
            let argon2 = Argon2Config {
                memory_kib: env.number("ARGON2_MEMORY_KIB", DEFAULT_ARGON2.memory_kib),
                iterations: env.number("ARGON2_ITERATIONS", DEFAULT_ARGON2.iterations),
                parallelism: env.number("ARGON2_PARALLELISM", DEFAULT_ARGON2.parallelism),
            };
            Some((store?, token_pepper?, argon2))
        })?;
    Ok((Config { server, store, token_pepper, argon2 }, telemetry))
}

/// `ADMIN_PASSWORD`, read only by `identity create-admin` (`cli.rs`), never by the service:
/// `None` when unset or empty (the command then asks on standard input).
#[must_use]
pub fn admin_password(lookup: impl Fn(&str) -> Option<String>) -> Option<SecretString> {
    lookup("ADMIN_PASSWORD").filter(|p| !p.is_empty()).map(SecretString::from)
}

#[cfg(test)]
mod tests {
    use secrecy::ExposeSecret as _;

    use super::*;

    #[test]
    fn the_admin_password_is_a_secret_and_empty_means_ask() {
        let set = admin_password(meguri_server::lookup_of(&[("ADMIN_PASSWORD", "correct horse")]));
        assert_eq!(set.as_ref().map(|p| p.expose_secret().to_owned()).as_deref(), Some("correct horse"));
        assert!(!format!("{set:?}").contains("horse"), "Debug never prints it");
        assert!(admin_password(meguri_server::lookup_of(&[("ADMIN_PASSWORD", "")])).is_none());
        assert!(admin_password(meguri_server::lookup_of(&[])).is_none());
    }

    use meguri_server::lookup_of as lookup;

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn defaults_are_identitys_ports_and_owasps_argon2_parameters() {
        let vars =
            [("INTERNAL_JWT_SECRET", SECRET), ("DATABASE_URL", "postgres://identity:p@db/m"), ("TOKEN_PEPPER", SECRET)];
        let (config, _) = from_lookup(lookup(&vars)).expect("valid");
        assert_eq!((config.server.grpc_port, config.server.admin_port), (50053, 9093));
        assert_eq!(config.store.db.schema, "identity");
        assert_eq!(config.token_pepper.expose_secret(), SECRET);
        assert_eq!(config.argon2.memory_kib, 19 * 1024);
        assert_eq!(config.store.events.prefix, "");
    }

    #[test]
    fn the_pepper_is_required_and_long_and_every_problem_is_listed() {
        let vars = [("INTERNAL_JWT_SECRET", SECRET), ("TOKEN_PEPPER", "short"), ("ARGON2_ITERATIONS", "two")];
        let problems = from_lookup(lookup(&vars)).expect_err("invalid").0;
        assert_eq!(
            problems,
            [
                "DATABASE_URL (missing)",
                "TOKEN_PEPPER (at least 32 bytes)",
                "ARGON2_ITERATIONS (expected a positive number)"
            ]
        );
    }
}
