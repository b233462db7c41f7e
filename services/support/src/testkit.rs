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
    config: Config,
    shutdown: ShutdownHandle,
}

impl TestSupport {
    /// `http://127.0.0.1:<grpc port>`
    #[must_use]
    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.grpc_port)
    }
}

impl TestSupport {
    /// Stops the service (its tasks end: no event is read meanwhile); [`TestSupport::start`]
    /// starts it again on the same schema, streams and clock.
    pub fn stop(&self) {
        self.shutdown.shutdown();
    }

    /// The use cases on this service's schema and clock, as the `rollup` command builds them (the
    /// tests run the nightly job with it).
    ///
    /// # Panics
    /// When they cannot be built.
    #[allow(clippy::expect_used)]
    pub async fn usecases(&self) -> crate::usecases::UseCases {
        crate::startup::usecases(&self.config, self.clock.clone()).await.expect("the use cases").0
    }

    /// Starts the service again after [`TestSupport::stop`] (new ports).
    ///
    /// # Panics
    /// When it cannot start.
    #[allow(clippy::expect_used)]
    pub async fn start(&mut self) {
        let app =
            crate::startup::build_with(self.config.clone(), self.clock.clone()).await.expect("support starts again");
        self.grpc_port = app.grpc_port;
        self.admin_port = app.admin_port;
        self.shutdown = app.shutdown_handle();
        tokio::spawn(app.run_until_stopped());
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
    spawn_with(jwt_secret, redis_prefix, |_| {}).await
}

/// [`spawn`] with `customise` applied to the configuration (a GeoIP database, a retention).
///
/// # Panics
/// As [`spawn`].
#[allow(clippy::expect_used)]
pub async fn spawn_with(jwt_secret: &str, redis_prefix: &str, customise: impl FnOnce(&mut Config)) -> TestSupport {
    // reqwest (the tests' HTTP client) needs a rustls provider in a workspace build.
    meguri_testkit::install_crypto_provider();
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    let attachment_dir = std::env::temp_dir().join(format!("meguri-support-{}", uuid::Uuid::now_v7().simple()));
    let mut config = Config {
        server: ServerConfig::for_tests(SecretString::from(jwt_secret.to_owned())),
        store: Store::new(db.config.clone(), redis_url(), redis_prefix.to_owned()),
        attachment_dir: attachment_dir.clone(),
        reply_link_days: DEFAULT_REPLY_LINK_DAYS,
        geoip_db: None,
        analytics_retention_days: crate::domain::analytics::DEFAULT_RETENTION_DAYS,
    };
    customise(&mut config);
    let clock = Arc::new(ManualClock::new());
    let app = crate::startup::build_with(config.clone(), clock.clone()).await.expect("support starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    TestSupport { grpc_port, admin_port, clock, db, attachment_dir, config, shutdown }
}
