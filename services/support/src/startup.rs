//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_clock::Clock;
use meguri_proto::meguri::support::v1::support_server::SupportServer;
use meguri_server::Application;

use crate::config::{Config, SCHEMA};
use crate::grpc::SupportService;
use crate::usecases::UseCases;

/// The `support` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// [`build_with`] on the system clock (what `main` runs).
///
/// # Errors
/// As [`build_with`].
pub async fn build(config: Config) -> anyhow::Result<Application> {
    build_with(config, Arc::new(meguri_clock::SystemClock)).await
}

/// Runs the pending migrations, opens the pool, binds the ports and registers the service. Health
/// turns SERVING once PostgreSQL answers.
///
/// # Errors
/// Migrations that fail, a database that does not answer, ports that cannot be bound.
pub async fn build_with(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    let applied = meguri_db::run_migrations(&config.db, MIGRATIONS).await.context("run the migrations")?;
    tracing::info!(name: "support.migrated", applied = applied.len());
    let db = meguri_db::connect(&config.db).await.context("connect to PostgreSQL")?;
    let (ready_db, metrics_db) = (db.clone(), db.clone());
    Application::builder(config.server)
        .add_service(SupportServer::new(SupportService { usecases: UseCases { db, clock } }))
        .readiness(move || {
            let db = ready_db.clone();
            async move { meguri_db::ping(&db).await.context("PostgreSQL") }
        })
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(metrics_db, SCHEMA, stop))
        .build()
        .await
}
