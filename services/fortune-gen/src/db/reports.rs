//! yearly_fortune_reports and life_fortune_reports. A `generating` row is work for the report
//! loop; its `next_attempt_at` is the lease of the generation in progress (NULL or past: free).

use chrono::{DateTime, Utc};
use diesel::sql_types::{Integer, Nullable, Timestamptz, Uuid as SqlUuid};
use diesel::{ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::{life_fortune_reports as life, yearly_fortune_reports as yearly};
use crate::domain::ReportStatus;
use crate::usecases::records::{ReportContent, ReportKind, ReportRecord};

type Row = (Uuid, Uuid, String, Option<serde_json::Value>, Option<String>, Option<DateTime<Utc>>);

fn record(kind: ReportKind, (id, user, status, content, engine, generated_at): Row) -> ReportRecord {
    ReportRecord {
        id,
        user_id: UserId::from_uuid(user),
        kind,
        // The CHECK constraint admits only the three names.
        status: ReportStatus::parse(&status).unwrap_or(ReportStatus::Failed),
        content: content.and_then(|c| serde_json::from_value::<ReportContent>(c).ok()),
        engine,
        generated_at,
    }
}

/// `user`'s report of `kind`.
pub async fn find(
    conn: &mut AsyncPgConnection,
    user: UserId,
    kind: ReportKind,
) -> Result<Option<ReportRecord>, diesel::result::Error> {
    let row: Option<Row> = match kind {
        ReportKind::Yearly(year) => yearly::table
            .filter(yearly::user_id.eq(user.as_uuid()))
            .filter(yearly::year.eq(year))
            .select((
                yearly::id,
                yearly::user_id,
                yearly::status,
                yearly::content,
                yearly::engine,
                yearly::generated_at,
            ))
            .first(conn)
            .await
            .optional()?,
        ReportKind::Life => life::table
            .filter(life::user_id.eq(user.as_uuid()))
            .select((life::id, life::user_id, life::status, life::content, life::engine, life::generated_at))
            .first(conn)
            .await
            .optional()?,
    };
    Ok(row.map(|r| record(kind, r)))
}

/// Asks for `user`'s report of `kind`: creates it as `generating`, or turns a `failed` one back to
/// `generating`. With `even_if_ready` (the chart changed) a `ready` one is generated again too, and
/// one being generated loses its lease, so the generation from the old chart is dropped and the
/// report is generated again.
pub async fn request(
    conn: &mut AsyncPgConnection,
    user: UserId,
    kind: ReportKind,
    even_if_ready: bool,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    let statuses: &[&str] = if even_if_ready { &["failed", "ready", "generating"] } else { &["failed"] };
    match kind {
        ReportKind::Yearly(year) => {
            diesel::insert_into(yearly::table)
                .values((
                    yearly::id.eq(Uuid::now_v7()),
                    yearly::user_id.eq(user.as_uuid()),
                    yearly::year.eq(year),
                    yearly::status.eq(ReportStatus::Generating.as_str()),
                    yearly::created_at.eq(now),
                    yearly::updated_at.eq(now),
                ))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?;
            diesel::update(
                yearly::table
                    .filter(yearly::user_id.eq(user.as_uuid()))
                    .filter(yearly::year.eq(year))
                    .filter(yearly::status.eq_any(statuses)),
            )
            .set((
                yearly::status.eq(ReportStatus::Generating.as_str()),
                yearly::next_attempt_at.eq(None::<DateTime<Utc>>),
                yearly::updated_at.eq(now),
            ))
            .execute(conn)
            .await?;
        }
        ReportKind::Life => {
            diesel::insert_into(life::table)
                .values((
                    life::id.eq(Uuid::now_v7()),
                    life::user_id.eq(user.as_uuid()),
                    life::status.eq(ReportStatus::Generating.as_str()),
                    life::created_at.eq(now),
                    life::updated_at.eq(now),
                ))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?;
            diesel::update(life::table.filter(life::user_id.eq(user.as_uuid())).filter(life::status.eq_any(statuses)))
                .set((
                    life::status.eq(ReportStatus::Generating.as_str()),
                    life::next_attempt_at.eq(None::<DateTime<Utc>>),
                    life::updated_at.eq(now),
                ))
                .execute(conn)
                .await?;
        }
    }
    Ok(())
}

/// After a chart rebuild: every yearly report of `user` that exists becomes `generating` again.
pub async fn requeue_yearly(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::update(yearly::table.filter(yearly::user_id.eq(user.as_uuid())))
        .set((
            yearly::status.eq(ReportStatus::Generating.as_str()),
            yearly::next_attempt_at.eq(None::<DateTime<Utc>>),
            yearly::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(QueryableByName)]
struct Claimed {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    user_id: Uuid,
    #[diesel(sql_type = Nullable<Integer>)]
    year: Option<i32>,
}

/// A report generation taken by this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub id: Uuid,
    pub user: UserId,
    pub kind: ReportKind,
    /// The lease this job holds: a row requeued meanwhile (after a chart rebuild) no longer
    /// carries it, and the stale result is dropped.
    pub lease_until: DateTime<Utc>,
}

/// Takes up to `limit` free `generating` reports of each table, leased until `lease_until`
/// (rounded to PostgreSQL's microseconds, so the job can find its lease again).
pub async fn claim_due(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    limit: i32,
) -> Result<Vec<Job>, diesel::result::Error> {
    use chrono::SubsecRound as _;
    let lease_until = lease_until.trunc_subsecs(6);
    let mut jobs = Vec::new();
    for (table, year) in [("yearly_fortune_reports", "year"), ("life_fortune_reports", "NULL::integer")] {
        // Only fixed table and column names are put into the text; the values are bound.
        let sql = format!(
            "UPDATE {table} SET next_attempt_at = $2 WHERE id IN ( \
               SELECT id FROM {table} WHERE status = 'generating' \
               AND (next_attempt_at IS NULL OR next_attempt_at <= $1) \
               ORDER BY updated_at LIMIT $3 FOR UPDATE SKIP LOCKED) \
             RETURNING id, user_id, {year} AS year"
        );
        let claimed: Vec<Claimed> = diesel::sql_query(sql)
            .bind::<Timestamptz, _>(now)
            .bind::<Timestamptz, _>(lease_until)
            .bind::<Integer, _>(limit)
            .load(conn)
            .await?;
        jobs.extend(claimed.into_iter().map(|c| Job {
            id: c.id,
            user: UserId::from_uuid(c.user_id),
            kind: c.year.map_or(ReportKind::Life, ReportKind::Yearly),
            lease_until,
        }));
    }
    Ok(jobs)
}

fn json(content: &ReportContent) -> Result<serde_json::Value, diesel::result::Error> {
    serde_json::to_value(content).map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))
}

/// Stores a finished report, only into a row still leased by this job (one requeued or deleted
/// meanwhile is left alone).
pub async fn complete(
    conn: &mut AsyncPgConnection,
    job: Job,
    content: &ReportContent,
    engine: &str,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    let value = json(content)?;
    match job.kind {
        ReportKind::Yearly(_) => {
            diesel::update(
                yearly::table
                    .find(job.id)
                    .filter(yearly::status.eq(ReportStatus::Generating.as_str()))
                    .filter(yearly::next_attempt_at.eq(job.lease_until)),
            )
            .set((
                yearly::status.eq(ReportStatus::Ready.as_str()),
                yearly::content.eq(Some(value)),
                yearly::engine.eq(Some(engine)),
                yearly::last_error.eq(None::<String>),
                yearly::next_attempt_at.eq(None::<DateTime<Utc>>),
                yearly::generated_at.eq(Some(now)),
                yearly::updated_at.eq(now),
            ))
            .execute(conn)
            .await?;
        }
        ReportKind::Life => {
            let dates: Vec<String> = content.important_dates.iter().map(|d| d.date.clone()).collect();
            diesel::update(
                life::table
                    .find(job.id)
                    .filter(life::status.eq(ReportStatus::Generating.as_str()))
                    .filter(life::next_attempt_at.eq(job.lease_until)),
            )
            .set((
                life::status.eq(ReportStatus::Ready.as_str()),
                life::content.eq(Some(value)),
                life::important_dates.eq(dates),
                life::engine.eq(Some(engine)),
                life::last_error.eq(None::<String>),
                life::next_attempt_at.eq(None::<DateTime<Utc>>),
                life::generated_at.eq(Some(now)),
                life::updated_at.eq(now),
            ))
            .execute(conn)
            .await?;
        }
    }
    Ok(())
}

/// Marks a generation failed (asking again retries it).
pub async fn fail(
    conn: &mut AsyncPgConnection,
    job: Job,
    description: &str,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    match job.kind {
        ReportKind::Yearly(_) => {
            diesel::update(
                yearly::table
                    .find(job.id)
                    .filter(yearly::status.eq(ReportStatus::Generating.as_str()))
                    .filter(yearly::next_attempt_at.eq(job.lease_until)),
            )
            .set((
                yearly::status.eq(ReportStatus::Failed.as_str()),
                yearly::last_error.eq(Some(description)),
                yearly::next_attempt_at.eq(None::<DateTime<Utc>>),
                yearly::updated_at.eq(now),
            ))
            .execute(conn)
            .await?;
        }
        ReportKind::Life => {
            diesel::update(
                life::table
                    .find(job.id)
                    .filter(life::status.eq(ReportStatus::Generating.as_str()))
                    .filter(life::next_attempt_at.eq(job.lease_until)),
            )
            .set((
                life::status.eq(ReportStatus::Failed.as_str()),
                life::last_error.eq(Some(description)),
                life::next_attempt_at.eq(None::<DateTime<Utc>>),
                life::updated_at.eq(now),
            ))
            .execute(conn)
            .await?;
        }
    }
    Ok(())
}
