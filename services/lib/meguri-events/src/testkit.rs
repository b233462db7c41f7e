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
