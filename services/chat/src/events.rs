//! The identity events chat reacts to: an account deletion removes the user's messages,
//! compatibility requests and memory. Each event is applied once (`processed_events` in the same
//! transaction as its effect). chat produces no events.

use meguri_events::{Envelope, HandlerError, user_id};
use meguri_proto::identity::AccountDeleted;

use crate::error::Error;
use crate::usecases::Chat;

/// The consumer group of chat on every stream it reads, and its name in `processed_events`.
pub const GROUP: &str = "chat";

/// Handles one entry of the identity stream. Other event types are acknowledged untouched.
///
/// # Errors
/// [`HandlerError::Retry`] when the database fails; [`HandlerError::Reject`] for a payload that
/// breaks the contract.
pub async fn handle_identity(chat: &Chat, envelope: Envelope) -> Result<(), HandlerError> {
    let Some(event) = envelope.decode::<AccountDeleted>() else { return Ok(()) };
    let user = user_id(&event?.user_id)?;
    match chat.on_account_deleted(envelope.id, user).await {
        Ok(true) => Ok(()),
        Ok(false) => {
            tracing::debug!(name: "chat.event.duplicate", event_id = %envelope.id, "event handled before");
            Ok(())
        }
        Err(Error::Unexpected(e)) => Err(HandlerError::Retry(e)),
        Err(other) => Err(HandlerError::Reject(other.into())),
    }
}
