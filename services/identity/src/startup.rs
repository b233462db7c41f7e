//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_events::{AUDIT_STREAM, Consumer, Relay};
use meguri_proto::identity::identity_server::IdentityServer;
use meguri_server::Application;

use crate::config::{Argon2Config, Config, SCHEMA};
use crate::domain::{PasswordHasher, SecretDigester};
use crate::grpc::IdentityService;
use crate::usecases::accounts::{Accounts, Clock, Limits};

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Migrates the schema, opens the pools, and registers the service, the outbox relay and the
/// consumer of the `audit` stream (staff actions of the other services, kept in the audit log).
///
/// # Errors
/// Migrations, the database or the configuration failed.
pub async fn build(config: Config, clock: Arc<dyn Clock>, limits: Limits) -> anyhow::Result<Application> {
    let applied = meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run migrations")?;
    tracing::info!(name: "identity.migrated", applied = applied.len());
    crate::metrics::describe();
    let db = meguri_db::connect(&config.store.db).await.context("connect to the database")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 4)?;
    let relay = Relay::new(SCHEMA, db.clone(), redis.clone(), config.store.events.clone());
    let accounts = Accounts {
        db: db.clone(),
        hasher: hasher(config.argon2)?,
        digester: SecretDigester::new(config.token_pepper.clone()),
        relay: relay.clone(),
        clock,
        limits,
    };
    accounts.backfill_username_keys().await.context("backfill username keys")?;
    let consumer = Consumer::new(redis.clone(), &config.store.events, crate::events::GROUP, &[AUDIT_STREAM]);
    let audit_accounts = accounts.clone();
    Application::builder(config.server)
        .add_service(IdentityServer::new(IdentityService { accounts }))
        .readiness(meguri_events::readiness(db.clone(), redis))
        .task(
            "audit-events",
            consumer.task(audit_accounts, |accounts, envelope| async move {
                crate::events::handle_audit_event(&accounts, envelope).await
            }),
        )
        .task("outbox-relay", move |stop| relay.run(stop))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(db, SCHEMA, stop))
        .build()
        .await
}

/// The password hasher of `argon2`.
///
/// # Errors
/// Parameters argon2 refuses.
pub fn hasher(argon2: Argon2Config) -> anyhow::Result<PasswordHasher> {
    PasswordHasher::new(argon2.memory_kib, argon2.iterations, argon2.parallelism)
}
