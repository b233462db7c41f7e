//! Starts a real support for tests (feature `testkit`): a fresh migrated schema on free ports and a
//! clock the test moves. Used by this crate's tests and the fleet tests (services/fleet-tests).

use std::sync::Arc;

use meguri_server::{ServerConfig, ShutdownHandle};
pub use meguri_testkit::{ManualClock, TestDb, admin_url};
use secrecy::SecretString;

use crate::config::Config;
use crate::startup::MIGRATIONS;

/// A running support; stopped when dropped.
pub struct TestSupport {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub clock: Arc<ManualClock>,
    pub db: TestDb,
    shutdown: ShutdownHandle,
}

impl TestSupport {
    /// `http://127.0.0.1:<grpc port>`
    #[must_use]
    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.grpc_port)
    }
}

impl Drop for TestSupport {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

/// Starts support with `jwt_secret` (the internal-token secret its callers sign with). Needs a
/// multi-thread runtime (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(jwt_secret: &str) -> TestSupport {
    // reqwest (the tests' HTTP client) needs a rustls provider in a workspace build.
    meguri_testkit::install_crypto_provider();
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    let config =
        Config { server: ServerConfig::for_tests(SecretString::from(jwt_secret.to_owned())), db: db.config.clone() };
    let clock = Arc::new(ManualClock::new());
    let app = crate::startup::build_with(config, clock.clone()).await.expect("support starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    TestSupport { grpc_port, admin_port, clock, db, shutdown }
}
