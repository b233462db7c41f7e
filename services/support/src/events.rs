//! The consumer of identity's stream: a deleted account anonymises its tickets (idempotent:
//! `processed_events` in the use case's transaction); other event types are acknowledged untouched.
//! Events support produces (the mails of staff replies) go through its outbox (meguri-events).

use meguri_events::{Envelope, HandlerError, user_id};
use meguri_proto::identity::AccountDeleted;

use crate::error::Error;
use crate::usecases::UseCases;

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
        Err(Error::Unexpected(e)) => Err(HandlerError::Retry(e)),
        Err(other) => Err(HandlerError::Reject(other.into())),
    }
}
