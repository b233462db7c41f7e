//! PostgreSQL for every Meguri service: one schema per service, reached through one role that can
//! touch only that schema (DESIGN "Who owns what").
//!
//! ```ignore
//! const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");
//!
//! let db = meguri_db::DbConfig::from_env("identity")?;
//! meguri_db::run_migrations(&db, MIGRATIONS).await?;   // before reporting SERVING
//! let pool = meguri_db::connect(&db).await?;
//! // readiness: meguri_db::ping(&pool); metrics: meguri_db::record_pool_metrics(&pool, "identity")
//! ```
//!
//! What holds:
//! - every pooled connection and the migration connection run `SET search_path TO "<schema>"`
//!   first, so unqualified names (diesel's generated `schema.rs`, `__diesel_schema_migrations`)
//!   resolve in the service's schema and nowhere else;
//! - schema and role names are checked against `^[a-z_][a-z0-9_]{0,62}$` before any SQL runs, and
//!   only checked names are put into SQL text;
//! - [`provision`] (run with an admin URL, by `make dev`, a deploy job or the test kit) makes the
//!   role the owner of its schema and takes `CREATE` on `public` away from it.
//!
//! With the `testkit` feature, `TestDb` gives each test a fresh migrated `test_<uuid>` schema and
//! role, dropped on `Drop`.

mod command;
mod config;
mod error;
mod sql;
#[cfg(feature = "testkit")]
mod testkit;

use std::time::Duration;

use deadpool::Runtime;
use diesel::sql_types::{Bool, Text};
use diesel::{ConnectionError, ConnectionResult};
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::pooled_connection::{AsyncDieselConnectionManager, ManagerConfig};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _, SimpleAsyncConnection as _};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness as _};
use secrecy::{ExposeSecret as _, SecretString};

pub use command::{Command, CommandError};
pub use config::{DEFAULT_POOL_SIZE, DbConfig};
pub use error::{BoxError, DbError, is_unavailable};
pub use sql::validate_name;
#[cfg(feature = "testkit")]
pub use testkit::TestDb;

/// The connection pool of a service: diesel-async's deadpool over [`AsyncPgConnection`].
pub type Pool = diesel_async::pooled_connection::deadpool::Pool<AsyncPgConnection>;

/// How long [`Pool::get`] waits for a free connection, and how long opening one may take, before
/// failing: a stuck database must turn readiness red, not hang requests.
pub const POOL_TIMEOUT: Duration = Duration::from_secs(5);

/// Opens one connection and pins it to `schema`.
async fn establish(url: &str, schema: &str) -> ConnectionResult<AsyncPgConnection> {
    let mut conn = AsyncPgConnection::establish(url).await?;
    conn.batch_execute(&format!("SET search_path TO {}", sql::ident(schema)))
        .await
        .map_err(ConnectionError::CouldntSetupConfiguration)?;
    Ok(conn)
}

/// The pool of `config.schema`: every connection it opens first runs `SET search_path TO
/// "<schema>"`. One connection is taken before returning, so a wrong URL or a database that does
/// not answer fails here, at start-up.
///
/// # Errors
/// [`DbError::InvalidName`] for a bad schema name (before connecting); [`DbError::Connect`] when no
/// connection can be opened.
#[tracing::instrument(skip_all, fields(schema = %config.schema))]
pub async fn connect(config: &DbConfig) -> Result<Pool, DbError> {
    sql::validate_name("schema", &config.schema)?;
    let schema = config.schema.clone();
    let mut manager_config = ManagerConfig::<AsyncPgConnection>::default();
    manager_config.custom_setup = Box::new(move |url| {
        let url = url.to_owned();
        let schema = schema.clone();
        Box::pin(async move { establish(&url, &schema).await })
    });
    let manager = AsyncDieselConnectionManager::new_with_config(config.url.expose_secret(), manager_config);
    let pool = Pool::builder(manager)
        .max_size(config.max_connections)
        .runtime(Runtime::Tokio1)
        .wait_timeout(Some(POOL_TIMEOUT))
        .create_timeout(Some(POOL_TIMEOUT))
        .recycle_timeout(Some(POOL_TIMEOUT))
        .build()
        .map_err(|e| DbError::connect("build the connection pool", e))?;
    drop(pool.get().await.map_err(|e| DbError::connect("open the first pooled connection", e))?);
    Ok(pool)
}

/// Readiness: takes a connection from the pool and runs `SELECT 1`.
///
/// # Errors
/// [`DbError::Connect`] when the pool gives no connection within [`POOL_TIMEOUT`];
/// [`DbError::Query`] when the query fails.
pub async fn ping(pool: &Pool) -> Result<(), DbError> {
    let mut conn = pool.get().await.map_err(|e| DbError::connect("ping: get a pooled connection", e))?;
    conn.batch_execute("SELECT 1").await.map_err(DbError::query("ping: SELECT 1"))
}

/// Sets the pool gauges of `schema`: `meguri_db_pool_size` (connections open),
/// `meguri_db_pool_available` (open and idle), `meguri_db_pool_in_use` (open and lent out),
/// `meguri_db_pool_max` (the most it may open) and `meguri_db_pool_waiting` (callers waiting for a
/// connection: the pool is saturated). Call it before each scrape or on a timer.
#[allow(clippy::cast_precision_loss)] // a pool never holds 2^52 connections
pub fn record_pool_metrics(pool: &Pool, schema: &str) {
    let status = pool.status();
    let in_use = status.size.saturating_sub(status.available);
    metrics::gauge!("meguri_db_pool_size", "schema" => schema.to_owned()).set(status.size as f64);
    metrics::gauge!("meguri_db_pool_available", "schema" => schema.to_owned()).set(status.available as f64);
    metrics::gauge!("meguri_db_pool_in_use", "schema" => schema.to_owned()).set(in_use as f64);
    metrics::gauge!("meguri_db_pool_max", "schema" => schema.to_owned()).set(status.max_size as f64);
    metrics::gauge!("meguri_db_pool_waiting", "schema" => schema.to_owned()).set(status.waiting as f64);
}

/// Records the pool gauges of `schema` every 15 s until `stop` turns true: a service's background
/// task (`meguri_server::ApplicationBuilder::task`).
pub async fn report_pool_metrics(pool: Pool, schema: &'static str, mut stop: tokio::sync::watch::Receiver<bool>) {
    metrics::describe_gauge!("meguri_db_pool_size", "Database connections open in the pool, by schema");
    metrics::describe_gauge!("meguri_db_pool_available", "Open database connections idle in the pool, by schema");
    metrics::describe_gauge!("meguri_db_pool_in_use", "Database connections lent out, by schema");
    metrics::describe_gauge!("meguri_db_pool_max", "The most database connections the pool may open, by schema");
    metrics::describe_gauge!(
        "meguri_db_pool_waiting",
        "Callers waiting for a database connection (the pool is saturated), by schema"
    );
    loop {
        record_pool_metrics(&pool, schema);
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(15)) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}

/// Runs the pending `migrations` in `config.schema` and returns the versions applied (empty when
/// the schema was up to date).
///
/// One connection, outside the pool: its `search_path` is the schema, so both the tables and
/// diesel's `__diesel_schema_migrations` land there. It holds a session advisory lock keyed by the
/// schema name while migrating, so replicas starting together migrate one after another. diesel's
/// harness is synchronous: it runs on a blocking thread through [`AsyncConnectionWrapper`].
///
/// # Errors
/// [`DbError::InvalidName`] (before connecting); [`DbError::Connect`]; [`DbError::Query`] when the
/// existence check or the lock fails; [`DbError::Migration`] when the schema does not exist (run
/// [`provision`] first) or a migration fails (that migration's transaction is rolled back).
#[tracing::instrument(skip_all, fields(schema = %config.schema))]
pub async fn run_migrations(config: &DbConfig, migrations: EmbeddedMigrations) -> Result<Vec<String>, DbError> {
    sql::validate_name("schema", &config.schema)?;
    let schema = config.schema.clone();
    let mut conn = establish(config.url.expose_secret(), &schema)
        .await
        .map_err(|e| DbError::connect("open the migration connection", e))?;

    let exists: bool = diesel::select(
        diesel::dsl::sql::<Bool>("EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ")
            .bind::<Text, _>(&schema)
            .sql(")"),
    )
    .get_result(&mut conn)
    .await
    .map_err(DbError::query("check that the schema exists"))?;
    if !exists {
        return Err(DbError::migration(
            format!("schema {schema:?}"),
            "the schema does not exist; provision it first (make dev does)",
        ));
    }
    diesel::sql_query("SELECT pg_advisory_lock(hashtext('meguri-db.migrate.' || $1))")
        .bind::<Text, _>(&schema)
        .execute(&mut conn)
        .await
        .map_err(DbError::query("take the migration lock"))?;

    let applied = tokio::task::spawn_blocking(move || {
        let mut conn = AsyncConnectionWrapper::<AsyncPgConnection>::from(conn);
        conn.run_pending_migrations(migrations)
            .map(|versions| versions.iter().map(ToString::to_string).collect::<Vec<_>>())
    })
    .await
    .map_err(|e| DbError::migration("join the migration thread", e))?
    .map_err(|e| DbError::migration(format!("run the migrations of schema {:?}", config.schema), e))?;
    // The lock ends with the connection, which the blocking task has dropped.
    tracing::info!(name: "db.migrations.applied", applied = ?applied, "migrations up to date");
    Ok(applied)
}

/// Makes `role` a LOGIN role with `password`, owning `schema`, with `search_path = <schema>`, and
/// unable to create anything in `public`. Idempotent: an existing role gets the new password, an
/// existing schema gets `role` as owner, so it can be re-run on every deploy.
///
/// `admin_url` must connect as a role allowed to create roles and to change schema `public`
/// (a superuser, or the database owner with `CREATEROLE`). All statements run in one transaction,
/// under a transaction advisory lock, so concurrent provisioning (parallel tests) does not collide
/// on the shared `public` ACL.
///
/// The password travels as a quoted literal inside `CREATE/ALTER ROLE`; PostgreSQL hashes it
/// (SCRAM by default). Like any `PASSWORD` clause it can appear in the server's log if statement
/// logging is on.
///
/// # Errors
/// [`DbError::InvalidName`] for `schema` or `role` (before connecting); [`DbError::Connect`];
/// [`DbError::Query`] naming the step that failed (never with the password).
#[tracing::instrument(skip_all, fields(schema = %schema, role = %role))]
pub async fn provision(
    admin_url: &SecretString,
    schema: &str,
    role: &str,
    password: &SecretString,
) -> Result<(), DbError> {
    sql::validate_name("schema", schema)?;
    sql::validate_name("role", role)?;
    let (s, r) = (sql::ident(schema), sql::ident(role));
    let mut conn = AsyncPgConnection::establish(admin_url.expose_secret())
        .await
        .map_err(|e| DbError::connect("open the admin connection", e))?;

    // Dropping `conn` on an error ends the session and so rolls the transaction back.
    conn.batch_execute("BEGIN; SELECT pg_advisory_xact_lock(hashtext('meguri-db.provision'))")
        .await
        .map_err(DbError::query("begin provisioning"))?;
    let role_exists: bool = diesel::select(
        diesel::dsl::sql::<Bool>("EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ").bind::<Text, _>(role).sql(")"),
    )
    .get_result(&mut conn)
    .await
    .map_err(DbError::query("look the role up"))?;
    let password = sql::literal(password.expose_secret());
    let (verb, step) = if role_exists { ("ALTER", "update the role") } else { ("CREATE", "create the role") };
    conn.batch_execute(&format!("{verb} ROLE {r} WITH LOGIN PASSWORD {password}"))
        .await
        .map_err(DbError::query(step))?;
    let steps = [
        ("create the schema", format!("CREATE SCHEMA IF NOT EXISTS {s} AUTHORIZATION {r}")),
        ("give the schema to the role", format!("ALTER SCHEMA {s} OWNER TO {r}")),
        ("set the role's search_path", format!("ALTER ROLE {r} SET search_path = {s}")),
        ("revoke CREATE on public from PUBLIC", "REVOKE CREATE ON SCHEMA public FROM PUBLIC".to_owned()),
        ("revoke CREATE on public from the role", format!("REVOKE CREATE ON SCHEMA public FROM {r}")),
        ("commit provisioning", "COMMIT".to_owned()),
    ];
    for (step, statement) in steps {
        conn.batch_execute(&statement).await.map_err(DbError::query(step))?;
    }
    tracing::info!(name: "db.provisioned", "schema and role provisioned");
    Ok(())
}
