//! Blocks: a blocked member neither finds nor can ask the blocker, and blocking ends whatever was
//! between the two.

use diesel_async::AsyncConnection as _;
use meguri_ids::UserId;

use super::Social;
use crate::db::{self, blocks, friendships, members};
use crate::domain::{FriendshipState, Member, Pair, Refusal};
use crate::error::Error;

impl Social {
    /// `me` blocks `other` (idempotent), ending any friendship or request between them.
    ///
    /// # Errors
    /// [`Refusal::CannotBlockSelf`], [`Refusal::MemberNotFound`].
    #[tracing::instrument(skip_all, fields(user_id = %me))]
    pub async fn block(&self, me: UserId, other: UserId) -> Result<FriendshipState, Error> {
        let pair = Pair::of(me, other).ok_or(Refusal::CannotBlockSelf)?;
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        conn.transaction::<_, Error, _>(async |conn| {
            db::lock_members(conn, me, other).await?;
            members::find(conn, other).await?.ok_or(Refusal::MemberNotFound)?;
            blocks::insert(conn, me, other, now).await?;
            friendships::delete(conn, pair).await?;
            Ok(())
        })
        .await?;
        tracing::info!(name: "social.member.blocked", user_id = %me);
        Ok(FriendshipState::Blocked)
    }

    /// `me` unblocks `other` (idempotent).
    ///
    /// # Errors
    /// [`Refusal::CannotBlockSelf`].
    pub async fn unblock(&self, me: UserId, other: UserId) -> Result<FriendshipState, Error> {
        Pair::of(me, other).ok_or(Refusal::CannotBlockSelf)?;
        let mut conn = self.conn().await?;
        conn.transaction::<_, Error, _>(async |conn| {
            db::lock_members(conn, me, other).await?;
            Ok(blocks::delete(conn, me, other).await?)
        })
        .await?;
        Ok(FriendshipState::None)
    }

    /// The members `me` blocked, newest first.
    ///
    /// # Errors
    /// The database.
    pub async fn blocked_by(&self, me: UserId) -> Result<Vec<Member>, Error> {
        let mut conn = self.conn().await?;
        Ok(blocks::list(&mut conn, me).await?)
    }
}
