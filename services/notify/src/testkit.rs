//! Starts a real notify service for tests (feature `testkit`): a fresh migrated schema (or one
//! given, so two notify processes share it, or a stopped one is started again on it), a clock the
//! test moves, events under the given Redis key prefix, the identity the test chose (a fake in
//! this crate's tests, the real one in the fleet tests), and mail to a directory or an SMTP URL.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use meguri_server::{ServerConfig, ShutdownHandle, Store};
pub use meguri_testkit::{ManualClock, TestDb, admin_url, redis_url};
use secrecy::SecretString;
use tokio::task::JoinHandle;

use crate::config::{Config, MailConfig, PeerConfig, SchedulerConfig};
use crate::domain::RetryPolicy;
use crate::startup::MIGRATIONS;

/// Where mail goes.
#[derive(Clone, Debug)]
pub enum MailTo {
    /// The development transport: one `.eml` file per message in this directory.
    Dir(PathBuf),
    /// An SMTP server (`smtp://127.0.0.1:PORT`).
    Smtp(String),
}

/// What a test sets.
#[derive(Clone, Debug)]
pub struct TestOptions {
    /// The internal-token secret shared with the caller and identity (and the unsubscribe key).
    pub jwt_secret: String,
    /// The Redis key prefix of the event streams (the same as identity's and social's).
    pub redis_prefix: String,
    pub identity_addr: String,
    /// Shared by every process started with these options; the test moves it.
    pub clock: Arc<ManualClock>,
    pub mail: MailTo,
    /// `APP_BASE_URL`.
    pub app_base_url: String,
    /// Retries of failed mail and of deliveries without an address (by the clock).
    pub retry: RetryPolicy,
    /// When a mail request identity could not answer is tried again (real time: the consumer's).
    pub request_retry: Duration,
    /// How often the scheduler looks (real time; what it finds due depends on the clock).
    pub scheduler_poll: Duration,
    /// How long a claimed delivery stays invisible to other schedulers (by the clock).
    pub scheduler_lease: Duration,
}

impl TestOptions {
    /// A clock standing at the real current time, retries 50 ms apart (by the clock) up to six
    /// attempts, requests retried after 500 ms, the scheduler looking every 50 ms with a 2-minute
    /// lease, links to `https://meguri.example`.
    #[must_use]
    pub fn new(jwt_secret: &str, redis_prefix: &str, identity_addr: &str, mail: MailTo) -> Self {
        Self {
            jwt_secret: jwt_secret.to_owned(),
            redis_prefix: redis_prefix.to_owned(),
            identity_addr: identity_addr.to_owned(),
            clock: Arc::new(ManualClock::new()),
            mail,
            app_base_url: "https://meguri.example".to_owned(),
            retry: RetryPolicy { delays: vec![Duration::from_millis(50)], max_attempts: 6 },
            request_retry: Duration::from_millis(500),
            scheduler_poll: Duration::from_millis(50),
            scheduler_lease: SchedulerConfig::default().lease,
        }
    }

    fn config(&self, db: &TestDb) -> Config {
        let secret = SecretString::from(self.jwt_secret.clone());
        let (dir, smtp_url) = match &self.mail {
            MailTo::Dir(dir) => (dir.clone(), None),
            MailTo::Smtp(url) => (std::env::temp_dir(), Some(SecretString::from(url.clone()))),
        };
        let mut mail = MailConfig::dev(dir);
        mail.smtp_url = smtp_url;
        mail.retry = self.retry.clone();
        mail.app_base_url.clone_from(&self.app_base_url);
        mail.request_retry = self.request_retry;
        Config {
            server: ServerConfig::for_tests(secret),
            store: Store::new(db.config.clone(), redis_url(), self.redis_prefix.clone()),
            mail,
            identity: PeerConfig { identity_addr: self.identity_addr.clone(), timeout: Duration::from_secs(2) },
            scheduler: SchedulerConfig { poll: self.scheduler_poll, lease: self.scheduler_lease },
        }
    }
}

/// A running notify service; stopped on drop.
pub struct TestNotify {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub clock: Arc<ManualClock>,
    /// Its schema (shared with every process started on it).
    pub db: Arc<TestDb>,
    pub options: TestOptions,
    shutdown: ShutdownHandle,
    server: Option<JoinHandle<anyhow::Result<()>>>,
}

impl Drop for TestNotify {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

impl TestNotify {
    /// `http://127.0.0.1:<grpc port>`
    #[must_use]
    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.grpc_port)
    }

    /// Stops the service (as SIGTERM would) and waits until it has: its tasks are gone, a
    /// delivery in progress is dropped (as if the process died).
    ///
    /// # Panics
    /// When the server did not stop cleanly.
    #[allow(clippy::expect_used)]
    pub async fn stop(&mut self) {
        self.shutdown.shutdown();
        if let Some(server) = self.server.take() {
            server.await.expect("the server task").expect("a clean stop");
        }
    }

    /// Another process on the same schema, with the same options (clock, prefix, identity, mail).
    pub async fn start_again(&self) -> Self {
        spawn_on(Arc::clone(&self.db), self.options.clone()).await
    }
}

/// Starts notify on a fresh schema. Needs a multi-thread runtime (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(options: TestOptions) -> TestNotify {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    spawn_on(Arc::new(db), options).await
}

/// Starts notify on `db`, a schema another notify of the test uses (or used), running start-up
/// exactly as [`spawn`] does.
///
/// # Panics
/// When the service cannot be set up.
#[allow(clippy::expect_used)]
pub async fn spawn_on(db: Arc<TestDb>, options: TestOptions) -> TestNotify {
    // lettre's SMTP transport needs a rustls provider; nextest runs each test in its own process.
    meguri_testkit::install_crypto_provider();
    let config = options.config(&db);
    let clock = Arc::clone(&options.clock);
    let app = crate::startup::build_with_clock(config, clock.clone()).await.expect("notify starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    let server = Some(tokio::spawn(app.run_until_stopped()));
    TestNotify { grpc_port, admin_port, clock, db, options, shutdown, server }
}
