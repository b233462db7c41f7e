//! charts: one row per user; see the migration for the meaning of the scheduling columns.

use chrono::{DateTime, Utc};
use diesel::{
    BoolExpressionMethods as _, ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, Queryable, Selectable,
    SelectableHelper as _,
};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::charts;
use crate::domain::ChartStatus;
use crate::usecases::records::ChartRecord;

#[derive(Queryable, Selectable)]
#[diesel(table_name = charts)]
struct ChartRow {
    user_id: Uuid,
    status: String,
    chart: Option<Vec<u8>>,
    input_fingerprint: Option<String>,
    profile_incomplete: bool,
    attempts: i32,
    last_error: Option<String>,
    retryable: bool,
    next_attempt_at: Option<DateTime<Utc>>,
    built_at: Option<DateTime<Utc>>,
    updated_at: DateTime<Utc>,
}

impl From<ChartRow> for ChartRecord {
    fn from(r: ChartRow) -> Self {
        Self {
            user_id: UserId::from_uuid(r.user_id),
            // The CHECK constraint admits only the four names.
            status: ChartStatus::parse(&r.status).unwrap_or(ChartStatus::Pending),
            chart: r.chart,
            input_fingerprint: r.input_fingerprint,
            profile_incomplete: r.profile_incomplete,
            attempts: r.attempts,
            last_error: r.last_error,
            retryable: r.retryable,
            next_attempt_at: r.next_attempt_at,
            built_at: r.built_at,
            updated_at: r.updated_at,
        }
    }
}

/// The stored charts (protobuf-encoded) of those of `users` whose chart is ready, in no order.
pub async fn ready_of(
    conn: &mut AsyncPgConnection,
    users: &[UserId],
) -> Result<Vec<(UserId, Vec<u8>)>, diesel::result::Error> {
    let ids: Vec<Uuid> = users.iter().map(|u| *u.as_uuid()).collect();
    let rows: Vec<(Uuid, Option<Vec<u8>>)> = charts::table
        .filter(charts::user_id.eq_any(ids))
        .filter(charts::status.eq(ChartStatus::Ready.as_str()))
        .select((charts::user_id, charts::chart))
        .load(conn)
        .await?;
    Ok(rows.into_iter().filter_map(|(id, chart)| Some((UserId::from_uuid(id), chart?))).collect())
}

/// Asks for a build of `user`'s chart now: creates the row (pending) or makes it due. A build in
/// progress (its lease running) is not disturbed; it runs again when it finishes.
pub async fn request_build(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::sql_query(
        "INSERT INTO charts (user_id, status, next_attempt_at, created_at, updated_at) \
         VALUES ($1, 'pending', $2, $2, $2) \
         ON CONFLICT (user_id) DO UPDATE SET next_attempt_at = $2, \
           rebuild_requested = charts.rebuild_requested \
             OR (charts.lease_until IS NOT NULL AND charts.lease_until > $2)",
    )
    .bind::<diesel::sql_types::Uuid, _>(user.as_uuid())
    .bind::<diesel::sql_types::Timestamptz, _>(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes `user`'s build if it is due and nobody holds it: the lease runs until `lease_until`.
/// Returns the row as it was.
pub async fn claim(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
) -> Result<Option<ChartRecord>, diesel::result::Error> {
    let row: Option<ChartRow> = diesel::update(
        charts::table
            .filter(charts::user_id.eq(user.as_uuid()))
            .filter(charts::next_attempt_at.le(now))
            .filter(charts::lease_until.is_null().or(charts::lease_until.le(now))),
    )
    .set(charts::lease_until.eq(Some(lease_until)))
    .returning(ChartRow::as_returning())
    .get_result(conn)
    .await
    .optional()?;
    Ok(row.map(ChartRecord::from))
}

/// The users whose build is due and free, the longest waiting first.
pub async fn due(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<UserId>, diesel::result::Error> {
    let ids: Vec<Uuid> = charts::table
        .filter(charts::next_attempt_at.le(now))
        .filter(charts::lease_until.is_null().or(charts::lease_until.le(now)))
        .order(charts::next_attempt_at.asc())
        .limit(limit)
        .select(charts::user_id)
        .load(conn)
        .await?;
    Ok(ids.into_iter().map(UserId::from_uuid).collect())
}

/// Shows the build as running.
pub async fn set_generating(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::update(charts::table.filter(charts::user_id.eq(user.as_uuid())))
        .set((charts::status.eq(ChartStatus::Generating.as_str()), charts::updated_at.eq(now)))
        .execute(conn)
        .await?;
    Ok(())
}

/// How a build ended.
#[derive(Debug)]
pub enum Finish {
    /// A new chart.
    Ready { chart: Vec<u8>, fingerprint: String },
    /// The input did not change since the stored chart was built: nothing is written.
    Unchanged,
    /// identity has no birth date: pending until the birth data changes.
    NoBirthDate,
    /// Failed; retried at `retry_at` when given.
    Failed { description: String, retry_at: Option<DateTime<Utc>> },
}

/// Records the end of a build and releases the lease. A build asked for while this one ran is
/// due at once.
pub async fn finish(
    conn: &mut AsyncPgConnection,
    user: UserId,
    finish: Finish,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    conn.transaction::<_, diesel::result::Error, _>(async |conn| {
        let target = charts::table.filter(charts::user_id.eq(user.as_uuid()));
        let Some((rebuild, built_before)) = target
            .select((charts::rebuild_requested, charts::built_at))
            .for_update()
            .first::<(bool, Option<DateTime<Utc>>)>(conn)
            .await
            .optional()?
        else {
            // Deleted meanwhile (the account was deleted): nothing to record.
            return Ok(());
        };
        let again = rebuild.then_some(now);
        let release = (charts::lease_until.eq(None::<DateTime<Utc>>), charts::rebuild_requested.eq(false));
        match finish {
            Finish::Ready { chart, fingerprint } => {
                if built_before.is_none() {
                    // The member's first chart: counted once (analytics, with their consent).
                    let activity = meguri_analytics::Activity::FirstChartReady;
                    meguri_analytics::enqueue(conn, user, activity, serde_json::json!({}), now).await?;
                }
                diesel::update(target)
                    .set((
                        release,
                        charts::status.eq(ChartStatus::Ready.as_str()),
                        charts::chart.eq(Some(chart)),
                        charts::input_fingerprint.eq(Some(fingerprint)),
                        charts::profile_incomplete.eq(false),
                        charts::attempts.eq(0),
                        charts::last_error.eq(None::<String>),
                        charts::retryable.eq(false),
                        charts::next_attempt_at.eq(again),
                        charts::built_at.eq(Some(now)),
                        charts::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .await?;
            }
            Finish::Unchanged => {
                diesel::update(target).set((release, charts::next_attempt_at.eq(again))).execute(conn).await?;
            }
            Finish::NoBirthDate => {
                diesel::update(target)
                    .set((
                        release,
                        charts::status.eq(ChartStatus::Pending.as_str()),
                        charts::chart.eq(None::<Vec<u8>>),
                        charts::input_fingerprint.eq(None::<String>),
                        charts::profile_incomplete.eq(true),
                        charts::attempts.eq(0),
                        charts::last_error.eq(None::<String>),
                        charts::retryable.eq(false),
                        charts::next_attempt_at.eq(again),
                        charts::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .await?;
            }
            Finish::Failed { description, retry_at } => {
                diesel::update(target)
                    .set((
                        release,
                        charts::status.eq(ChartStatus::Failed.as_str()),
                        charts::attempts.eq(charts::attempts + 1),
                        charts::last_error.eq(Some(description)),
                        charts::retryable.eq(retry_at.is_some()),
                        charts::next_attempt_at.eq(again.or(retry_at)),
                        charts::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .await?;
            }
        }
        Ok(())
    })
    .await
}

/// Removes `user`'s chart row (identity no longer knows the user).
pub async fn delete(conn: &mut AsyncPgConnection, user: UserId) -> Result<(), diesel::result::Error> {
    diesel::delete(charts::table.filter(charts::user_id.eq(user.as_uuid()))).execute(conn).await?;
    Ok(())
}

pub async fn find(conn: &mut AsyncPgConnection, user: UserId) -> Result<Option<ChartRecord>, diesel::result::Error> {
    let row: Option<ChartRow> = charts::table
        .filter(charts::user_id.eq(user.as_uuid()))
        .select(ChartRow::as_select())
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(ChartRecord::from))
}

/// Failed charts, the most recently failed first.
pub async fn failures(conn: &mut AsyncPgConnection, limit: i64) -> Result<Vec<ChartRecord>, diesel::result::Error> {
    let rows: Vec<ChartRow> = charts::table
        .filter(charts::status.eq(ChartStatus::Failed.as_str()))
        .order(charts::updated_at.desc())
        .limit(limit)
        .select(ChartRow::as_select())
        .load(conn)
        .await?;
    Ok(rows.into_iter().map(ChartRecord::from).collect())
}

pub async fn count_failed(conn: &mut AsyncPgConnection) -> Result<i64, diesel::result::Error> {
    charts::table.filter(charts::status.eq(ChartStatus::Failed.as_str())).count().get_result(conn).await
}

/// `user`'s chart row, locked until the transaction ends.
pub async fn find_for_update(
    conn: &mut AsyncPgConnection,
    user: UserId,
) -> Result<Option<ChartRecord>, diesel::result::Error> {
    let row: Option<ChartRow> = charts::table
        .filter(charts::user_id.eq(user.as_uuid()))
        .select(ChartRow::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(ChartRecord::from))
}

/// A failed chart starts over: pending, no tries, no error, due now (staff asked).
pub async fn retry_now(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<ChartRecord, diesel::result::Error> {
    let row: ChartRow = diesel::update(charts::table.filter(charts::user_id.eq(user.as_uuid())))
        .set((
            charts::status.eq(ChartStatus::Pending.as_str()),
            charts::attempts.eq(0),
            charts::last_error.eq(None::<String>),
            charts::retryable.eq(true),
            charts::next_attempt_at.eq(Some(now)),
            charts::updated_at.eq(now),
        ))
        .returning(ChartRow::as_returning())
        .get_result(conn)
        .await?;
    Ok(ChartRecord::from(row))
}
