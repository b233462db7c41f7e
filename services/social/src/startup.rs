//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_events::{Consumer, IDENTITY_STREAM, Relay};
use meguri_proto::events::NOTIFY_STREAM;
use meguri_proto::social::social_server::SocialServer;
use meguri_server::Application;

use crate::config::{Config, SCHEMA};
use crate::grpc::SocialService;
use crate::peers::Peers;
use crate::usecases::Social;
use meguri_clock::Clock;

/// The `social` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// The use cases over `config` (pools, peers, the outbox relay), without serving: what
/// [`build`] serves, and what the `backfill-members` sub-command runs.
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL or peer address.
pub async fn social(config: &Config, clock: Arc<dyn Clock>) -> anyhow::Result<(Social, deadpool_redis::Pool)> {
    let applied = meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run the social migrations")?;
    tracing::info!(name: "social.migrated", applied = applied.len());
    let db = meguri_db::connect(&config.store.db).await.context("connect to PostgreSQL")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 4)?;
    let peers = Peers::new(
        &config.identity_addr,
        &config.bazi_engine_addr,
        &config.server.jwt_secret,
        config.timings.peer_timeout,
    )?;
    let relay = Relay::new(SCHEMA, db.clone(), redis.clone(), config.store.events.clone());
    Ok((Social::new(db, peers, clock, relay, config.limits, config.timings.clone()), redis))
}

/// Runs the pending migrations, opens the pools, binds the ports and registers the service, the
/// identity and notify event consumers, the outbox relay, the compatibility worker and the first backfill.
/// Health turns SERVING once PostgreSQL and Redis answer; identity and bazi-engine are called
/// lazily (work that finds them down is retried).
///
/// # Errors
/// As [`social`], and ports that cannot be bound.
pub async fn build(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    crate::metrics::describe();
    let (social, redis) = social(&config, clock).await?;
    let consumer = Consumer::new(redis.clone(), &config.store.events, crate::events::GROUP, &[IDENTITY_STREAM]);
    let deliveries = Consumer::new(redis.clone(), &config.store.events, crate::events::GROUP, &[NOTIFY_STREAM]);
    let (ready_db, ready_redis) = (social.db.clone(), redis);
    let (events, letters, worker, backfill, relay, metrics_db) =
        (social.clone(), social.clone(), social.clone(), social.clone(), social.relay.clone(), social.db.clone());
    Application::builder(config.server)
        .add_service(SocialServer::new(SocialService { social }))
        .readiness(meguri_events::readiness(ready_db, ready_redis))
        .task(
            "identity-events",
            consumer.task(events, |social, envelope| async move {
                crate::events::handle_identity_event(&social, envelope).await
            }),
        )
        .task(
            "notify-events",
            deliveries.task(letters, |social, envelope| async move {
                crate::events::handle_notify_event(&social, envelope).await
            }),
        )
        .task("outbox-relay", move |stop| relay.run(stop))
        .task("compatibility-worker", move |stop| worker.run_compatibility_worker(stop))
        .task("member-backfill", move |stop| backfill.run_backfill_if_needed(stop))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(metrics_db, SCHEMA, stop))
        .build()
        .await
}

/// `build` with the system clock (what `main` starts).
///
/// # Errors
/// As [`build`].
pub async fn build_with_system_clock(config: Config) -> anyhow::Result<Application> {
    build(config, Arc::new(meguri_clock::SystemClock)).await
}
