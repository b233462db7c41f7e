//! The producer side: [`enqueue`] inside the caller's transaction, [`Relay`] moves committed rows
//! to Redis Streams.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use diesel::{ExpressionMethods as _, QueryDsl as _, Queryable};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use tokio::sync::{Notify, watch};
use uuid::Uuid;

use crate::{ENVELOPE_FIELD, Event, EventsConfig};

diesel::table! {
    outbox (id) {
        id -> Uuid,
        stream -> Text,
        event_type -> Text,
        envelope -> Bytea,
        created_at -> Timestamptz,
    }
}

/// Rows moved per round trip.
const BATCH: i64 = 100;
/// How long a stream keeps entries: a consumer that is down longer than this misses events.
/// Mail requests are deleted as soon as notify has handled them.
const RETENTION_MS: i64 = meguri_proto::events::STREAM_RETENTION_MS;

/// Writes `event` to the outbox on `conn`, in its envelope (with the current span's
/// `traceparent`). Call it inside the transaction that makes the change, so the event exists
/// exactly when the change does. Returns the event id.
///
/// # Errors
/// The insert failed (the caller's transaction should then roll back).
pub async fn enqueue<E: Event>(conn: &mut AsyncPgConnection, event: &E) -> Result<Uuid, diesel::result::Error> {
    let id = Uuid::now_v7();
    let envelope = envelope(id, event, chrono::Utc::now(), meguri_telemetry::current_traceparent());
    diesel::insert_into(outbox::table)
        .values((
            outbox::id.eq(id),
            outbox::stream.eq(E::STREAM),
            outbox::event_type.eq(E::TYPE),
            outbox::envelope.eq(envelope),
        ))
        .execute(conn)
        .await?;
    Ok(id)
}

/// `event` in its envelope, protobuf-encoded: what a stream entry's `envelope` field holds.
pub(crate) fn envelope<E: Event>(
    id: Uuid,
    event: &E,
    occurred_at: chrono::DateTime<chrono::Utc>,
    traceparent: Option<String>,
) -> Vec<u8> {
    meguri_proto::events::envelope_bytes(
        &id.to_string(),
        event,
        occurred_at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        traceparent,
    )
}

#[derive(Queryable)]
struct Row {
    id: Uuid,
    stream: String,
    event_type: String,
    envelope: Vec<u8>,
}

/// Moves committed outbox rows to their Redis Streams: woken right after a commit
/// ([`Relay::wake`]) and polling every `poll` for rows a crashed or busy relay left behind.
/// Several replicas may run relays: rows are locked with `SKIP LOCKED`, so each row goes out once
/// per attempt.
#[derive(Clone)]
pub struct Relay {
    inner: Arc<Inner>,
}

struct Inner {
    service: &'static str,
    db: meguri_db::Pool,
    redis: deadpool_redis::Pool,
    config: EventsConfig,
    wake: Notify,
    poll: Duration,
}

impl Relay {
    #[must_use]
    pub fn new(service: &'static str, db: meguri_db::Pool, redis: deadpool_redis::Pool, config: EventsConfig) -> Self {
        Self {
            inner: Arc::new(Inner { service, db, redis, config, wake: Notify::new(), poll: Duration::from_secs(1) }),
        }
    }

    /// Publish now instead of at the next poll (call after committing a transaction that enqueued).
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }

    /// Relays until `stop` turns true. Failures (Redis or the database down) are logged and
    /// retried with backoff; the rows stay in the outbox meanwhile.
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        meguri_telemetry::describe_redis_errors(&["events_relay"]);
        metrics::describe_counter!(
            "meguri_events_published_total",
            "Outbox rows published to the event streams, by service"
        );
        metrics::describe_counter!(
            "meguri_events_relay_failures_total",
            "Failed rounds of the outbox relay (retried with back-off), by service"
        );
        metrics::counter!("meguri_events_published_total", "service" => self.inner.service).increment(0);
        metrics::counter!("meguri_events_relay_failures_total", "service" => self.inner.service).increment(0);
        let mut backoff = Duration::from_millis(100);
        loop {
            let wait = match self.publish_batch().await {
                Ok(n) if n as i64 == BATCH => Duration::ZERO,
                Ok(_) => {
                    backoff = Duration::from_millis(100);
                    self.inner.poll
                }
                Err(error) => {
                    tracing::warn!(
                        name: "events.relay.failed",
                        service = self.inner.service,
                        error = format!("{error:#}"),
                        "outbox relay failed; retrying"
                    );
                    metrics::counter!("meguri_events_relay_failures_total", "service" => self.inner.service)
                        .increment(1);
                    meguri_telemetry::redis_error("events_relay");
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                    backoff
                }
            };
            if wait.is_zero() {
                continue;
            }
            tokio::select! {
                () = self.inner.wake.notified() => {}
                () = tokio::time::sleep(wait) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
        }
    }

    /// Publishes up to one batch of the oldest rows and deletes them; returns how many.
    ///
    /// # Errors
    /// The database or Redis failed; nothing was deleted then.
    pub async fn publish_batch(&self) -> anyhow::Result<usize> {
        let inner = &self.inner;
        let mut conn = inner.db.get().await.context("outbox: get a connection")?;
        conn.transaction::<usize, anyhow::Error, _>(async |conn| {
                let rows: Vec<Row> = outbox::table
                    .select((outbox::id, outbox::stream, outbox::event_type, outbox::envelope))
                    .order(outbox::created_at.asc())
                    .limit(BATCH)
                    .for_update()
                    .skip_locked()
                    .load(conn)
                    .await
                    .context("outbox: load rows")?;
                if rows.is_empty() {
                    return Ok(0);
                }
                let min_id = chrono::Utc::now().timestamp_millis() - RETENTION_MS;
                let mut pipe = redis::pipe();
                for row in &rows {
                    pipe.cmd("XADD")
                        .arg(inner.config.key(&row.stream))
                        .arg("MINID")
                        .arg("~")
                        .arg(min_id.max(0))
                        .arg("*")
                        .arg(ENVELOPE_FIELD)
                        .arg(&row.envelope)
                        .ignore();
                }
                let mut redis = inner.redis.get().await.context("outbox: get a Redis connection")?;
                pipe.query_async::<()>(&mut redis).await.context("outbox: XADD")?;
                let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
                diesel::delete(outbox::table.filter(outbox::id.eq_any(&ids)))
                    .execute(conn)
                    .await
                    .context("outbox: delete published rows")?;
                for row in &rows {
                    tracing::debug!(name: "events.published", service = inner.service, event_id = %row.id, event_type = %row.event_type);
                }
                metrics::counter!("meguri_events_published_total", "service" => inner.service)
                    .increment(rows.len() as u64);
                Ok(rows.len())
        })
        .await
    }
}
