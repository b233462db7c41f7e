//! `email_preferences`: one row per user, created with the spec's defaults.

use chrono::{DateTime, Utc};
use diesel::{ExpressionMethods as _, QueryDsl as _, Queryable, Selectable, SelectableHelper as _};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::connection;
use super::schema::email_preferences;
use crate::domain::{Preferences, PreferencesUpdate};
use crate::error::Error;

#[derive(Queryable, Selectable)]
#[diesel(table_name = email_preferences)]
struct Row {
    friend_request_received: bool,
    friend_request_accepted: bool,
    mentioned_in_diary: bool,
    future_diary_delivery: bool,
    inactivity_reminder: bool,
}

impl From<Row> for Preferences {
    fn from(r: Row) -> Self {
        Self {
            friend_request_received: r.friend_request_received,
            friend_request_accepted: r.friend_request_accepted,
            mentioned_in_diary: r.mentioned_in_diary,
            future_diary_delivery: r.future_diary_delivery,
            inactivity_reminder: r.inactivity_reminder,
        }
    }
}

/// Inserts the default row unless the user has one. The defaults are the domain's (the columns'
/// defaults say the same).
async fn ensure(conn: &mut AsyncPgConnection, user: UserId) -> Result<bool, Error> {
    let d = Preferences::default();
    let inserted = diesel::insert_into(email_preferences::table)
        .values((
            email_preferences::user_id.eq(user.as_uuid()),
            email_preferences::friend_request_received.eq(d.friend_request_received),
            email_preferences::friend_request_accepted.eq(d.friend_request_accepted),
            email_preferences::mentioned_in_diary.eq(d.mentioned_in_diary),
            email_preferences::future_diary_delivery.eq(d.future_diary_delivery),
            email_preferences::inactivity_reminder.eq(d.inactivity_reminder),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .map_err(Error::db("insert the default preferences"))?;
    Ok(inserted == 1)
}

/// The user's preferences, creating the default row first when there is none.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(user_id = %user))]
pub async fn get(pool: &meguri_db::Pool, user: UserId) -> Result<Preferences, Error> {
    let mut conn = connection(pool).await?;
    ensure(&mut conn, user).await?;
    let row: Row = email_preferences::table
        .find(user.as_uuid())
        .select(Row::as_select())
        .first(&mut conn)
        .await
        .map_err(Error::db("load the preferences"))?;
    Ok(row.into())
}

/// The user's stored preferences, `None` when there is no row (the defaults apply). Reads only: a
/// mail for a forgotten user must not bring a row back.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(user_id = %user))]
pub async fn find(pool: &meguri_db::Pool, user: UserId) -> Result<Option<Preferences>, Error> {
    use diesel::OptionalExtension as _;
    let mut conn = connection(pool).await?;
    let row: Option<Row> = email_preferences::table
        .find(user.as_uuid())
        .select(Row::as_select())
        .first(&mut conn)
        .await
        .optional()
        .map_err(Error::db("load the preferences"))?;
    Ok(row.map(Preferences::from))
}

/// Changes the given fields at `now` (the row is locked while the change is applied) and returns
/// the result.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(user_id = %user))]
pub async fn update(
    pool: &meguri_db::Pool,
    user: UserId,
    update: PreferencesUpdate,
    now: DateTime<Utc>,
) -> Result<Preferences, Error> {
    let mut conn = connection(pool).await?;
    conn.transaction(async |conn| update_on(conn, user, update, now).await).await
}

/// [`update`] on `conn`, inside the caller's transaction.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
pub async fn update_on(
    conn: &mut AsyncPgConnection,
    user: UserId,
    update: PreferencesUpdate,
    now: DateTime<Utc>,
) -> Result<Preferences, Error> {
    ensure(conn, user).await?;
    let current: Preferences = email_preferences::table
        .find(user.as_uuid())
        .select(Row::as_select())
        .for_update()
        .first(conn)
        .await
        .map_err(Error::db("lock the preferences"))?
        .into();
    let next = current.with(update);
    diesel::update(email_preferences::table.find(user.as_uuid()))
        .set((
            email_preferences::friend_request_received.eq(next.friend_request_received),
            email_preferences::friend_request_accepted.eq(next.friend_request_accepted),
            email_preferences::mentioned_in_diary.eq(next.mentioned_in_diary),
            email_preferences::future_diary_delivery.eq(next.future_diary_delivery),
            email_preferences::inactivity_reminder.eq(next.inactivity_reminder),
            email_preferences::updated_at.eq(now),
        ))
        .execute(conn)
        .await
        .map_err(Error::db("update the preferences"))?;
    Ok(next)
}

/// For `identity.user_signed_up`: the default row, once per event. `false` when the event was
/// handled before.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(user_id = %user, %event_id))]
pub async fn create_for_event(
    pool: &meguri_db::Pool,
    consumer: &str,
    event_id: Uuid,
    user: UserId,
) -> Result<bool, Error> {
    let mut conn = connection(pool).await?;
    conn.transaction(async |conn| {
        if !meguri_events::mark_processed(conn, consumer, event_id).await.map_err(Error::db("mark the event"))? {
            return Ok(false);
        }
        ensure(conn, user).await?;
        Ok(true)
    })
    .await
}
