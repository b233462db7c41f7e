//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_events::{Consumer, IDENTITY_STREAM, Relay};
use meguri_proto::fortune::fortune_server::FortuneServer;
use meguri_server::Application;

use crate::config::{Config, SCHEMA};
use crate::engine::Engines;
use crate::grpc::FortuneService;
use crate::peers::{PeerAddrs, Peers};
use crate::usecases::Fortune;
use meguri_clock::Clock;

/// The `fortune` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Runs the pending migrations, opens the pools, binds the ports and registers the service, the
/// identity event consumer, the chart builder and the report generator. Health turns SERVING once
/// PostgreSQL and Redis answer; bazi-engine, identity and social are called lazily (a build that
/// finds them down is retried; friend updates that find social down are not stored).
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL or peer address,
/// ports that cannot be bound.
pub async fn build(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    // The LLM client (async-openai over reqwest, `rustls-no-provider`) needs the process's provider;
    // `main` installs it too, tests start here.
    meguri_server::entry::install_tls_provider();
    crate::metrics::describe();
    let applied =
        meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run the fortune migrations")?;
    tracing::info!(name: "fortune_gen.migrated", applied = applied.len());
    let db = meguri_db::connect(&config.store.db).await.context("connect to PostgreSQL")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 4)?;
    let addrs = PeerAddrs {
        bazi_engine: &config.bazi_engine_addr,
        identity: &config.identity_addr,
        social: &config.social_addr,
    };
    let peers = Peers::new(addrs, &config.server.jwt_secret, config.timings.peer_timeout)?;
    let engines = Engines::from_config(config.llm.as_ref(), config.timings.llm_timeout);
    tracing::info!(name: "fortune_gen.engine", llm = config.llm.is_some(), "texts by the built-in generator{}", if config.llm.is_some() { " and the LLM" } else { "" });
    let relay = Relay::new(SCHEMA, db.clone(), redis.clone(), config.store.events.clone());
    let fortune = Fortune::new(db.clone(), peers, engines, clock, config.timings.clone()).with_relay(relay.clone());
    let consumer = Consumer::new(redis.clone(), &config.store.events, crate::events::GROUP, &[IDENTITY_STREAM]);

    let (ready_db, ready_redis) = (db.clone(), redis);
    let (events, builder, reports) = (fortune.clone(), fortune.clone(), fortune.clone());
    Application::builder(config.server)
        .add_service(FortuneServer::new(FortuneService { fortune }))
        .readiness(meguri_events::readiness(ready_db, ready_redis))
        .task(
            "identity-events",
            consumer.task(events, |fortune, envelope| async move {
                crate::events::handle_identity(&fortune, envelope).await
            }),
        )
        .task("chart-builder", move |stop| builder.run_chart_builder(stop))
        .task("outbox-relay", move |stop| relay.run(stop))
        .task("report-generator", move |stop| reports.run_report_generator(stop))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(db, SCHEMA, stop))
        .build()
        .await
}
