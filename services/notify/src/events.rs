//! The events notify reacts to: mail requests (stream `mail`), account events (stream
//! `identity`) and letters to the future (stream `social`).

use std::sync::Arc;

use meguri_events::{Envelope, HandlerError};
use meguri_proto::identity::{AccountDeleted, UserSignedUp};
use meguri_proto::notify::MailRequested;
use meguri_proto::social::{LetterCancelled, LetterSealed};
use meguri_tz::TimezoneOffset;
use tokio::sync::Notify;

use crate::db::{notifications, preferences};
use crate::domain::{MailRequest, parse_date};
use crate::error::Error;
use crate::usecases::letters::{Letters, Sealed};
use crate::usecases::mail::{Intake, Outcome};

/// The consumer group on every stream, and the consumer name in `processed_events`.
pub const GROUP: &str = "notify";

fn retry_or_reject(error: Error) -> HandlerError {
    match error {
        Error::Unexpected(e) => HandlerError::Retry(e),
        other => HandlerError::Reject(other.into()),
    }
}

/// What the `mail` handler needs.
#[derive(Clone)]
pub struct MailHandler {
    pub intake: Intake,
    /// Wakes the sender as soon as a message is queued.
    pub wake: Arc<Notify>,
}

impl MailHandler {
    /// Takes in a `MailRequested` (see [`Intake::take`]), then wakes the sender. Other event
    /// types are acknowledged untouched.
    ///
    /// # Errors
    /// [`HandlerError::Retry`] when the database or identity fails (the entry stays pending and
    /// is claimed again); [`HandlerError::Reject`] for a payload that breaks the contract.
    pub async fn handle(&self, envelope: Envelope) -> Result<(), HandlerError> {
        let Some(request) = envelope.decode::<MailRequested>() else {
            return Ok(());
        };
        let request = MailRequest::try_from(request?).map_err(HandlerError::Reject)?;
        match self.intake.take(envelope.id, request).await.map_err(retry_or_reject)? {
            Outcome::Queued(id, mail_type) => {
                tracing::info!(
                    name: "notify.mail.queued",
                    notification_id = %id,
                    event_id = %envelope.id,
                    mail_type = mail_type.as_str(), "notify.mail.queued",
                );
                self.wake.notify_one();
            }
            Outcome::Duplicate => {
                tracing::debug!(name: "notify.event.duplicate", event_id = %envelope.id, "notify.event.duplicate: mail request handled before");
            }
            Outcome::Unwanted(preference) => {
                tracing::info!(name: "notify.mail.unwanted", event_id = %envelope.id, ?preference, "notify.mail.unwanted: the recipient switched this mail off");
            }
            Outcome::RecipientGone => {
                tracing::info!(name: "notify.mail.recipient_gone", event_id = %envelope.id, "notify.mail.recipient_gone: identity has no such member; dropped");
            }
        }
        Ok(())
    }
}

/// Handles one entry of the `identity` stream: preferences for a new user; forgetting a deleted
/// one. Other types are acknowledged untouched.
///
/// # Errors
/// [`HandlerError::Retry`] when the database fails; [`HandlerError::Reject`] for a payload that
/// breaks the contract.
pub async fn handle_identity(pool: meguri_db::Pool, envelope: Envelope) -> Result<(), HandlerError> {
    if let Some(event) = envelope.decode::<UserSignedUp>() {
        let user_id = meguri_events::user_id(&event?.user_id)?;
        if preferences::create_for_event(&pool, GROUP, envelope.id, user_id).await.map_err(retry_or_reject)? {
            tracing::info!(name: "notify.preferences.created", %user_id, "notify.preferences.created");
        }
    } else if let Some(event) = envelope.decode::<AccountDeleted>() {
        let user_id = meguri_events::user_id(&event?.user_id)?;
        if let Some(scrubbed) =
            notifications::forget_user(&pool, GROUP, envelope.id, user_id).await.map_err(retry_or_reject)?
        {
            tracing::info!(name: "notify.user.forgotten", %user_id, scrubbed, "notify.user.forgotten");
        }
    }
    Ok(())
}

/// An entry id carried in an event (a UUID string).
fn entry_id(raw: &str) -> Result<uuid::Uuid, HandlerError> {
    raw.parse().map_err(|_| HandlerError::Reject(anyhow::anyhow!("the entry id {raw:?} is not a UUID")))
}

/// Handles one entry of the `social` stream: a sealed letter is scheduled (07:00 local of its
/// delivery date, once per entry), a cancelled one cancelled while pending. Other types are
/// acknowledged untouched.
///
/// # Errors
/// [`HandlerError::Retry`] when the database fails; [`HandlerError::Reject`] for a payload that
/// breaks the contract (an id that is not a UUID, a date that is not `YYYY-MM-DD`, an offset
/// outside −840..=720).
pub async fn handle_social(letters: Letters, envelope: Envelope) -> Result<(), HandlerError> {
    if let Some(event) = envelope.decode::<LetterSealed>() {
        let event = event?;
        let reject = |e: anyhow::Error| HandlerError::Reject(e);
        let letter = Sealed {
            entry_id: entry_id(&event.entry_id)?,
            user: meguri_events::user_id(&event.user_id)?,
            delivery_date: parse_date(&event.delivery_date).map_err(reject)?,
            authored_date: parse_date(&event.authored_date).map_err(reject)?,
            offset: TimezoneOffset::parse(event.timezone_offset_minutes)
                .map_err(|e| HandlerError::Reject(anyhow::Error::new(e)))?,
        };
        let scheduled = letters.seal(GROUP, envelope.id, letter).await.map_err(retry_or_reject)?;
        tracing::info!(
            name: "notify.letter.sealed",
            entry_id = %letter.entry_id,
            delivery_date = %letter.delivery_date,
            scheduled = scheduled.unwrap_or(false),
            duplicate = scheduled.is_none(),
            "notify.letter.sealed"
        );
    } else if let Some(event) = envelope.decode::<LetterCancelled>() {
        let event = event?;
        let (entry, user) = (entry_id(&event.entry_id)?, meguri_events::user_id(&event.user_id)?);
        let outcome = letters.cancel(GROUP, envelope.id, entry, user).await.map_err(retry_or_reject)?;
        tracing::info!(name: "notify.letter.cancelled", entry_id = %entry, outcome = ?outcome, "notify.letter.cancelled");
    }
    Ok(())
}
