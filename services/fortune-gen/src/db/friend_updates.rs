//! daily_friend_updates: the friend updates of each member's last built local day.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::PgArrayExpressionMethods as _;
use diesel::sql_types;
use diesel::{ExpressionMethods as _, OptionalExtension as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::daily_friend_updates as t;
use crate::domain::friend_updates::FriendUpdate;
use crate::usecases::records::FriendUpdatesRecord;

/// `user`'s stored updates (of whichever day was built last).
pub async fn find(
    conn: &mut AsyncPgConnection,
    user: UserId,
) -> Result<Option<FriendUpdatesRecord>, diesel::result::Error> {
    let row: Option<(NaiveDate, serde_json::Value, DateTime<Utc>)> = t::table
        .filter(t::user_id.eq(user.as_uuid()))
        .select((t::local_date, t::updates, t::built_at))
        .first(conn)
        .await
        .optional()?;
    row.map(|(local_date, updates, built_at)| {
        // Written by `store` from the same type.
        let updates: Vec<FriendUpdate> =
            serde_json::from_value(updates).map_err(|e| diesel::result::Error::DeserializationError(Box::new(e)))?;
        Ok(FriendUpdatesRecord { local_date, updates, built_at })
    })
    .transpose()
}

/// Stores `record` as `user`'s updates unless the stored ones are already of its date (two first
/// requests of a day race: the first write wins and both answer with what is stored). Updates of
/// another day are replaced.
pub async fn store(
    conn: &mut AsyncPgConnection,
    user: UserId,
    record: &FriendUpdatesRecord,
) -> Result<(), diesel::result::Error> {
    let updates =
        serde_json::to_value(&record.updates).map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
    let mut friend_ids: Vec<Uuid> =
        record.updates.iter().flat_map(|u| u.friends.iter().map(|f| *f.user_id.as_uuid())).collect();
    friend_ids.sort_unstable();
    friend_ids.dedup();
    diesel::sql_query(
        "INSERT INTO daily_friend_updates (user_id, local_date, updates, friend_ids, built_at) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (user_id) DO UPDATE SET local_date = EXCLUDED.local_date, updates = EXCLUDED.updates, \
           friend_ids = EXCLUDED.friend_ids, built_at = EXCLUDED.built_at \
         WHERE daily_friend_updates.local_date <> EXCLUDED.local_date",
    )
    .bind::<sql_types::Uuid, _>(user.as_uuid())
    .bind::<sql_types::Date, _>(record.local_date)
    .bind::<sql_types::Jsonb, _>(&updates)
    .bind::<sql_types::Array<sql_types::Uuid>, _>(&friend_ids)
    .bind::<sql_types::Timestamptz, _>(record.built_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Drops every member's stored updates that name `friend` (the friend's account was deleted: the
/// next request builds the day again without them). Returns how many were dropped.
pub async fn drop_naming(conn: &mut AsyncPgConnection, friend: UserId) -> Result<usize, diesel::result::Error> {
    diesel::delete(t::table.filter(t::friend_ids.contains(vec![*friend.as_uuid()]))).execute(conn).await
}
