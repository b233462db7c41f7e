//! Events between Meguri services (DESIGN "Events"): a state change another service must react to
//! is written to the producer's `outbox` table in the same transaction as the change, relayed to a
//! Redis Stream, and read by one consumer group per consuming service.
//!
//! ```ignore
//! // producer, inside the transaction that changes state:
//! meguri_events::enqueue(conn, &contracts::UserSignedUp { .. }).await?;
//! // after commit: publish now rather than at the next poll
//! relay.wake();
//!
//! // consumer:
//! Consumer::new(redis, &events_config, "billing", &[contracts::IDENTITY_STREAM])
//!     .run(handler, stop).await;
//! ```
//!
//! What holds:
//! - **Nothing is lost.** The outbox row commits with the change; the relay deletes it only after
//!   `XADD` answered. A consumer acknowledges (`XACK`) only after its handler succeeded; an entry
//!   whose handler failed, or whose consumer died, is claimed again after [`ConsumerOptions::retry_after`].
//!   A consumer group created after events were published starts from the beginning of the stream.
//! - **At least once, processed once.** A relay crash between `XADD` and the delete publishes a row
//!   twice; a consumer crash between its commit and `XACK` delivers an entry twice. Handlers make
//!   that harmless with [`mark_processed`] in the same transaction as their effects (the
//!   `processed_events` table, keyed by consumer and event id).
//! - **One trace.** The outbox row carries the producer's `traceparent`; the consumer's span for the
//!   entry continues it.
//!
//! Each service that produces or consumes events has these tables in its own schema (copy them
//! into one of its migrations):
//!
//! ```sql
//! CREATE TABLE outbox (
//!     id uuid PRIMARY KEY,
//!     stream text NOT NULL,
//!     event_type text NOT NULL,
//!     payload jsonb NOT NULL,
//!     traceparent text,
//!     created_at timestamptz NOT NULL DEFAULT now()
//! );
//! CREATE INDEX outbox_created_at ON outbox (created_at);
//! CREATE TABLE processed_events (
//!     consumer text NOT NULL,
//!     event_id uuid NOT NULL,
//!     processed_at timestamptz NOT NULL DEFAULT now(),
//!     PRIMARY KEY (consumer, event_id)
//! );
//! ```

mod consumer;
pub mod contracts;
mod outbox;

pub use consumer::{Consumer, ConsumerOptions, HandlerError, mark_processed};
pub use outbox::{Relay, enqueue};

use uuid::Uuid;

/// A Redis pool for producers and consumers: connects lazily, and allows a reply to take longer
/// than a consumer's blocking read ([`ConsumerOptions::block`], 2 s by default) — a pool with a
/// shorter response timeout would cut every idle `XREADGROUP`.
///
/// # Errors
/// The URL is invalid.
pub fn redis_pool(url: &str, size: usize) -> anyhow::Result<deadpool_redis::Pool> {
    use anyhow::Context as _;
    use std::time::Duration;
    let connection = redis::AsyncConnectionConfig::new()
        .set_connection_timeout(Some(Duration::from_secs(1)))
        .set_response_timeout(Some(Duration::from_secs(10)));
    let manager = deadpool_redis::Manager::new_with_config(url, connection).context("REDIS_URL")?;
    deadpool_redis::Pool::builder(manager)
        .max_size(size.max(2))
        .wait_timeout(Some(Duration::from_secs(2)))
        .create_timeout(Some(Duration::from_secs(2)))
        .recycle_timeout(Some(Duration::from_secs(2)))
        .runtime(deadpool_redis::Runtime::Tokio1)
        .build()
        .context("build the Redis pool")
}

/// Readiness: a connection from `pool` answers PING.
///
/// # Errors
/// No connection, or no answer.
pub async fn ping(pool: &deadpool_redis::Pool) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let mut conn = pool.get().await.context("Redis: get a connection")?;
    redis::cmd("PING").query_async::<String>(&mut conn).await.context("Redis: PING")?;
    Ok(())
}

/// Where the streams live.
#[derive(Clone, Debug, Default)]
pub struct EventsConfig {
    /// Put before every stream key (`REDIS_KEY_PREFIX`, default empty, as in the gateway); tests use a fresh prefix
    /// so parallel tests never see each other's events.
    pub prefix: String,
}

impl EventsConfig {
    #[must_use]
    pub fn new(prefix: impl Into<String>) -> Self {
        Self { prefix: prefix.into() }
    }

    /// The Redis key of `stream`.
    #[must_use]
    pub fn key(&self, stream: &str) -> String {
        format!("{}stream:{stream}", self.prefix)
    }
}

/// An event type: which stream it goes to and its stable name. Payloads are camelCase JSON.
pub trait Event: serde::Serialize + serde::de::DeserializeOwned {
    /// The stream (one per producing service or purpose), e.g. `identity`.
    const STREAM: &'static str;
    /// The stable name consumers match on, e.g. `identity.user_signed_up`.
    const TYPE: &'static str;
}

/// An event as a consumer receives it.
#[derive(Clone, Debug)]
pub struct Envelope {
    /// The outbox row id: the same on every delivery of this event.
    pub id: Uuid,
    pub event_type: String,
    pub payload: serde_json::Value,
    pub traceparent: Option<String>,
    /// The stream it came from (without the prefix).
    pub stream: String,
}

impl Envelope {
    /// The payload as `E`, if this envelope is an `E`.
    ///
    /// # Errors
    /// The type matches but the payload does not fit `E` (a contract break: retrying cannot help).
    pub fn decode<E: Event>(&self) -> Option<Result<E, serde_json::Error>> {
        (self.event_type == E::TYPE).then(|| serde_json::from_value(self.payload.clone()))
    }
}
