//! Starts a real billing service for tests (feature `testkit`): a fresh migrated schema (or one a
//! previous process used: stop and start again on the same data), events under the given Redis key
//! prefix, and payments through the development checkout or a Stripe API the test serves (a fake
//! Stripe on loopback, `STRIPE_API_BASE`). Used by this crate's tests and the fleet tests.

pub mod fake_stripe;

use std::sync::Arc;

use meguri_clock::{Clock, SystemClock};
use meguri_server::{ServerConfig, ShutdownHandle, Store};
pub use meguri_testkit::{ManualClock, TestDb, admin_url, redis_url};
use secrecy::SecretString;
use tokio::task::JoinHandle;

use crate::config::{Config, DEFAULT_DEV_WEBHOOK_SECRET, PaymentsConfig};
use crate::startup::MIGRATIONS;

/// The Stripe secret key billing sends to a test's fake Stripe.
pub const TEST_STRIPE_SECRET_KEY: &str = "sk_test_meguri";

/// How the tested billing takes payments.
#[derive(Clone, Debug)]
pub enum TestPayments {
    /// No Stripe: the development checkout, signed with the default development secret.
    Development,
    /// Stripe at `api_base` (the test's fake server), webhooks signed with `webhook_secret`.
    Stripe { api_base: String, webhook_secret: String },
}

/// What a test sets.
#[derive(Clone, Debug)]
pub struct TestOptions {
    /// The internal-token secret shared with the callers (the gateway, chat).
    pub jwt_secret: String,
    /// The Redis key prefix of the event streams (the same as identity's and notify's).
    pub redis_prefix: String,
    pub payments: TestPayments,
    /// `APP_BASE_URL` (the development checkout's page); `None` uses the success URL's origin.
    pub app_base_url: Option<String>,
    /// The clock billing dates its changes by; `None`: the system clock.
    pub clock: Option<Arc<ManualClock>>,
}

impl TestOptions {
    /// The development checkout, no `APP_BASE_URL`.
    #[must_use]
    pub fn new(jwt_secret: &str, redis_prefix: &str) -> Self {
        Self {
            jwt_secret: jwt_secret.to_owned(),
            redis_prefix: redis_prefix.to_owned(),
            payments: TestPayments::Development,
            app_base_url: None,
            clock: None,
        }
    }

    /// Stripe at `api_base`, webhooks signed with `webhook_secret`.
    #[must_use]
    pub fn with_stripe(mut self, api_base: &str, webhook_secret: &str) -> Self {
        self.payments =
            TestPayments::Stripe { api_base: api_base.to_owned(), webhook_secret: webhook_secret.to_owned() };
        self
    }

    /// The secret a webhook for this billing must be signed with.
    #[must_use]
    pub fn webhook_secret(&self) -> &str {
        match &self.payments {
            TestPayments::Development => DEFAULT_DEV_WEBHOOK_SECRET,
            TestPayments::Stripe { webhook_secret, .. } => webhook_secret,
        }
    }

    fn config(&self, db: &TestDb) -> Config {
        let payments = match &self.payments {
            TestPayments::Development => {
                PaymentsConfig::Development { webhook_secret: SecretString::from(DEFAULT_DEV_WEBHOOK_SECRET) }
            }
            TestPayments::Stripe { api_base, webhook_secret } => PaymentsConfig::Stripe {
                secret_key: SecretString::from(TEST_STRIPE_SECRET_KEY),
                webhook_secret: SecretString::from(webhook_secret.clone()),
                api_base: api_base.clone(),
            },
        };
        Config {
            server: ServerConfig::for_tests(SecretString::from(self.jwt_secret.clone())),
            store: Store::new(db.config.clone(), redis_url(), self.redis_prefix.clone()),
            payments,
            app_base_url: self.app_base_url.clone(),
        }
    }
}

/// A running billing service. Dropping it stops the service; the schema is dropped with the last
/// holder of [`TestBilling::db`].
pub struct TestBilling {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub db: Arc<TestDb>,
    pub options: TestOptions,
    shutdown: ShutdownHandle,
    server: Option<JoinHandle<anyhow::Result<()>>>,
}

impl Drop for TestBilling {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

impl TestBilling {
    /// `http://127.0.0.1:<grpc port>`
    #[must_use]
    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.grpc_port)
    }

    /// Stops the service (as SIGTERM would) and waits until it has.
    ///
    /// # Panics
    /// When the service did not stop cleanly.
    #[allow(clippy::expect_used)]
    pub async fn stop(&mut self) {
        self.shutdown.shutdown();
        if let Some(server) = self.server.take() {
            server.await.expect("the server task").expect("a clean stop");
        }
    }

    /// Retires pack `id` (as an operator would: `active = false`, `retired_at = now()`).
    ///
    /// # Panics
    /// When the database refuses.
    #[allow(clippy::expect_used)]
    pub async fn retire_pack(&self, id: i32) {
        use diesel::{ExpressionMethods as _, QueryDsl as _};
        use diesel_async::RunQueryDsl as _;

        use crate::db::schema::credit_packs;
        let mut conn = self.db.pool.get().await.expect("a connection");
        diesel::update(credit_packs::table.find(id))
            .set((credit_packs::active.eq(false), credit_packs::retired_at.eq(diesel::dsl::now)))
            .execute(&mut conn)
            .await
            .expect("pack retired");
    }

    /// Outbox rows not yet relayed to Redis (0 once every event is published).
    ///
    /// # Panics
    /// When the database refuses.
    #[allow(clippy::expect_used)]
    pub async fn unrelayed_events(&self) -> i64 {
        use diesel::QueryDsl as _;
        use diesel_async::RunQueryDsl as _;

        use crate::db::schema::outbox;
        let mut conn = self.db.pool.get().await.expect("a connection");
        outbox::table.count().get_result(&mut conn).await.expect("count the outbox")
    }

    /// Another process of billing on the same schema, Redis prefix and payments (on new ports):
    /// what a restart after a crash or a deploy looks like.
    pub async fn start_again(&self) -> Self {
        spawn_on(Arc::clone(&self.db), self.options.clone()).await
    }
}

/// Starts billing with `options` on a fresh schema. Needs a multi-thread runtime (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(options: TestOptions) -> TestBilling {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    spawn_on(Arc::new(db), options).await
}

/// Starts billing with `options` on `db`, a schema another billing process used (or a test
/// prepared).
///
/// # Panics
/// When the service cannot be set up.
#[allow(clippy::expect_used)]
pub async fn spawn_on(db: Arc<TestDb>, options: TestOptions) -> TestBilling {
    meguri_testkit::install_crypto_provider();
    let clock: Arc<dyn Clock> = match &options.clock {
        Some(manual) => Arc::clone(manual) as Arc<dyn Clock>,
        None => Arc::new(SystemClock),
    };
    let app = crate::startup::build(options.config(&db), clock).await.expect("billing starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    let server = Some(tokio::spawn(app.run_until_stopped()));
    TestBilling { grpc_port, admin_port, db, options, shutdown, server }
}
