//! Letters to the future, as social announces them: scheduled at 07:00 local of the delivery date
//! (LetterSealed, in the author's offset), cancelled while still pending (LetterCancelled).

use std::sync::Arc;

use chrono::NaiveDate;
use meguri_clock::Clock;
use meguri_ids::UserId;
use meguri_tz::TimezoneOffset;
use uuid::Uuid;

use crate::db::deliveries::{self, Cancelled, NewLetter};
use crate::domain::schedule::letter_due_at;
use crate::error::Error;

/// A sealed letter, read from its event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sealed {
    pub entry_id: Uuid,
    pub user: UserId,
    pub delivery_date: NaiveDate,
    pub authored_date: NaiveDate,
    pub offset: TimezoneOffset,
}

/// What the letter handlers need.
#[derive(Clone)]
pub struct Letters {
    pub pool: meguri_db::Pool,
    pub clock: Arc<dyn Clock>,
}

impl Letters {
    /// Schedules `letter` (event `event_id`); see [`deliveries::schedule_letter`] for the answer.
    ///
    /// # Errors
    /// The database.
    pub async fn seal(&self, consumer: &str, event_id: Uuid, letter: Sealed) -> Result<Option<bool>, Error> {
        let new = NewLetter {
            entry_id: letter.entry_id,
            user: letter.user,
            due_at: letter_due_at(letter.delivery_date, letter.offset),
            authored_date: letter.authored_date,
            delivery_date: letter.delivery_date,
            timezone_offset: letter.offset.minutes(),
        };
        deliveries::schedule_letter(&self.pool, consumer, event_id, &new, self.clock.now()).await
    }

    /// Cancels the letter `entry_id` if still pending (event `event_id`).
    ///
    /// # Errors
    /// The database.
    pub async fn cancel(
        &self,
        consumer: &str,
        event_id: Uuid,
        entry_id: Uuid,
        user: UserId,
    ) -> Result<Option<Cancelled>, Error> {
        deliveries::cancel_letter(&self.pool, consumer, event_id, entry_id, user, self.clock.now()).await
    }
}
