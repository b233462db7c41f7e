//! Analytics with consent (issue 26) through the gateway, in front of real identity, support and
//! bazi-engine: journeys like the load generator's (a visitor who agrees, one who does not, members
//! with and without consent, a member who turns it on and off) over three simulated Japan days —
//! moments on both sides of midnight — then the nightly rollup, and every figure the dashboard
//! shows (`GET /api/admin/analytics`) equals a count made directly over support's raw tables.

use std::time::{Duration, Instant};

use chrono::{DateTime, NaiveDate, Utc};
use diesel::sql_types::{BigInt, Date, Text};
use diesel_async::RunQueryDsl as _;
use meguri_japan_day::DayRange;
use meguri_proto::notify::mail_requested::Kind as MailKind;
use serde_json::{Value, json};

use crate::accounts::{Accounts, session_cookie, spawn_with_keys};
use crate::helpers::{ORIGIN, SECRET, json, set_cookie};

const CHROME: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/// One `XREVRANGE` entry: its id and its fields.
type StreamEntry = (String, Vec<(String, Vec<u8>)>);

struct Fleet {
    // Dropped first: support stops before the Redis keys (held by `app`) go.
    support: support::testkit::TestSupport,
    app: Accounts,
    _engine: fleet_tests::Engine,
}

async fn spawn() -> Fleet {
    let keys = meguri_testkit::RedisKeys::new();
    let engine = fleet_tests::start_engine(SECRET).await;
    let support = support::testkit::spawn(SECRET, keys.prefix()).await;
    let (support_addr, engine_addr) = (support.addr(), engine.url());
    let app = spawn_with_keys(keys, move |c| {
        c.support_addr = support_addr;
        c.bazi_engine_addr = engine_addr;
    })
    .await;
    Fleet { support, app, _engine: engine }
}

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).expect("time").to_utc()
}

impl Fleet {
    /// Every clock of the fleet to `t` (the gateway stamps page views, identity sign-ups, support
    /// tickets).
    fn at(&self, t: DateTime<Utc>) {
        self.app.gateway.clock.set(t);
        self.app.identity.clock.set(t);
        self.support.clock.set(t);
    }

    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        cookie: Option<&str>,
        ua: &str,
    ) -> reqwest::Response {
        let mut request = self
            .app
            .gateway
            .client
            .request(method, self.app.gateway.url(path))
            .header("origin", ORIGIN)
            .header("user-agent", ua);
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        request.send().await.expect("request")
    }

    /// A visitor's answer to the notice; the consent cookie pair when they agreed.
    async fn visitor_answers(&self, analytics: bool) -> Option<String> {
        let answer = self
            .send(reqwest::Method::PUT, "/api/analytics/consent", Some(json!({"analytics": analytics})), None, IPHONE)
            .await;
        assert_eq!(answer.status(), 200);
        let header = set_cookie(&answer, gateway::analytics::COOKIE_NAME)?;
        let pair = header.split(';').next()?.trim().to_owned();
        (!pair.ends_with('=')).then_some(pair)
    }

    async fn page_views(&self, cookie: Option<&str>, paths: &[&str], ua: &str) -> i64 {
        let events: Vec<Value> = paths.iter().map(|p| json!({"name": "page_view", "path": p})).collect();
        let (status, body) = json(
            self.send(reqwest::Method::POST, "/api/analytics/events", Some(json!({"events": events})), cookie, ua)
                .await,
        )
        .await;
        assert_eq!(status, 202, "{body}");
        body["accepted"].as_i64().expect("accepted")
    }

    async fn calculate(&self, cookie: Option<&str>) {
        let body = json!({"birthDate": "1990-05-15", "birthTime": "12:00", "gender": "female"});
        let (status, chart) =
            json(self.send(reqwest::Method::POST, "/api/public/calculate-bazi", Some(body), cookie, IPHONE).await)
                .await;
        assert_eq!(status, 200, "{chart}");
    }

    /// Signs up with the analytics consent given or not, and verifies; the session cookie pair.
    async fn member(&self, name: &str, analytics: bool) -> String {
        let email = format!("{name}@example.jp");
        let signup = json!({"email": email, "password": "correct horse battery", "username": name,
            "birthDate": "1990-05-15", "privacyPolicyAccepted": true, "analyticsConsent": analytics, "marketingConsent": false});
        let response = self.send(reqwest::Method::POST, "/api/auth/signup", Some(signup), None, CHROME).await;
        assert_eq!(response.status(), 201);
        let code = self
            .app
            .wait_mail(&email, |m| match m {
                MailKind::VerificationCode(mail) => Some(mail.code.clone()),
                _ => None,
            })
            .await;
        let verified = self.app.post("/api/auth/verify-email", json!({"email": email, "code": code}), None).await;
        assert_eq!(verified.status(), 200);
        session_cookie(&verified).expect("signed in").0
    }

    async fn open_ticket(&self, cookie: &str) {
        let body = json!({"requestId": uuid::Uuid::now_v7().to_string(), "subject": "質問", "message": "使い方を教えてください"});
        let response = self.send(reqwest::Method::POST, "/api/support/tickets", Some(body), Some(cookie), CHROME).await;
        assert_eq!(response.status(), 201);
    }

    async fn set_consent(&self, cookie: &str, analytics: bool, delete: bool) {
        let body = json!({"analyticsConsent": analytics, "deleteCollected": delete});
        let (status, consent) =
            json(self.send(reqwest::Method::PUT, "/api/settings/consent", Some(body), Some(cookie), CHROME).await)
                .await;
        assert_eq!(status, 200, "{consent}");
        assert_eq!(consent["analyticsConsent"], analytics);
    }

    async fn count(&self, sql: &str) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        let mut conn = self.support.db.pool.get().await.expect("conn");
        diesel::sql_query(format!("SELECT count(*) AS n FROM {sql}")).get_result::<N>(&mut conn).await.expect(sql).n
    }

    async fn count_on(&self, sql: &str, day: NaiveDate, key: &str) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        let mut conn = self.support.db.pool.get().await.expect("conn");
        diesel::sql_query(sql).bind::<Date, _>(day).bind::<Text, _>(key).get_result::<N>(&mut conn).await.expect(sql).n
    }

    /// Runs the load generator's visitor journeys against this fleet's gateway at the fleet's
    /// present moment: three visitors, two journeys each, two thirds agreeing to analytics.
    async fn load_generator(&self, seed: usize) {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/loadgen/loadgen.py");
        let url = self.app.gateway.url("");
        let seed = seed.to_string();
        let output = tokio::task::spawn_blocking(move || {
            std::process::Command::new("python3")
                .arg(script)
                .args(["--url", url.trim_end_matches('/'), "--users", "3", "--journeys-per-visitor", "2"])
                .args(["--analytics-share", "0.67", "--think-min", "0", "--think-max", "0", "--ramp", "0"])
                .args(["--duration", "120", "--ready-timeout", "30", "--seed", &seed])
                .output()
        })
        .await
        .expect("joined")
        .expect("python3 runs the load generator");
        let printed = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{printed}\n{}", String::from_utf8_lossy(&output.stderr));
    }

    /// The admin dashboard's analytics of `from..=to` (rolled up before), each figure checked
    /// against a count made directly over support's raw tables, by Japan day; the answer, for
    /// the caller's own checks.
    async fn dashboard_equals_the_raw_tables(&self, from: &str, to: &str) -> Value {
        let (status, body) = json(
            self.app
                .post("/api/admin/login", json!({"email": "ops@example.jp", "password": "admin password 1"}), None)
                .await,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let token = body["token"].as_str().expect("token");
        let response = self
            .app
            .gateway
            .client
            .get(self.app.gateway.url(&format!("/api/admin/analytics?from={from}&to={to}")))
            .bearer_auth(token)
            .send()
            .await
            .expect("request");
        let (status, dashboard) = json(response).await;
        assert_eq!(status, 200, "{dashboard}");
        assert_eq!(dashboard["unavailable"], json!(["billing"]), "billing is not part of this fleet");
        let range = DayRange::parse(from, to, 366).expect("range");
        let days = dashboard["days"].as_array().expect("days");
        assert_eq!(days.len(), range.days().count());

        const EVENTS_ON: &str = "SELECT count(*) AS n FROM analytics_events WHERE (created_at AT TIME ZONE 'Asia/Tokyo')::date = $1 AND event_type = $2";
        let japan_day = |column: &str| format!("({column} AT TIME ZONE 'Asia/Tokyo')::date");
        let mut totals = (0, 0, 0);
        for (d, day) in days.iter().zip(range.days()) {
            assert_eq!(d["date"], day.to_string());
            assert_eq!(d["rolledUp"], true);
            let distinct = |window: i64| {
                format!(
                    "analytics_events WHERE user_id IS NOT NULL AND {} BETWEEN '{day}'::date - {window} AND '{day}'::date",
                    japan_day("created_at")
                )
            };
            let members = |where_: String| format!("(SELECT DISTINCT user_id FROM {where_}) m");
            assert_eq!(d["newUsers"].as_i64(), Some(self.count_on(EVENTS_ON, day, "sign_up").await), "{day} newUsers");
            assert_eq!(
                d["pageViews"].as_i64(),
                Some(self.count_on(EVENTS_ON, day, "page_view").await),
                "{day} pageViews"
            );
            assert_eq!(d["activeUsers"].as_i64(), Some(self.count(&members(distinct(0))).await), "{day} activeUsers");
            assert_eq!(d["weeklyActiveUsers"].as_i64(), Some(self.count(&members(distinct(6))).await), "{day} WAU");
            assert_eq!(d["monthlyActiveUsers"].as_i64(), Some(self.count(&members(distinct(29))).await), "{day} MAU");
            let visits = self.count(&format!("user_sessions WHERE {} = '{day}'", japan_day("session_start"))).await;
            assert_eq!(d["visits"].as_i64(), Some(visits), "{day} visits");
            totals.0 += d["newUsers"].as_i64().expect("n");
            totals.1 += visits;
            totals.2 += d["pageViews"].as_i64().expect("n");
        }
        assert_eq!(dashboard["totals"]["newUsers"].as_i64(), Some(totals.0));
        assert_eq!(dashboard["totals"]["visits"].as_i64(), Some(totals.1));
        assert_eq!(dashboard["totals"]["pageViews"].as_i64(), Some(totals.2));

        // The range's lists are the same counts over the whole range, none left out.
        let in_range = |column: &str| format!("{} BETWEEN '{}' AND '{}'", japan_day(column), range.from, range.to);
        let events_sql = format!(
            "SELECT count(*) AS n FROM analytics_events WHERE {} BETWEEN $1 AND '{}' AND event_type = $2",
            japan_day("created_at"),
            range.to
        );
        let mut listed = 0;
        for item in dashboard["featureUsage"].as_array().expect("features") {
            let name = item["name"].as_str().expect("name");
            let n = self.count_on(&events_sql, range.from, name).await;
            assert_eq!(item["count"].as_i64(), Some(n), "feature {name}");
            listed += n;
        }
        assert_eq!(listed, self.count(&format!("analytics_events WHERE {}", in_range("created_at"))).await);
        let funnel = &dashboard["funnel"];
        for (i, step) in ["landing_calculation", "sign_up", "email_verified"].into_iter().enumerate() {
            assert_eq!(funnel[i]["name"], step);
            assert_eq!(funnel[i]["count"].as_i64(), Some(self.count_on(&events_sql, range.from, step).await), "{step}");
        }
        for (list, column) in [("browsers", "browser_name"), ("operatingSystems", "os"), ("countries", "country")] {
            let sql = format!(
                "SELECT count(*) AS n FROM user_sessions WHERE {} BETWEEN $1 AND '{}' AND COALESCE({column}, 'unknown') = $2",
                japan_day("session_start"),
                range.to
            );
            let mut listed = 0;
            for item in dashboard[list].as_array().expect(list) {
                let name = item["name"].as_str().expect("name");
                let n = self.count_on(&sql, range.from, name).await;
                assert_eq!(item["count"].as_i64(), Some(n), "{list} {name}");
                listed += n;
            }
            assert_eq!(listed, totals.1, "every visit of the range is in {list}");
        }
        dashboard
    }

    /// Waits until everything published so far is handled: the outboxes of identity and support
    /// relayed, and support's group through the `analytics` stream.
    async fn settled(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut redis = redis::Client::open(meguri_testkit::redis_url())
            .expect("client")
            .get_multiplexed_async_connection()
            .await
            .expect("redis");
        let config = meguri_events::EventsConfig::new(self.app.prefix());
        loop {
            let outboxes = self.count("outbox").await + self.app.identity.outbox_rows().await;
            let last: Vec<StreamEntry> = redis::cmd("XREVRANGE")
                .arg(config.key("analytics"))
                .arg("+")
                .arg("-")
                .arg("COUNT")
                .arg(1)
                .query_async(&mut redis)
                .await
                .unwrap_or_default();
            // (`into_iter().next()`, not `first()`: diesel's RunQueryDsl has a `first` too.)
            let handled = match last.into_iter().next() {
                Some((id, _)) => meguri_events::testkit::handled(&mut redis, &config, "analytics", "support", &id)
                    .await
                    .expect("xinfo"),
                None => true,
            };
            if outboxes == 0 && handled {
                return;
            }
            assert!(Instant::now() < deadline, "the analytics did not settle");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn journeys_over_three_japan_days_roll_up_to_exactly_what_the_raw_tables_count() {
    let fleet = spawn().await;
    fleet.app.identity.create_admin("ops@example.jp", "admin password 1").await;
    // Moments of three Japan days (2026-11-25..27), on both sides of midnight (15:00 UTC).
    let moments = [
        "2026-11-24T15:00:00Z",
        "2026-11-25T09:30:00Z",
        "2026-11-25T14:59:59Z",
        "2026-11-25T15:00:00Z",
        "2026-11-26T14:59:00Z",
        "2026-11-26T15:00:01Z",
    ];
    let mut consenting: Vec<String> = Vec::new();
    let mut refusing: Vec<String> = Vec::new();
    for (i, moment) in moments.iter().enumerate() {
        fleet.at(at(moment));
        // A visitor who agrees: pages, then the calculator.
        let agreed = fleet.visitor_answers(true).await.expect("the consent cookie");
        assert_eq!(fleet.page_views(Some(&agreed), &["/", "/about?ref=x"], IPHONE).await, 2);
        fleet.calculate(Some(&agreed)).await;
        // A visitor who says no: nothing is even sent on.
        assert_eq!(fleet.visitor_answers(false).await, None);
        assert_eq!(fleet.page_views(None, &["/", "/about"], IPHONE).await, 0);
        fleet.calculate(None).await;
        // Members: one with consent, one without, each signing up, reading pages, writing to support.
        let yes = fleet.member(&format!("yes{i}"), true).await;
        let no = fleet.member(&format!("no{i}"), false).await;
        for cookie in [&yes, &no] {
            fleet.page_views(Some(cookie), &["/home", "/fortune", "/home"], CHROME).await;
        }
        fleet.open_ticket(&yes).await;
        fleet.open_ticket(&no).await;
        // Earlier members come back.
        for cookie in consenting.iter().chain(&refusing) {
            fleet.page_views(Some(cookie), &["/diary"], CHROME).await;
        }
        consenting.push(yes);
        refusing.push(no);
    }
    fleet.settled().await;

    // Without consent: no row at all for those members.
    let refusing_ids = fleet.count("analytics_consent WHERE NOT granted").await;
    assert_eq!(refusing_ids, 6);
    assert_eq!(
        fleet.count("analytics_events e JOIN analytics_consent c ON c.user_id = e.user_id WHERE NOT c.granted").await,
        0
    );
    assert_eq!(
        fleet.count("user_sessions s JOIN analytics_consent c ON c.user_id = s.user_id WHERE NOT c.granted").await,
        0
    );
    // The whole address never reaches support.
    assert_eq!(fleet.count("user_sessions WHERE ip_address <> '127.0.0.0'").await, 0);

    // The nightly job for the three days (and the quiet days around them).
    let usecases = fleet.support.usecases().await;
    usecases.roll_up(DayRange::parse("2026-11-24", "2026-11-28", 366).expect("range")).await.expect("rolled up");
    let dashboard = fleet.dashboard_equals_the_raw_tables("2026-11-24", "2026-11-28").await;

    // Each moment: one consenting member signed up, and the first and the 23:59:59 one are a day apart.
    let days = dashboard["days"].as_array().expect("days");
    let per_day: Vec<i64> = days.iter().map(|d| d["newUsers"].as_i64().expect("n")).collect();
    assert_eq!(per_day, [0, 3, 2, 1, 0], "2026-11-25 00:00 and 23:59:59 JST are one day; 11-26 00:00 the next");
    let features: Vec<&str> =
        dashboard["featureUsage"].as_array().expect("f").iter().filter_map(|f| f["name"].as_str()).collect();
    for expected in ["page_view", "landing_calculation", "sign_up", "email_verified", "ticket_opened"] {
        assert!(features.contains(&expected), "{expected} in {features:?}");
    }
    assert_eq!(
        dashboard["funnel"][0]["count"], 6,
        "one consenting visitor's calculation per moment; the refusing one's is not there"
    );
    let browsers: Vec<&str> =
        dashboard["browsers"].as_array().expect("b").iter().filter_map(|b| b["name"].as_str()).collect();
    assert_eq!(browsers.len(), 2, "Chrome (members) and Safari (the iPhone visitor): {browsers:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_load_generators_journeys_over_three_japan_days_roll_up_to_exactly_what_the_raw_tables_count() {
    let fleet = spawn().await;
    fleet.app.identity.create_admin("ops@example.jp", "admin password 1").await;
    // deploy/loadgen/loadgen.py's weighted visitor journeys (chart, place search, almanac, session
    // check), two thirds of its visitors agreeing to analytics and reporting their page views, run
    // at moments of three Japan days on both sides of midnight (15:00 UTC).
    let moments = ["2026-11-25T14:59:59Z", "2026-11-25T15:00:00Z", "2026-11-26T15:00:01Z"];
    for (seed, moment) in moments.iter().enumerate() {
        fleet.at(at(moment));
        fleet.load_generator(seed).await;
    }
    fleet.settled().await;
    let visitors =
        fleet.count("(SELECT DISTINCT visitor_id FROM analytics_events WHERE visitor_id IS NOT NULL) v").await;
    assert!(visitors >= 3, "the load generator's consenting visitors were counted: {visitors}");
    assert_eq!(fleet.count("analytics_events WHERE user_id IS NOT NULL").await, 0, "no member in these journeys");
    assert!(fleet.count("analytics_events WHERE event_type = 'landing_calculation'").await > 0);

    let usecases = fleet.support.usecases().await;
    usecases.roll_up(DayRange::parse("2026-11-24", "2026-11-28", 366).expect("range")).await.expect("rolled up");
    let dashboard = fleet.dashboard_equals_the_raw_tables("2026-11-24", "2026-11-28").await;
    let visits: Vec<i64> =
        dashboard["days"].as_array().expect("days").iter().map(|d| d["visits"].as_i64().expect("n")).collect();
    assert_eq!(visits[0], 0, "nothing on 11-24: 2026-11-25T14:59:59Z is 23:59:59 on 11-25 in Japan");
    assert!(visits[1] > 0 && visits[2] > 0 && visits[3] > 0, "11-25 23:59:59, 11-26 00:00, 11-27 00:00:01: {visits:?}");
    assert_eq!(visits[4], 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_without_consent_leaves_no_rows_until_they_turn_it_on_and_none_after_they_turn_it_off() {
    let fleet = spawn().await;
    let t = Utc::now();
    fleet.at(t);
    let hanako = fleet.member("hanako", false).await;
    fleet.page_views(Some(&hanako), &["/home", "/fortune"], CHROME).await;
    fleet.open_ticket(&hanako).await;
    fleet.settled().await;
    let hers = "analytics_events WHERE user_id IS NOT NULL";
    assert_eq!(fleet.count(hers).await, 0);
    assert_eq!(fleet.count("user_sessions").await, 0);

    // On: from now on her use is recorded.
    fleet.set_consent(&hanako, true, false).await;
    fleet.settled().await;
    assert_eq!(fleet.count("analytics_consent WHERE granted").await, 1);
    fleet.at(t + chrono::Duration::seconds(1));
    fleet.page_views(Some(&hanako), &["/home", "/diary"], CHROME).await;
    fleet.open_ticket(&hanako).await;
    fleet.settled().await;
    assert_eq!(fleet.count(hers).await, 3);
    assert_eq!(fleet.count("user_sessions WHERE page_views = 2").await, 1);
    let (status, consent) =
        json(fleet.send(reqwest::Method::GET, "/api/settings/consent", None, Some(&hanako), CHROME).await).await;
    assert_eq!(
        (status, &consent["analyticsConsent"], &consent["privacyPolicyAccepted"]),
        (200, &json!(true), &json!(true))
    );

    // Off: it stops at once; what was collected stays until she asks.
    fleet.at(t + chrono::Duration::seconds(2));
    fleet.set_consent(&hanako, false, false).await;
    fleet.page_views(Some(&hanako), &["/home"], CHROME).await;
    fleet.open_ticket(&hanako).await;
    fleet.settled().await;
    assert_eq!(fleet.count(hers).await, 3);
    // Asking to delete: none left.
    fleet.set_consent(&hanako, false, true).await;
    fleet.settled().await;
    assert_eq!(fleet.count(hers).await, 0);
    assert_eq!(fleet.count("user_sessions").await, 0);
}
