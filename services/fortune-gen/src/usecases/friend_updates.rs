//! The friend updates of a member's local day: built once (social's friend list → the friends'
//! ready charts in fortune's own table, read as faces → `domain::friend_updates`), stored, then
//! served from storage all day, but only the cards of those social names as friends at the moment
//! of the read: a block or an unfriend hides the card on both sides at once. Social is asked on
//! every read; without its answer nothing is served (a card of someone who just blocked the reader
//! must never show).

use anyhow::Context as _;
use chrono::{NaiveDate, SubsecRound as _};
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use prost::Message as _;

use crate::db;
use crate::domain::TimezoneOffset;
use meguri_ganzhi::{FriendFace, Stem};

use crate::domain::friend_updates::{self, FriendRef};
use crate::error::Error;
use crate::facts;
use crate::peers::PeerError;
use crate::usecases::Fortune;
use crate::usecases::records::FriendUpdatesRecord;

/// A failed ListFriendsOf: social down or slow is the caller's SOCIAL_UNAVAILABLE; anything else
/// is unexpected (fortune-gen sent what social refused).
fn social_error(e: PeerError) -> Error {
    if e.failure.transient {
        tracing::warn!(name: "fortune_gen.friend_updates.social_unavailable", error = %e.failure.description, "social did not answer");
        Error::SocialUnavailable(e.failure.description)
    } else {
        Error::Unexpected(anyhow::Error::new(e).context("social ListFriendsOf"))
    }
}

/// A stored chart, decoded and read as its face; `None` (logged) when it cannot be read, so one
/// broken chart leaves the friend out rather than failing everyone's home screen.
fn face(user: UserId, bytes: &[u8]) -> Option<FriendFace> {
    let read = be::Chart::decode(bytes)
        .map_err(|e| e.to_string())
        .and_then(|chart| facts::friend_face(&chart).map_err(|e| e.to_string()));
    match read {
        Ok(view) => Some(view),
        Err(error) => {
            tracing::warn!(name: "fortune_gen.friend_updates.unreadable_chart", user_id = %user, error = %error, "a stored chart could not be read");
            None
        }
    }
}

impl Fortune {
    /// The caller's friend updates of their local date (in the offset `sent`, else the stored
    /// one, else Japan): the stored ones when they are of that date, else built, stored and
    /// returned; either way only the cards of members social lists as the caller's friends now.
    /// Two first requests of a day both return the ones stored first.
    ///
    /// # Errors
    /// [`Error::SocialUnavailable`] when social does not answer (nothing is served, nothing is
    /// stored); [`Error::Unavailable`] when no offset was sent and identity does not answer.
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn friend_updates(
        &self,
        user: UserId,
        sent: Option<TimezoneOffset>,
    ) -> Result<FriendUpdatesRecord, Error> {
        let date = self.local_offset(user, sent).await?.local_date(self.clock.now());
        let friends = self.peers.friends_of(user).await.map_err(social_error)?;
        {
            let mut conn = self.conn().await?;
            if let Some(stored) = db::friend_updates::find(&mut conn, user).await?
                && stored.local_date == date
            {
                return Ok(stored.among(&friends));
            }
        }
        let record = self.build_friend_updates(user, date, friends.clone()).await?;
        let mut conn = self.conn().await?;
        db::friend_updates::store(&mut conn, user, &record).await?;
        let stored = db::friend_updates::find(&mut conn, user).await?.context("the friend updates just stored")?;
        if stored == record {
            crate::metrics::friend_updates_built(record.updates.len());
            tracing::info!(name: "fortune_gen.friend_updates.built", user_id = %user, date = %date, updates = record.updates.len());
        }
        Ok(stored.among(&friends))
    }

    /// The updates of `date` for `user` among `friends` (social's list): those with a ready
    /// chart, read as their face, against the caller's day master when the caller's chart is ready.
    ///
    /// # Errors
    /// The database failed.
    pub async fn build_friend_updates(
        &self,
        user: UserId,
        date: NaiveDate,
        friends: Vec<FriendRef>,
    ) -> Result<FriendUpdatesRecord, Error> {
        let mut ids: Vec<UserId> = friends.iter().map(|f| f.user_id).filter(|id| *id != user).collect();
        ids.push(user);
        let charts = {
            let mut conn = self.conn().await?;
            db::charts::ready_of(&mut conn, &ids).await?
        };
        let mut mine: Option<Stem> = None;
        let mut faces = std::collections::HashMap::with_capacity(charts.len());
        for (id, bytes) in charts {
            let Some(f) = face(id, &bytes) else { continue };
            if id == user {
                mine = Some(f.day_master);
            } else {
                faces.insert(id, f);
            }
        }
        let with_charts: Vec<(FriendRef, FriendFace)> =
            friends.into_iter().filter_map(|f| faces.remove(&f.user_id).map(|v| (f, v))).collect();
        Ok(FriendUpdatesRecord {
            local_date: date,
            updates: friend_updates::build(date, mine, &with_charts),
            // PostgreSQL keeps microseconds: round here so the stored row compares equal.
            built_at: self.clock.now().trunc_subsecs(6),
        })
    }
}
