//! Builds the service; `main` and the tests share it.

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_proto::meguri::chat::v1::chat_server::ChatServer;
use meguri_server::Application;

use crate::config::{Config, SCHEMA};
use crate::grpc::ChatService;
use crate::usecases::UseCases;

/// The `chat` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Runs the pending migrations, opens the pool, binds the ports and registers the service. Health
/// turns SERVING once PostgreSQL answers.
///
/// # Errors
/// Migrations that fail, a database that does not answer, ports that cannot be bound.
pub async fn build(config: Config) -> anyhow::Result<Application> {
    let applied = meguri_db::run_migrations(&config.db, MIGRATIONS).await.context("run the migrations")?;
    tracing::info!(name: "chat.migrated", applied = applied.len());
    let db = meguri_db::connect(&config.db).await.context("connect to PostgreSQL")?;
    let (ready_db, metrics_db) = (db.clone(), db.clone());
    Application::builder(config.server)
        .add_service(ChatServer::new(ChatService { usecases: UseCases { db } }))
        .readiness(move || {
            let db = ready_db.clone();
            async move { meguri_db::ping(&db).await.context("PostgreSQL") }
        })
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(metrics_db, SCHEMA, stop))
        .build()
        .await
}
