//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_clock::Clock;
use meguri_events::{ANALYTICS_STREAM, Consumer, ConsumerOptions, IDENTITY_STREAM, Relay};
use meguri_proto::meguri::support::v1::support_server::SupportServer;
use meguri_server::Application;

use crate::analytics::geo::Geo;
use crate::attachments::DirStore;
use crate::config::{Config, SCHEMA};
use crate::grpc::SupportService;
use crate::usecases::UseCases;

/// The `support` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// The largest request support reads: three 2 MiB screenshots and a message, with room to spare
/// (a larger one is refused by gRPC before any check runs).
pub const MAX_REQUEST_BYTES: usize = 8 * 1024 * 1024;
/// The largest answer support sends: one clean screenshot (at most `domain::screenshot::MAX_STORED_BYTES`).
pub const MAX_RESPONSE_BYTES: usize = crate::domain::screenshot::MAX_STORED_BYTES + 64 * 1024;

/// The use cases on `config`'s database, attachment store and GeoIP database (the service and the
/// `rollup` command share them), with the Redis pool of the outbox relay.
///
/// # Errors
/// A database that does not answer, an invalid Redis URL, an attachment directory that cannot be
/// created, a GeoIP file that cannot be read.
pub async fn usecases(config: &Config, clock: Arc<dyn Clock>) -> anyhow::Result<(UseCases, deadpool_redis::Pool)> {
    let db = meguri_db::connect(&config.store.db).await.context("connect to PostgreSQL")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 4)?;
    let files = DirStore::open(&config.attachment_dir).context("open the attachment directory")?;
    let geo = match &config.geoip_db {
        Some(path) => Geo::open(path)?,
        None => Geo::none(),
    };
    let relay = Relay::new(SCHEMA, db.clone(), redis.clone(), config.store.events.clone());
    let usecases = UseCases {
        db,
        clock,
        files: Arc::new(files),
        relay,
        reply_link_days: config.reply_link_days,
        geo: Arc::new(geo),
        analytics_retention_days: config.analytics_retention_days,
    };
    Ok((usecases, redis))
}

/// [`build_with`] on the system clock (what `main` runs).
///
/// # Errors
/// As [`build_with`].
pub async fn build(config: Config) -> anyhow::Result<Application> {
    build_with(config, Arc::new(meguri_clock::SystemClock)).await
}

/// Runs the pending migrations, opens the pools, the attachment store and the GeoIP database,
/// binds the ports and registers the service, the identity event consumer (account deletions), the
/// analytics consumer and schedule (rollups, purge) and the outbox relay (reply mails). Health turns SERVING once PostgreSQL and Redis answer.
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL, an attachment
/// directory that cannot be created, ports that cannot be bound.
pub async fn build_with(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    let applied = meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run the migrations")?;
    tracing::info!(name: "support.migrated", applied = applied.len());
    let (usecases, redis) = usecases(&config, clock).await?;
    let db = usecases.db.clone();
    let consumer = Consumer::new(redis.clone(), &config.store.events, crate::events::GROUP, &[IDENTITY_STREAM]);
    // Analytics comes in bulk (page views): larger reads, and its own task so that a burst never
    // delays an account deletion.
    let analytics = Consumer::new(redis.clone(), &config.store.events, crate::events::GROUP, &[ANALYTICS_STREAM])
        .with_options(ConsumerOptions { batch: 200, ..ConsumerOptions::default() });
    let (events, relay, metrics_db) = (usecases.clone(), usecases.relay.clone(), db.clone());
    let (analytics_state, schedule, ticket_counts) = (usecases.clone(), usecases.clone(), usecases.clone());
    crate::metrics::describe();
    let server = SupportServer::new(SupportService { usecases })
        .max_decoding_message_size(MAX_REQUEST_BYTES)
        .max_encoding_message_size(MAX_RESPONSE_BYTES);
    Application::builder(config.server)
        .add_service(server)
        .readiness(meguri_events::readiness(db, redis))
        .task(
            "identity-events",
            consumer.task(events, |usecases, envelope| async move {
                crate::events::handle_identity_event(&usecases, envelope).await
            }),
        )
        .task(
            "analytics-events",
            analytics.task(analytics_state, |usecases, envelope| async move {
                crate::events::handle_analytics_event(&usecases, envelope).await
            }),
        )
        .task("analytics-schedule", move |stop| crate::schedule::run(schedule, stop))
        .task("ticket-metrics", move |stop| crate::metrics::report_open_tickets(ticket_counts, stop))
        .task("outbox-relay", move |stop| relay.run(stop))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(metrics_db, SCHEMA, stop))
        .build()
        .await
}
