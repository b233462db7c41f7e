//! Starts a real social service for tests (feature `testkit`): a fresh migrated schema, a clock the
//! test moves, events under the given Redis key prefix, and the peers' addresses the test chose
//! (fakes in this crate's tests, the real services in the fleet tests).

use std::sync::Arc;
use std::time::Duration;

use meguri_server::{ServerConfig, ShutdownHandle, Store};
pub use meguri_testkit::{ManualClock, TestDb, admin_url, redis_url};
use secrecy::SecretString;

use crate::config::{Config, Timings};
use crate::domain::Limits;
use crate::startup::MIGRATIONS;

/// What a test sets.
#[derive(Clone, Debug)]
pub struct TestOptions {
    /// The internal-token secret shared with the caller and the peers.
    pub jwt_secret: String,
    /// The Redis key prefix of the event streams (the same as identity's and notify's).
    pub redis_prefix: String,
    pub identity_addr: String,
    pub bazi_engine_addr: String,
    pub limits: Limits,
    /// The first retry of a compatibility whose peer did not answer (short in tests).
    pub compatibility_retry_base: Duration,
    /// How often the worker looks when nothing wakes it.
    pub poll_interval: Duration,
}

impl TestOptions {
    #[must_use]
    pub fn new(jwt_secret: &str, redis_prefix: &str, identity_addr: &str, bazi_engine_addr: &str) -> Self {
        Self {
            jwt_secret: jwt_secret.to_owned(),
            redis_prefix: redis_prefix.to_owned(),
            identity_addr: identity_addr.to_owned(),
            bazi_engine_addr: bazi_engine_addr.to_owned(),
            limits: Limits::default(),
            compatibility_retry_base: Duration::from_millis(200),
            poll_interval: Duration::from_millis(100),
        }
    }
}

/// A running social service.
pub struct TestSocial {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub clock: Arc<ManualClock>,
    pub db: TestDb,
    shutdown: ShutdownHandle,
}

impl TestSocial {
    /// `http://127.0.0.1:<grpc port>`
    #[must_use]
    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.grpc_port)
    }

    /// Stops the service (as SIGTERM would).
    pub fn stop(&self) {
        self.shutdown.shutdown();
    }
}

impl Drop for TestSocial {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

/// Starts social with `options`. Needs a multi-thread runtime (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(options: TestOptions) -> TestSocial {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    let clock = Arc::new(ManualClock::new());
    let config = Config {
        server: ServerConfig::for_tests(SecretString::from(options.jwt_secret.clone())),
        store: Store::new(db.config.clone(), redis_url(), options.redis_prefix.clone()),
        identity_addr: options.identity_addr.clone(),
        bazi_engine_addr: options.bazi_engine_addr.clone(),
        limits: options.limits,
        timings: Timings {
            peer_timeout: Duration::from_secs(2),
            compatibility_retry_base: options.compatibility_retry_base,
            poll_interval: options.poll_interval,
            ..Timings::default()
        },
    };
    let app = crate::startup::build(config, clock.clone()).await.expect("social starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    TestSocial { grpc_port, admin_port, clock, db, shutdown }
}
