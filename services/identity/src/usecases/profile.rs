//! The account as its owner sees and edits it: reading it, the username, onboarding, the time-zone
//! offset the browser reports.

use diesel_async::AsyncConnection as _;
use meguri_events::enqueue;
use meguri_ids::UserId;
use meguri_proto::identity::ProfileChanged;
use meguri_tz::TimezoneOffset;

use crate::db::users;
use crate::domain::{Invalid, Username, skeleton};
use crate::error::Error;
use crate::usecases::accounts::{Accounts, member_profile_pb, username_free};
use crate::usecases::user::User;

/// What [`Accounts::backfill_username_keys`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backfill {
    /// Accounts that got their key.
    pub keyed: usize,
    /// Accounts this run left without one: an older account holds their skeleton (or an identity
    /// replica starting at the same time keyed them first).
    pub left_without: usize,
}

impl Accounts {
    pub async fn get_user(&self, id: UserId) -> Result<User, Error> {
        let mut conn = self.conn().await?;
        users::find(&mut conn, id).await?.ok_or(Error::UserNotFound)
    }

    /// Changes the username; the account's own name in other case is no clash. The username is
    /// public: a verified member's change is published as `identity.profile_changed` (social's read
    /// model). The same name again changes nothing and publishes nothing.
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn update_username(&self, id: UserId, username: &str) -> Result<User, Error> {
        let username = Username::parse(username).map_err(Invalid::Username)?;
        let username_key = username.skeleton();
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let (user, published) = conn
            .transaction::<_, Error, _>(async |conn| {
                let (before, _) = users::find_with_hash_for_update(conn, id).await?.ok_or(Error::UserNotFound)?;
                if before.username.as_deref() == Some(username.as_str()) {
                    return Ok((before, false));
                }
                username_free(conn, &username, &username_key, Some(id)).await?;
                users::set_username(conn, id, username.as_str(), &username_key, now).await?;
                // Only a verified member is anyone else's business (social knows no other).
                let published = match users::member_profile(conn, id).await? {
                    Some(profile) => {
                        let event =
                            ProfileChanged { user_id: id.to_string(), profile: Some(member_profile_pb(profile)) };
                        enqueue(conn, &event).await?;
                        true
                    }
                    None => false,
                };
                Ok((users::find(conn, id).await?.ok_or(Error::UserNotFound)?, published))
            })
            .await?;
        if published {
            self.relay.wake();
        }
        Ok(user)
    }

    /// Gives every account stored before `username_key` existed its key, oldest first; run at
    /// start-up, before serving (a no-op once done).
    ///
    /// Two existing names can share a skeleton (`hana1` and `hanal` were both allowed before).
    /// Start-up does not fail and nobody is renamed: the older account takes the key, the younger
    /// keeps its name without one and is counted in [`Backfill::left_without`] (logged as
    /// `identity.username_key.left_without`). The older key still refuses every new look-alike of
    /// both, and `users_username_key` still refuses the younger name itself; the younger account
    /// gets a key when it next changes its name.
    ///
    /// # Errors
    /// The database failed.
    #[tracing::instrument(skip_all)]
    pub async fn backfill_username_keys(&self) -> Result<Backfill, Error> {
        let mut conn = self.conn().await?;
        let mut done = Backfill::default();
        for (id, name) in users::without_username_key(&mut conn).await? {
            if users::claim_username_key(&mut conn, id, &skeleton(&name)).await? {
                done.keyed += 1;
            } else {
                done.left_without += 1;
            }
        }
        if done.keyed > 0 {
            tracing::info!(name: "identity.username_key.backfilled", keyed = done.keyed);
        }
        if done.left_without > 0 {
            tracing::warn!(
                name: "identity.username_key.left_without",
                accounts = done.left_without,
                "accounts whose username looks like an older account's keep their name without a look-alike key"
            );
        }
        Ok(done)
    }

    pub async fn complete_onboarding(&self, id: UserId) -> Result<User, Error> {
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        users::complete_onboarding(&mut conn, id, now).await?;
        users::find(&mut conn, id).await?.ok_or(Error::UserNotFound)
    }

    /// Stores the offset the person's browser reported (minutes, as `Date#getTimezoneOffset`).
    ///
    /// # Errors
    /// [`Invalid::TimezoneOffset`] outside −840..=720; [`Error::UserNotFound`].
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn set_timezone_offset(&self, id: UserId, minutes: i32) -> Result<TimezoneOffset, Error> {
        let offset = TimezoneOffset::parse(minutes).map_err(|_| Invalid::TimezoneOffset)?;
        let mut conn = self.conn().await?;
        if !users::set_timezone_offset(&mut conn, id, offset).await? {
            return Err(Error::UserNotFound);
        }
        tracing::info!(name: "identity.timezone.stored", user_id = %id, minutes);
        Ok(offset)
    }
}
