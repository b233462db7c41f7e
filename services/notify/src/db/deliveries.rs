//! `scheduled_deliveries`: timed mail. Letters are written by the `social` consumer
//! (LetterSealed, LetterCancelled), inactivity reminders by the scheduler from `member_activity`;
//! the scheduler claims due rows (`FOR UPDATE SKIP LOCKED`, then a lease in `lease_until`) and
//! finishes each in one transaction (see `usecases::scheduler`). All times come from the
//! service's clock, never the database's `now()`.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Integer, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use serde_json::json;
use uuid::Uuid;

use super::connection;
use crate::domain::{DeliveryKind, MailOutcome};
use crate::error::Error;

/// A letter to schedule (from LetterSealed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewLetter {
    pub entry_id: Uuid,
    pub user: UserId,
    pub due_at: DateTime<Utc>,
    pub authored_date: NaiveDate,
    pub delivery_date: NaiveDate,
    pub timezone_offset: i32,
}

/// Schedules `letter` once per event (`processed_events`) and once per entry (the unique
/// `(kind, entry_id)`). Returns `None` when the event was handled before, `Some(false)` when the
/// entry has a row already (a replay under another id, or a cancellation that came first).
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(entry_id = %letter.entry_id, %event_id))]
pub async fn schedule_letter(
    pool: &meguri_db::Pool,
    consumer: &str,
    event_id: Uuid,
    letter: &NewLetter,
    now: DateTime<Utc>,
) -> Result<Option<bool>, Error> {
    let mut conn = connection(pool).await?;
    conn.transaction(async |conn| {
        if !meguri_events::mark_processed(conn, consumer, event_id).await.map_err(Error::db("mark the event"))? {
            return Ok(None);
        }
        let payload = json!({
            "authoredDate": letter.authored_date.to_string(),
            "deliveryDate": letter.delivery_date.to_string(),
            "timezoneOffset": letter.timezone_offset,
        });
        let inserted = diesel::sql_query(
            "INSERT INTO scheduled_deliveries (id, kind, user_id, entry_id, due_at, payload, created_at, updated_at) \
             VALUES ($1, 'future_letter', $2, $3, $4, $5, $6, $6) ON CONFLICT (kind, entry_id) DO NOTHING",
        )
        .bind::<SqlUuid, _>(Uuid::now_v7())
        .bind::<SqlUuid, _>(*letter.user.as_uuid())
        .bind::<SqlUuid, _>(letter.entry_id)
        .bind::<Timestamptz, _>(letter.due_at)
        .bind::<Jsonb, _>(payload)
        .bind::<Timestamptz, _>(now)
        .execute(conn)
        .await
        .map_err(Error::db("schedule the letter"))?;
        Ok(Some(inserted == 1))
    })
    .await
}

/// What a cancellation did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cancelled {
    /// The pending delivery is now `cancelled`.
    Pending,
    /// Nothing to cancel: delivered (or cancelled) already.
    AlreadyDone,
    /// No row yet (the cancellation overtook the sealing): a `cancelled` row keeps a later
    /// LetterSealed from scheduling it.
    BeforeSealed,
}

/// Cancels the letter `entry_id` of `user` once per event. `None` when the event was handled
/// before.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(%entry_id, %event_id))]
pub async fn cancel_letter(
    pool: &meguri_db::Pool,
    consumer: &str,
    event_id: Uuid,
    entry_id: Uuid,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<Option<Cancelled>, Error> {
    let mut conn = connection(pool).await?;
    conn.transaction(async |conn| {
        if !meguri_events::mark_processed(conn, consumer, event_id).await.map_err(Error::db("mark the event"))? {
            return Ok(None);
        }
        let cancelled = diesel::sql_query(
            "UPDATE scheduled_deliveries SET status = 'cancelled', done_at = $2, updated_at = $2, lease_until = NULL \
             WHERE kind = 'future_letter' AND entry_id = $1 AND status = 'pending'",
        )
        .bind::<SqlUuid, _>(entry_id)
        .bind::<Timestamptz, _>(now)
        .execute(conn)
        .await
        .map_err(Error::db("cancel the letter"))?;
        if cancelled == 1 {
            return Ok(Some(Cancelled::Pending));
        }
        let tombstone = diesel::sql_query(
            "INSERT INTO scheduled_deliveries (id, kind, user_id, entry_id, due_at, status, created_at, updated_at, done_at) \
             VALUES ($1, 'future_letter', $2, $3, $4, 'cancelled', $4, $4, $4) ON CONFLICT (kind, entry_id) DO NOTHING",
        )
        .bind::<SqlUuid, _>(Uuid::now_v7())
        .bind::<SqlUuid, _>(*user.as_uuid())
        .bind::<SqlUuid, _>(entry_id)
        .bind::<Timestamptz, _>(now)
        .execute(conn)
        .await
        .map_err(Error::db("record the cancellation"))?;
        Ok(Some(if tombstone == 1 { Cancelled::BeforeSealed } else { Cancelled::AlreadyDone }))
    })
    .await
}

/// Turns members due an inactivity reminder at `now` into deliveries due now, at most `batch` at
/// a time, in one statement: the due members are locked (`SKIP LOCKED`: two schedulers never take
/// the same one), their `last_reminded_at` set to `now`, and one `inactivity_reminder` row
/// inserted for each. Due = the preference on, `last_visit_at <= cutoff` and `last_reminded_at`
/// null or `<= cutoff` (`cutoff` = now − 7 days, `domain::schedule::reminder_due`). Returns how
/// many were created.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all)]
pub async fn schedule_reminders(
    pool: &meguri_db::Pool,
    batch: i64,
    cutoff: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<usize, Error> {
    let mut conn = connection(pool).await?;
    diesel::sql_query(
        "WITH due AS ( \
           SELECT a.user_id FROM member_activity a JOIN email_preferences p ON p.user_id = a.user_id \
           WHERE p.inactivity_reminder AND a.last_visit_at <= $1 \
             AND (a.last_reminded_at IS NULL OR a.last_reminded_at <= $1) \
           ORDER BY a.last_visit_at LIMIT $3 FOR UPDATE OF a SKIP LOCKED \
         ), reminded AS ( \
           UPDATE member_activity m SET last_reminded_at = $2 FROM due WHERE m.user_id = due.user_id \
           RETURNING m.user_id, m.last_visit_at \
         ) \
         INSERT INTO scheduled_deliveries (id, kind, user_id, due_at, payload, created_at, updated_at) \
         SELECT gen_random_uuid(), 'inactivity_reminder', user_id, $2, \
                jsonb_build_object('lastVisitAt', last_visit_at), $2, $2 FROM reminded",
    )
    .bind::<Timestamptz, _>(cutoff)
    .bind::<Timestamptz, _>(now)
    .bind::<BigInt, _>(batch)
    .execute(&mut conn)
    .await
    .map_err(Error::db("schedule inactivity reminders"))
}

/// A due delivery taken by this scheduler for one attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claimed {
    pub id: Uuid,
    pub kind: DeliveryKind,
    pub user: UserId,
    pub entry_id: Option<Uuid>,
    /// Failed attempts before this one.
    pub attempts: u32,
    pub due_at: DateTime<Utc>,
    pub payload: serde_json::Value,
}

#[derive(QueryableByName)]
struct ClaimRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = SqlUuid)]
    user_id: Uuid,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    entry_id: Option<Uuid>,
    #[diesel(sql_type = Integer)]
    attempts: i32,
    #[diesel(sql_type = Timestamptz)]
    due_at: DateTime<Utc>,
    #[diesel(sql_type = Jsonb)]
    payload: serde_json::Value,
}

/// Takes up to `batch` pending deliveries due at `now` whose lease (if any) has run out, oldest
/// first, skipping rows another scheduler has locked, and leases them until `lease_until`: if this
/// process dies mid-delivery, another takes the row once the lease ends.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all)]
pub async fn claim_due(
    pool: &meguri_db::Pool,
    batch: i64,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
) -> Result<Vec<Claimed>, Error> {
    let mut conn = connection(pool).await?;
    let rows: Vec<ClaimRow> = diesel::sql_query(
        "UPDATE scheduled_deliveries SET lease_until = $3, updated_at = $2 \
         WHERE id IN (SELECT id FROM scheduled_deliveries \
                      WHERE status = 'pending' AND due_at <= $2 AND (lease_until IS NULL OR lease_until <= $2) \
                      ORDER BY due_at, id LIMIT $1 FOR UPDATE SKIP LOCKED) \
         RETURNING id, kind, user_id, entry_id, attempts, due_at, payload",
    )
    .bind::<BigInt, _>(batch)
    .bind::<Timestamptz, _>(now)
    .bind::<Timestamptz, _>(lease_until)
    .load(&mut conn)
    .await
    .map_err(Error::db("claim due deliveries"))?;
    let mut claimed = rows
        .into_iter()
        .map(|r| {
            let kind = DeliveryKind::from_stored(&r.kind)
                .ok_or_else(|| Error::Unexpected(anyhow::anyhow!("a stored delivery has an unknown kind")))?;
            Ok(Claimed {
                id: r.id,
                kind,
                user: UserId::from_uuid(r.user_id),
                entry_id: r.entry_id,
                attempts: u32::try_from(r.attempts).unwrap_or(0),
                due_at: r.due_at,
                payload: r.payload,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    claimed.sort_by_key(|c| (c.due_at, c.id));
    Ok(claimed)
}

/// The attempt failed (identity did not answer): the row stays pending, keeps `error`, and is
/// not claimed again before `next_at`.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(delivery_id = %id, attempts))]
pub async fn retry_later(
    pool: &meguri_db::Pool,
    id: Uuid,
    attempts: u32,
    error: &str,
    next_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    let mut conn = connection(pool).await?;
    diesel::sql_query(
        "UPDATE scheduled_deliveries SET attempts = $2, error_message = $3, lease_until = $4, updated_at = $5 \
         WHERE id = $1 AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Integer, _>(i32::try_from(attempts).unwrap_or(i32::MAX))
    .bind::<Text, _>(error)
    .bind::<Timestamptz, _>(next_at)
    .bind::<Timestamptz, _>(now)
    .execute(&mut conn)
    .await
    .map_err(Error::db("schedule the next attempt"))?;
    Ok(())
}

#[derive(QueryableByName)]
struct StatusRow {
    #[diesel(sql_type = Text)]
    status: String,
}

/// Locks the delivery `id` on `conn` (inside the finishing transaction) and says whether it is
/// still pending: `false` when another scheduler finished it (after this one's lease ran out) or
/// it was cancelled meanwhile, or it is gone (account deleted). The finishing transaction stops
/// then, so a delivery is finished once.
///
/// # Errors
/// The database failed.
pub async fn lock_pending(conn: &mut AsyncPgConnection, id: Uuid) -> Result<bool, Error> {
    let rows: Vec<StatusRow> = diesel::sql_query("SELECT status FROM scheduled_deliveries WHERE id = $1 FOR UPDATE")
        .bind::<SqlUuid, _>(id)
        .load(conn)
        .await
        .map_err(Error::db("lock the delivery"))?;
    Ok(<[StatusRow]>::first(&rows).is_some_and(|r| r.status == "pending"))
}

/// How a delivery ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish<'a> {
    /// Made (a letter's LetterDelivered is in the outbox), with what became of its mail.
    Sent(MailOutcome),
    /// Given up (every attempt failed); a letter is still delivered in the app.
    Failed(MailOutcome, &'a str),
}

/// Finishes the locked delivery `id` on `conn`: `sent` or `failed` (with its error), `done_at` =
/// `now`, `payload.mail` = what became of the mail, the lease cleared.
///
/// # Errors
/// The database failed.
pub async fn finish(conn: &mut AsyncPgConnection, id: Uuid, how: Finish<'_>, now: DateTime<Utc>) -> Result<(), Error> {
    let (status, outcome, error) = match how {
        Finish::Sent(outcome) => ("sent", outcome, None),
        Finish::Failed(outcome, error) => ("failed", outcome, Some(error)),
    };
    diesel::sql_query(
        "UPDATE scheduled_deliveries SET status = $2, error_message = COALESCE($3, error_message), \
         payload = payload || jsonb_build_object('mail', $4::text), done_at = $5, updated_at = $5, lease_until = NULL \
         WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(status)
    .bind::<Nullable<Text>, _>(error)
    .bind::<Text, _>(outcome.as_str())
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .await
    .map_err(Error::db("finish the delivery"))?;
    Ok(())
}

/// The scheduled deliveries not yet made, per kind: all of them, and those already due at `now`
/// (the scheduler's backlog; it should stay near 0).
///
/// # Errors
/// The database.
pub async fn backlog(pool: &meguri_db::Pool, now: DateTime<Utc>) -> Result<Vec<(DeliveryKind, Backlog)>, Error> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Text)]
        kind: String,
        #[diesel(sql_type = BigInt)]
        pending: i64,
        #[diesel(sql_type = BigInt)]
        due: i64,
    }
    let mut conn = connection(pool).await?;
    let rows: Vec<Row> = diesel::sql_query(
        "SELECT kind, count(*) AS pending, count(*) FILTER (WHERE due_at <= $1) AS due \
         FROM scheduled_deliveries WHERE status = 'pending' GROUP BY kind",
    )
    .bind::<Timestamptz, _>(now)
    .load(&mut conn)
    .await
    .map_err(Error::db("count pending deliveries"))?;
    Ok(DeliveryKind::ALL
        .into_iter()
        .map(|kind| {
            let row = rows.iter().find(|r| r.kind == kind.as_str());
            (kind, Backlog { pending: row.map_or(0, |r| r.pending), due: row.map_or(0, |r| r.due) })
        })
        .collect())
}

/// One kind's deliveries not yet made: all, and those already due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Backlog {
    pub pending: i64,
    pub due: i64,
}
