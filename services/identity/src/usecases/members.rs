//! What other services read about members (a `service` token, checked at the edge): where to mail
//! one (GetContact, for notify) and the public fields of all, a page at a time (ListMemberProfiles,
//! for social's read model).

use meguri_ids::UserId;

use crate::db::users;
use crate::error::Error;
use crate::usecases::accounts::Accounts;
use crate::usecases::user::{Contact, MemberProfile};

/// The page size when the caller names none.
pub const DEFAULT_PAGE: u32 = 500;
/// The largest page.
pub const MAX_PAGE: u32 = 1000;

/// One page of [`Accounts::member_profiles`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberPage {
    pub members: Vec<MemberProfile>,
    /// The cursor of the next page; `None` on the last one.
    pub next_after: Option<UserId>,
}

/// The page size asked for, within 1..=[`MAX_PAGE`]; 0 (unset) is [`DEFAULT_PAGE`].
#[must_use]
pub fn page_size(asked: u32) -> u32 {
    match asked {
        0 => DEFAULT_PAGE,
        n => n.min(MAX_PAGE),
    }
}

impl Accounts {
    /// The address and username of a verified, live member.
    ///
    /// # Errors
    /// [`Error::UserNotFound`] for an unknown, deleted or unverified user.
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn contact(&self, id: UserId) -> Result<Contact, Error> {
        let mut conn = self.conn().await?;
        users::contact(&mut conn, id).await?.ok_or(Error::UserNotFound)
    }

    /// The verified, live members after `after` in user-id order, `limit` at most (see
    /// [`page_size`]). A page is a range of the primary key, so a member who signs up or is deleted
    /// between two pages never shifts the others.
    ///
    /// # Errors
    /// The database failed.
    #[tracing::instrument(skip_all)]
    pub async fn member_profiles(&self, after: Option<UserId>, limit: u32) -> Result<MemberPage, Error> {
        let limit = page_size(limit);
        let mut conn = self.conn().await?;
        // One more than asked tells whether another page follows.
        let mut members = users::member_profiles_after(&mut conn, after, i64::from(limit) + 1).await?;
        let more = members.len() > limit as usize;
        members.truncate(limit as usize);
        let next_after = if more { members.last().map(|m| m.id) } else { None };
        Ok(MemberPage { members, next_after })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_size_defaults_to_500_and_stops_at_1000() {
        assert_eq!(page_size(0), 500);
        assert_eq!(page_size(1), 1);
        assert_eq!(page_size(1000), 1000);
        assert_eq!(page_size(5000), 1000);
    }
}
