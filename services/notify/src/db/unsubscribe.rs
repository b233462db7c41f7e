//! `unsubscribe_tokens`: the stored half of each unsubscribe token (its random id, the user, the
//! preference), written with the mail that links to it and used once.

use chrono::{DateTime, Utc};
use diesel::{ExpressionMethods as _, OptionalExtension as _, QueryDsl as _};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::connection;
use super::schema::unsubscribe_tokens;
use crate::domain::Preference;
use crate::error::Error;

/// A token to store with the mail that carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewToken {
    pub id: Uuid,
    pub user: UserId,
    pub preference: Preference,
}

/// Stores `token` on `conn` (inside the transaction that queues its mail).
///
/// # Errors
/// The database failed.
pub async fn insert(conn: &mut AsyncPgConnection, token: &NewToken, now: DateTime<Utc>) -> Result<(), Error> {
    diesel::insert_into(unsubscribe_tokens::table)
        .values((
            unsubscribe_tokens::id.eq(token.id),
            unsubscribe_tokens::user_id.eq(token.user.as_uuid()),
            unsubscribe_tokens::preference.eq(token.preference.as_str()),
            unsubscribe_tokens::created_at.eq(now),
        ))
        .execute(conn)
        .await
        .map_err(Error::db("insert the unsubscribe token"))?;
    Ok(())
}

/// Deletes every token of `user` on `conn` (account deletion).
///
/// # Errors
/// The database failed.
pub async fn delete_for(conn: &mut AsyncPgConnection, user: UserId) -> Result<(), Error> {
    diesel::delete(unsubscribe_tokens::table.filter(unsubscribe_tokens::user_id.eq(user.as_uuid())))
        .execute(conn)
        .await
        .map_err(Error::db("delete the unsubscribe tokens"))?;
    Ok(())
}

/// What redeeming a token did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Redeemed {
    /// No such id (never issued, or its user is gone), or a stored preference this build does not
    /// know.
    Unknown,
    /// The id exists but the signature does not check for its user and preference.
    Forged,
    /// Used before: nothing changed.
    Used(Preference),
    /// Marked used now, and the preference turned off, in one transaction.
    TurnedOff(Preference),
}

/// Redeems the token with id `id` at `now`: locks its row, asks `signed_for` whether the token was
/// signed for the stored user and preference, and if so (and unused) marks it used and turns that
/// preference off in the same transaction. Two clicks at once: one turns it off, the other finds it
/// used.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(token_id = %id))]
pub async fn redeem(
    pool: &meguri_db::Pool,
    id: Uuid,
    now: DateTime<Utc>,
    signed_for: impl Fn(UserId, Preference) -> bool + Send + Sync,
) -> Result<Redeemed, Error> {
    let mut conn = connection(pool).await?;
    conn.transaction(async |conn| {
        let row: Option<(Uuid, String, Option<DateTime<Utc>>)> = unsubscribe_tokens::table
            .find(id)
            .select((unsubscribe_tokens::user_id, unsubscribe_tokens::preference, unsubscribe_tokens::used_at))
            .for_update()
            .first(conn)
            .await
            .optional()
            .map_err(Error::db("lock the unsubscribe token"))?;
        let Some((user, preference, used_at)) = row else { return Ok(Redeemed::Unknown) };
        let (user, Some(preference)) = (UserId::from_uuid(user), Preference::from_stored(&preference)) else {
            return Ok(Redeemed::Unknown);
        };
        if !signed_for(user, preference) {
            return Ok(Redeemed::Forged);
        }
        if used_at.is_some() {
            return Ok(Redeemed::Used(preference));
        }
        diesel::update(unsubscribe_tokens::table.find(id))
            .set(unsubscribe_tokens::used_at.eq(now))
            .execute(conn)
            .await
            .map_err(Error::db("mark the unsubscribe token used"))?;
        super::preferences::update_on(conn, user, preference.off(), now).await?;
        Ok(Redeemed::TurnedOff(preference))
    })
    .await
}
