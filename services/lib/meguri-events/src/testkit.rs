//! For tests (feature `testkit`): publish an event straight to a stream the way the relay would,
//! and read a stream's events back, both in the production wire form.

use redis::aio::ConnectionLike;
use uuid::Uuid;

use crate::{ENVELOPE_FIELD, Event, EventsConfig};

/// `event` in its envelope, as the relay writes it (occurred now, with `traceparent`).
#[must_use]
pub fn encode<E: Event>(event_id: Uuid, event: &E, traceparent: Option<&str>) -> Vec<u8> {
    crate::outbox::envelope(event_id, event, chrono::Utc::now(), traceparent.map(str::to_owned))
}

/// Appends `event` to its stream under `config`'s prefix, as the relay would; returns the entry id.
///
/// # Errors
/// Redis failed.
pub async fn publish<E: Event>(
    conn: &mut impl ConnectionLike,
    config: &EventsConfig,
    event_id: Uuid,
    event: &E,
) -> redis::RedisResult<String> {
    publish_raw(conn, config, E::STREAM, &encode(event_id, event, None)).await
}

/// Appends an entry whose `envelope` field is `bytes` (a poison entry, or a hand-made envelope).
///
/// # Errors
/// Redis failed.
pub async fn publish_raw(
    conn: &mut impl ConnectionLike,
    config: &EventsConfig,
    stream: &str,
    bytes: &[u8],
) -> redis::RedisResult<String> {
    redis::cmd("XADD").arg(config.key(stream)).arg("*").arg(ENVELOPE_FIELD).arg(bytes).query_async(conn).await
}

/// Every `E` in its stream, oldest first, with its event id (entries of other types are skipped).
///
/// # Errors
/// Redis failed, or an entry of type `E` does not decode.
pub async fn read<E: Event>(conn: &mut impl ConnectionLike, config: &EventsConfig) -> anyhow::Result<Vec<(Uuid, E)>> {
    let reply: redis::streams::StreamRangeReply =
        redis::cmd("XRANGE").arg(config.key(E::STREAM)).arg("-").arg("+").query_async(conn).await?;
    let mut events = Vec::new();
    for entry in reply.ids {
        let envelope = crate::consumer::parse(E::STREAM, &entry.map)
            .ok_or_else(|| anyhow::anyhow!("entry {} is not an envelope", entry.id))?;
        if let Some(event) = envelope.decode::<E>() {
            events.push((envelope.id, event?));
        }
    }
    Ok(events)
}

/// Whether consumer group `group` has read `stream` (under `config`'s prefix) up to `entry` and
/// acknowledged all of it. Tests poll it after publishing, instead of sleeping.
///
/// # Errors
/// Redis failed (a stream or group that does not exist yet is `false`, not an error).
pub async fn handled(
    conn: &mut impl ConnectionLike,
    config: &EventsConfig,
    stream: &str,
    group: &str,
    entry: &str,
) -> redis::RedisResult<bool> {
    use std::collections::HashMap;
    let groups: Vec<HashMap<String, redis::Value>> =
        match redis::cmd("XINFO").arg("GROUPS").arg(config.key(stream)).query_async(conn).await {
            Ok(groups) => groups,
            Err(e) if matches!(e.kind(), redis::ErrorKind::Server(_)) => return Ok(false),
            Err(e) => return Err(e),
        };
    Ok(groups.iter().any(|g| {
        let text = |k: &str| g.get(k).and_then(|v| redis::from_redis_value::<String>(v.clone()).ok());
        let pending = g.get("pending").and_then(|v| redis::from_redis_value::<i64>(v.clone()).ok());
        text("name").as_deref() == Some(group)
            && text("last-delivered-id").as_deref() == Some(entry)
            && pending == Some(0)
    }))
}

/// Every `E` in its stream at `redis_url` under `config`'s prefix, oldest first, without the ids
/// (opens its own connection).
///
/// # Errors
/// As [`read`], or no connection.
pub async fn read_all<E: Event>(redis_url: &str, config: &EventsConfig) -> anyhow::Result<Vec<E>> {
    let mut conn = redis::Client::open(redis_url)?.get_multiplexed_async_connection().await?;
    Ok(read::<E>(&mut conn, config).await?.into_iter().map(|(_, event)| event).collect())
}
