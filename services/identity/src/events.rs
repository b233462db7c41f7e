//! The consumer of the `audit` stream: staff actions other services recorded in their outboxes
//! (support, billing, fortune-gen), kept in the audit log. Other event types are acknowledged
//! untouched.

use meguri_events::{Envelope, HandlerError};
use meguri_proto::audit::StaffActionRecorded;

use crate::error::Error;
use crate::usecases::accounts::Accounts;

/// The consumer group of identity.
pub const GROUP: &str = "identity";

/// Handles one entry of the `audit` stream.
///
/// # Errors
/// [`HandlerError::Retry`] when the database fails; [`HandlerError::Reject`] for a record that
/// breaks the contract (logged, acknowledged).
pub async fn handle_audit_event(accounts: &Accounts, envelope: Envelope) -> Result<(), HandlerError> {
    let Some(event) = envelope.decode::<StaffActionRecorded>() else { return Ok(()) };
    match accounts.record_audit_event(envelope.id, event?).await {
        Ok(new) => {
            if !new {
                tracing::debug!(name: "identity.audit.duplicate", event_id = %envelope.id, "audit record kept before");
            }
            Ok(())
        }
        Err(Error::Unexpected(e)) => Err(HandlerError::Retry(e)),
        Err(other) => Err(HandlerError::Reject(other.into())),
    }
}
