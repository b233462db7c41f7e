//! Friend requests and friendships: send, accept, decline, cancel, remove, the caller's lists, a
//! friend's compatibility, and a member's friends for fortune-gen. Every change holds both
//! members' locks ([`db::lock_members`]) and writes its mail to the outbox in its transaction.

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection as _;
use meguri_ids::UserId;

use super::{Social, mail_request_accepted, mail_request_received};
use crate::db::{self, blocks, friendships, members};
use crate::domain::{CompatibilityStatus, Factor, FriendshipState, Member, Pair, Refusal, RequestStep, on_request};
use crate::error::Error;

/// A friend in the caller's list.
#[derive(Clone, Debug)]
pub struct Friend {
    pub member: Member,
    pub compatibility: CompatibilityStatus,
    /// When ready.
    pub score: Option<i32>,
    /// When the request was accepted.
    pub since: DateTime<Utc>,
}

/// A pending request: the other member and when it was sent.
#[derive(Clone, Debug)]
pub struct PendingRequest {
    pub member: Member,
    pub created_at: DateTime<Utc>,
}

/// The caller's friends (by username) and pending requests (newest first).
#[derive(Clone, Debug, Default)]
pub struct Overview {
    pub friends: Vec<Friend>,
    pub incoming: Vec<PendingRequest>,
    pub outgoing: Vec<PendingRequest>,
}

/// A friendship's compatibility as the caller reads it.
#[derive(Clone, Debug)]
pub struct CompatibilityView {
    pub friend: Member,
    pub status: CompatibilityStatus,
    pub score: Option<i32>,
    pub summary: String,
    pub factors: Vec<Factor>,
    pub you_bring: String,
    pub friend_brings: String,
    pub computed_at: Option<DateTime<Utc>>,
}

/// A day, for the rolling daily limit.
const DAY: chrono::Duration = chrono::Duration::hours(24);

impl Social {
    /// `me` asks `target` to be friends; see the proto for every answer.
    ///
    /// # Errors
    /// [`Refusal`]s: CannotFriendSelf, MemberNotFound, AlreadyFriends, FriendRequestLimit,
    /// FriendLimit; [`Error::CallerNotKnownYet`].
    #[tracing::instrument(skip_all, fields(user_id = %me))]
    pub async fn send_request(&self, me: UserId, target: UserId) -> Result<FriendshipState, Error> {
        let pair = Pair::of(me, target).ok_or(Refusal::CannotFriendSelf)?;
        let (now, limits) = (self.clock.now(), self.limits);
        let mut conn = self.conn().await?;
        let (state, step) = conn
            .transaction::<_, Error, _>(async |conn| {
                db::lock_members(conn, me, target).await?;
                let other = members::find(conn, target).await?.ok_or(Refusal::MemberNotFound)?;
                if blocks::between(conn, me, target).await? != (false, false) {
                    return Err(Refusal::MemberNotFound.into());
                }
                let step = on_request(me, friendships::find(conn, pair).await?)?;
                let state = match step {
                    RequestStep::AlreadyAsked => FriendshipState::Outgoing,
                    RequestStep::AcceptTheirs => {
                        let mine = members::find(conn, me).await?.ok_or(Error::CallerNotKnownYet)?;
                        limits.check_friends(
                            friendships::count_friends(conn, me).await?,
                            friendships::count_friends(conn, target).await?,
                        )?;
                        friendships::accept(conn, pair, now).await?;
                        meguri_events::enqueue(conn, &mail_request_accepted(other.id, &mine)).await?;
                        FriendshipState::Friends
                    }
                    RequestStep::Create => {
                        let mine = members::find(conn, me).await?.ok_or(Error::CallerNotKnownYet)?;
                        limits.check_request(friendships::count_sent_since(conn, me, now - DAY).await?)?;
                        limits.check_friends(
                            friendships::count_friends(conn, me).await?,
                            friendships::count_friends(conn, target).await?,
                        )?;
                        friendships::insert_pending(conn, pair, me, now).await?;
                        friendships::log_request(conn, me, target, now).await?;
                        let activity = meguri_analytics::Activity::FriendRequest;
                        meguri_analytics::enqueue(conn, me, activity, serde_json::json!({}), now).await?;
                        meguri_events::enqueue(conn, &mail_request_received(other.id, &mine)).await?;
                        FriendshipState::Outgoing
                    }
                };
                Ok((state, step))
            })
            .await?;
        match step {
            RequestStep::AlreadyAsked => crate::metrics::friend_request("repeated"),
            RequestStep::AcceptTheirs => {
                crate::metrics::friend_request("accepted_mutual");
                self.relay.wake();
                self.compatibility_due.notify_one();
                tracing::info!(name: "social.friendship.accepted", user_id = %me, mutual = true);
            }
            RequestStep::Create => {
                crate::metrics::friend_request("created");
                self.relay.wake();
                tracing::info!(name: "social.friend_request.sent", user_id = %me);
            }
        }
        Ok(state)
    }

    /// `me` accepts the request `requester` sent; accepting twice answers the same.
    ///
    /// # Errors
    /// [`Refusal::FriendRequestNotFound`], [`Refusal::FriendLimit`], [`Error::CallerNotKnownYet`].
    #[tracing::instrument(skip_all, fields(user_id = %me))]
    pub async fn accept_request(&self, me: UserId, requester: UserId) -> Result<FriendshipState, Error> {
        let pair = Pair::of(me, requester).ok_or(Refusal::FriendRequestNotFound)?;
        let (now, limits) = (self.clock.now(), self.limits);
        let mut conn = self.conn().await?;
        let accepted_now = conn
            .transaction::<_, Error, _>(async |conn| {
                db::lock_members(conn, me, requester).await?;
                match friendships::find(conn, pair).await? {
                    Some(link) if link.accepted => Ok(false),
                    Some(link) if link.requester == requester => {
                        let mine = members::find(conn, me).await?.ok_or(Error::CallerNotKnownYet)?;
                        limits.check_friends(
                            friendships::count_friends(conn, me).await?,
                            friendships::count_friends(conn, requester).await?,
                        )?;
                        friendships::accept(conn, pair, now).await?;
                        meguri_events::enqueue(conn, &mail_request_accepted(requester, &mine)).await?;
                        Ok(true)
                    }
                    _ => Err(Refusal::FriendRequestNotFound.into()),
                }
            })
            .await?;
        if accepted_now {
            self.relay.wake();
            self.compatibility_due.notify_one();
            tracing::info!(name: "social.friendship.accepted", user_id = %me, mutual = false);
        }
        Ok(FriendshipState::Friends)
    }

    /// `me` declines the request `requester` sent (no mail).
    ///
    /// # Errors
    /// [`Refusal::FriendRequestNotFound`].
    pub async fn decline_request(&self, me: UserId, requester: UserId) -> Result<FriendshipState, Error> {
        self.delete_row(me, requester, Some(requester), Refusal::FriendRequestNotFound).await
    }

    /// `me` withdraws their own pending request to `recipient`.
    ///
    /// # Errors
    /// [`Refusal::FriendRequestNotFound`].
    pub async fn cancel_request(&self, me: UserId, recipient: UserId) -> Result<FriendshipState, Error> {
        self.delete_row(me, recipient, Some(me), Refusal::FriendRequestNotFound).await
    }

    /// `me` ends the friendship with `friend`.
    ///
    /// # Errors
    /// [`Refusal::FriendNotFound`].
    pub async fn remove_friend(&self, me: UserId, friend: UserId) -> Result<FriendshipState, Error> {
        self.delete_row(me, friend, None, Refusal::FriendNotFound).await
    }

    #[tracing::instrument(skip_all, fields(user_id = %me))]
    async fn delete_row(
        &self,
        me: UserId,
        other: UserId,
        pending_from: Option<UserId>,
        missing: Refusal,
    ) -> Result<FriendshipState, Error> {
        let pair = Pair::of(me, other).ok_or(missing)?;
        let mut conn = self.conn().await?;
        let deleted = conn
            .transaction::<_, Error, _>(async |conn| {
                db::lock_members(conn, me, other).await?;
                Ok(friendships::delete_if(conn, pair, pending_from).await?)
            })
            .await?;
        if !deleted {
            return Err(missing.into());
        }
        Ok(FriendshipState::None)
    }

    /// The caller's friends and pending requests, with the other members social knows.
    ///
    /// # Errors
    /// The database.
    pub async fn overview(&self, me: UserId) -> Result<Overview, Error> {
        let mut conn = self.conn().await?;
        let mut overview = Overview::default();
        for record in friendships::list_for(&mut conn, me).await? {
            if record.link.accepted {
                overview.friends.push(Friend {
                    member: record.other,
                    compatibility: record.compatibility.unwrap_or(CompatibilityStatus::Pending),
                    score: record.score.filter(|_| record.compatibility == Some(CompatibilityStatus::Ready)),
                    since: record.accepted_at.unwrap_or(record.created_at),
                });
            } else {
                let request = PendingRequest { member: record.other, created_at: record.created_at };
                if record.link.requester == me {
                    overview.outgoing.push(request);
                } else {
                    overview.incoming.push(request);
                }
            }
        }
        for list in [&mut overview.incoming, &mut overview.outgoing] {
            list.sort_by(|a, b| b.created_at.cmp(&a.created_at).then_with(|| a.member.id.cmp(&b.member.id)));
        }
        Ok(overview)
    }

    /// The compatibility of `me` and `friend` as `me` reads it.
    ///
    /// # Errors
    /// [`Refusal::FriendNotFound`] unless the two are friends and social knows `friend`.
    pub async fn compatibility(&self, me: UserId, friend: UserId) -> Result<CompatibilityView, Error> {
        let pair = Pair::of(me, friend).ok_or(Refusal::FriendNotFound)?;
        let mut conn = self.conn().await?;
        let member = members::find(&mut conn, friend).await?.ok_or(Refusal::FriendNotFound)?;
        let record = friendships::compatibility(&mut conn, pair).await?.ok_or(Refusal::FriendNotFound)?;
        let ready = record.status == CompatibilityStatus::Ready;
        let (summary, view) = match record.analysis.filter(|_| ready) {
            Some(analysis) => {
                let view = if pair.is_low(me) { analysis.low } else { analysis.high };
                (analysis.summary, Some(view))
            }
            None => (String::new(), None),
        };
        let (factors, you_bring, friend_brings) =
            view.map_or_else(Default::default, |v| (v.factors, v.you_bring, v.friend_brings));
        Ok(CompatibilityView {
            friend: member,
            status: record.status,
            score: record.score.filter(|_| ready),
            summary,
            factors,
            you_bring,
            friend_brings,
            computed_at: record.computed_at.filter(|_| ready),
        })
    }

    /// The friends of `user` (for fortune-gen), public fields only.
    ///
    /// # Errors
    /// The database.
    pub async fn friends_of(&self, user: UserId) -> Result<Vec<Member>, Error> {
        let mut conn = self.conn().await?;
        Ok(friendships::friends_of(&mut conn, user).await?)
    }

    /// How many friends `user` has (staff).
    ///
    /// # Errors
    /// The database.
    pub async fn friend_count(&self, user: UserId) -> Result<i64, Error> {
        let mut conn = self.conn().await?;
        Ok(friendships::count_friends(&mut conn, user).await?)
    }
}
