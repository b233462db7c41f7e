//! The consumer side: one consumer group per consuming service, retries through the pending list,
//! idempotence through `processed_events`.

use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;

use anyhow::Context as _;
use diesel::ExpressionMethods as _;
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use redis::streams::{StreamAutoClaimReply, StreamId, StreamInfoGroupsReply, StreamInfoStreamReply, StreamReadReply};
use tokio::sync::watch;
use tracing::Instrument as _;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;
use uuid::Uuid;

use crate::{ENVELOPE_FIELD, Envelope, EventsConfig};

diesel::table! {
    processed_events (consumer, event_id) {
        consumer -> Text,
        event_id -> Uuid,
        processed_at -> Timestamptz,
    }
}

/// Records that `consumer` handled `event_id`. Call it in the transaction that applies the
/// event's effects: `false` means the event was handled before, so skip the effects.
///
/// # Errors
/// The insert failed.
pub async fn mark_processed(
    conn: &mut AsyncPgConnection,
    consumer: &str,
    event_id: Uuid,
) -> Result<bool, diesel::result::Error> {
    let inserted = diesel::insert_into(processed_events::table)
        .values((processed_events::consumer.eq(consumer), processed_events::event_id.eq(event_id)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(inserted == 1)
}

/// What a handler reports when it could not handle an event.
#[derive(Debug, thiserror::Error)]
pub enum HandlerError {
    /// Worth trying again later (a dependency is down): the entry stays pending and is claimed
    /// again after [`ConsumerOptions::retry_after`].
    #[error("retry later: {0:#}")]
    Retry(anyhow::Error),
    /// Can never succeed (a payload that breaks the contract): logged, counted and acknowledged.
    #[error("rejected: {0:#}")]
    Reject(anyhow::Error),
}

impl From<diesel::result::Error> for HandlerError {
    fn from(error: diesel::result::Error) -> Self {
        Self::Retry(error.into())
    }
}

impl From<meguri_db::DbError> for HandlerError {
    fn from(error: meguri_db::DbError) -> Self {
        Self::Retry(error.into())
    }
}

/// How often a consumer reports its group's backlog on each stream it reads.
const BACKLOG_EVERY: Duration = Duration::from_secs(15);

/// Entries of a stream not yet delivered to the group (`meguri_events_consumer_lag_entries`).
pub const LAG_ENTRIES: &str = "meguri_events_consumer_lag_entries";
/// Entries delivered to the group but not acknowledged yet (`meguri_events_consumer_pending_entries`).
pub const PENDING_ENTRIES: &str = "meguri_events_consumer_pending_entries";
/// How far behind the stream's newest entry the group's last delivered entry is, in seconds (0
/// when nothing waits).
pub const LAG_SECONDS: &str = "meguri_events_consumer_lag_seconds";

/// The `# HELP` lines of a consumer's metrics. Idempotent.
fn describe() {
    metrics::describe_gauge!(
        LAG_ENTRIES,
        "Stream entries not yet delivered to the consumer group, by stream and group"
    );
    metrics::describe_gauge!(
        PENDING_ENTRIES,
        "Entries delivered to the group but not acknowledged, by stream and group"
    );
    metrics::describe_gauge!(
        LAG_SECONDS,
        "How far behind the stream's newest entry the group's last delivered entry is, in seconds"
    );
    metrics::describe_counter!("meguri_events_handled_total", "Events handled by a consumer group, by outcome");
    metrics::describe_counter!(
        "meguri_events_retried_total",
        "Events claimed again after a failed or lost attempt, by group"
    );
}

/// Seconds between the stream's newest entry and the last one delivered to a group (entry ids
/// start with their millisecond time), 0 when none waits or an id cannot be read.
#[must_use]
#[allow(clippy::cast_precision_loss)] // milliseconds within 2^52
pub fn behind_seconds(newest_id: &str, delivered_id: &str, waiting: usize) -> f64 {
    let millis = |id: &str| id.split('-').next().and_then(|ms| ms.parse::<u64>().ok());
    match (waiting, millis(newest_id), millis(delivered_id)) {
        (0, _, _) | (_, None, _) | (_, _, None) => 0.0,
        (_, Some(newest), Some(delivered)) => newest.saturating_sub(delivered) as f64 / 1000.0,
    }
}

/// How a consumer reads.
#[derive(Clone, Debug)]
pub struct ConsumerOptions {
    /// Entries per read.
    pub batch: usize,
    /// How long one `XREADGROUP` waits for new entries.
    pub block: Duration,
    /// An entry not acknowledged this long after its delivery (its handler failed, or its consumer
    /// died) is claimed and handled again.
    pub retry_after: Duration,
    /// Delete entries from the stream once acknowledged (streams carrying one-time secrets with a
    /// single consuming service).
    pub delete_after_ack: bool,
}

impl Default for ConsumerOptions {
    fn default() -> Self {
        Self { batch: 32, block: Duration::from_secs(2), retry_after: Duration::from_secs(30), delete_after_ack: false }
    }
}

/// Reads `streams` as the consumer group `group`.
pub struct Consumer {
    redis: deadpool_redis::Pool,
    config: EventsConfig,
    group: String,
    name: String,
    streams: Vec<String>,
    options: ConsumerOptions,
}

impl Consumer {
    /// `group` is the consuming service's name; each process joins it under a unique consumer name.
    #[must_use]
    pub fn new(redis: deadpool_redis::Pool, config: &EventsConfig, group: &str, streams: &[&str]) -> Self {
        Self {
            redis,
            config: config.clone(),
            group: group.to_owned(),
            name: format!("{group}-{}", Uuid::new_v4().simple()),
            streams: streams.iter().map(|s| (*s).to_owned()).collect(),
            options: ConsumerOptions::default(),
        }
    }

    #[must_use]
    pub fn with_options(mut self, options: ConsumerOptions) -> Self {
        self.options = options;
        self
    }

    /// The consumer as a service task (`Application::builder(..).task("identity-events", ..)`):
    /// [`Consumer::run`] with `handle(state.clone(), envelope)` for each entry, where `state` is
    /// what the handler needs (a pool, a use-case struct).
    pub fn task<S, H, F>(
        self,
        state: S,
        handle: H,
    ) -> impl FnOnce(watch::Receiver<bool>) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send>>
    where
        S: Clone + Send + Sync + 'static,
        H: Fn(S, Envelope) -> F + Send + Sync + 'static,
        F: Future<Output = Result<(), HandlerError>> + Send + 'static,
    {
        move |stop| Box::pin(self.run(move |envelope| handle(state.clone(), envelope), stop))
    }

    /// Handles entries until `stop` turns true. Redis failures are logged and retried with backoff.
    pub async fn run<H, F>(self, handler: H, mut stop: watch::Receiver<bool>)
    where
        H: Fn(Envelope) -> F,
        F: Future<Output = Result<(), HandlerError>>,
    {
        describe();
        meguri_telemetry::describe_redis_errors(&["events_consumer"]);
        let mut backoff = Duration::from_millis(200);
        let mut groups_ready = false;
        let mut last_claim = tokio::time::Instant::now();
        let mut last_backlog: Option<tokio::time::Instant> = None;
        loop {
            if *stop.borrow() {
                return;
            }
            let round = async {
                if !groups_ready {
                    self.create_groups().await?;
                    groups_ready = true;
                    // Entries left pending by an earlier run of this group are retried first.
                    self.claim_stale(&handler, Duration::ZERO).await?;
                }
                if last_claim.elapsed() >= self.options.retry_after / 2 {
                    last_claim = tokio::time::Instant::now();
                    self.claim_stale(&handler, self.options.retry_after).await?;
                }
                if last_backlog.is_none_or(|t| t.elapsed() >= BACKLOG_EVERY) {
                    last_backlog = Some(tokio::time::Instant::now());
                    // The gauges are for on-call; a failure to read them never stops the handling.
                    if let Err(error) = self.report_backlog().await {
                        meguri_telemetry::redis_error("events_consumer");
                        tracing::warn!(name: "events.consumer.backlog_unknown", group = %self.group, error = format!("{error:#}"), "could not read the group's backlog");
                    }
                }
                self.read_new(&handler).await
            };
            let result = tokio::select! {
                result = round => result,
                _ = stop.wait_for(|s| *s) => return,
            };
            match result {
                Ok(()) => backoff = Duration::from_millis(200),
                Err(error) => {
                    if format!("{error:#}").contains("NOGROUP") {
                        groups_ready = false;
                    }
                    // A failed group creation, claim, read or acknowledgement.
                    meguri_telemetry::redis_error("events_consumer");
                    tracing::warn!(
                        name: "events.consumer.failed",
                        group = %self.group,
                        error = format!("{error:#}"),
                        "event consumer failed; retrying"
                    );
                    tokio::select! {
                        () = tokio::time::sleep(backoff) => {}
                        _ = stop.wait_for(|s| *s) => return,
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                }
            }
        }
    }

    /// Sets the backlog gauges of this group on each stream it reads ([`LAG_ENTRIES`],
    /// [`PENDING_ENTRIES`], [`LAG_SECONDS`], labels `stream` and `group`) from `XINFO GROUPS` and
    /// `XINFO STREAM`. Every replica of the group reports the same figures.
    async fn report_backlog(&self) -> anyhow::Result<()> {
        let mut conn = self.redis.get().await.context("get a Redis connection")?;
        for stream in &self.streams {
            let key = self.config.key(stream);
            let groups: StreamInfoGroupsReply =
                redis::cmd("XINFO").arg("GROUPS").arg(&key).query_async(&mut conn).await.context("XINFO GROUPS")?;
            let Some(group) = groups.groups.into_iter().find(|g| g.name == self.group) else { continue };
            let info: StreamInfoStreamReply =
                redis::cmd("XINFO").arg("STREAM").arg(&key).query_async(&mut conn).await.context("XINFO STREAM")?;
            let unread = group.lag.unwrap_or(0);
            let (s, g) = (stream.clone(), self.group.clone());
            #[allow(clippy::cast_precision_loss)] // entry counts within 2^52
            {
                metrics::gauge!(LAG_ENTRIES, "stream" => s.clone(), "group" => g.clone()).set(unread as f64);
                metrics::gauge!(PENDING_ENTRIES, "stream" => s.clone(), "group" => g.clone()).set(group.pending as f64);
            }
            let behind = behind_seconds(&info.last_generated_id, &group.last_delivered_id, unread);
            metrics::gauge!(LAG_SECONDS, "stream" => s, "group" => g).set(behind);
        }
        Ok(())
    }

    /// Creates the group on each stream (from the stream's beginning, so events published before
    /// the group existed are still handled); an existing group is left as it is.
    async fn create_groups(&self) -> anyhow::Result<()> {
        let mut conn = self.redis.get().await.context("get a Redis connection")?;
        for stream in &self.streams {
            let result: redis::RedisResult<()> = redis::cmd("XGROUP")
                .arg("CREATE")
                .arg(self.config.key(stream))
                .arg(&self.group)
                .arg("0")
                .arg("MKSTREAM")
                .query_async(&mut conn)
                .await;
            match result {
                Ok(()) => {}
                Err(e) if e.code() == Some("BUSYGROUP") => {}
                Err(e) => return Err(e).context("XGROUP CREATE"),
            }
        }
        Ok(())
    }

    async fn read_new<H, F>(&self, handler: &H) -> anyhow::Result<()>
    where
        H: Fn(Envelope) -> F,
        F: Future<Output = Result<(), HandlerError>>,
    {
        let reply: Option<StreamReadReply> = {
            let mut conn = self.redis.get().await.context("get a Redis connection")?;
            let mut cmd = redis::cmd("XREADGROUP");
            cmd.arg("GROUP")
                .arg(&self.group)
                .arg(&self.name)
                .arg("COUNT")
                .arg(self.options.batch)
                .arg("BLOCK")
                .arg(u64::try_from(self.options.block.as_millis()).unwrap_or(u64::MAX))
                .arg("STREAMS");
            for stream in &self.streams {
                cmd.arg(self.config.key(stream));
            }
            for _ in &self.streams {
                cmd.arg(">");
            }
            cmd.query_async(&mut conn).await.context("XREADGROUP")?
        };
        let Some(reply) = reply else { return Ok(()) };
        for key in reply.keys {
            let stream = self.stream_of(&key.key);
            for entry in key.ids {
                self.handle(handler, &key.key, &stream, entry).await?;
            }
        }
        Ok(())
    }

    /// Claims entries of this group idle for at least `min_idle` and handles them again.
    async fn claim_stale<H, F>(&self, handler: &H, min_idle: Duration) -> anyhow::Result<()>
    where
        H: Fn(Envelope) -> F,
        F: Future<Output = Result<(), HandlerError>>,
    {
        for stream in &self.streams {
            let key = self.config.key(stream);
            let mut cursor = "0-0".to_owned();
            loop {
                let reply: StreamAutoClaimReply = {
                    let mut conn = self.redis.get().await.context("get a Redis connection")?;
                    redis::cmd("XAUTOCLAIM")
                        .arg(&key)
                        .arg(&self.group)
                        .arg(&self.name)
                        .arg(u64::try_from(min_idle.as_millis()).unwrap_or(u64::MAX))
                        .arg(&cursor)
                        .arg("COUNT")
                        .arg(self.options.batch)
                        .query_async(&mut conn)
                        .await
                        .context("XAUTOCLAIM")?
                };
                for entry in reply.claimed {
                    metrics::counter!("meguri_events_retried_total", "group" => self.group.clone()).increment(1);
                    self.handle(handler, &key, stream, entry).await?;
                }
                if reply.next_stream_id == "0-0" {
                    break;
                }
                cursor = reply.next_stream_id;
            }
        }
        Ok(())
    }

    /// Runs the handler for one entry and acknowledges it unless the handler asked for a retry.
    async fn handle<H, F>(&self, handler: &H, key: &str, stream: &str, entry: StreamId) -> anyhow::Result<()>
    where
        H: Fn(Envelope) -> F,
        F: Future<Output = Result<(), HandlerError>>,
    {
        let outcome = match parse(stream, &entry.map) {
            Some(envelope) => {
                let span = tracing::info_span!(
                    "event",
                    otel.name = %envelope.event_type,
                    group = %self.group,
                    event_id = %envelope.id,
                );
                let _ = span.set_parent(meguri_telemetry::context_from_traceparent(envelope.traceparent.as_deref()));
                let event_type = envelope.event_type.clone();
                let event_id = envelope.id;
                match handler(envelope).instrument(span).await {
                    Ok(()) => "handled",
                    Err(HandlerError::Retry(error)) => {
                        tracing::warn!(
                            name: "events.handler.retry",
                            group = %self.group,
                            %event_id,
                            %event_type,
                            error = format!("{error:#}"),
                            "event handler failed; it will be retried"
                        );
                        metrics::counter!("meguri_events_handled_total", "group" => self.group.clone(), "outcome" => "retry")
                            .increment(1);
                        return Ok(());
                    }
                    Err(HandlerError::Reject(error)) => {
                        tracing::error!(
                            name: "events.handler.rejected",
                            group = %self.group,
                            %event_id,
                            %event_type,
                            error = format!("{error:#}"),
                            "event rejected"
                        );
                        "rejected"
                    }
                }
            }
            None => {
                tracing::error!(name: "events.malformed", group = %self.group, entry = %entry.id, "malformed stream entry");
                "malformed"
            }
        };
        metrics::counter!("meguri_events_handled_total", "group" => self.group.clone(), "outcome" => outcome)
            .increment(1);
        let mut conn = self.redis.get().await.context("get a Redis connection")?;
        let mut pipe = redis::pipe();
        pipe.cmd("XACK").arg(key).arg(&self.group).arg(&entry.id).ignore();
        if self.options.delete_after_ack {
            pipe.cmd("XDEL").arg(key).arg(&entry.id).ignore();
        }
        pipe.query_async::<()>(&mut conn).await.context("XACK")?;
        Ok(())
    }

    fn stream_of(&self, key: &str) -> String {
        let prefix = self.config.key("");
        key.strip_prefix(&prefix).unwrap_or(key).to_owned()
    }
}

/// The envelope of a stream entry; `None` when the entry is not one (no `envelope` field, bytes
/// that do not decode, an event id that is not a UUID, or an unreadable time).
pub(crate) fn parse(stream: &str, map: &HashMap<String, redis::Value>) -> Option<Envelope> {
    use prost::Message as _;
    let bytes: Vec<u8> = map.get(ENVELOPE_FIELD).and_then(|v| redis::from_redis_value(v.clone()).ok())?;
    let wire = meguri_proto::events::Envelope::decode(bytes.as_slice()).ok()?;
    Some(Envelope {
        id: wire.event_id.parse().ok()?,
        occurred_at: chrono::DateTime::parse_from_rfc3339(&wire.occurred_at).ok()?.to_utc(),
        event_type: wire.event_type,
        schema_version: wire.schema_version,
        traceparent: Some(wire.traceparent).filter(|t| !t.is_empty()),
        payload: wire.payload,
        stream: stream.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::behind_seconds;

    #[test]
    fn the_lag_in_seconds_is_the_distance_between_the_newest_and_the_last_delivered_entry() {
        assert!((behind_seconds("1700000012500-0", "1700000000000-3", 4) - 12.5).abs() < 1e-9);
        assert!(behind_seconds("1700000012500-0", "1700000000000-3", 0).abs() < f64::EPSILON, "nothing waits");
        assert!(behind_seconds("1700000000000-0", "0-0", 1) > 1.0e9, "a group that read nothing yet");
        assert!(behind_seconds("garbage", "1700000000000-0", 2).abs() < f64::EPSILON);
        assert!(behind_seconds("1700000000000-0", "1700000000500-0", 1).abs() < f64::EPSILON, "never negative");
    }
}
