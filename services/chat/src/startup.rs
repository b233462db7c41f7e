//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_clock::Clock;
use meguri_events::{Consumer, IDENTITY_STREAM, Relay};
use meguri_proto::meguri::chat::v1::chat_server::ChatServer;
use meguri_server::Application;

use crate::config::{Config, SCHEMA};
use crate::engine::{Engines, ReplyEngine};
use crate::grpc::ChatService;
use crate::peers::Peers;
use crate::usecases::Chat;

/// The `chat` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Runs the pending migrations, opens the pools, binds the ports and registers the service, the
/// identity event consumer (account deletion), the sweeper and the wait for running replies at
/// shutdown. Health turns SERVING once PostgreSQL and Redis answer; the peers are called lazily.
/// `llm` replaces the configured LLM engine (tests); `None` uses `config.llm`.
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL or peer address,
/// ports that cannot be bound.
pub async fn build_with(
    config: Config,
    clock: Arc<dyn Clock>,
    llm: Option<Arc<dyn ReplyEngine>>,
) -> anyhow::Result<Application> {
    crate::metrics::describe();
    let applied = meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run the chat migrations")?;
    tracing::info!(name: "chat.migrated", applied = applied.len());
    let db = meguri_db::connect(&config.store.db).await.context("connect to PostgreSQL")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 4)?;
    let peers = Peers::new(&config.peers, &config.server.jwt_secret, config.timings.peer_timeout)?;
    let engines = match llm {
        Some(llm) => Engines::new(Some(llm)),
        None => Engines::from_config(config.llm.as_ref()),
    };
    let relay = Relay::new(SCHEMA, db.clone(), redis.clone(), config.store.events.clone());
    let chat =
        Chat::new(db.clone(), peers, clock, engines, config.limits, config.timings.clone()).with_relay(relay.clone());
    let consumer = Consumer::new(redis.clone(), &config.store.events, crate::events::GROUP, &[IDENTITY_STREAM]);
    let (events, sweeper, drain) = (chat.clone(), chat.clone(), chat.clone());
    Application::builder(config.server)
        .add_service(ChatServer::new(ChatService { chat }))
        .readiness(meguri_events::readiness(db.clone(), redis))
        .task(
            "identity-events",
            consumer
                .task(events, |chat, envelope| async move { crate::events::handle_identity(&chat, envelope).await }),
        )
        .task("sweeper", move |stop| sweeper.run_sweeper(stop))
        .task("outbox-relay", move |stop| relay.run(stop))
        .task("reply-drain", move |stop| drain.drain_replies(stop))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(db, SCHEMA, stop))
        .build()
        .await
}

/// [`build_with`] with the system clock and the configured engines (what `main` starts).
///
/// # Errors
/// As [`build_with`].
pub async fn build(config: Config) -> anyhow::Result<Application> {
    build_with(config, Arc::new(meguri_clock::SystemClock), None).await
}
