//! The identity events fortune-gen reacts to: a sign-up or a birth-data change asks for a chart
//! build; an account deletion removes everything fortune-gen holds about the user, and the other
//! members' friend updates that name the user. Each event is applied once (`processed_events` in
//! the same transaction as its effect).

use meguri_events::{Envelope, HandlerError, mark_processed, user_id};
use meguri_ids::UserId;
use meguri_proto::identity::{AccountDeleted, BirthDataChanged, UserSignedUp};

use crate::db;
use crate::usecases::Fortune;

/// The consumer group on the identity stream, and the consumer name in `processed_events`.
pub const GROUP: &str = "fortune-gen";

/// What an event asks for.
#[derive(Clone, Copy, Debug)]
enum Action {
    Build(UserId),
    Delete(UserId),
}

/// Handles one entry of the identity stream. Other event types are acknowledged untouched.
///
/// # Errors
/// [`HandlerError::Retry`] when the database fails; [`HandlerError::Reject`] for a payload that
/// breaks the contract.
pub async fn handle_identity(fortune: &Fortune, envelope: Envelope) -> Result<(), HandlerError> {
    let action = if let Some(e) = envelope.decode::<UserSignedUp>() {
        Action::Build(user_id(&e?.user_id)?)
    } else if let Some(e) = envelope.decode::<BirthDataChanged>() {
        Action::Build(user_id(&e?.user_id)?)
    } else if let Some(e) = envelope.decode::<AccountDeleted>() {
        Action::Delete(user_id(&e?.user_id)?)
    } else {
        return Ok(());
    };
    let now = fortune.clock.now();
    let mut conn = fortune.db.get().await.map_err(|e| HandlerError::Retry(anyhow::Error::new(e)))?;
    let event_id = envelope.id;
    let applied = diesel_async::AsyncConnection::transaction::<_, diesel::result::Error, _>(&mut *conn, async |conn| {
        if !mark_processed(conn, GROUP, event_id).await? {
            return Ok(false);
        }
        match action {
            Action::Build(user) => db::charts::request_build(conn, user, now).await?,
            Action::Delete(user) => db::delete_user(conn, user).await?,
        }
        Ok(true)
    })
    .await?;
    if !applied {
        tracing::debug!(name: "fortune_gen.event.duplicate", event_id = %event_id, "event handled before");
        return Ok(());
    }
    match action {
        Action::Build(user) => {
            tracing::info!(name: "fortune_gen.chart.requested", user_id = %user, event_type = %envelope.event_type);
            fortune.charts_due.notify_one();
        }
        Action::Delete(user) => tracing::info!(name: "fortune_gen.user.deleted", user_id = %user),
    }
    Ok(())
}
