//! Starts a real {{name}} for tests (feature `testkit`): a fresh migrated schema on free ports. Used
//! by this crate's tests and the fleet tests (services/fleet-tests). A service with peers adds their
//! addresses (fakes from `meguri_testkit::fake` here, the real services in the fleet tests) and a
//! service with a clock a `ManualClock` the test moves (docs/service-shape.md).

use meguri_server::{ServerConfig, ShutdownHandle};
pub use meguri_testkit::{TestDb, admin_url};
use secrecy::SecretString;

use crate::config::Config;
use crate::startup::MIGRATIONS;

/// A running {{name}}; stopped when dropped.
pub struct Test{{Pascal}} {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub db: TestDb,
    shutdown: ShutdownHandle,
}

impl Test{{Pascal}} {
    /// `http://127.0.0.1:<grpc port>`
    #[must_use]
    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.grpc_port)
    }
}

impl Drop for Test{{Pascal}} {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

/// Starts {{name}} with `jwt_secret` (the internal-token secret its callers sign with). Needs a
/// multi-thread runtime (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(jwt_secret: &str) -> Test{{Pascal}} {
    // reqwest (the tests' HTTP client) needs a rustls provider in a workspace build.
    meguri_testkit::install_crypto_provider();
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    let config =
        Config { server: ServerConfig::for_tests(SecretString::from(jwt_secret.to_owned())), db: db.config.clone() };
    let app = crate::startup::build(config).await.expect("{{name}} starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    Test{{Pascal}} { grpc_port, admin_port, db, shutdown }
}
