//! The outbox relay and the consumer against the real PostgreSQL and Redis (`DATABASE_ADMIN_URL`,
//! `REDIS_URL`; defaults on 127.0.0.1): exactly-once publishing through relay crashes and
//! concurrent relays, redelivery after a consumer crash, one effect per event, poison entries, and
//! one trace from producer to consumer. Each test has its own schema and Redis key prefix, both
//! dropped at its end.

use std::future::Future;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use diesel::sql_types::{BigInt, Uuid as SqlUuid};
use diesel_async::{AsyncConnection as _, RunQueryDsl as _, SimpleAsyncConnection as _};
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_db::TestDb;
use meguri_events::{
    Consumer, ConsumerOptions, Envelope, Event, EventsConfig, HandlerError, IDENTITY_STREAM, Relay, enqueue,
    mark_processed, testkit,
};
use meguri_proto::identity::{EmailVerified, UserSignedUp};
use prost::Message as _;
use secrecy::SecretString;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tracing::Instrument as _;
use uuid::Uuid;

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("tests/migrations");
/// The consumer group of every test consumer, and its name in `processed_events`.
const GROUP: &str = "tests";

fn admin_url() -> SecretString {
    SecretString::from(
        std::env::var("DATABASE_ADMIN_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned()),
    )
}

fn redis_url() -> String {
    std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}

/// A schema with the outbox, `processed_events` and `effects`, and a Redis key prefix.
struct Env {
    db: TestDb,
    redis: deadpool_redis::Pool,
    config: EventsConfig,
    prefix: String,
}

impl Drop for Env {
    /// Deletes the test's Redis keys (synchronously: `Drop` cannot await). The schema goes with
    /// `TestDb`.
    fn drop(&mut self) {
        let Ok(client) = redis::Client::open(redis_url()) else { return };
        let Ok(mut conn) = client.get_connection() else { return };
        let keys: Vec<String> =
            redis::cmd("KEYS").arg(format!("{}*", self.prefix)).query(&mut conn).unwrap_or_default();
        if !keys.is_empty() {
            let _: redis::RedisResult<()> = redis::cmd("DEL").arg(keys).query(&mut conn);
        }
    }
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

async fn env() -> Env {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a test schema");
    let prefix = format!("test:{}:", Uuid::new_v4().simple());
    let redis = meguri_events::redis_pool(&redis_url(), 8).expect("a Redis pool");
    Env { db, redis, config: EventsConfig::new(prefix.clone()), prefix }
}

impl Env {
    fn relay(&self) -> Relay {
        Relay::new("tests", self.db.pool.clone(), self.redis.clone(), self.config.clone())
    }

    /// Enqueues `event` in a transaction of its own and commits; returns the event id.
    async fn commit<E: Event>(&self, event: &E) -> Uuid {
        let mut conn = self.db.pool.get().await.expect("a connection");
        conn.transaction::<_, diesel::result::Error, _>(async |conn| enqueue(conn, event).await).await.expect("commit")
    }

    async fn sql(&self, statements: &str) {
        let mut conn = self.db.pool.get().await.expect("a connection");
        conn.batch_execute(statements).await.expect("SQL");
    }

    async fn count(&self, sql: &str) -> i64 {
        let mut conn = self.db.pool.get().await.expect("a connection");
        diesel::sql_query(sql).get_result::<Count>(&mut conn).await.expect("count").n
    }

    /// How many times an event's effect was applied.
    async fn effects(&self, event_id: Uuid) -> i64 {
        let mut conn = self.db.pool.get().await.expect("a connection");
        diesel::sql_query("SELECT count(*) AS n FROM effects WHERE event_id = $1")
            .bind::<SqlUuid, _>(event_id)
            .get_result::<Count>(&mut conn)
            .await
            .expect("count")
            .n
    }

    async fn redis(&self) -> deadpool_redis::Connection {
        self.redis.get().await.expect("a Redis connection")
    }

    /// The event ids of every `E` in its stream, oldest first.
    async fn published<E: Event>(&self) -> Vec<Uuid> {
        let events = testkit::read::<E>(&mut self.redis().await, &self.config).await.expect("the stream");
        events.into_iter().map(|(id, _)| id).collect()
    }

    async fn publish<E: Event>(&self, event_id: Uuid, event: &E) -> String {
        testkit::publish(&mut self.redis().await, &self.config, event_id, event).await.expect("XADD")
    }

    async fn publish_raw(&self, bytes: &[u8]) -> String {
        testkit::publish_raw(&mut self.redis().await, &self.config, IDENTITY_STREAM, bytes).await.expect("XADD")
    }

    async fn stream_len(&self) -> i64 {
        redis::cmd("XLEN")
            .arg(self.config.key(IDENTITY_STREAM))
            .query_async(&mut self.redis().await)
            .await
            .expect("XLEN")
    }

    /// Entries of the identity stream delivered to the test group and not acknowledged.
    async fn pending(&self) -> i64 {
        let (count, ..): (i64, redis::Value, redis::Value, redis::Value) = redis::cmd("XPENDING")
            .arg(self.config.key(IDENTITY_STREAM))
            .arg(GROUP)
            .query_async(&mut self.redis().await)
            .await
            .expect("XPENDING");
        count
    }

    /// Runs a consumer of the identity stream as the test group until the task is aborted (a
    /// crash) or `stop` turns true.
    fn consume<H, F>(&self, options: ConsumerOptions, handler: H) -> Running
    where
        H: Fn(Envelope) -> F + Send + Sync + 'static,
        F: Future<Output = Result<(), HandlerError>> + Send + 'static,
    {
        let (stop, stopped) = watch::channel(false);
        let consumer = Consumer::new(self.redis.clone(), &self.config, GROUP, &[IDENTITY_STREAM]).with_options(options);
        Running { task: tokio::spawn(consumer.run(handler, stopped)), _stop: stop }
    }
}

struct Running {
    task: JoinHandle<()>,
    _stop: watch::Sender<bool>,
}

/// Quick retries, so a test waits about a second for a claim rather than 30.
fn quick(retry_after: Duration) -> ConsumerOptions {
    ConsumerOptions { block: Duration::from_millis(200), retry_after, ..ConsumerOptions::default() }
}

fn signed_up() -> UserSignedUp {
    UserSignedUp { user_id: Uuid::now_v7().to_string() }
}

/// One thing a test handler saw: event id, outcome, when.
type Sighting = (Uuid, &'static str, Instant);

/// What a test handler saw.
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<Sighting>>>);

impl Seen {
    fn record(&self, id: Uuid, outcome: &'static str) {
        self.0.lock().expect("lock").push((id, outcome, Instant::now()));
    }

    fn times(&self, id: Uuid, outcome: &str) -> Vec<Instant> {
        self.0.lock().expect("lock").iter().filter(|(i, o, _)| *i == id && *o == outcome).map(|(.., t)| *t).collect()
    }

    fn outcome_of(&self, id: Uuid) -> Vec<&'static str> {
        self.0.lock().expect("lock").iter().filter(|(i, ..)| *i == id).map(|(_, o, _)| *o).collect()
    }
}

/// A consumer as services write them: decode with the producer's type, then apply the effect and
/// the `processed_events` mark in one transaction.
async fn apply(pool: meguri_db::Pool, seen: Seen, envelope: Envelope) -> Result<(), HandlerError> {
    let id = envelope.id;
    seen.record(id, "delivered");
    let result = async {
        let Some(event) = envelope.decode::<UserSignedUp>() else { return Ok("ignored") };
        meguri_events::user_id(&event?.user_id)?;
        let mut conn = pool.get().await.map_err(|e| HandlerError::Retry(e.into()))?;
        let applied = conn
            .transaction::<_, diesel::result::Error, _>(async |conn| {
                if !mark_processed(conn, GROUP, id).await? {
                    return Ok(false);
                }
                diesel::sql_query("INSERT INTO effects (event_id) VALUES ($1)")
                    .bind::<SqlUuid, _>(id)
                    .execute(conn)
                    .await?;
                Ok(true)
            })
            .await?;
        Ok(if applied { "applied" } else { "duplicate" })
    }
    .await;
    match result {
        Ok(outcome) => {
            seen.record(id, outcome);
            Ok(())
        }
        Err(error) => {
            seen.record(id, if matches!(error, HandlerError::Reject(_)) { "rejected" } else { "retry" });
            Err(error)
        }
    }
}

/// Polls `check` until it answers (at most 15 s).
async fn eventually<T, F: Future<Output = Option<T>>>(what: &str, mut check: impl FnMut() -> F) -> T {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

// --- the outbox relay ---

#[tokio::test(flavor = "multi_thread")]
async fn a_relay_that_dies_after_publishing_publishes_again_and_the_consumer_applies_the_event_once() {
    let env = env().await;
    let id = env.commit(&signed_up()).await;

    // The relay dies between XADD and deleting the row: its transaction never commits. A trigger
    // fails the delete at exactly that point (a killed process rolls back the same way).
    env.sql(
        "CREATE FUNCTION die() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'relay died'; END $$;
         CREATE TRIGGER die BEFORE DELETE ON outbox FOR EACH STATEMENT EXECUTE FUNCTION die();",
    )
    .await;
    let relay = env.relay();
    relay.publish_batch().await.expect_err("the delete fails");
    assert_eq!(env.published::<UserSignedUp>().await, [id], "published before it died");
    assert_eq!(env.count("SELECT count(*) AS n FROM outbox").await, 1, "the row is still there");

    // Back up, it publishes the row again, and only then deletes it.
    env.sql("DROP TRIGGER die ON outbox").await;
    assert_eq!(relay.publish_batch().await.expect("published"), 1);
    assert_eq!(env.published::<UserSignedUp>().await, [id, id]);
    assert_eq!(env.count("SELECT count(*) AS n FROM outbox").await, 0);
    assert_eq!(relay.publish_batch().await.expect("nothing left"), 0);

    // The consumer gets both copies and applies one.
    let seen = Seen::default();
    let (pool, handler_seen) = (env.db.pool.clone(), seen.clone());
    let _consumer = env.consume(quick(Duration::from_secs(30)), move |e| apply(pool.clone(), handler_seen.clone(), e));
    eventually("both copies handled", || async {
        (seen.outcome_of(id) == ["delivered", "applied", "delivered", "duplicate"]).then_some(())
    })
    .await;
    eventually("both acknowledged", || async { (env.pending().await == 0).then_some(()) }).await;
    assert_eq!(env.effects(id).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_relays_at_once_publish_every_event_exactly_once() {
    let env = env().await;
    // Three batches' worth, committed together.
    let mut conn = env.db.pool.get().await.expect("a connection");
    let mut ids = conn
        .transaction::<_, diesel::result::Error, _>(async |conn| {
            let mut ids = Vec::new();
            for _ in 0..250 {
                ids.push(enqueue(conn, &signed_up()).await?);
            }
            Ok(ids)
        })
        .await
        .expect("commit");
    drop(conn);

    let drain = |relay: Relay| async move {
        let mut total = 0;
        loop {
            match relay.publish_batch().await.expect("publish") {
                0 => return total,
                n => total += n,
            }
        }
    };
    let (first, second) = tokio::join!(tokio::spawn(drain(env.relay())), tokio::spawn(drain(env.relay())));
    assert_eq!(first.expect("relay") + second.expect("relay"), 250);

    let mut published = env.published::<UserSignedUp>().await;
    published.sort();
    ids.sort();
    assert_eq!(published, ids, "each event once");
    assert_eq!(env.count("SELECT count(*) AS n FROM outbox").await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_event_of_a_rolled_back_transaction_is_never_published() {
    let env = env().await;
    let mut conn = env.db.pool.get().await.expect("a connection");
    let rolled_back = conn
        .transaction::<(), diesel::result::Error, _>(async |conn| {
            enqueue(conn, &signed_up()).await?;
            // The change that came with it failed.
            Err(diesel::result::Error::RollbackTransaction)
        })
        .await;
    assert!(rolled_back.is_err());
    drop(conn);

    let relay = env.relay();
    assert_eq!(relay.publish_batch().await.expect("publish"), 0);
    assert_eq!(env.stream_len().await, 0);
    // What commits afterwards goes out, alone.
    let committed =
        env.commit(&EmailVerified { user_id: Uuid::now_v7().to_string(), ..EmailVerified::default() }).await;
    assert_eq!(relay.publish_batch().await.expect("publish"), 1);
    assert_eq!(env.published::<EmailVerified>().await, [committed]);
    assert_eq!(env.stream_len().await, 1);
}

// --- the consumer ---

/// A handler that records what it read, then never finishes (its process is about to die).
async fn hang(seen: Seen, envelope: Envelope) -> Result<(), HandlerError> {
    seen.record(envelope.id, "read");
    std::future::pending().await
}

#[tokio::test(flavor = "multi_thread")]
async fn an_entry_read_by_a_consumer_that_died_is_claimed_by_a_live_one_after_the_idle_timeout() {
    let env = env().await;
    let retry_after = Duration::from_secs(2);
    let seen = Seen::default();
    let (pool, handler_seen) = (env.db.pool.clone(), seen.clone());
    let _survivor = env.consume(quick(retry_after), move |e| apply(pool.clone(), handler_seen.clone(), e));
    // Once it handled a first event, the survivor is past its start (where it claims whatever its
    // group left pending, idle or not).
    let warmup = Uuid::now_v7();
    env.publish(warmup, &signed_up()).await;
    eventually("the survivor running", || async { (!seen.times(warmup, "applied").is_empty()).then_some(()) }).await;

    // Another replica of the group reads the next entry and dies before acknowledging it. Append
    // and read in one transaction, so the entry goes to that replica and not to the survivor.
    let id = Uuid::now_v7();
    let key = env.config.key(IDENTITY_STREAM);
    let (_, read): (String, redis::streams::StreamReadReply) = redis::pipe()
        .atomic()
        .cmd("XADD")
        .arg(&key)
        .arg("*")
        .arg(meguri_events::ENVELOPE_FIELD)
        .arg(testkit::encode(id, &signed_up(), None))
        .cmd("XREADGROUP")
        .arg("GROUP")
        .arg(GROUP)
        .arg("replica-that-died")
        .arg("COUNT")
        .arg(1)
        .arg("STREAMS")
        .arg(&key)
        .arg(">")
        .query_async(&mut env.redis().await)
        .await
        .expect("XADD and XREADGROUP");
    let read_at = Instant::now();
    assert_eq!(read.keys.iter().map(|k| k.ids.len()).sum::<usize>(), 1, "the dying replica read it");

    let applied_at =
        eventually("the survivor claims it", || async { seen.times(id, "applied").into_iter().next() }).await;
    // Claimed once idle for `retry_after` since its delivery (which came just before `read_at`).
    assert!(applied_at.duration_since(read_at) >= retry_after - Duration::from_millis(100), "claimed too early");
    eventually("acknowledged", || async { (env.pending().await == 0).then_some(()) }).await;
    assert_eq!(env.effects(id).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_consumer_restarted_after_a_crash_handles_the_entry_it_had_read() {
    let env = env().await;
    let crashed_seen = Seen::default();
    let handler_seen = crashed_seen.clone();
    let crashed = env.consume(quick(Duration::from_secs(30)), move |e| hang(handler_seen.clone(), e));
    let id = Uuid::now_v7();
    env.publish(id, &signed_up()).await;
    eventually("the entry read", || async { (!crashed_seen.times(id, "read").is_empty()).then_some(()) }).await;
    crashed.task.abort();
    assert_eq!(env.pending().await, 1, "read, never acknowledged");

    // The next process of the service retries what its group left pending, without waiting the
    // 30 s a live consumer would.
    let seen = Seen::default();
    let (pool, handler_seen) = (env.db.pool.clone(), seen.clone());
    let _restarted = env.consume(quick(Duration::from_secs(30)), move |e| apply(pool.clone(), handler_seen.clone(), e));
    eventually("handled after the restart", || async { (!seen.times(id, "applied").is_empty()).then_some(()) }).await;
    eventually("acknowledged", || async { (env.pending().await == 0).then_some(()) }).await;
    assert_eq!(env.effects(id).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_event_delivered_twice_has_one_effect() {
    let env = env().await;
    let id = Uuid::now_v7();
    let event = signed_up();
    env.publish(id, &event).await;
    env.publish(id, &event).await;

    let seen = Seen::default();
    let (pool, handler_seen) = (env.db.pool.clone(), seen.clone());
    let _consumer = env.consume(quick(Duration::from_secs(30)), move |e| apply(pool.clone(), handler_seen.clone(), e));
    eventually("both deliveries", || async { (seen.times(id, "delivered").len() == 2).then_some(()) }).await;
    eventually("acknowledged", || async { (env.pending().await == 0).then_some(()) }).await;
    assert_eq!(seen.outcome_of(id), ["delivered", "applied", "delivered", "duplicate"]);
    assert_eq!(env.effects(id).await, 1);
}

/// An envelope made by hand, for entries a correct producer would never write.
fn envelope(id: Uuid, event_type: &str, schema_version: u32, payload: Vec<u8>) -> Vec<u8> {
    meguri_proto::events::Envelope {
        event_id: id.to_string(),
        event_type: event_type.to_owned(),
        schema_version,
        occurred_at: chrono::Utc::now().to_rfc3339(),
        traceparent: String::new(),
        payload,
    }
    .encode_to_vec()
}

#[tokio::test(flavor = "multi_thread")]
async fn poison_entries_are_acknowledged_and_do_not_block_the_stream() {
    let env = env().await;
    let user_signed_up = <UserSignedUp as Event>::TYPE;
    // Not an envelope at all: bytes that do not decode, and an entry without the field.
    env.publish_raw(b"\x0a\x05ab").await;
    let _: String = redis::cmd("XADD")
        .arg(env.config.key(IDENTITY_STREAM))
        .arg("*")
        .arg("payload")
        .arg("{\"userId\":\"a JSON entry of the old format\"}")
        .query_async(&mut env.redis().await)
        .await
        .expect("XADD");
    // Envelopes the handler must reject: a payload that does not decode, a schema version newer
    // than this build knows, a user id that is not a UUID.
    let (garbled, newer, not_a_uuid) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
    env.publish_raw(&envelope(garbled, user_signed_up, 1, vec![0xff, 0xff, 0xff])).await;
    env.publish_raw(&envelope(newer, user_signed_up, 2, signed_up().encode_to_vec())).await;
    env.publish(not_a_uuid, &UserSignedUp { user_id: "nobody".into() }).await;
    // An event type this consumer does not know: acknowledged untouched.
    let unknown = Uuid::now_v7();
    env.publish_raw(&envelope(unknown, "identity.something_new", 1, vec![])).await;
    let good = Uuid::now_v7();
    env.publish(good, &signed_up()).await;

    let seen = Seen::default();
    let (pool, handler_seen) = (env.db.pool.clone(), seen.clone());
    let _consumer = env.consume(quick(Duration::from_secs(30)), move |e| apply(pool.clone(), handler_seen.clone(), e));
    eventually("the good event applied", || async { (!seen.times(good, "applied").is_empty()).then_some(()) }).await;
    eventually("everything acknowledged", || async { (env.pending().await == 0).then_some(()) }).await;
    for id in [garbled, newer, not_a_uuid] {
        assert_eq!(seen.outcome_of(id), ["delivered", "rejected"], "{id}");
    }
    assert_eq!(seen.outcome_of(unknown), ["delivered", "ignored"]);
    assert_eq!(env.count("SELECT count(*) AS n FROM effects").await, 1);
    assert_eq!(env.stream_len().await, 7, "acknowledged, not deleted (delete_after_ack is off)");
}

// --- trace context ---

/// An OpenTelemetry pipeline into memory, installed once per test process, with the W3C
/// propagator that `meguri_telemetry::init` sets in the services.
fn telemetry() -> &'static opentelemetry_sdk::trace::InMemorySpanExporter {
    static EXPORTER: OnceLock<opentelemetry_sdk::trace::InMemorySpanExporter> = OnceLock::new();
    EXPORTER.get_or_init(|| {
        use opentelemetry::trace::TracerProvider as _;
        use tracing_subscriber::layer::SubscriberExt as _;
        use tracing_subscriber::util::SubscriberInitExt as _;
        let exporter = opentelemetry_sdk::trace::InMemorySpanExporter::default();
        let provider =
            opentelemetry_sdk::trace::SdkTracerProvider::builder().with_simple_exporter(exporter.clone()).build();
        opentelemetry::global::set_text_map_propagator(opentelemetry_sdk::propagation::TraceContextPropagator::new());
        tracing_subscriber::registry()
            .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("meguri-events-tests")))
            .try_init()
            .expect("the only subscriber");
        exporter
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn the_consumer_continues_the_producers_trace() {
    use opentelemetry::trace::TraceContextExt as _;
    use tracing_opentelemetry::OpenTelemetrySpanExt as _;
    let exporter = telemetry();
    let env = env().await;

    // The producer: a request's span, inside which the change commits with its event.
    let request = tracing::info_span!("sign_up");
    let producer = request.context().span().span_context().clone();
    assert!(producer.is_valid());
    let id = env.commit(&signed_up()).instrument(request).await;
    env.relay().publish_batch().await.expect("published");

    // The consumer: its handler runs in the span the consumer made for the entry.
    let observed: Arc<Mutex<Option<opentelemetry::trace::SpanContext>>> = Arc::default();
    let handler_observed = Arc::clone(&observed);
    let _consumer = env.consume(quick(Duration::from_secs(30)), move |_| {
        let observed = Arc::clone(&handler_observed);
        async move {
            let context = tracing::Span::current().context();
            *observed.lock().expect("lock") = Some(context.span().span_context().clone());
            Ok(())
        }
    });
    let consumer = eventually("handled", || async { observed.lock().expect("lock").clone() }).await;
    assert_eq!(consumer.trace_id(), producer.trace_id(), "one trace");
    assert_ne!(consumer.span_id(), producer.span_id(), "a span of its own");

    // And the consumer's span is a child of the producer's.
    let span = eventually("the consumer's span exported", || async {
        let spans = exporter.get_finished_spans().expect("spans");
        spans.into_iter().find(|s| s.span_context.span_id() == consumer.span_id())
    })
    .await;
    assert_eq!(span.parent_span_id, producer.span_id());
    assert_eq!(span.name, <UserSignedUp as Event>::TYPE);
    assert!(span.attributes.iter().any(|kv| kv.key.as_str() == "event_id" && kv.value.as_str() == id.to_string()));
}
