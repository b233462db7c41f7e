//! Builds the service; `main` and the tests share it.

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_events::{Consumer, IDENTITY_STREAM};
use meguri_proto::billing::billing_server::BillingServer;
use meguri_server::Application;

use crate::config::Config;
use crate::grpc::BillingService;

/// The `billing` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Runs the pending migrations, opens the pools, binds the ports and registers the service and
/// the `identity` event consumer. Nothing is served until `run_until_stopped`; health turns
/// SERVING once PostgreSQL and Redis answer.
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL, ports that cannot
/// be bound.
pub async fn build(config: Config) -> anyhow::Result<Application> {
    crate::metrics::describe();
    meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run the billing migrations")?;
    let pool = meguri_db::connect(&config.store.db).await.context("connect to PostgreSQL")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 8)?;

    let ready_db = pool.clone();
    let ready_redis = redis.clone();
    let consumer_pool = pool.clone();
    let metrics_pool = pool.clone();
    let consumer = Consumer::new(redis, &config.store.events, crate::events::GROUP, &[IDENTITY_STREAM]);
    Application::builder(config.server)
        .add_service(BillingServer::new(BillingService::new(pool)))
        .readiness(meguri_events::readiness(ready_db, ready_redis))
        .task("identity-events", consumer.task(consumer_pool, crate::events::handle))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(metrics_pool, crate::config::SCHEMA, stop))
        .build()
        .await
}
