//! The analytics tables (docs/analytics.md): the consent read model, visits, events, the daily
//! rollups and the schedule's record. The rollup's figures are plain SQL over the raw tables, so a
//! figure on the dashboard is exactly what the same count over `analytics_events` and
//! `user_sessions` gives.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::sql_types::{BigInt, Bool, Date, Nullable, Timestamptz};
use diesel::{
    BoolExpressionMethods as _, ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, QueryableByName,
    SelectableHelper as _,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use uuid::Uuid;

use super::schema::{
    analytics_consent as consent, analytics_events as events, analytics_jobs as jobs,
    analytics_visitor_withdrawals as withdrawals, daily_analytics as daily, user_sessions as visits,
};
use crate::domain::analytics::{Actor, VISIT_IDLE};

type Result<T> = std::result::Result<T, diesel::result::Error>;

/// The member's consent as last recorded: (granted, changed_at).
pub async fn consent_of(conn: &mut AsyncPgConnection, user: Uuid) -> Result<Option<(bool, DateTime<Utc>)>> {
    consent::table.find(user).select((consent::granted, consent::changed_at)).first(conn).await.optional()
}

/// Records a consent change unless a later one is already recorded (changes may arrive out of
/// order). Returns whether it was applied.
pub async fn set_consent(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    granted: bool,
    changed_at: DateTime<Utc>,
) -> Result<bool> {
    let n = diesel::sql_query(
        "INSERT INTO analytics_consent (user_id, granted, changed_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET granted = EXCLUDED.granted, changed_at = EXCLUDED.changed_at \
         WHERE analytics_consent.changed_at <= EXCLUDED.changed_at",
    )
    .bind::<diesel::sql_types::Uuid, _>(user)
    .bind::<Bool, _>(granted)
    .bind::<Timestamptz, _>(changed_at)
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// Forgets a member's consent (their account is gone).
pub async fn forget_consent(conn: &mut AsyncPgConnection, user: Uuid) -> Result<()> {
    diesel::delete(consent::table.find(user)).execute(conn).await.map(|_| ())
}

/// When the visitor withdrew consent, if they did.
pub async fn withdrawn_at(conn: &mut AsyncPgConnection, visitor: Uuid) -> Result<Option<DateTime<Utc>>> {
    withdrawals::table.find(visitor).select(withdrawals::withdrawn_at).first(conn).await.optional()
}

/// Records a visitor's withdrawal (the earliest one stands).
pub async fn set_withdrawn(conn: &mut AsyncPgConnection, visitor: Uuid, at: DateTime<Utc>) -> Result<()> {
    diesel::sql_query(
        "INSERT INTO analytics_visitor_withdrawals (visitor_id, withdrawn_at) VALUES ($1, $2) \
         ON CONFLICT (visitor_id) DO UPDATE SET withdrawn_at = EXCLUDED.withdrawn_at \
         WHERE analytics_visitor_withdrawals.withdrawn_at > EXCLUDED.withdrawn_at",
    )
    .bind::<diesel::sql_types::Uuid, _>(visitor)
    .bind::<Timestamptz, _>(at)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Holds `key` until the transaction ends (one actor's visits are changed by one handler at a time,
/// whatever the replica).
pub async fn lock(conn: &mut AsyncPgConnection, key: i64) -> Result<()> {
    diesel::sql_query("SELECT pg_advisory_xact_lock($1)").bind::<BigInt, _>(key).execute(conn).await.map(|_| ())
}

#[derive(QueryableByName)]
struct Flag {
    #[diesel(sql_type = Bool)]
    v: bool,
}

/// Takes `key` until the transaction ends if nobody holds it; `false` when another does.
pub async fn try_lock(conn: &mut AsyncPgConnection, key: i64) -> Result<bool> {
    let flag: Flag =
        diesel::sql_query("SELECT pg_try_advisory_xact_lock($1) AS v").bind::<BigInt, _>(key).get_result(conn).await?;
    Ok(flag.v)
}

/// Whether the event is stored already.
pub async fn event_exists(conn: &mut AsyncPgConnection, id: Uuid) -> Result<bool> {
    diesel::select(diesel::dsl::exists(events::table.find(id))).get_result(conn).await
}

/// A new event row.
pub struct NewEvent<'a> {
    pub id: Uuid,
    pub actor: Actor,
    pub session: Option<Uuid>,
    pub event_type: &'a str,
    pub data: &'a serde_json::Value,
    pub at: DateTime<Utc>,
}

fn actor_columns(actor: Actor) -> (Option<Uuid>, Option<Uuid>) {
    match actor {
        Actor::Member(id) => (Some(id), None),
        Actor::Visitor(id) => (None, Some(id)),
    }
}

/// Stores an event once: `false` when its id is stored already.
pub async fn insert_event(conn: &mut AsyncPgConnection, event: &NewEvent<'_>) -> Result<bool> {
    let (user, visitor) = actor_columns(event.actor);
    let n = diesel::insert_into(events::table)
        .values((
            events::id.eq(event.id),
            events::user_id.eq(user),
            events::visitor_id.eq(visitor),
            events::session_id.eq(event.session),
            events::event_type.eq(event.event_type),
            events::event_data.eq(event.data),
            events::created_at.eq(event.at),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(n == 1)
}

fn actor_filter(
    actor: Actor,
) -> Box<dyn diesel::BoxableExpression<visits::table, diesel::pg::Pg, SqlType = Nullable<Bool>>> {
    match actor {
        Actor::Member(id) => Box::new(visits::user_id.eq(id)),
        Actor::Visitor(id) => Box::new(visits::visitor_id.eq(id).and(visits::user_id.is_null())),
    }
}

/// The actor's visit an event at `at` belongs to: the latest one that ran within 30 minutes of it.
pub async fn visit_at(conn: &mut AsyncPgConnection, actor: Actor, at: DateTime<Utc>) -> Result<Option<Uuid>> {
    visits::table
        .filter(actor_filter(actor))
        .filter(visits::session_end.ge(at - VISIT_IDLE))
        .filter(visits::session_start.le(at + VISIT_IDLE))
        .order(visits::session_end.desc())
        .select(visits::id)
        .first(conn)
        .await
        .optional()
}

/// Stretches a visit over `at`, counting a page view when it is one.
pub async fn extend_visit(conn: &mut AsyncPgConnection, id: Uuid, at: DateTime<Utc>, page_view: bool) -> Result<()> {
    diesel::sql_query(
        "UPDATE user_sessions SET session_start = LEAST(session_start, $2), session_end = GREATEST(session_end, $2), \
         page_views = page_views + CASE WHEN $3 THEN 1 ELSE 0 END WHERE id = $1",
    )
    .bind::<diesel::sql_types::Uuid, _>(id)
    .bind::<Timestamptz, _>(at)
    .bind::<Bool, _>(page_view)
    .execute(conn)
    .await
    .map(|_| ())
}

/// A new visit row.
pub struct NewVisit<'a> {
    pub actor: Actor,
    pub ip_prefix: &'a str,
    pub country: Option<&'a str>,
    pub city: Option<&'a str>,
    pub browser_name: Option<&'a str>,
    pub browser_version: Option<&'a str>,
    pub os: Option<&'a str>,
    pub referrer: Option<&'a str>,
    pub landing_page: &'a str,
    pub at: DateTime<Utc>,
    pub page_views: i32,
}

/// Starts a visit; returns its id.
pub async fn insert_visit(conn: &mut AsyncPgConnection, visit: &NewVisit<'_>) -> Result<Uuid> {
    let (user, visitor) = actor_columns(visit.actor);
    let id = Uuid::now_v7();
    diesel::insert_into(visits::table)
        .values((
            visits::id.eq(id),
            visits::user_id.eq(user),
            visits::visitor_id.eq(visitor),
            visits::ip_address.eq(visit.ip_prefix),
            visits::country.eq(visit.country),
            visits::city.eq(visit.city),
            visits::browser_name.eq(visit.browser_name),
            visits::browser_version.eq(visit.browser_version),
            visits::os.eq(visit.os),
            visits::referrer.eq(visit.referrer),
            visits::landing_page.eq(visit.landing_page),
            visits::session_start.eq(visit.at),
            visits::session_end.eq(visit.at),
            visits::page_views.eq(visit.page_views),
        ))
        .execute(conn)
        .await?;
    Ok(id)
}

/// Deletes the actor's events and visits (all of them, or those from `since` on). Returns how many
/// (events, visits).
pub async fn delete_actor(
    conn: &mut AsyncPgConnection,
    actor: Actor,
    since: Option<DateTime<Utc>>,
) -> Result<(usize, usize)> {
    let mut events_query = diesel::delete(events::table).into_boxed();
    events_query = match actor {
        Actor::Member(id) => events_query.filter(events::user_id.eq(id)),
        Actor::Visitor(id) => events_query.filter(events::visitor_id.eq(id)),
    };
    let mut visits_query = diesel::delete(visits::table).filter(actor_filter(actor)).into_boxed();
    if let Some(since) = since {
        events_query = events_query.filter(events::created_at.ge(since));
        visits_query = visits_query.filter(visits::session_end.ge(since));
    }
    let events = events_query.execute(conn).await?;
    let visits = visits_query.execute(conn).await?;
    Ok((events, visits))
}

/// Deletes raw rows older than `before` (events by time, visits by their end, withdrawals by
/// theirs). Returns how many (events, visits).
pub async fn purge(conn: &mut AsyncPgConnection, before: DateTime<Utc>) -> Result<(usize, usize)> {
    let events = diesel::delete(events::table.filter(events::created_at.lt(before))).execute(conn).await?;
    let visits = diesel::delete(visits::table.filter(visits::session_end.lt(before))).execute(conn).await?;
    diesel::delete(withdrawals::table.filter(withdrawals::withdrawn_at.lt(before))).execute(conn).await?;
    Ok((events, visits))
}

/// One day's figures (a `daily_analytics` row).
#[derive(Clone, Debug, PartialEq, QueryableByName)]
#[diesel(table_name = daily)]
pub struct Daily {
    pub date: NaiveDate,
    pub new_users: i32,
    pub active_users: i32,
    pub weekly_active_users: i32,
    pub monthly_active_users: i32,
    pub visits: i32,
    pub page_views: i32,
    pub feature_usage: serde_json::Value,
    pub funnel: serde_json::Value,
    pub geographics: serde_json::Value,
    pub browser_stats: serde_json::Value,
}

/// Computes the day `day` covering `[start, end)` from the raw tables and writes its row,
/// replacing any earlier one. Every figure is one SQL count over `analytics_events` or
/// `user_sessions` (docs/analytics.md lists them).
pub async fn roll_up(
    conn: &mut AsyncPgConnection,
    day: NaiveDate,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Result<Daily> {
    diesel::sql_query(ROLL_UP)
        .bind::<Date, _>(day)
        .bind::<Timestamptz, _>(start)
        .bind::<Timestamptz, _>(end)
        .get_result(conn)
        .await
}

const ROLL_UP: &str = r"
WITH day_events AS (
    SELECT user_id, visitor_id, event_type FROM analytics_events WHERE created_at >= $2 AND created_at < $3
), day_visits AS (
    SELECT country, city, browser_name, os FROM user_sessions WHERE session_start >= $2 AND session_start < $3
), firsts AS (
    SELECT event_type, count(*) AS n FROM (
        SELECT event_type, user_id FROM analytics_events
        WHERE event_type IN ('daily_reading_viewed', 'chat_message', 'purchase') AND user_id IS NOT NULL
        GROUP BY event_type, user_id
        HAVING min(created_at) >= $2 AND min(created_at) < $3
    ) f GROUP BY event_type
)
INSERT INTO daily_analytics AS d (date, new_users, active_users, weekly_active_users, monthly_active_users,
    visits, page_views, feature_usage, funnel, geographics, browser_stats, created_at)
SELECT $1,
    (SELECT count(*) FROM day_events WHERE event_type = 'sign_up')::int,
    (SELECT count(DISTINCT user_id) FROM day_events)::int,
    (SELECT count(DISTINCT user_id) FROM analytics_events
        WHERE created_at >= $3 - interval '7 days' AND created_at < $3)::int,
    (SELECT count(DISTINCT user_id) FROM analytics_events
        WHERE created_at >= $3 - interval '30 days' AND created_at < $3)::int,
    (SELECT count(*) FROM day_visits)::int,
    (SELECT count(*) FROM day_events WHERE event_type = 'page_view')::int,
    (SELECT COALESCE(jsonb_object_agg(event_type, n), '{}') FROM
        (SELECT event_type, count(*) AS n FROM day_events GROUP BY event_type) t),
    jsonb_build_object(
        'landing_calculation', (SELECT count(*) FROM day_events WHERE event_type = 'landing_calculation'),
        'sign_up', (SELECT count(*) FROM day_events WHERE event_type = 'sign_up'),
        'email_verified', (SELECT count(*) FROM day_events WHERE event_type = 'email_verified'),
        'first_reading', COALESCE((SELECT n FROM firsts WHERE event_type = 'daily_reading_viewed'), 0),
        'first_chat', COALESCE((SELECT n FROM firsts WHERE event_type = 'chat_message'), 0),
        'first_purchase', COALESCE((SELECT n FROM firsts WHERE event_type = 'purchase'), 0)),
    jsonb_build_object(
        'countries', (SELECT COALESCE(jsonb_object_agg(k, n), '{}') FROM
            (SELECT COALESCE(country, 'unknown') AS k, count(*) AS n FROM day_visits GROUP BY 1) t),
        'cities', (SELECT COALESCE(jsonb_object_agg(k, n), '{}') FROM
            (SELECT COALESCE(country, 'unknown') || '/' || city AS k, count(*) AS n FROM day_visits
             WHERE city IS NOT NULL GROUP BY 1) t)),
    jsonb_build_object(
        'browsers', (SELECT COALESCE(jsonb_object_agg(k, n), '{}') FROM
            (SELECT COALESCE(browser_name, 'unknown') AS k, count(*) AS n FROM day_visits GROUP BY 1) t),
        'os', (SELECT COALESCE(jsonb_object_agg(k, n), '{}') FROM
            (SELECT COALESCE(os, 'unknown') AS k, count(*) AS n FROM day_visits GROUP BY 1) t)),
    now()
ON CONFLICT (date) DO UPDATE SET
    new_users = EXCLUDED.new_users, active_users = EXCLUDED.active_users,
    weekly_active_users = EXCLUDED.weekly_active_users, monthly_active_users = EXCLUDED.monthly_active_users,
    visits = EXCLUDED.visits, page_views = EXCLUDED.page_views, feature_usage = EXCLUDED.feature_usage,
    funnel = EXCLUDED.funnel, geographics = EXCLUDED.geographics, browser_stats = EXCLUDED.browser_stats,
    created_at = EXCLUDED.created_at
RETURNING date, new_users, active_users, weekly_active_users, monthly_active_users, visits, page_views,
    feature_usage, funnel, geographics, browser_stats
";

/// The rolled-up days within `from..=to`, in order (days never rolled up are absent).
pub async fn daily_between(conn: &mut AsyncPgConnection, from: NaiveDate, to: NaiveDate) -> Result<Vec<Daily>> {
    let rows: Vec<DailyRow> = daily::table
        .filter(daily::date.ge(from).and(daily::date.le(to)))
        .order(daily::date.asc())
        .select(DailyRow::as_select())
        .load(conn)
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

#[derive(diesel::Queryable, diesel::Selectable)]
#[diesel(table_name = daily)]
struct DailyRow {
    date: NaiveDate,
    new_users: i32,
    active_users: i32,
    weekly_active_users: i32,
    monthly_active_users: i32,
    visits: i32,
    page_views: i32,
    feature_usage: serde_json::Value,
    funnel: serde_json::Value,
    geographics: serde_json::Value,
    browser_stats: serde_json::Value,
}

impl From<DailyRow> for Daily {
    fn from(r: DailyRow) -> Self {
        Self {
            date: r.date,
            new_users: r.new_users,
            active_users: r.active_users,
            weekly_active_users: r.weekly_active_users,
            monthly_active_users: r.monthly_active_users,
            visits: r.visits,
            page_views: r.page_views,
            feature_usage: r.feature_usage,
            funnel: r.funnel,
            geographics: r.geographics,
            browser_stats: r.browser_stats,
        }
    }
}

/// Whether `job` is recorded done for `day`.
pub async fn job_done(conn: &mut AsyncPgConnection, job: &str, day: NaiveDate) -> Result<bool> {
    diesel::select(diesel::dsl::exists(jobs::table.find((job, day)))).get_result(conn).await
}

/// The days of `from..=to` that `job` is recorded done for.
pub async fn days_done(
    conn: &mut AsyncPgConnection,
    job: &str,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<NaiveDate>> {
    jobs::table.filter(jobs::job.eq(job).and(jobs::day.between(from, to))).select(jobs::day).load(conn).await
}

/// Records `job` done for `day` at `at`.
pub async fn mark_job(conn: &mut AsyncPgConnection, job: &str, day: NaiveDate, at: DateTime<Utc>) -> Result<()> {
    diesel::insert_into(jobs::table)
        .values((jobs::job.eq(job), jobs::day.eq(day), jobs::finished_at.eq(at)))
        .on_conflict((jobs::job, jobs::day))
        .do_update()
        .set(jobs::finished_at.eq(at))
        .execute(conn)
        .await
        .map(|_| ())
}
