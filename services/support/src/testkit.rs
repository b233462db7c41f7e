//! Starts a real support for tests (feature `testkit`): a fresh migrated schema on free ports, a
//! clock the test moves, events under the given Redis key prefix and an attachment directory of its
//! own (removed when the service is dropped). Used by this crate's tests and the fleet tests
//! (services/fleet-tests).

use std::path::PathBuf;
use std::sync::Arc;

use meguri_server::{ServerConfig, ShutdownHandle, Store};
pub use meguri_testkit::{ManualClock, TestDb, admin_url, redis_url};
use secrecy::SecretString;

use crate::config::{Config, DEFAULT_REPLY_LINK_DAYS};
use crate::startup::MIGRATIONS;

/// A running support; stopped (and its attachment directory removed) when dropped.
pub struct TestSupport {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub clock: Arc<ManualClock>,
    pub db: TestDb,
    /// Where its screenshots are kept.
    pub attachment_dir: PathBuf,
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
        let _ = std::fs::remove_dir_all(&self.attachment_dir);
    }
}

/// Starts support with `jwt_secret` (the internal-token secret its callers sign with), its events
/// under `redis_prefix` (the same as identity's and notify's in a fleet). Needs a multi-thread
/// runtime (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(jwt_secret: &str, redis_prefix: &str) -> TestSupport {
    // reqwest (the tests' HTTP client) needs a rustls provider in a workspace build.
    meguri_testkit::install_crypto_provider();
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    let attachment_dir = std::env::temp_dir().join(format!("meguri-support-{}", uuid::Uuid::now_v7().simple()));
    let config = Config {
        server: ServerConfig::for_tests(SecretString::from(jwt_secret.to_owned())),
        store: Store::new(db.config.clone(), redis_url(), redis_prefix.to_owned()),
        attachment_dir: attachment_dir.clone(),
        reply_link_days: DEFAULT_REPLY_LINK_DAYS,
    };
    let clock = Arc::new(ManualClock::new());
    let app = crate::startup::build_with(config, clock.clone()).await.expect("support starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    TestSupport { grpc_port, admin_port, clock, db, attachment_dir, shutdown }
}
