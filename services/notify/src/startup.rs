//! Builds the service; `main` and the tests share it.

use std::sync::Arc;

use anyhow::Context as _;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_clock::Clock;
use meguri_events::{Consumer, ConsumerOptions, IDENTITY_STREAM, MAIL_STREAM, Relay};
use meguri_proto::events::SOCIAL_STREAM;
use meguri_proto::notify::notify_server::NotifyServer;
use meguri_server::Application;
use tokio::sync::Notify;

use crate::config::{Config, SCHEMA};
use crate::domain::UnsubscribeKey;
use crate::events::{GROUP, MailHandler};
use crate::grpc::NotifyService;
use crate::mailer::Mailer;
use crate::peers::Identity;
use crate::sender::Sender;
use crate::usecases::letters::Letters;
use crate::usecases::mail::Intake;
use crate::usecases::scheduler::Scheduler;

/// The `notify` schema's migrations, compiled in.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// [`build`] with the mail transport the configuration names (SMTP, or `.eml` files) and the
/// system clock, as the binary starts it. Called inside the runtime: lettre's SMTP pool spawns a
/// task when it is built.
///
/// # Errors
/// An SMTP URL lettre refuses, or as [`build`].
pub async fn build_with_configured_mailer(config: Config) -> anyhow::Result<Application> {
    build_with_clock(config, Arc::new(meguri_clock::SystemClock)).await
}

/// [`build`] with the configured mail transport and `clock` (tests pass a `ManualClock`).
///
/// # Errors
/// As [`build_with_configured_mailer`].
pub async fn build_with_clock(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    let mailer = crate::mailer::from_config(&config.mail)?;
    tracing::info!(name: "notify.transport", transport = mailer.kind(), "notify.transport: mail transport ready");
    build(config, mailer, clock).await
}

/// Runs the pending migrations, opens the pools, binds the ports and registers the service, the
/// three event consumers (`mail`, `identity`, `social`), the sender (delivering through `mailer`,
/// see [`crate::mailer::from_config`]), the scheduler and the outbox relay. Every time notify
/// decides by comes from `clock`. Health turns SERVING once PostgreSQL and Redis answer; identity
/// is not part of readiness (only mail without an address needs it, and that mail waits for it).
///
/// # Errors
/// Migrations that fail, a database that does not answer, an invalid Redis URL or identity
/// address, ports that cannot be bound.
pub async fn build(config: Config, mailer: Arc<dyn Mailer>, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
    crate::metrics::describe();
    meguri_db::run_migrations(&config.store.db, MIGRATIONS).await.context("run the notify migrations")?;
    let pool = meguri_db::connect(&config.store.db).await.context("connect to PostgreSQL")?;
    let redis = meguri_events::redis_pool(&config.store.redis_url, 8)?;
    let wake = Arc::new(Notify::new());
    let key = UnsubscribeKey::derive(&config.server.jwt_secret);
    let app_base_url: Arc<str> = config.mail.app_base_url.as_str().into();
    let relay = Relay::new(SCHEMA, pool.clone(), redis.clone(), config.store.events.clone());

    // Mail requests carry one-time secrets: deleted from the stream once handled. One that could
    // not be taken in (identity down) stays pending and is tried again after `request_retry`.
    let mail_consumer =
        Consumer::new(redis.clone(), &config.store.events, GROUP, &[MAIL_STREAM]).with_options(ConsumerOptions {
            delete_after_ack: true,
            retry_after: config.mail.request_retry,
            ..ConsumerOptions::default()
        });
    let identity = Identity::new(&config.identity.identity_addr, &config.server.jwt_secret, config.identity.timeout)?;
    let mail_handler = MailHandler {
        intake: Intake {
            pool: pool.clone(),
            identity: identity.clone(),
            app_base_url: Arc::clone(&app_base_url),
            clock: Arc::clone(&clock),
            key: key.clone(),
        },
        wake: Arc::clone(&wake),
    };
    let identity_consumer = Consumer::new(redis.clone(), &config.store.events, GROUP, &[IDENTITY_STREAM]);
    let social_consumer = Consumer::new(redis.clone(), &config.store.events, GROUP, &[SOCIAL_STREAM]);
    let letters = Letters { pool: pool.clone(), clock: Arc::clone(&clock) };
    let identity_pool = pool.clone();
    let scheduler = Scheduler {
        pool: pool.clone(),
        identity,
        clock: Arc::clone(&clock),
        key: key.clone(),
        app_base_url,
        retry: config.mail.retry.clone(),
        lease: config.scheduler.lease,
        poll: config.scheduler.poll,
        wake_sender: Arc::clone(&wake),
        relay: relay.clone(),
    };
    let sender = Sender {
        pool: pool.clone(),
        mailer,
        wake,
        retry: config.mail.retry.clone(),
        lease: config.mail.lease,
        clock: Arc::clone(&clock),
    };
    let (ready_db, ready_redis, metrics_pool) = (pool.clone(), redis, pool.clone());
    let ctx = crate::usecases::Context { pool, clock, key };

    Application::builder(config.server)
        .add_service(NotifyServer::new(NotifyService::new(ctx)))
        .readiness(meguri_events::readiness(ready_db, ready_redis))
        .task(
            "mail-events",
            mail_consumer.task(mail_handler, |handler, envelope| async move { handler.handle(envelope).await }),
        )
        .task("identity-events", identity_consumer.task(identity_pool, crate::events::handle_identity))
        .task("social-events", social_consumer.task(letters, crate::events::handle_social))
        .task("mail-sender", move |stop| sender.run(stop))
        .task("scheduler", move |stop| scheduler.run(stop))
        .task("outbox-relay", move |stop| relay.run(stop))
        .task("pool-metrics", move |stop| meguri_db::report_pool_metrics(metrics_pool, SCHEMA, stop))
        .build()
        .await
}
