//! Letters to the future: sealing (`LetterSealed` for notify's scheduler), cancelling
//! (`LetterCancelled`), delivery (notify's `LetterDelivered` unseals the letter and notifies the
//! friends it mentions), the app's "letter from the past" (delivered, not yet shown), and the
//! lucky day to deliver on.

use chrono::{DateTime, NaiveDate, Utc};
use diesel_async::{AsyncConnection as _, AsyncPgConnection};
use meguri_events::mark_processed;
use meguri_ids::UserId;
use meguri_proto::social::{LetterCancelled, LetterSealed};
use meguri_tz::TimezoneOffset;
use uuid::Uuid;

use super::super::Social;
use crate::db::{diary, members};
use crate::domain::Refusal;
use crate::domain::diary::{AlmanacItem, Entry, EntryId, EntryView, first_lucky_day, lucky_window};
use crate::error::Error;
use crate::events::GROUP;

/// A day to deliver a letter on, and why it is lucky (strongest first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LuckyDay {
    pub date: NaiveDate,
    pub reasons: Vec<AlmanacItem>,
}

/// `LetterSealed` for a new letter, in the caller's transaction: notify schedules its delivery at
/// 07:00 of the delivery date in `offset` (the author's, as resolved when it was written).
///
/// # Errors
/// The outbox insert failed.
pub(super) async fn seal(
    conn: &mut AsyncPgConnection,
    entry: &Entry,
    offset: TimezoneOffset,
) -> Result<(), diesel::result::Error> {
    let event = LetterSealed {
        entry_id: entry.id.to_string(),
        user_id: entry.author.to_string(),
        delivery_date: entry.delivery_date.unwrap_or(entry.date).to_string(),
        authored_date: entry.authored_date.unwrap_or(entry.date).to_string(),
        timezone_offset_minutes: offset.minutes(),
    };
    meguri_events::enqueue(conn, &event).await?;
    Ok(())
}

/// `LetterCancelled` for a sealed letter deleted before delivery, in the caller's transaction.
///
/// # Errors
/// The outbox insert failed.
pub(super) async fn cancel(conn: &mut AsyncPgConnection, entry: &Entry) -> Result<(), diesel::result::Error> {
    let event = LetterCancelled { entry_id: entry.id.to_string(), user_id: entry.author.to_string() };
    meguri_events::enqueue(conn, &event).await?;
    Ok(())
}

impl Social {
    /// notify delivered `user`'s letter `entry` at `at`: it is unsealed (`delivered_at`,
    /// `email_sent`), and the friends it mentions are resolved and notified, in one transaction
    /// with the event's mark. A letter deleted meanwhile, or delivered before, changes nothing.
    /// Returns whether the event was new.
    ///
    /// # Errors
    /// The database.
    pub async fn on_letter_delivered(
        &self,
        event_id: Uuid,
        user: UserId,
        entry: EntryId,
        email_sent: bool,
        at: DateTime<Utc>,
    ) -> Result<bool, Error> {
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let (applied, delivered) = conn
            .transaction::<_, Error, _>(async |conn| {
                if !mark_processed(conn, GROUP, event_id).await? {
                    return Ok((false, false));
                }
                let Some(letter) = diary::mark_delivered(conn, user, entry, at, email_sent).await? else {
                    return Ok((true, false));
                };
                if let Some(author) = members::find(conn, user).await? {
                    super::mentions::notify(conn, &author, &letter, now).await?;
                }
                Ok((true, true))
            })
            .await?;
        if delivered {
            self.relay.wake();
            tracing::info!(name: "social.letter.delivered", user_id = %user, email_sent);
        }
        Ok(applied)
    }

    /// `me`'s letters delivered and not yet shown in the app, oldest delivery first.
    ///
    /// # Errors
    /// The database.
    pub async fn unshown_letters(&self, me: UserId) -> Result<Vec<EntryView>, Error> {
        let mut conn = self.conn().await?;
        let letters = diary::unshown_letters(&mut conn, me).await?;
        self.own_views(&mut conn, me, letters).await
    }

    /// `me` has seen their delivered letter `id` (idempotent).
    ///
    /// # Errors
    /// [`Refusal::DiaryEntryNotFound`] unless it is `me`'s delivered letter.
    pub async fn mark_letter_shown(&self, me: UserId, id: EntryId) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        if !diary::mark_letter_shown(&mut conn, me, id).await? {
            return Err(Refusal::DiaryEntryNotFound.into());
        }
        Ok(())
    }

    /// The first 天赦日, 一粒万倍日 or 大安 on or after `from` within 60 days (and ten years of
    /// `me`'s today), from bazi-engine's almanac.
    ///
    /// # Errors
    /// [`Refusal::InvalidDeliveryDate`] (`from` not a valid delivery date),
    /// [`Refusal::LuckyDayNotFound`], [`Error::PeerUnavailable`] when the engine does not answer.
    pub async fn lucky_day(
        &self,
        me: UserId,
        from: NaiveDate,
        offset: Option<TimezoneOffset>,
    ) -> Result<LuckyDay, Error> {
        let (_, today) = self.local_today(me, offset).await;
        let (first, last) = lucky_window(today, from)?;
        let days = self.peers.almanac(first, last).await.map_err(|error| {
            if error.failure.transient {
                tracing::warn!(name: "social.lucky_day.engine_failed", error = %error);
                Error::PeerUnavailable("bazi-engine")
            } else {
                Error::Unexpected(error.into())
            }
        })?;
        let (date, reasons) = first_lucky_day(&days).ok_or(Refusal::LuckyDayNotFound)?;
        Ok(LuckyDay { date, reasons })
    }
}
