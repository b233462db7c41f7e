//! Friend search: members whose username starts with the query.

use meguri_ids::UserId;

use super::Social;
use crate::db::members;
use crate::domain::{FriendshipState, Member, SearchLimit, SearchQuery};
use crate::error::Error;

impl Social {
    /// At most `limit` members whose username key starts with the query's, by key, with the
    /// caller's state with each; never the caller, deleted members, or anyone blocked either way.
    ///
    /// # Errors
    /// [`crate::domain::Refusal::InvalidSearchQuery`].
    #[tracing::instrument(skip_all, fields(user_id = %me))]
    pub async fn search(
        &self,
        me: UserId,
        query: &SearchQuery,
        limit: SearchLimit,
    ) -> Result<Vec<(Member, FriendshipState)>, Error> {
        let (lower, upper) = query.key_range();
        let mut conn = self.conn().await?;
        let found = members::search(&mut conn, me, &lower, &upper, limit.get()).await?;
        Ok(found
            .into_iter()
            .map(|(member, link)| {
                let state = link.map_or(FriendshipState::None, |l| l.state_for(me));
                (member, state)
            })
            .collect())
    }
}
