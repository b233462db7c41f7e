//! Analytics (issue 26) as support stores it from the `analytics` stream: only what a consent
//! covers, once per event id, visits that go on until 30 idle minutes, a consent withdrawn stops
//! collection (and deletes on request), and the nightly rollup of a Japan day equals the same
//! counts made directly over the raw tables — at the day's boundaries too.

use std::time::Duration;

use chrono::{DateTime, NaiveDate, Utc};
use diesel::sql_types::{BigInt, Date, Text};
use diesel_async::RunQueryDsl as _;
use meguri_auth::{Role, Subject};
use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_japan_day::DayRange;
use meguri_proto::analytics::{ActivityRecorded, ClientEventRecorded, ConsentChanged, VisitorConsentWithdrawn};
use meguri_proto::events::Event;
use meguri_proto::meguri::support::v1 as pb;
use uuid::Uuid;

use crate::helpers::{TestApp, code_of, count_rows, spawn_app};

const CHROME: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).expect("time").to_utc()
}

fn stamp(t: DateTime<Utc>) -> String {
    meguri_analytics::rfc3339(t)
}

/// Publishes events to the app's streams and waits until support has handled them all.
struct Stream {
    redis: redis::aio::MultiplexedConnection,
    config: EventsConfig,
    last: Option<String>,
}

impl Stream {
    async fn of(app: &TestApp) -> Self {
        let redis = redis::Client::open(meguri_testkit::redis_url())
            .expect("client")
            .get_multiplexed_async_connection()
            .await
            .expect("redis");
        Self { redis, config: EventsConfig::new(&app.prefix), last: None }
    }

    async fn send_as<E: Event>(&mut self, id: Uuid, event: &E) {
        let entry = meguri_events::testkit::publish(&mut self.redis, &self.config, id, event).await.expect("publish");
        self.last = Some(entry);
    }

    async fn send<E: Event>(&mut self, event: &E) -> Uuid {
        let id = Uuid::now_v7();
        self.send_as(id, event).await;
        id
    }

    async fn settled(&mut self) {
        let Some(entry) = self.last.clone() else { return };
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let done = meguri_events::testkit::handled(&mut self.redis, &self.config, "analytics", "support", &entry)
                .await
                .expect("xinfo");
            if done {
                return;
            }
            assert!(std::time::Instant::now() < deadline, "support did not handle the analytics stream");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

fn consent(user: UserId, analytics: bool, t: DateTime<Utc>, delete: bool) -> ConsentChanged {
    ConsentChanged { user_id: user.to_string(), analytics, changed_at: stamp(t), delete_collected: delete }
}

fn activity(user: UserId, kind: &str, t: DateTime<Utc>) -> ActivityRecorded {
    ActivityRecorded {
        user_id: user.to_string(),
        event_type: kind.into(),
        data_json: "{}".into(),
        occurred_at: stamp(t),
    }
}

fn page(
    user: Option<UserId>,
    visitor: Option<Uuid>,
    path: &str,
    ua: &str,
    ip: &str,
    t: DateTime<Utc>,
) -> ClientEventRecorded {
    ClientEventRecorded {
        user_id: user.map(|u| u.to_string()),
        visitor_id: visitor.map(|v| v.to_string()),
        event_type: "page_view".into(),
        path: path.into(),
        referrer: Some("https://www.google.com/search?q=meguri".into()),
        user_agent: ua.into(),
        ip_prefix: ip.into(),
        occurred_at: stamp(t),
        data_json: "{}".into(),
    }
}

async fn rows_of(app: &TestApp, table: &str, column: &str, id: Uuid) -> i64 {
    count_rows(app, &format!("{table} WHERE {column} = '{id}'")).await
}

#[tokio::test(flavor = "multi_thread")]
async fn only_what_a_consent_covers_is_stored_once_and_a_withdrawal_stops_and_deletes() {
    let app = spawn_app().await;
    let mut stream = Stream::of(&app).await;
    let (yes, no) = (UserId::new(), UserId::new());
    let visitor = Uuid::new_v4();
    let t0 = at("2026-11-20T03:00:00Z");

    stream.send(&consent(yes, true, t0, false)).await;
    stream.send(&consent(no, false, t0, false)).await;
    // Before the consent was given: not kept even though it arrives after it.
    stream.send(&activity(yes, "diary_entry", at("2026-11-20T02:59:59Z"))).await;
    let diary = activity(yes, "diary_entry", at("2026-11-20T03:01:00Z"));
    let diary_id = stream.send(&diary).await;
    stream.send_as(diary_id, &diary).await; // redelivered: stored once
    stream.send(&page(Some(yes), None, "/home?tab=1", CHROME, "203.0.113.0", at("2026-11-20T03:02:00Z"))).await;
    stream.send(&page(Some(yes), None, "/diary", CHROME, "203.0.113.0", at("2026-11-20T03:20:00Z"))).await;
    // 30 minutes idle and one more: a second visit.
    stream.send(&page(Some(yes), None, "/home", CHROME, "203.0.113.0", at("2026-11-20T03:50:00.001Z"))).await;
    stream.send(&activity(no, "diary_entry", at("2026-11-20T03:05:00Z"))).await;
    stream.send(&page(Some(no), None, "/home", CHROME, "198.51.100.0", at("2026-11-20T03:05:00Z"))).await;
    // A member nobody recorded a consent for (an account from before consents): nothing.
    let unknown = UserId::new();
    stream.send(&page(Some(unknown), None, "/home", CHROME, "198.51.100.0", at("2026-11-20T03:05:00Z"))).await;
    stream.send(&page(None, Some(visitor), "/", IPHONE, "2001:db8:abcd::", at("2026-11-20T03:06:00Z"))).await;
    stream.settled().await;

    let me = *yes.as_uuid();
    assert_eq!(rows_of(&app, "analytics_events", "user_id", me).await, 4, "1 diary entry + 3 page views");
    assert_eq!(rows_of(&app, "user_sessions", "user_id", me).await, 2);
    assert_eq!(count_rows(&app, &format!("user_sessions WHERE user_id = '{me}' AND page_views = 2")).await, 1);
    assert_eq!(
        count_rows(
            &app,
            &format!(
                "user_sessions WHERE user_id = '{me}' AND landing_page = '/home' AND browser_name = 'Chrome' \
                 AND ip_address = '203.0.113.0' AND referrer = 'https://www.google.com/search' AND country IS NULL"
            )
        )
        .await,
        2
    );
    assert_eq!(count_rows(&app, &format!("analytics_events WHERE id = '{diary_id}'")).await, 1);
    assert_eq!(rows_of(&app, "analytics_events", "user_id", *no.as_uuid()).await, 0);
    assert_eq!(rows_of(&app, "user_sessions", "user_id", *no.as_uuid()).await, 0);
    assert_eq!(rows_of(&app, "analytics_events", "user_id", *unknown.as_uuid()).await, 0);
    assert_eq!(rows_of(&app, "analytics_events", "visitor_id", visitor).await, 1);
    assert_eq!(
        count_rows(&app, &format!("user_sessions WHERE visitor_id = '{visitor}' AND browser_name = 'Safari'")).await,
        1
    );

    // Consent off: collection stops at the change; what came before stays until asked.
    let off = at("2026-11-20T04:00:00Z");
    stream.send(&consent(yes, false, off, false)).await;
    stream.send(&activity(yes, "chat_message", at("2026-11-20T04:00:01Z"))).await;
    stream.settled().await;
    assert_eq!(rows_of(&app, "analytics_events", "user_id", me).await, 4);
    // An older change arriving late does not turn it back on.
    stream.send(&consent(yes, true, at("2026-11-20T03:59:00Z"), false)).await;
    stream.send(&activity(yes, "chat_message", at("2026-11-20T04:00:02Z"))).await;
    stream.settled().await;
    assert_eq!(rows_of(&app, "analytics_events", "user_id", me).await, 4);
    // Off again, asking to delete: nothing of theirs is left.
    stream.send(&consent(yes, false, at("2026-11-20T04:10:00Z"), true)).await;
    stream
        .send(&VisitorConsentWithdrawn {
            visitor_id: visitor.to_string(),
            withdrawn_at: stamp(at("2026-11-20T04:10:00Z")),
            delete_collected: true,
        })
        .await;
    stream.send(&page(None, Some(visitor), "/", IPHONE, "2001:db8:abcd::", at("2026-11-20T04:11:00Z"))).await;
    stream.settled().await;
    assert_eq!(rows_of(&app, "analytics_events", "user_id", me).await, 0);
    assert_eq!(rows_of(&app, "user_sessions", "user_id", me).await, 0);
    assert_eq!(rows_of(&app, "analytics_events", "visitor_id", visitor).await, 0);
    assert_eq!(rows_of(&app, "user_sessions", "visitor_id", visitor).await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn support_stopped_while_events_flow_stores_each_once_after_its_restart() {
    let mut app = spawn_app().await;
    let mut stream = Stream::of(&app).await;
    let user = UserId::new();
    let t0 = at("2026-11-21T01:00:00Z");
    stream.send(&consent(user, true, t0, false)).await;
    stream.settled().await;

    app.service.stop();
    let mut sent = Vec::new();
    for i in 0..300_i64 {
        let t = t0 + chrono::Duration::seconds(i + 1);
        let id = if i % 2 == 0 {
            stream.send(&activity(user, "diary_entry", t)).await
        } else {
            stream.send(&page(Some(user), None, "/home", CHROME, "203.0.113.0", t)).await
        };
        sent.push(id);
    }
    // A relay that crashed after XADD publishes some again (same ids).
    let again = activity(user, "diary_entry", t0 + chrono::Duration::seconds(1));
    stream.send_as(sent[0], &again).await;
    assert_eq!(rows_of(&app, "analytics_events", "user_id", *user.as_uuid()).await, 0, "support is down");

    app.service.start().await;
    stream.settled().await;
    assert_eq!(rows_of(&app, "analytics_events", "user_id", *user.as_uuid()).await, 300);
    let ids = sent.iter().map(|id| format!("'{id}'")).collect::<Vec<_>>().join(",");
    assert_eq!(count_rows(&app, &format!("analytics_events WHERE id IN ({ids})")).await, 300);
    assert_eq!(rows_of(&app, "user_sessions", "user_id", *user.as_uuid()).await, 1);
    assert_eq!(
        count_rows(&app, &format!("user_sessions WHERE user_id = '{}' AND page_views = 150", user.as_uuid())).await,
        1
    );
}

#[derive(diesel::QueryableByName, Debug, PartialEq, Eq)]
struct N {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

async fn direct(app: &TestApp, sql: &str, day: NaiveDate) -> i64 {
    let mut conn = app.service.db.pool.get().await.expect("conn");
    diesel::sql_query(sql).bind::<Date, _>(day).get_result::<N>(&mut conn).await.expect(sql).n
}

async fn direct_by(app: &TestApp, sql: &str, day: NaiveDate, key: &str) -> i64 {
    let mut conn = app.service.db.pool.get().await.expect("conn");
    diesel::sql_query(sql).bind::<Date, _>(day).bind::<Text, _>(key).get_result::<N>(&mut conn).await.expect(sql).n
}

/// The Japan day of a stored instant, written independently of the rollup's bounds.
const JST: &str = "(created_at AT TIME ZONE 'Asia/Tokyo')::date";

/// Events of `kind` on the Japan day `day`, counted directly.
async fn count(app: &TestApp, day: NaiveDate, kind: &str) -> i64 {
    direct_by(
        app,
        &format!("SELECT count(*) AS n FROM analytics_events WHERE {JST} = $1 AND event_type = $2"),
        day,
        kind,
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_rollup_of_a_japan_day_equals_direct_counts_and_a_rerun_replaces_it() {
    let app = spawn_app().await;
    let mut stream = Stream::of(&app).await;
    let members: Vec<UserId> = (0..6).map(|_| UserId::new()).collect();
    let start = at("2026-11-01T00:00:00Z");
    for m in &members[..5] {
        stream.send(&consent(*m, true, start, false)).await;
    }
    // Three Japan days, 11-25..11-27, with events on both sides of each midnight (15:00 UTC).
    let moments = [
        "2026-11-24T15:00:00Z",     // 11-25 00:00 JST
        "2026-11-25T03:00:00Z",     // 11-25 12:00
        "2026-11-25T14:59:59.999Z", // 11-25 23:59:59.999
        "2026-11-25T15:00:00Z",     // 11-26 00:00
        "2026-11-26T10:00:00Z",     // 11-26 19:00
        "2026-11-27T14:59:59Z",     // 11-27 23:59:59
    ];
    let kinds = ["sign_up", "email_verified", "daily_reading_viewed", "chat_message", "purchase", "diary_entry"];
    for (i, when) in moments.iter().enumerate() {
        let t = at(when);
        for (j, m) in members.iter().enumerate() {
            if (i + j) % 3 == 0 {
                continue;
            }
            stream.send(&activity(*m, kinds[(i + j) % kinds.len()], t)).await;
            let ua = if j % 2 == 0 { CHROME } else { IPHONE };
            let path = if j % 2 == 0 { "/home" } else { "/diary" };
            stream.send(&page(Some(*m), None, path, ua, "203.0.113.0", t + chrono::Duration::hours(1))).await;
        }
        let visitor = Uuid::new_v4();
        let mut landing = page(None, Some(visitor), "/", IPHONE, "198.51.100.0", t);
        landing.event_type = "landing_calculation".into();
        stream.send(&landing).await;
    }
    stream.settled().await;

    let usecases = app.service.usecases().await;
    let range = DayRange::parse("2026-11-24", "2026-11-28", 366).expect("range");
    let first = usecases.roll_up(range).await.expect("rolled up");
    let again = usecases.roll_up(range).await.expect("rolled up again");
    assert_eq!(first, again, "a rerun replaces a day with the same figures");
    assert_eq!(count_rows(&app, "daily_analytics WHERE date BETWEEN '2026-11-24' AND '2026-11-28'").await, 5);

    let mut staff = app.as_caller(Subject::User(UserId::new()), Role::Support);
    let days = staff
        .get_daily_analytics(pb::GetDailyAnalyticsRequest {
            from_day: "2026-11-24".into(),
            to_day: "2026-11-28".into(),
        })
        .await
        .expect("days")
        .into_inner()
        .days;
    assert_eq!(days.len(), 5);
    let mut seen_events = 0;
    for d in &days {
        let day = NaiveDate::parse_from_str(&d.day, "%Y-%m-%d").expect("day");
        assert_eq!(i64::from(d.new_users), count(&app, day, "sign_up").await, "{day} new users");
        assert_eq!(i64::from(d.page_views), count(&app, day, "page_view").await, "{day} page views");
        assert_eq!(
            i64::from(d.active_users),
            direct(&app, &format!("SELECT count(DISTINCT user_id) AS n FROM analytics_events WHERE {JST} = $1"), day)
                .await,
            "{day} active"
        );
        assert_eq!(
            i64::from(d.weekly_active_users),
            direct(
                &app,
                &format!("SELECT count(DISTINCT user_id) AS n FROM analytics_events WHERE {JST} BETWEEN $1 - 6 AND $1"),
                day
            )
            .await,
            "{day} weekly"
        );
        assert_eq!(
            i64::from(d.visits),
            direct(
                &app,
                "SELECT count(*) AS n FROM user_sessions WHERE (session_start AT TIME ZONE 'Asia/Tokyo')::date = $1",
                day
            )
            .await,
            "{day} visits"
        );
        let usage: serde_json::Value = serde_json::from_str(&d.feature_usage_json).expect("json");
        for kind in kinds.iter().chain(&["page_view", "landing_calculation"]) {
            assert_eq!(usage[*kind].as_i64().unwrap_or(0), count(&app, day, kind).await, "{day} {kind}");
        }
        let funnel: serde_json::Value = serde_json::from_str(&d.funnel_json).expect("json");
        assert_eq!(
            funnel["landing_calculation"].as_i64(),
            Some(count(&app, day, "landing_calculation").await),
            "{day}"
        );
        for (step, kind) in
            [("first_reading", "daily_reading_viewed"), ("first_chat", "chat_message"), ("first_purchase", "purchase")]
        {
            let firsts = direct_by(
                &app,
                "SELECT count(*) AS n FROM (SELECT user_id, min(created_at) AS first FROM analytics_events \
                 WHERE event_type = $2 AND user_id IS NOT NULL GROUP BY user_id) f \
                 WHERE (first AT TIME ZONE 'Asia/Tokyo')::date = $1",
                day,
                kind,
            )
            .await;
            assert_eq!(funnel[step].as_i64(), Some(firsts), "{day} {step}");
        }
        let agents: serde_json::Value = serde_json::from_str(&d.browser_stats_json).expect("json");
        for browser in ["Chrome", "Safari"] {
            let n = direct_by(
                &app,
                "SELECT count(*) AS n FROM user_sessions WHERE (session_start AT TIME ZONE 'Asia/Tokyo')::date = $1 AND browser_name = $2",
                day,
                browser,
            )
            .await;
            assert_eq!(agents["browsers"][browser].as_i64().unwrap_or(0), n, "{day} {browser}");
        }
        seen_events += usage.as_object().map_or(0, |o| o.values().filter_map(serde_json::Value::as_i64).sum::<i64>());
    }
    assert!(seen_events > 40, "the days hold the events: {seen_events}");
    // The member without consent is nowhere.
    assert_eq!(rows_of(&app, "analytics_events", "user_id", *members[5].as_uuid()).await, 0);
    // 11-25 00:00 JST and 11-25 23:59:59.999 JST are the same day; 11-26 00:00 is the next one.
    let on_25 = days.iter().find(|d| d.day == "2026-11-25").expect("11-25");
    let on_24 = days.iter().find(|d| d.day == "2026-11-24").expect("11-24");
    assert!(on_25.page_views > 0 && on_24.page_views == 0 && on_24.active_users == 0, "{on_24:?}");

    // A member may not read it; a reversed or endless range is refused.
    let mut member = app.member(UserId::new());
    let refused = member
        .get_daily_analytics(pb::GetDailyAnalyticsRequest {
            from_day: "2026-11-24".into(),
            to_day: "2026-11-28".into(),
        })
        .await
        .expect_err("members");
    assert_eq!(refused.code(), tonic::Code::PermissionDenied);
    for (from, to, code) in [
        ("2026-11-28", "2026-11-24", "INVALID_ANALYTICS_RANGE"),
        ("2026-13-01", "2026-12-01", "INVALID_ANALYTICS_DATE"),
    ] {
        let refused = staff
            .get_daily_analytics(pb::GetDailyAnalyticsRequest { from_day: from.into(), to_day: to.into() })
            .await
            .expect_err(code);
        assert_eq!(code_of(&refused), code);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_schedule_rolls_each_day_once_and_purges_past_the_retention() {
    let app = spawn_app().await;
    let mut stream = Stream::of(&app).await;
    let user = UserId::new();
    // Days far from the real today, which the service's own schedule rolls up when it starts.
    stream.send(&consent(user, true, at("2024-01-01T00:00:00Z"), false)).await;
    let old = at("2025-04-01T00:00:00Z");
    stream.send(&activity(user, "diary_entry", old)).await;
    stream.send(&page(Some(user), None, "/home", CHROME, "203.0.113.0", old)).await;
    let recent = at("2026-06-12T03:00:00Z");
    stream.send(&activity(user, "diary_entry", recent)).await;
    stream.settled().await;

    // 2026-06-15 10:00 JST: 06-08..06-14 are due (06-14 ended more than 15 minutes ago).
    app.service.clock.set(at("2026-06-15T01:00:00Z"));
    let usecases = app.service.usecases().await;
    let (a, b) = tokio::join!(usecases.run_schedule(7), usecases.run_schedule(7));
    let mut rolled: Vec<NaiveDate> = a.expect("a").into_iter().chain(b.expect("b")).collect();
    rolled.sort();
    let expected: Vec<NaiveDate> = DayRange::parse("2026-06-08", "2026-06-14", 7).expect("r").days().collect();
    assert_eq!(rolled, expected, "each day once, whichever replica ran it");
    assert!(usecases.run_schedule(7).await.expect("again").is_empty(), "nothing twice");
    assert_eq!(
        count_rows(&app, "analytics_jobs WHERE job = 'rollup' AND day BETWEEN '2026-06-08' AND '2026-06-14'").await,
        7
    );
    // The purge ran once for the day: the rows from 2025-04 are gone (13 months), the recent one stays.
    assert_eq!(rows_of(&app, "analytics_events", "user_id", *user.as_uuid()).await, 1);
    assert_eq!(rows_of(&app, "user_sessions", "user_id", *user.as_uuid()).await, 0);
    assert_eq!(count_rows(&app, "analytics_jobs WHERE job = 'purge' AND day = '2026-06-15'").await, 1);
    let day = count_rows(&app, "daily_analytics WHERE date = '2026-06-12' AND active_users = 1").await;
    assert_eq!(day, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_geoip_database_names_the_country_and_city_of_a_visit() {
    let dir = std::env::temp_dir().join(format!("meguri-geoip-{}", Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir).expect("dir");
    let db = dir.join("test-city.mmdb");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/dev/make_test_geoip.py");
    let made = std::process::Command::new("python3").arg(script).arg(&db).status().expect("python3");
    assert!(made.success(), "writing the test database needs PyPI's mmdb-writer (.ci/run installs it)");
    let keys = meguri_testkit::RedisKeys::new();
    let path = db.clone();
    let service =
        support::testkit::spawn_with(crate::helpers::SECRET, keys.prefix(), move |c| c.geoip_db = Some(path)).await;
    let mut redis = redis::Client::open(meguri_testkit::redis_url())
        .expect("client")
        .get_multiplexed_async_connection()
        .await
        .expect("redis");
    let config = EventsConfig::new(keys.prefix());
    let mut last = String::new();
    let visitors: Vec<(Uuid, &str)> = vec![
        (Uuid::new_v4(), "203.0.113.0"),
        (Uuid::new_v4(), "198.51.100.0"),
        (Uuid::new_v4(), "2001:db8:abcd::"),
        (Uuid::new_v4(), "192.0.2.0"),
    ];
    for (visitor, ip) in &visitors {
        let event = page(None, Some(*visitor), "/", CHROME, ip, at("2026-11-20T03:00:00Z"));
        last = meguri_events::testkit::publish(&mut redis, &config, Uuid::now_v7(), &event).await.expect("publish");
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !meguri_events::testkit::handled(&mut redis, &config, "analytics", "support", &last).await.expect("xinfo") {
        assert!(std::time::Instant::now() < deadline, "not handled");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    #[derive(diesel::QueryableByName)]
    struct Place {
        #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
        country: Option<String>,
        #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
        city: Option<String>,
    }
    let mut conn = service.db.pool.get().await.expect("conn");
    let mut places = Vec::new();
    for (visitor, _) in &visitors {
        let place: Place = diesel::sql_query("SELECT country, city FROM user_sessions WHERE visitor_id = $1")
            .bind::<diesel::sql_types::Uuid, _>(*visitor)
            .get_result(&mut conn)
            .await
            .expect("the visit");
        places.push((place.country, place.city));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let text = |s: &str| Some(s.to_owned());
    assert_eq!(
        places,
        [(text("JP"), text("東京")), (text("US"), text("New York")), (text("JP"), text("大阪")), (None, None),]
    );
}
