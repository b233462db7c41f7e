//! Starts a real identity service for tests (feature `testkit`): a fresh migrated schema, light
//! argon2 parameters, a clock the test moves, and events under the given Redis key prefix. Built on
//! the shared `meguri-testkit`; used by this crate's tests and the fleet tests.

use std::sync::Arc;

use meguri_server::{ServerConfig, ShutdownHandle, Store};
pub use meguri_testkit::{ManualClock, TestDb, admin_url, redis_url};
use secrecy::SecretString;

use crate::config::{Argon2Config, Config};
use crate::startup::MIGRATIONS;
use crate::usecases::accounts::Limits;

/// A running identity service.
pub struct TestIdentity {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub clock: Arc<ManualClock>,
    pub db: TestDb,
    shutdown: ShutdownHandle,
}

impl Drop for TestIdentity {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

impl TestIdentity {
    /// Creates an active admin, as `identity create-admin` does.
    ///
    /// # Panics
    /// When the admin cannot be stored.
    #[allow(clippy::expect_used)]
    pub async fn create_admin(&self, email: &str, password: &str) -> uuid::Uuid {
        let hasher = crate::domain::PasswordHasher::new(256, 1, 1).expect("argon2 parameters");
        crate::usecases::admins::create_admin(&self.db.pool, &hasher, email, password).await.expect("admin created")
    }

    /// How many events wait in identity's outbox (tests wait for it to be relayed).
    ///
    /// # Panics
    /// When the database does not answer.
    #[allow(clippy::expect_used)]
    pub async fn outbox_rows(&self) -> i64 {
        use diesel::QueryDsl as _;
        use diesel_async::RunQueryDsl as _;
        let mut conn = self.db.pool.get().await.expect("a connection");
        meguri_events_outbox::table.count().get_result(&mut conn).await.expect("count the outbox")
    }

    /// Marks an admin inactive (as an operator would in the database).
    ///
    /// # Panics
    /// When the database refuses.
    #[allow(clippy::expect_used)]
    pub async fn deactivate_admin(&self, email: &str) {
        use diesel::{ExpressionMethods as _, QueryDsl as _};
        use diesel_async::RunQueryDsl as _;

        use crate::db::schema::admin_users;
        let mut conn = self.db.pool.get().await.expect("a connection");
        diesel::update(admin_users::table.filter(admin_users::email.eq(email)))
            .set(admin_users::is_active.eq(false))
            .execute(&mut conn)
            .await
            .expect("admin deactivated");
    }

    /// Gives a staff account the role `role` (`admin` or `support`).
    ///
    /// # Panics
    /// When the database refuses (a role the CHECK does not allow).
    #[allow(clippy::expect_used)]
    pub async fn set_staff_role(&self, email: &str, role: &str) {
        use diesel::{ExpressionMethods as _, QueryDsl as _};
        use diesel_async::RunQueryDsl as _;

        use crate::db::schema::admin_users;
        let mut conn = self.db.pool.get().await.expect("a connection");
        diesel::update(admin_users::table.filter(admin_users::email.eq(email)))
            .set(admin_users::role.eq(role))
            .execute(&mut conn)
            .await
            .expect("role set");
    }
}

/// Starts identity with `jwt_secret` (the gateway's internal-token secret) and events under
/// `redis_prefix`. Needs a multi-thread runtime (migrations).
///
/// # Panics
/// When the database or the service cannot be set up (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn spawn(jwt_secret: &str, redis_prefix: &str) -> TestIdentity {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    spawn_on(db, jwt_secret, redis_prefix).await
}

/// Starts identity on `db`, a schema the test prepared (rows stored as an older identity left
/// them, say), running start-up exactly as [`spawn`] does.
///
/// # Panics
/// When the service cannot be set up.
#[allow(clippy::expect_used)]
pub async fn spawn_on(db: TestDb, jwt_secret: &str, redis_prefix: &str) -> TestIdentity {
    let clock = Arc::new(ManualClock::new());
    let config = Config {
        server: ServerConfig::for_tests(SecretString::from(jwt_secret.to_owned())),
        store: Store::new(db.config.clone(), redis_url(), redis_prefix),
        token_pepper: SecretString::from("test-pepper-test-pepper-test-pepper-0123"),
        // Light parameters: a debug test binary would spend seconds per hash with the real ones.
        argon2: Argon2Config { memory_kib: 256, iterations: 1, parallelism: 1 },
    };
    let app = crate::startup::build(config, clock.clone(), Limits::default()).await.expect("identity starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    TestIdentity { grpc_port, admin_port, clock, db, shutdown }
}

diesel::table! {
    /// meguri-events' outbox in identity's schema (for [`TestIdentity::outbox_rows`]).
    #[sql_name = "outbox"]
    meguri_events_outbox (id) {
        id -> Uuid,
    }
}
