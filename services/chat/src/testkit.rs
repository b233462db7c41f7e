//! Starts a real chat service for tests (feature `testkit`): a fresh migrated schema, a clock the
//! test moves, events under the given Redis key prefix, and the peers' addresses the test chose
//! (fakes in this crate's tests, the real services in the fleet tests).

use std::sync::Arc;
use std::time::Duration;

use meguri_server::{ServerConfig, ShutdownHandle, Store};
pub use meguri_testkit::{ManualClock, TestDb, admin_url, redis_url};
use secrecy::SecretString;

use crate::config::{Config, PeerAddrs, Timings};
use crate::domain::Limits;
use crate::startup::MIGRATIONS;

/// What a test sets.
#[derive(Clone, Debug)]
pub struct TestOptions {
    /// The internal-token secret shared with the caller and the peers.
    pub jwt_secret: String,
    /// The Redis key prefix of the event streams (the same as identity's).
    pub redis_prefix: String,
    pub peers: PeerAddrs,
    pub limits: Limits,
    /// An OpenAI-compatible endpoint (`http://127.0.0.1:PORT/v1`); `None`: the built-in responder.
    pub openai_base_url: Option<String>,
    pub reply_deadline: Duration,
    pub sweep_interval: Duration,
}

impl TestOptions {
    /// Options with the default limits, no LLM, a 10 s reply deadline and a 100 ms sweep.
    #[must_use]
    pub fn new(jwt_secret: &str, redis_prefix: &str, peers: PeerAddrs) -> Self {
        Self {
            jwt_secret: jwt_secret.to_owned(),
            redis_prefix: redis_prefix.to_owned(),
            peers,
            limits: Limits::default(),
            openai_base_url: None,
            reply_deadline: Duration::from_secs(10),
            sweep_interval: Duration::from_millis(100),
        }
    }
}

/// A running chat service.
pub struct TestChat {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub clock: Arc<ManualClock>,
    pub db: TestDb,
    shutdown: ShutdownHandle,
}

impl TestChat {
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

impl Drop for TestChat {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

/// Starts chat with `options`. Needs a multi-thread runtime (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(options: TestOptions) -> TestChat {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    let clock = Arc::new(ManualClock::new());
    let llm = options.openai_base_url.clone().map(|base_url| meguri_llm::LlmConfig {
        base_url,
        api_key: SecretString::from("test-key".to_owned()),
        model: "test-model".to_owned(),
    });
    let config = Config {
        server: ServerConfig::for_tests(SecretString::from(options.jwt_secret.clone())),
        store: Store::new(db.config.clone(), redis_url(), options.redis_prefix.clone()),
        peers: options.peers.clone(),
        limits: options.limits,
        llm,
        timings: Timings {
            reply_deadline: options.reply_deadline,
            sweep_interval: options.sweep_interval,
            peer_timeout: Duration::from_secs(2),
            poll_interval: Duration::from_millis(20),
            ..Timings::default()
        },
    };
    let app = crate::startup::build_with(config, clock.clone(), None).await.expect("chat starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    TestChat { grpc_port, admin_port, clock, db, shutdown }
}
