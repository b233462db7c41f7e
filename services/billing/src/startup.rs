//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_clock::Clock;
use meguri_events::{Consumer, IDENTITY_STREAM, Relay};
use meguri_proto::billing::billing_server::BillingServer;
use meguri_server::Application;

use crate::config::{Config, PaymentsConfig, SCHEMA};
use crate::grpc::BillingService;
use crate::stripe::StripeHttp;
use crate::usecases::Ledger;
use crate::usecases::shop::{Payments, Shop};

/// The `billing` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// The payments `config` asks for: Stripe over HTTPS (async-stripe, against `STRIPE_API_BASE`), or
/// the development checkout.
///
/// # Errors
/// A Stripe API base async-stripe cannot use.
pub fn payments(config: &PaymentsConfig) -> anyhow::Result<Payments> {
    Ok(match config {
        PaymentsConfig::Stripe { secret_key, webhook_secret, api_base } => Payments::Stripe {
            api: Arc::new(StripeHttp::new(secret_key, api_base)?),
            webhook_secret: webhook_secret.clone(),
        },
        PaymentsConfig::Development { webhook_secret } => {
            tracing::warn!(
                name: "billing.dev_checkout.enabled",
                "billing.dev_checkout.enabled: no STRIPE_SECRET_KEY; purchases complete through the development checkout"
            );
            Payments::Development { webhook_secret: webhook_secret.clone() }
        }
    })
}

/// [`build_with`] the payments `config` names.
///
/// # Errors
/// As [`build_with`], and a Stripe API base that cannot be used.
pub async fn build(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    let payments = payments(&config.payments)?;
    build_with(config, payments, clock).await
}

/// Runs the pending migrations, opens the pools, binds the ports and registers the service, the
/// `identity` event consumer and the outbox relay (the receipt mail), with `payments` and `clock`
/// (STYLE §7: a test may pass its own Stripe and clock). Nothing is served until `run_until_stopped`; health turns
/// SERVING once PostgreSQL and Redis answer.
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL, ports that cannot
/// be bound.
pub async fn build_with(config: Config, payments: Payments, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    crate::metrics::describe();
    meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run the billing migrations")?;
    let pool = meguri_db::connect(&config.store.db).await.context("connect to PostgreSQL")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 8)?;
    let relay = Relay::new(SCHEMA, pool.clone(), redis.clone(), config.store.events.clone());
    let shop = Shop {
        pool: pool.clone(),
        payments: Arc::new(payments),
        relay: relay.clone(),
        app_base_url: config.app_base_url,
        clock: Arc::clone(&clock),
    };
    let ledger = Ledger { pool: pool.clone(), clock, relay: relay.clone() };

    let ready_db = pool.clone();
    let ready_redis = redis.clone();
    let metrics_pool = pool;
    let consumer = Consumer::new(redis, &config.store.events, crate::events::GROUP, &[IDENTITY_STREAM]);
    Application::builder(config.server)
        .add_service(BillingServer::new(BillingService::new(ledger.clone(), shop)))
        .readiness(meguri_events::readiness(ready_db, ready_redis))
        .task("identity-events", consumer.task(ledger, crate::events::handle))
        .task("outbox-relay", move |stop| relay.run(stop))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(metrics_pool, SCHEMA, stop))
        .build()
        .await
}
