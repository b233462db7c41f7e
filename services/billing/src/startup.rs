//! Builds the service; `main` and the tests share it.

use std::time::Duration;

use anyhow::Context as _;
use deadpool_redis::redis;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_events::{Consumer, contracts};
use meguri_proto::billing::billing_server::BillingServer;
use meguri_server::Application;

use crate::config::Config;
use crate::grpc::BillingService;

/// The `billing` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// How often the pool gauges are refreshed.
const POOL_METRICS_EVERY: Duration = Duration::from_secs(15);

/// Runs the pending migrations, opens the pools, binds the ports and registers the service and
/// the `identity` event consumer. Nothing is served until `run_until_stopped`; health turns
/// SERVING once PostgreSQL and Redis answer.
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL, ports that cannot
/// be bound.
pub async fn build(config: Config) -> anyhow::Result<Application> {
    crate::metrics::describe();
    meguri_db::run_migrations(&config.db, MIGRATIONS).await.context("run the billing migrations")?;
    let pool = meguri_db::connect(&config.db).await.context("connect to PostgreSQL")?;
    let redis = redis_pool(&config.redis_url)?;

    let ready_db = pool.clone();
    let ready_redis = redis.clone();
    let consumer_pool = pool.clone();
    let metrics_pool = pool.clone();
    let consumer = Consumer::new(redis, &config.events, crate::events::GROUP, &[contracts::IDENTITY_STREAM]);
    Application::builder(config.server)
        .add_service(BillingServer::new(BillingService::new(pool)))
        .readiness(move || {
            let (db, redis) = (ready_db.clone(), ready_redis.clone());
            async move {
                meguri_db::ping(&db).await.context("PostgreSQL")?;
                ping_redis(&redis).await
            }
        })
        .task("identity-events", move |stop| {
            consumer.run(
                move |envelope| {
                    let pool = consumer_pool.clone();
                    async move { crate::events::handle(&pool, envelope).await }
                },
                stop,
            )
        })
        .task("pool-metrics", move |mut stop| async move {
            loop {
                meguri_db::record_pool_metrics(&metrics_pool, crate::config::SCHEMA);
                tokio::select! {
                    () = tokio::time::sleep(POOL_METRICS_EVERY) => {}
                    _ = stop.wait_for(|s| *s) => return,
                }
            }
        })
        .build()
        .await
}

/// A Redis pool that connects lazily. Its response timeout is longer than the consumer's blocking
/// read (2 s), which holds a connection while it waits.
///
/// # Errors
/// The URL is invalid.
pub fn redis_pool(url: &str) -> anyhow::Result<deadpool_redis::Pool> {
    let connection = redis::AsyncConnectionConfig::new()
        .set_connection_timeout(Some(Duration::from_secs(1)))
        .set_response_timeout(Some(Duration::from_secs(10)));
    let manager = deadpool_redis::Manager::new_with_config(url, connection).context("REDIS_URL")?;
    deadpool_redis::Pool::builder(manager)
        .max_size(8)
        .wait_timeout(Some(Duration::from_secs(2)))
        .create_timeout(Some(Duration::from_secs(2)))
        .recycle_timeout(Some(Duration::from_secs(2)))
        .runtime(deadpool_redis::Runtime::Tokio1)
        .build()
        .context("build the Redis pool")
}

async fn ping_redis(pool: &deadpool_redis::Pool) -> anyhow::Result<()> {
    let mut conn = pool.get().await.context("Redis: get a connection")?;
    redis::cmd("PING").query_async::<String>(&mut conn).await.context("Redis: PING")?;
    Ok(())
}
