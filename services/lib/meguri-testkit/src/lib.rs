//! The shared test kit: what every service's tests and the fleet tests need, written once.
//!
//! - [`TestDb`]: a fresh, migrated `test_<uuid>` schema and role per test, dropped on `Drop`
//!   (parallel-safe: every test has its own names), through [`admin_url`].
//! - [`RedisKeys`]: a fresh `test:<uuid>:` key prefix per test; every key under it is deleted on
//!   `Drop`.
//! - [`ManualClock`] (meguri-clock): a clock that stands still until the test moves it; every
//!   service reads time through `meguri_clock::Clock`, which it implements.
//! - Calling a service under test: [`Bearer`] (a fresh internal token on every call) and
//!   [`connect`].
//! - Fleet start-up: [`free_port`] and [`wait_until_serving`]. A service exports its own
//!   `testkit::spawn` (in-process, on free ports, with its own schema); the fleet tests
//!   (`services/fleet-tests`) compose them.
//!
//! - [`install_crypto_provider`] before building a `reqwest` client.
//! - Feature `fakes`: [`fake`], fakes of the peers a service calls (one each, configured by the
//!   test), instead of a copy in every service's tests.
//!
//! A service crate uses it as a dev-dependency, or from its `testkit` feature; it never depends
//! on another service's crate to test (see docs/development.md).

#[cfg(feature = "fakes")]
pub mod fake;
mod fleet;
mod grpc;
mod redis_keys;

pub use fleet::{eventually, free_port, wait_until_serving};
pub use grpc::{Bearer, connect, serve};
pub use meguri_clock::ManualClock;
pub use meguri_db::TestDb;
pub use redis_keys::RedisKeys;
use secrecy::SecretString;

/// The PostgreSQL admin URL of the test machine (`DATABASE_ADMIN_URL`, default the local
/// `postgres` superuser).
#[must_use]
pub fn admin_url() -> SecretString {
    SecretString::from(
        std::env::var("DATABASE_ADMIN_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned()),
    )
}

/// Installs rustls' ring provider for the process, once. In a workspace build reqwest's features
/// are unified with fortune-gen's (async-openai's `rustls-no-provider`), and reqwest then refuses to
/// build a client (even a plain-HTTP one, as the tests use) until a provider is installed.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// The Redis of the test machine (`REDIS_URL`, default local).
#[must_use]
pub fn redis_url() -> String {
    std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}
