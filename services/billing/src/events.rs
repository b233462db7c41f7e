//! The identity events billing reacts to: a new user receives the sign-up credits, once.

use meguri_events::{Envelope, HandlerError};
use meguri_proto::identity::UserSignedUp;

use crate::db::ledger;
use crate::domain::{Change, Credits, Reason, SIGNUP_BONUS, signup_bonus_key};
use crate::error::Error;
use crate::usecases::Ledger;

/// The consumer group, and the consumer name in `processed_events`.
pub const GROUP: &str = "billing";

/// Handles one entry of the `identity` stream. Other event types are acknowledged untouched.
///
/// # Errors
/// [`HandlerError::Retry`] when the database fails; [`HandlerError::Reject`] for a payload that
/// breaks the contract or a grant that can never succeed.
pub async fn handle(ledger: Ledger, envelope: Envelope) -> Result<(), HandlerError> {
    let Some(event) = envelope.decode::<UserSignedUp>() else {
        return Ok(());
    };
    let user_id = meguri_events::user_id(&event?.user_id)?;
    let amount = Credits::amount(SIGNUP_BONUS).map_err(|e| HandlerError::Reject(e.into()))?;
    let change = Change::grant(user_id, amount, Reason::signup_bonus(), signup_bonus_key(user_id));
    match ledger::apply_for_event(&ledger.pool, ledger.clock.as_ref(), GROUP, envelope.id, &change).await {
        Ok(Some(applied)) => {
            crate::metrics::record(&change, &Ok(applied));
            tracing::info!(
                name: "billing.signup_bonus.granted",
                user_id = %user_id,
                credits = SIGNUP_BONUS,
                balance = applied.balance.get(),
                replayed = applied.replayed, "billing.signup_bonus.granted",
            );
            Ok(())
        }
        Ok(None) => {
            tracing::debug!(name: "billing.event.duplicate", event_id = %envelope.id, "billing.event.duplicate: event handled before");
            Ok(())
        }
        Err(Error::Unexpected(e)) => Err(HandlerError::Retry(e)),
        Err(other) => Err(HandlerError::Reject(other.into())),
    }
}
