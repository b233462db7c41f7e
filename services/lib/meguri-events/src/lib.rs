//! Events between Meguri services (DESIGN "Events", docs/events.md): a state change another
//! service must react to is written to the producer's `outbox` table in the same transaction as
//! the change, relayed to a Redis Stream, and read by one consumer group per consuming service.
//!
//! Contracts are protobuf messages in the producer's proto package
//! (`proto/meguri/<producer>/v1/events.proto`), registered with their stream, type name and schema
//! version in `meguri_proto::events` ([`Event`]). On the wire each stream entry has one field,
//! `envelope`: a protobuf-encoded `meguri.events.v1.Envelope` (event id, type, schema version,
//! occurred-at, traceparent, and the payload encoded as the event's message).
//!
//! ```ignore
//! // producer, inside the transaction that changes state:
//! meguri_events::enqueue(conn, &meguri_proto::identity::UserSignedUp { user_id: id.to_string() }).await?;
//! // after commit: publish now rather than at the next poll
//! relay.wake();
//!
//! // consumer:
//! Consumer::new(redis, &events_config, "billing", &[meguri_events::IDENTITY_STREAM])
//!     .run(handler, stop).await;
//! // in the handler:
//! if let Some(event) = envelope.decode::<meguri_proto::identity::UserSignedUp>() { let event = event?; … }
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
//! - **Nothing blocks a stream.** An entry that is not a readable envelope is logged
//!   (`events.malformed`) and acknowledged; a handler that cannot read its event's payload rejects
//!   it ([`HandlerError::Reject`], also from [`DecodeError`]): logged and acknowledged. Event types a
//!   handler does not know are acknowledged untouched. Nothing is dead-lettered.
//! - **One trace.** The envelope carries the producer's `traceparent`; the consumer's span for the
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
//!     envelope bytea NOT NULL,
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
mod outbox;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use consumer::{Consumer, ConsumerOptions, HandlerError, mark_processed};
pub use outbox::{Relay, enqueue};

use uuid::Uuid;

/// The one field of a stream entry: the protobuf-encoded `meguri.events.v1.Envelope`.
pub const ENVELOPE_FIELD: &str = "envelope";

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

/// The readiness check of a service that keeps its data in PostgreSQL and its events in Redis
/// (every service with an outbox or a consumer): ready when both answer. For
/// `Application::builder(..).readiness(..)`.
pub fn readiness(
    db: meguri_db::Pool,
    redis: deadpool_redis::Pool,
) -> impl Fn() -> std::pin::Pin<Box<dyn std::future::Future<Output = anyhow::Result<()>> + Send>> + Send + Sync + 'static
{
    move || {
        let (db, redis) = (db.clone(), redis.clone());
        Box::pin(async move {
            use anyhow::Context as _;
            meguri_db::ping(&db).await.context("PostgreSQL")?;
            ping(&redis).await
        })
    }
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
        meguri_proto::events::stream_key(&self.prefix, stream)
    }
}

pub use meguri_proto::events::{ANALYTICS_STREAM, AUDIT_STREAM, Event, IDENTITY_STREAM, MAIL_STREAM};

/// An event as a consumer receives it: the decoded `meguri.events.v1.Envelope` of one stream entry.
#[derive(Clone, Debug)]
pub struct Envelope {
    /// The outbox row id: the same on every delivery of this event.
    pub id: Uuid,
    pub event_type: String,
    /// The payload's schema version ([`Event::VERSION`] of the producer's build).
    pub schema_version: u32,
    /// When the producer's transaction wrote the event.
    pub occurred_at: chrono::DateTime<chrono::Utc>,
    /// The producer's W3C trace context.
    pub traceparent: Option<String>,
    /// The event message, protobuf-encoded.
    pub payload: Vec<u8>,
    /// The stream it came from (without the prefix).
    pub stream: String,
}

impl Envelope {
    /// The payload as `E`, if this envelope is an `E` (`None` for any other event type).
    ///
    /// # Errors
    /// The type matches but the payload cannot be read as `E`: it does not decode, or its schema
    /// version is newer than `E`'s (the producer was built with a contract this consumer does not
    /// know). Retrying cannot help; [`DecodeError`] converts into [`HandlerError::Reject`].
    pub fn decode<E: Event>(&self) -> Option<Result<E, DecodeError>> {
        (self.event_type == E::TYPE).then(|| {
            if self.schema_version > E::VERSION {
                return Err(DecodeError::Version {
                    event_type: E::TYPE,
                    found: self.schema_version,
                    known: E::VERSION,
                });
            }
            E::decode(self.payload.as_slice()).map_err(|source| DecodeError::Payload { event_type: E::TYPE, source })
        })
    }
}

/// Why an envelope's payload could not be read as the event its type names.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    #[error("{event_type}: schema version {found} is newer than this consumer knows ({known})")]
    Version { event_type: &'static str, found: u32, known: u32 },
    #[error("{event_type}: the payload does not decode")]
    Payload {
        event_type: &'static str,
        #[source]
        source: prost::DecodeError,
    },
}

impl From<DecodeError> for HandlerError {
    fn from(error: DecodeError) -> Self {
        Self::Reject(error.into())
    }
}

/// A user id carried in an event (a UUID string).
///
/// # Errors
/// [`HandlerError::Reject`]: the producer broke the contract.
pub fn user_id(raw: &str) -> Result<meguri_ids::UserId, HandlerError> {
    raw.parse().map_err(|_| HandlerError::Reject(anyhow::anyhow!("the user id {raw:?} is not a UUID")))
}
