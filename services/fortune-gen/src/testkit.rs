//! Starts a real fortune-gen for tests (feature `testkit`): a fresh migrated schema, a clock the
//! test moves, events under the given Redis key prefix, the given bazi-engine and identity, and
//! optionally an LLM endpoint. Built on the shared `meguri-testkit`; used by the fleet tests
//! (`services/fleet-tests`), which start it next to real identity and bazi-engine services.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use meguri_server::{ServerConfig, ShutdownHandle, Store};
pub use meguri_testkit::{ManualClock, TestDb, admin_url, redis_url};
use secrecy::SecretString;

use crate::config::{Config, LlmConfig, Timings};
use crate::startup::MIGRATIONS;

/// An OpenAI-compatible endpoint for the LLM engine.
#[derive(Clone, Debug)]
pub struct TestLlm {
    /// e.g. `http://127.0.0.1:PORT/v1`
    pub base_url: String,
    pub model: String,
    /// The deadline after which the built-in text is used.
    pub timeout: Duration,
}

/// What to start fortune-gen with.
#[derive(Clone, Debug)]
pub struct TestOptions {
    /// The internal-token secret (the gateway's, identity's and bazi-engine's).
    pub jwt_secret: String,
    /// Events under this Redis key prefix (identity's).
    pub redis_prefix: String,
    /// `http://127.0.0.1:PORT` of a running bazi-engine.
    pub bazi_engine_addr: String,
    /// `http://127.0.0.1:PORT` of a running identity.
    pub identity_addr: String,
    /// `http://127.0.0.1:PORT` of a running social (or a fake one); by default a closed port, so
    /// friend updates answer SOCIAL_UNAVAILABLE.
    pub social_addr: String,
    pub llm: Option<TestLlm>,
    /// The first wait after a transient chart failure, on the test's clock (default 1 s).
    pub chart_retry_base: Duration,
    /// The deadline of each call to bazi-engine and identity (default 5 s).
    pub peer_timeout: Duration,
    /// Where the clock starts (default: now).
    pub start_at: Option<DateTime<Utc>>,
}

impl TestOptions {
    #[must_use]
    pub fn new(jwt_secret: &str, redis_prefix: &str, bazi_engine_addr: &str, identity_addr: &str) -> Self {
        Self {
            jwt_secret: jwt_secret.to_owned(),
            redis_prefix: redis_prefix.to_owned(),
            bazi_engine_addr: bazi_engine_addr.to_owned(),
            identity_addr: identity_addr.to_owned(),
            social_addr: "http://127.0.0.1:1".to_owned(),
            llm: None,
            chart_retry_base: Duration::from_secs(1),
            peer_timeout: Duration::from_secs(5),
            start_at: None,
        }
    }
}

/// A running fortune-gen.
pub struct TestFortune {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub clock: Arc<ManualClock>,
    pub db: Arc<TestDb>,
    pub options: TestOptions,
    shutdown: ShutdownHandle,
    server: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
}

impl TestFortune {
    /// `http://127.0.0.1:PORT` of the gRPC port.
    #[must_use]
    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.grpc_port)
    }

    /// Stops the service and waits until it has.
    ///
    /// # Panics
    /// When the service stopped with an error.
    #[allow(clippy::expect_used)]
    pub async fn stop(&mut self) {
        self.shutdown.shutdown();
        if let Some(server) = self.server.take() {
            server.await.expect("the server task").expect("a clean stop");
        }
    }
}

impl TestFortune {
    /// How many rows of fortune's `table` (`charts`, `daily_readings`, `daily_friend_updates`,
    /// `fortune_ratings`, `yearly_fortune_reports`, `life_fortune_reports`) belong to `user`.
    ///
    /// # Panics
    /// For another table, or when the database refuses.
    #[allow(clippy::expect_used)]
    pub async fn rows_of_user(&self, table: &str, user: meguri_ids::UserId) -> i64 {
        use diesel_async::RunQueryDsl as _;

        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        const TABLES: [&str; 6] = [
            "charts",
            "daily_readings",
            "daily_friend_updates",
            "fortune_ratings",
            "yearly_fortune_reports",
            "life_fortune_reports",
        ];
        assert!(TABLES.contains(&table), "not a table of fortune's that holds users: {table}");
        let mut conn = self.db.pool.get().await.expect("a connection");
        let count: Count = diesel::sql_query(format!("SELECT count(*) AS n FROM {table} WHERE user_id = $1"))
            .bind::<diesel::sql_types::Uuid, _>(user.as_uuid())
            .get_result(&mut conn)
            .await
            .expect("count");
        count.n
    }

    /// Stores `chart` as `user`'s ready chart, as a build that finished leaves it (for tests that
    /// run without identity and bazi-engine).
    ///
    /// # Panics
    /// When the database refuses.
    #[allow(clippy::expect_used)]
    pub async fn store_ready_chart(&self, user: meguri_ids::UserId, chart: &meguri_proto::bazi_engine::Chart) {
        use diesel_async::RunQueryDsl as _;
        use prost::Message as _;

        let now = self.clock.now();
        let mut conn = self.db.pool.get().await.expect("a connection");
        diesel::sql_query(
            "INSERT INTO charts (user_id, status, chart, input_fingerprint, built_at, created_at, updated_at) \
             VALUES ($1, 'ready', $2, 'test', $3, $3, $3) \
             ON CONFLICT (user_id) DO UPDATE SET status = 'ready', chart = $2, built_at = $3, updated_at = $3",
        )
        .bind::<diesel::sql_types::Uuid, _>(user.as_uuid())
        .bind::<diesel::sql_types::Bytea, _>(chart.encode_to_vec())
        .bind::<diesel::sql_types::Timestamptz, _>(now)
        .execute(&mut conn)
        .await
        .expect("insert a chart");
    }

    /// Leaves `user`'s yearly report of `year` generating and leased until `leased_until`, as a
    /// process that took it and stopped leaves it.
    ///
    /// # Panics
    /// When the database refuses.
    #[allow(clippy::expect_used)]
    pub async fn leave_yearly_report_generating(
        &self,
        user: meguri_ids::UserId,
        year: i32,
        leased_until: DateTime<Utc>,
    ) {
        use diesel_async::RunQueryDsl as _;

        let now = self.clock.now();
        let mut conn = self.db.pool.get().await.expect("a connection");
        diesel::sql_query(
            "INSERT INTO yearly_fortune_reports (id, user_id, year, status, next_attempt_at, created_at, updated_at) \
             VALUES ($1, $2, $3, 'generating', $4, $5, $5)",
        )
        .bind::<diesel::sql_types::Uuid, _>(uuid::Uuid::now_v7())
        .bind::<diesel::sql_types::Uuid, _>(user.as_uuid())
        .bind::<diesel::sql_types::Integer, _>(year)
        .bind::<diesel::sql_types::Timestamptz, _>(leased_until)
        .bind::<diesel::sql_types::Timestamptz, _>(now)
        .execute(&mut conn)
        .await
        .expect("insert");
    }
}

impl Drop for TestFortune {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

/// Starts fortune-gen on free ports with a fresh schema. Needs a multi-thread runtime
/// (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(options: TestOptions) -> TestFortune {
    let db = Arc::new(TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema"));
    let clock = Arc::new(options.start_at.map_or_else(ManualClock::new, ManualClock::at));
    spawn_in(options, db, clock).await
}

/// Starts another process of the same fortune-gen (same schema and clock), e.g. after
/// [`TestFortune::stop`].
///
/// # Panics
/// When the service cannot start.
pub async fn restart(previous: &TestFortune) -> TestFortune {
    spawn_in(previous.options.clone(), Arc::clone(&previous.db), Arc::clone(&previous.clock)).await
}

#[allow(clippy::expect_used)]
async fn spawn_in(options: TestOptions, db: Arc<TestDb>, clock: Arc<ManualClock>) -> TestFortune {
    let timings = Timings {
        llm_timeout: options.llm.as_ref().map_or(Duration::from_secs(8), |l| l.timeout),
        chart_retry_base: options.chart_retry_base,
        peer_timeout: options.peer_timeout,
        chart_lease: Duration::from_secs(120),
        report_lease: Duration::from_secs(300),
        poll_interval: Duration::from_millis(50),
    };
    let config = Config {
        server: ServerConfig::for_tests(SecretString::from(options.jwt_secret.clone())),
        store: Store::new(db.config.clone(), redis_url(), options.redis_prefix.clone()),
        bazi_engine_addr: options.bazi_engine_addr.clone(),
        identity_addr: options.identity_addr.clone(),
        social_addr: options.social_addr.clone(),
        llm: options.llm.as_ref().map(|l| LlmConfig {
            base_url: l.base_url.clone(),
            api_key: SecretString::from("test-key"),
            model: l.model.clone(),
        }),
        timings,
    };
    let app = crate::startup::build(config, clock.clone()).await.expect("fortune-gen starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    let server = Some(tokio::spawn(app.run_until_stopped()));
    TestFortune { grpc_port, admin_port, clock, db, options, shutdown, server }
}
