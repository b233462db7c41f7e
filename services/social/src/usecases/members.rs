//! The member read model: identity's events (verification with the public profile and the
//! inviter, profile changes, deletions, birth-data changes) and the backfill through identity's
//! ListMemberProfiles. Each event is applied once (`processed_events`, in the same transaction as
//! its effects); the newest profile wins, and a deleted member never comes back.

use std::time::Duration;

use anyhow::Context as _;
use diesel_async::{AsyncConnection as _, AsyncPgConnection};
use meguri_events::mark_processed;
use meguri_ids::UserId;
use tokio::sync::watch;
use uuid::Uuid;

use super::{Social, mail_request_received};
use crate::db::{self, blocks, friendships, members};
use crate::domain::{MemberProfile, Pair};
use crate::error::Error;
use crate::events::GROUP;

/// Profiles asked for per backfill page.
const BACKFILL_PAGE: u32 = 500;

impl Social {
    /// identity verified `user`'s address: the member joins the read model, and when they signed
    /// up from an invite link, a request from them to the inviter is created (no daily limit) and
    /// the inviter is mailed. Returns whether the event was new.
    ///
    /// # Errors
    /// The database.
    pub async fn on_email_verified(
        &self,
        event_id: Uuid,
        user: UserId,
        profile: Option<MemberProfile>,
        inviter: Option<UserId>,
    ) -> Result<bool, Error> {
        let now = self.clock.now();
        let limits = self.limits;
        let mut conn = self.conn().await?;
        let (applied, invited) = conn
            .transaction::<_, Error, _>(async |conn| {
                if !mark_processed(conn, GROUP, event_id).await? {
                    return Ok((false, false));
                }
                if let Some(profile) = &profile {
                    let written = members::upsert(conn, profile).await?;
                    crate::metrics::member_applied("event", written);
                }
                let invited = match inviter {
                    Some(inviter) => invite_request(conn, user, inviter, limits, now).await?,
                    None => false,
                };
                Ok((true, invited))
            })
            .await?;
        if invited {
            crate::metrics::friend_request("invite");
            self.relay.wake();
            tracing::info!(name: "social.friend_request.invite", user_id = %user);
        }
        Ok(applied)
    }

    /// A member's public fields changed. Returns whether the event was new.
    ///
    /// # Errors
    /// The database.
    pub async fn on_profile_changed(&self, event_id: Uuid, profile: MemberProfile) -> Result<bool, Error> {
        let mut conn = self.conn().await?;
        conn.transaction::<_, Error, _>(async |conn| {
            if !mark_processed(conn, GROUP, event_id).await? {
                return Ok(false);
            }
            let written = members::upsert(conn, &profile).await?;
            crate::metrics::member_applied("event", written);
            Ok(true)
        })
        .await
    }

    /// The account was deleted: the member, their friendships, requests and blocks go, and a
    /// tombstone stays. Returns whether the event was new.
    ///
    /// # Errors
    /// The database.
    pub async fn on_account_deleted(&self, event_id: Uuid, user: UserId) -> Result<bool, Error> {
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let applied = conn
            .transaction::<_, Error, _>(async |conn| {
                if !mark_processed(conn, GROUP, event_id).await? {
                    return Ok(false);
                }
                db::lock_members(conn, user, user).await?;
                db::delete_user(conn, user, now).await?;
                Ok(true)
            })
            .await?;
        if applied {
            tracing::info!(name: "social.member.deleted", user_id = %user);
        }
        Ok(applied)
    }

    /// `user`'s birth data changed: each of their friendships computes its compatibility again.
    /// Returns whether the event was new.
    ///
    /// # Errors
    /// The database.
    pub async fn on_birth_data_changed(&self, event_id: Uuid, user: UserId) -> Result<bool, Error> {
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let changed = conn
            .transaction::<_, Error, _>(async |conn| {
                if !mark_processed(conn, GROUP, event_id).await? {
                    return Ok(None);
                }
                Ok(Some(friendships::request_recompute(conn, user, now).await?))
            })
            .await?;
        if let Some(count) = changed {
            if count > 0 {
                self.compatibility_due.notify_one();
            }
            tracing::info!(name: "social.compatibility.requested", user_id = %user, friendships = count);
        }
        Ok(changed.is_some())
    }

    /// Copies every verified member's public fields from identity (newest wins, tombstones kept),
    /// then records that the read model was filled. Returns how many profiles identity sent.
    ///
    /// # Errors
    /// identity did not answer, or the database.
    pub async fn backfill_members(&self) -> Result<usize, Error> {
        let mut after = None;
        let mut total = 0;
        loop {
            let (profiles, next) =
                self.peers.member_profiles(after, BACKFILL_PAGE).await.context("identity ListMemberProfiles")?;
            total += profiles.len();
            let mut conn = self.conn().await?;
            conn.transaction::<_, Error, _>(async |conn| {
                for profile in &profiles {
                    let written = members::upsert(conn, profile).await?;
                    crate::metrics::member_applied("backfill", written);
                }
                Ok(())
            })
            .await?;
            match next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        let mut conn = self.conn().await?;
        members::record_backfill(&mut conn, self.clock.now(), total).await?;
        tracing::info!(name: "social.members.backfilled", members = total);
        Ok(total)
    }

    /// The start-up task: backfills once if the read model was never filled, retrying (5 s,
    /// doubling up to 5 min) while identity does not answer. Runs until done or `stop`.
    pub async fn run_backfill_if_needed(self, mut stop: watch::Receiver<bool>) {
        let mut wait = Duration::from_secs(5);
        loop {
            let outcome = async {
                let mut conn = self.conn().await?;
                if members::backfilled(&mut conn).await? {
                    return Ok::<_, Error>(true);
                }
                drop(conn);
                self.backfill_members().await.map(|_| true)
            };
            let done = tokio::select! {
                outcome = outcome => outcome,
                _ = stop.wait_for(|s| *s) => return,
            };
            match done {
                Ok(_) => return,
                Err(error) => {
                    tracing::warn!(name: "social.members.backfill_failed", error = ?error, retry_in = ?wait, "member backfill failed; retrying");
                }
            }
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
            wait = (wait * 2).min(Duration::from_secs(300));
        }
    }
}

/// The request a member who signed up from `inviter`'s link sends them: only when both are known,
/// neither blocked the other, nothing is between them yet and both have room for a friend. Returns
/// whether it was created (and the inviter's mail written).
async fn invite_request(
    conn: &mut AsyncPgConnection,
    user: UserId,
    inviter: UserId,
    limits: crate::domain::Limits,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<bool, Error> {
    let Some(pair) = Pair::of(user, inviter) else { return Ok(false) };
    db::lock_members(conn, user, inviter).await?;
    let (Some(newcomer), Some(_)) = (members::find(conn, user).await?, members::find(conn, inviter).await?) else {
        return Ok(false);
    };
    if blocks::between(conn, user, inviter).await? != (false, false) || friendships::find(conn, pair).await?.is_some() {
        return Ok(false);
    }
    let room = limits
        .check_friends(friendships::count_friends(conn, user).await?, friendships::count_friends(conn, inviter).await?);
    if room.is_err() {
        return Ok(false);
    }
    friendships::insert_pending(conn, pair, user, now).await?;
    meguri_events::enqueue(conn, &mail_request_received(inviter, &newcomer)).await?;
    Ok(true)
}
