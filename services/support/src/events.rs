//! The consumers of support: identity's stream (a deleted account anonymises its tickets and drops
//! its analytics) and the `analytics` stream (issue 26: stored only with consent, once per event
//! id). Both are idempotent: `processed_events`, or the event id as the row's key, in the use
//! case's transaction. Other event types are acknowledged untouched. Events support produces (the
//! mails of staff replies, its own counted actions) go through its outbox (meguri-events).

use chrono::{DateTime, Utc};
use meguri_analytics::{Activity, ClientEvent};
use meguri_events::{Envelope, HandlerError, user_id};
use meguri_proto::analytics::{ActivityRecorded, ClientEventRecorded, ConsentChanged, VisitorConsentWithdrawn};
use meguri_proto::identity::AccountDeleted;
use uuid::Uuid;

use crate::domain::analytics::{clean_path, clean_referrer};
use crate::error::Error;
use crate::usecases::UseCases;
use crate::usecases::analytics::{ClientSeen, Incoming};

/// The consumer group of support on every stream it reads, and its name in `processed_events`.
pub const GROUP: &str = "support";

/// Handles one entry of the `identity` stream.
///
/// # Errors
/// [`HandlerError::Retry`] when the database or the attachment store fails;
/// [`HandlerError::Reject`] for a payload that breaks the contract.
pub async fn handle_identity_event(usecases: &UseCases, envelope: Envelope) -> Result<(), HandlerError> {
    let Some(event) = envelope.decode::<AccountDeleted>() else { return Ok(()) };
    let user = user_id(&event?.user_id)?;
    match usecases.on_account_deleted(envelope.id, user).await {
        Ok(true) => Ok(()),
        Ok(false) => {
            tracing::debug!(name: "support.event.duplicate", event_id = %envelope.id, "event handled before");
            Ok(())
        }
        Err(error) => Err(retry_or_reject(error)),
    }
}

/// Handles one entry of the `analytics` stream.
///
/// # Errors
/// As [`handle_identity_event`].
pub async fn handle_analytics_event(usecases: &UseCases, envelope: Envelope) -> Result<(), HandlerError> {
    let Some(incoming) = incoming(&envelope)? else { return Ok(()) };
    let event_type = envelope.event_type.clone();
    let outcome = usecases.ingest(incoming).await.map_err(retry_or_reject)?;
    metrics::counter!("meguri_analytics_ingested_total", "outcome" => outcome.as_str()).increment(1);
    let lag = (usecases.clock.now() - envelope.occurred_at).num_milliseconds().max(0);
    #[allow(clippy::cast_precision_loss)] // milliseconds well within f64's exact range
    metrics::histogram!("meguri_analytics_ingest_lag_seconds").record(lag as f64 / 1000.0);
    tracing::debug!(name: "support.analytics.ingested", event_id = %envelope.id, %event_type, outcome = outcome.as_str());
    Ok(())
}

fn retry_or_reject(error: Error) -> HandlerError {
    match error {
        Error::Unexpected(e) => HandlerError::Retry(e),
        other => HandlerError::Reject(other.into()),
    }
}

fn reject(what: &str) -> HandlerError {
    HandlerError::Reject(anyhow::anyhow!("analytics event: {what}"))
}

fn instant(raw: &str) -> Result<DateTime<Utc>, HandlerError> {
    DateTime::parse_from_rfc3339(raw).map(|t| t.to_utc()).map_err(|_| reject("a time that is not RFC 3339"))
}

fn uuid(raw: &str) -> Result<Uuid, HandlerError> {
    raw.parse().map_err(|_| reject("an id that is not a UUID"))
}

fn optional_uuid(raw: Option<&str>) -> Result<Option<Uuid>, HandlerError> {
    raw.filter(|s| !s.is_empty()).map(uuid).transpose()
}

/// A small JSON object, or `{}` for anything else (producers send facts, never text).
fn data(raw: &str) -> serde_json::Value {
    match serde_json::from_str::<serde_json::Value>(raw) {
        Ok(v @ serde_json::Value::Object(_)) if raw.len() <= meguri_analytics::MAX_DATA_BYTES => v,
        _ => serde_json::Value::Object(serde_json::Map::new()),
    }
}

/// The envelope as an [`Incoming`], `None` for a type this service does not store.
fn incoming(envelope: &Envelope) -> Result<Option<Incoming>, HandlerError> {
    if let Some(event) = envelope.decode::<ActivityRecorded>() {
        let event = event?;
        let activity = Activity::parse(&event.event_type).ok_or_else(|| reject("an unknown activity"))?;
        return Ok(Some(Incoming::Activity {
            id: envelope.id,
            user: *user_id(&event.user_id)?.as_uuid(),
            activity,
            data: data(&event.data_json),
            at: instant(&event.occurred_at)?,
        }));
    }
    if let Some(event) = envelope.decode::<ClientEventRecorded>() {
        let event = event?;
        let kind = ClientEvent::parse(&event.event_type).ok_or_else(|| reject("an unknown client event"))?;
        let path = clean_path(&event.path).ok_or_else(|| reject("a path that is not one"))?;
        return Ok(Some(Incoming::Client(ClientSeen {
            id: envelope.id,
            user: optional_uuid(event.user_id.as_deref())?,
            visitor: optional_uuid(event.visitor_id.as_deref())?,
            kind,
            path,
            referrer: event.referrer.as_deref().and_then(clean_referrer),
            user_agent: event.user_agent.chars().take(512).collect(),
            ip_prefix: event.ip_prefix.chars().take(64).collect(),
            data: data(&event.data_json),
            at: instant(&event.occurred_at)?,
        })));
    }
    if let Some(event) = envelope.decode::<ConsentChanged>() {
        let event = event?;
        return Ok(Some(Incoming::Consent {
            user: *user_id(&event.user_id)?.as_uuid(),
            granted: event.analytics,
            at: instant(&event.changed_at)?,
            delete_collected: event.delete_collected,
        }));
    }
    if let Some(event) = envelope.decode::<VisitorConsentWithdrawn>() {
        let event = event?;
        return Ok(Some(Incoming::VisitorWithdrawn {
            visitor: uuid(&event.visitor_id)?,
            at: instant(&event.withdrawn_at)?,
            delete_collected: event.delete_collected,
        }));
    }
    Ok(None)
}
