//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_clock::Clock;
use meguri_events::{Consumer, IDENTITY_STREAM, Relay};
use meguri_proto::meguri::support::v1::support_server::SupportServer;
use meguri_server::Application;

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

/// [`build_with`] on the system clock (what `main` runs).
///
/// # Errors
/// As [`build_with`].
pub async fn build(config: Config) -> anyhow::Result<Application> {
    build_with(config, Arc::new(meguri_clock::SystemClock)).await
}

/// Runs the pending migrations, opens the pools and the attachment store, binds the ports and
/// registers the service, the identity event consumer (account deletions) and the outbox relay
/// (reply mails). Health turns SERVING once PostgreSQL and Redis answer.
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL, an attachment
/// directory that cannot be created, ports that cannot be bound.
pub async fn build_with(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    let applied = meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run the migrations")?;
    tracing::info!(name: "support.migrated", applied = applied.len());
    let db = meguri_db::connect(&config.store.db).await.context("connect to PostgreSQL")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 4)?;
    let files = DirStore::open(&config.attachment_dir).context("open the attachment directory")?;
    let relay = Relay::new(SCHEMA, db.clone(), redis.clone(), config.store.events.clone());
    let usecases =
        UseCases { db: db.clone(), clock, files: Arc::new(files), relay, reply_link_days: config.reply_link_days };
    let consumer = Consumer::new(redis.clone(), &config.store.events, crate::events::GROUP, &[IDENTITY_STREAM]);
    let (events, relay, metrics_db) = (usecases.clone(), usecases.relay.clone(), db.clone());
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
        .task("outbox-relay", move |stop| relay.run(stop))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(metrics_db, SCHEMA, stop))
        .build()
        .await
}
