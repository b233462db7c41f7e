//! The consumers of identity's stream (verification: the member joins the read model, an invite
//! becomes a friend request; profile changes, deletions and birth-data changes) and of notify's
//! (a letter to the future delivered). Each handler is idempotent (`processed_events` in the use
//! case's transaction); other event types are acknowledged untouched. Events social produces
//! (mail requests, sealed and cancelled letters) go through its outbox.

use meguri_events::{Envelope, HandlerError, user_id};
use meguri_ids::UserId;
use meguri_proto::identity::{AccountDeleted, BirthDataChanged, EmailVerified, ProfileChanged};
use meguri_proto::notify::LetterDelivered;

use crate::domain::diary::EntryId;

use crate::error::Error;
use crate::usecases::Social;

/// The consumer group of social on every stream it reads, and its name in `processed_events`.
pub const GROUP: &str = "social";

fn retry_or_reject(error: Error) -> HandlerError {
    match error {
        Error::Unexpected(e) => HandlerError::Retry(e),
        other => HandlerError::Reject(other.into()),
    }
}

/// Handles one entry of the `identity` stream.
///
/// # Errors
/// [`HandlerError::Retry`] when the database fails; [`HandlerError::Reject`] for a payload that
/// breaks the contract.
pub async fn handle_identity_event(social: &Social, envelope: Envelope) -> Result<(), HandlerError> {
    let id = envelope.id;
    let applied = if let Some(event) = envelope.decode::<EmailVerified>() {
        let event = event?;
        let user = user_id(&event.user_id)?;
        // Events written before identity sent profiles carry none: the backfill covers them.
        let profile =
            event.profile.as_ref().map(crate::peers::member_profile).transpose().map_err(HandlerError::Reject)?;
        if profile.as_ref().is_some_and(|p| p.member.id != user) {
            return Err(HandlerError::Reject(anyhow::anyhow!("the profile names another user")));
        }
        // An inviter id that is not a UUID is ignored, as identity ignores it.
        let inviter = event.inviter_id.as_deref().and_then(|raw| raw.parse::<UserId>().ok());
        social.on_email_verified(id, user, profile, inviter).await
    } else if let Some(event) = envelope.decode::<ProfileChanged>() {
        let event = event?;
        let user = user_id(&event.user_id)?;
        let Some(profile) = event.profile.as_ref() else {
            return Err(HandlerError::Reject(anyhow::anyhow!("profile_changed without a profile")));
        };
        let profile = crate::peers::member_profile(profile).map_err(HandlerError::Reject)?;
        if profile.member.id != user {
            return Err(HandlerError::Reject(anyhow::anyhow!("the profile names another user")));
        }
        social.on_profile_changed(id, profile).await
    } else if let Some(event) = envelope.decode::<AccountDeleted>() {
        social.on_account_deleted(id, user_id(&event?.user_id)?).await
    } else if let Some(event) = envelope.decode::<BirthDataChanged>() {
        social.on_birth_data_changed(id, user_id(&event?.user_id)?).await
    } else {
        return Ok(());
    };
    finish(id, applied)
}

/// The handler's answer for a use case's result (whether the event was new).
fn finish(id: uuid::Uuid, applied: Result<bool, Error>) -> Result<(), HandlerError> {
    if !applied.map_err(retry_or_reject)? {
        tracing::debug!(name: "social.event.duplicate", event_id = %id, "event handled before");
    }
    Ok(())
}

/// Handles one entry of the `notify` stream: `notify.letter_delivered`.
///
/// # Errors
/// [`HandlerError::Retry`] when the database fails; [`HandlerError::Reject`] for a payload that
/// breaks the contract (an id that is not a UUID, a time that is not RFC 3339).
pub async fn handle_notify_event(social: &Social, envelope: Envelope) -> Result<(), HandlerError> {
    let Some(event) = envelope.decode::<LetterDelivered>() else { return Ok(()) };
    let event = event?;
    let user = user_id(&event.user_id)?;
    let entry: EntryId = event
        .entry_id
        .parse()
        .map_err(|_| HandlerError::Reject(anyhow::anyhow!("the entry id {:?} is not a UUID", event.entry_id)))?;
    let at = chrono::DateTime::parse_from_rfc3339(&event.delivered_at)
        .map_err(|_| HandlerError::Reject(anyhow::anyhow!("delivered_at {:?} is not RFC 3339", event.delivered_at)))?
        .to_utc();
    finish(envelope.id, social.on_letter_delivered(envelope.id, user, entry, event.email_sent, at).await)
}
