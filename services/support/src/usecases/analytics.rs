//! Analytics (issue 26, docs/analytics.md): storing what the `analytics` stream carries — only with
//! consent, once per event id — and the nightly rollup, the purge and the dashboard's days.

use chrono::{DateTime, NaiveDate, Utc};
use diesel_async::AsyncConnection as _;
use meguri_analytics::{Activity, ClientEvent};
use meguri_japan_day::DayRange;
use uuid::Uuid;

use super::UseCases;
use crate::analytics::agent;
use crate::analytics::geo::Geo;
use crate::db::analytics::{self as store, Daily, NewEvent, NewVisit};
use crate::domain::analytics::{Actor, ROLLUP_GRACE, consent_covers, retention_cutoff};
use crate::error::Error;

/// An event of the `analytics` stream, read and checked (the handler in `events.rs` builds it).
#[derive(Clone, Debug)]
pub enum Incoming {
    /// A member did something a service counts.
    Activity { id: Uuid, user: Uuid, activity: Activity, data: serde_json::Value, at: DateTime<Utc> },
    /// A browser showed a page or calculated a chart.
    Client(ClientSeen),
    /// A member's consent changed.
    Consent { user: Uuid, granted: bool, at: DateTime<Utc>, delete_collected: bool },
    /// A visitor withdrew consent on one browser.
    VisitorWithdrawn { visitor: Uuid, at: DateTime<Utc>, delete_collected: bool },
}

/// A client event as the gateway saw it.
#[derive(Clone, Debug)]
pub struct ClientSeen {
    pub id: Uuid,
    pub user: Option<Uuid>,
    pub visitor: Option<Uuid>,
    pub kind: ClientEvent,
    pub path: String,
    pub referrer: Option<String>,
    pub user_agent: String,
    pub ip_prefix: String,
    pub data: serde_json::Value,
    pub at: DateTime<Utc>,
}

/// What became of an incoming event (logged and counted by the handler).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Stored,
    /// Stored before (a redelivery).
    Duplicate,
    /// No consent covers it: nothing written.
    NoConsent,
    /// A consent change or withdrawal applied.
    Applied,
}

impl Outcome {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Stored => "stored",
            Self::Duplicate => "duplicate",
            Self::NoConsent => "no_consent",
            Self::Applied => "applied",
        }
    }
}

/// The job names of the schedule's record.
pub const ROLLUP_JOB: &str = "rollup";
pub const PURGE_JOB: &str = "purge";

impl UseCases {
    /// Applies one incoming event in one transaction; every path repeats safely (event ids are
    /// keys, consent changes keep the latest).
    ///
    /// # Errors
    /// The database (the event is then tried again).
    pub async fn ingest(&self, incoming: Incoming) -> Result<Outcome, Error> {
        let mut conn = self.conn().await?;
        let geo = self.geo.clone();
        conn.transaction::<_, Error, _>(async |conn| match incoming {
            Incoming::Activity { id, user, activity, data, at } => {
                store_activity(conn, id, user, activity, &data, at).await
            }
            Incoming::Client(seen) => store_client_event(conn, &geo, seen).await,
            Incoming::Consent { user, granted, at, delete_collected } => {
                apply_consent(conn, user, granted, at, delete_collected).await
            }
            Incoming::VisitorWithdrawn { visitor, at, delete_collected } => {
                apply_withdrawal(conn, visitor, at, delete_collected).await
            }
        })
        .await
    }

    /// Removes everything analytics holds about a deleted account: its events, visits and consent
    /// (the day rollups are aggregates and stay). Called in the account-deletion transaction.
    ///
    /// # Errors
    /// The database.
    pub(crate) async fn forget_analytics(
        conn: &mut diesel_async::AsyncPgConnection,
        user: Uuid,
    ) -> Result<(usize, usize), diesel::result::Error> {
        let actor = Actor::Member(user);
        store::lock(conn, actor.lock_key()).await?;
        let removed = store::delete_actor(conn, actor, None).await?;
        store::forget_consent(conn, user).await?;
        Ok(removed)
    }

    /// Rolls up every day of `range` (replacing earlier rows) and records each as done. Returns
    /// the rows written.
    ///
    /// # Errors
    /// The database.
    #[tracing::instrument(skip_all, fields(from = %range.from, to = %range.to))]
    pub async fn roll_up(&self, range: DayRange) -> Result<Vec<Daily>, Error> {
        let mut conn = self.conn().await?;
        let mut written = Vec::new();
        for day in range.days() {
            if let Some(row) = self.roll_up_day(&mut conn, day, true).await? {
                written.push(row);
            }
        }
        Ok(written)
    }

    /// Rolls up `day` under its advisory lock. Without `wait` (the schedule): `None` when another
    /// replica holds the lock or the day is done already. With `wait` (a backfill): waits for the
    /// lock and rolls up again whatever was done.
    async fn roll_up_day(&self, conn: &mut Conn, day: NaiveDate, wait: bool) -> Result<Option<Daily>, Error> {
        let now = self.clock.now();
        let row = conn
            .transaction::<_, Error, _>(async |conn| {
                let key = job_key(ROLLUP_JOB, day);
                if wait {
                    store::lock(conn, key).await?;
                } else if !store::try_lock(conn, key).await? || store::job_done(conn, ROLLUP_JOB, day).await? {
                    // Another replica is on it, or finished it between our look and our lock.
                    return Ok(None);
                }
                let (start, end) = meguri_japan_day::bounds(day);
                let row = store::roll_up(conn, day, start, end).await?;
                store::mark_job(conn, ROLLUP_JOB, day, now).await?;
                Ok(Some(row))
            })
            .await?;
        if let Some(row) = &row {
            tracing::info!(name: "support.analytics.rolled_up", day = %row.date, active_users = row.active_users, visits = row.visits);
        }
        Ok(row)
    }

    /// The schedule's step, on one connection: rolls up each of the `catch_up` Japan days before
    /// today that is past its grace and not recorded done (one look for them all; once per day
    /// whatever the replicas: the advisory lock and the record), then purges raw rows past the
    /// retention once a day. Returns the days rolled up.
    ///
    /// # Errors
    /// The database.
    pub async fn run_schedule(&self, catch_up: u32) -> Result<Vec<NaiveDate>, Error> {
        let now = self.clock.now();
        let today = meguri_japan_day::day_of(now);
        let due: Vec<NaiveDate> = (1..=i64::from(catch_up))
            .rev()
            .map(|back| today - chrono::Duration::days(back))
            .filter(|day| now >= meguri_japan_day::end_of(*day) + ROLLUP_GRACE)
            .collect();
        let mut conn = self.conn().await?;
        let mut rolled = Vec::new();
        if let (Some(first), Some(last)) = (due.first(), due.last()) {
            let done = store::days_done(&mut conn, ROLLUP_JOB, *first, *last).await?;
            for day in due.into_iter().filter(|d| !done.contains(d)) {
                if self.roll_up_day(&mut conn, day, false).await?.is_some() {
                    rolled.push(day);
                }
            }
        }
        self.purge_once(&mut conn, today).await?;
        Ok(rolled)
    }

    /// Deletes raw events and visits older than the retention, once for `today`.
    async fn purge_once(&self, conn: &mut Conn, today: NaiveDate) -> Result<(), Error> {
        let cutoff = retention_cutoff(self.clock.now(), self.analytics_retention_days);
        let now = self.clock.now();
        let purged = conn
            .transaction::<_, Error, _>(async |conn| {
                if store::job_done(conn, PURGE_JOB, today).await?
                    || !store::try_lock(conn, job_key(PURGE_JOB, today)).await?
                {
                    return Ok(None);
                }
                let removed = store::purge(conn, cutoff).await?;
                store::mark_job(conn, PURGE_JOB, today, now).await?;
                Ok(Some(removed))
            })
            .await?;
        if let Some((events, visits)) = purged {
            tracing::info!(name: "support.analytics.purged", %cutoff, events, visits);
        }
        Ok(())
    }

    /// The rolled-up days of `range` for the dashboard (days not rolled up yet are absent).
    ///
    /// # Errors
    /// The database.
    pub async fn daily_analytics(&self, range: DayRange) -> Result<Vec<Daily>, Error> {
        let mut conn = self.conn().await?;
        Ok(store::daily_between(&mut conn, range.from, range.to).await?)
    }
}

/// The advisory lock key of `job` on `day` (a fixed tag in the high bits keeps it apart from the
/// actors' keys, which are hashes of UUIDs: a collision only serialises, never corrupts).
fn job_key(job: &str, day: NaiveDate) -> i64 {
    let tag: i64 = if job == ROLLUP_JOB { 0x5255_0000_0000 } else { 0x5055_0000_0000 };
    tag + i64::from(day.num_days_from_ce())
}

use chrono::Datelike as _;

type Conn = diesel_async::AsyncPgConnection;

/// A member's counted action: kept when their consent covers it, once per event id. It belongs to
/// the visit it happened in and keeps it going; it does not start one (a purchase confirmed by
/// Stripe is not a request of the member).
async fn store_activity(
    conn: &mut Conn,
    id: Uuid,
    user: Uuid,
    activity: Activity,
    data: &serde_json::Value,
    at: DateTime<Utc>,
) -> Result<Outcome, Error> {
    let actor = Actor::Member(user);
    if !consent_covers(store::consent_of(conn, user).await?, at) {
        return Ok(Outcome::NoConsent);
    }
    store::lock(conn, actor.lock_key()).await?;
    if store::event_exists(conn, id).await? {
        return Ok(Outcome::Duplicate);
    }
    let session = store::visit_at(conn, actor, at).await?;
    if let Some(visit) = session {
        store::extend_visit(conn, visit, at, false).await?;
    }
    let event = NewEvent { id, actor, session, event_type: activity.as_str(), data, at };
    store::insert_event(conn, &event).await?;
    Ok(Outcome::Stored)
}

/// A page view or a landing calculation: kept for a member whose consent covers it, or a visitor
/// who has not withdrawn, once per event id; it goes on the visit it falls in, else starts one
/// (browser, place and landing page read then).
async fn store_client_event(conn: &mut Conn, geo: &Geo, seen: ClientSeen) -> Result<Outcome, Error> {
    let Some(actor) = Actor::of(seen.user, seen.visitor) else { return Ok(Outcome::NoConsent) };
    let covered = match actor {
        Actor::Member(user) => consent_covers(store::consent_of(conn, user).await?, seen.at),
        Actor::Visitor(visitor) => {
            store::withdrawn_at(conn, visitor).await?.is_none_or(|withdrawn| seen.at < withdrawn)
        }
    };
    if !covered {
        return Ok(Outcome::NoConsent);
    }
    store::lock(conn, actor.lock_key()).await?;
    if store::event_exists(conn, seen.id).await? {
        return Ok(Outcome::Duplicate);
    }
    let page_view = seen.kind == ClientEvent::PageView;
    let session = match store::visit_at(conn, actor, seen.at).await? {
        Some(visit) => {
            store::extend_visit(conn, visit, seen.at, page_view).await?;
            visit
        }
        None => start_visit(conn, geo, actor, &seen, page_view).await?,
    };
    let mut data = seen.data;
    if let Some(object) = data.as_object_mut() {
        object.insert("path".to_owned(), serde_json::Value::String(seen.path.clone()));
    }
    let event = NewEvent {
        id: seen.id,
        actor,
        session: Some(session),
        event_type: seen.kind.as_str(),
        data: &data,
        at: seen.at,
    };
    store::insert_event(conn, &event).await?;
    Ok(Outcome::Stored)
}

/// Starts the visit a client event opens: its browser from the User-Agent, its place from the
/// truncated address. Returns its id.
async fn start_visit(
    conn: &mut Conn,
    geo: &Geo,
    actor: Actor,
    seen: &ClientSeen,
    page_view: bool,
) -> Result<Uuid, Error> {
    let browser = agent::parse(&seen.user_agent);
    let place = geo.place(&seen.ip_prefix);
    let visit = NewVisit {
        actor,
        ip_prefix: &seen.ip_prefix,
        country: place.country.as_deref(),
        city: place.city.as_deref(),
        browser_name: browser.name.as_deref(),
        browser_version: browser.version.as_deref(),
        os: browser.os.as_deref(),
        referrer: seen.referrer.as_deref(),
        landing_page: &seen.path,
        at: seen.at,
        page_views: i32::from(page_view),
    };
    Ok(store::insert_visit(conn, &visit).await?)
}

/// A member's consent as last changed; turned off, collection stops at the change: anything
/// stamped after it that arrived first goes, and everything when the member asked.
async fn apply_consent(
    conn: &mut Conn,
    user: Uuid,
    granted: bool,
    at: DateTime<Utc>,
    delete_collected: bool,
) -> Result<Outcome, Error> {
    let actor = Actor::Member(user);
    store::lock(conn, actor.lock_key()).await?;
    let applied = store::set_consent(conn, user, granted, at).await?;
    if !granted {
        let since = (!delete_collected).then_some(at);
        let (events, visits) = store::delete_actor(conn, actor, since).await?;
        tracing::info!(name: "support.analytics.consent_off", applied, delete_collected, events, visits);
    }
    Ok(Outcome::Applied)
}

/// A visitor's withdrawal on one browser: nothing after it is kept, and what was collected goes
/// when they asked.
async fn apply_withdrawal(
    conn: &mut Conn,
    visitor: Uuid,
    at: DateTime<Utc>,
    delete_collected: bool,
) -> Result<Outcome, Error> {
    let actor = Actor::Visitor(visitor);
    store::lock(conn, actor.lock_key()).await?;
    store::set_withdrawn(conn, visitor, at).await?;
    let since = (!delete_collected).then_some(at);
    let (events, visits) = store::delete_actor(conn, actor, since).await?;
    tracing::info!(name: "support.analytics.visitor_withdrawn", delete_collected, events, visits);
    Ok(Outcome::Applied)
}
