//! Invite links (`/invite/{userId}`): the inviter's public card, and the state of a signed-in
//! visitor with them.

use meguri_ids::UserId;

use super::Social;
use crate::db::{blocks, friendships, members};
use crate::domain::{FriendshipState, Member, Pair, Refusal};
use crate::error::Error;

impl Social {
    /// The inviter's card; with `caller`, the caller's state with the inviter (`None` for the
    /// inviter themself, and for a visitor).
    ///
    /// # Errors
    /// [`Refusal::MemberNotFound`]: unknown, deleted, not yet verified, or the inviter blocked the
    /// caller.
    pub async fn invite(
        &self,
        inviter: UserId,
        caller: Option<UserId>,
    ) -> Result<(Member, Option<FriendshipState>), Error> {
        let mut conn = self.conn().await?;
        let member = members::find(&mut conn, inviter).await?.ok_or(Refusal::MemberNotFound)?;
        let Some((me, pair)) = caller.and_then(|me| Some((me, Pair::of(me, inviter)?))) else {
            return Ok((member, None));
        };
        let (i_blocked, they_blocked) = blocks::between(&mut conn, me, inviter).await?;
        if they_blocked {
            return Err(Refusal::MemberNotFound.into());
        }
        let state = if i_blocked {
            FriendshipState::Blocked
        } else {
            friendships::find(&mut conn, pair).await?.map_or(FriendshipState::None, |l| l.state_for(me))
        };
        Ok((member, Some(state)))
    }
}
