//! `member_activity`: each member's last visit (RecordVisit) and last inactivity reminder.

use chrono::{DateTime, Utc};
use diesel::sql_types::{Timestamptz, Uuid as SqlUuid};
use diesel_async::RunQueryDsl as _;
use meguri_ids::UserId;

use super::connection;
use crate::error::Error;

/// Stores a visit of `user` at `now` unless the stored one is after `skip_after` (the visit is
/// then too close to be worth a write). Returns whether it was written.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(user_id = %user))]
pub async fn record_visit(
    pool: &meguri_db::Pool,
    user: UserId,
    now: DateTime<Utc>,
    skip_after: DateTime<Utc>,
) -> Result<bool, Error> {
    let mut conn = connection(pool).await?;
    let written = diesel::sql_query(
        "INSERT INTO member_activity (user_id, last_visit_at) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET last_visit_at = EXCLUDED.last_visit_at \
         WHERE member_activity.last_visit_at <= $3",
    )
    .bind::<SqlUuid, _>(*user.as_uuid())
    .bind::<Timestamptz, _>(now)
    .bind::<Timestamptz, _>(skip_after)
    .execute(&mut conn)
    .await
    .map_err(Error::db("record the visit"))?;
    Ok(written == 1)
}
