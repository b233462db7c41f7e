//! Readings through the gateway against real identity, bazi-engine and fortune-gen services
//! (PostgreSQL + Redis): sign-up → chart built from the event → daily reading, day-info, badges,
//! ratings, the stored chart and the reports.

use std::time::{Duration, Instant};

use chrono::Utc;
use fortune_gen::testkit::{TestFortune, TestOptions};
use identity::testkit::TestIdentity;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_ids::UserId;
use meguri_proto::identity as id;
use meguri_proto::identity::identity_client::IdentityClient;
use meguri_testkit::{Bearer, RedisKeys};
use secrecy::SecretString;
use serde_json::{Value, json};
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

use crate::helpers::{ORIGIN, SECRET, TestApp, json, spawn_app_with};

const PASSWORD: &str = "correct horse battery";
const JAPAN: i32 = -540;

struct Readings {
    gateway: TestApp,
    fortune: TestFortune,
    identity: TestIdentity,
    _engine: fleet_tests::Engine,
    prefix: String,
    // Last: the keys go once every service has stopped.
    _keys: RedisKeys,
}

async fn spawn() -> Readings {
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let engine = fleet_tests::start_engine(SECRET).await;
    let engine_addr = engine.url();
    let identity = identity::testkit::spawn(SECRET, &prefix).await;
    let identity_addr = format!("http://127.0.0.1:{}", identity.grpc_port);
    // Today 00:00 UTC, 09:00 in Japan: the tests that move the clock by hours stay within one
    // Japanese day whatever time it really is (from 21:00 JST, three hours on was tomorrow).
    let start_at = Utc::now().date_naive().and_hms_opt(0, 0, 0).expect("midnight").and_utc();
    let options =
        TestOptions { start_at: Some(start_at), ..TestOptions::new(SECRET, &prefix, &engine_addr, &identity_addr) };
    let fortune = fortune_gen::testkit::spawn(options).await;
    let fortune_addr = fortune.addr();
    let p = prefix.clone();
    let gateway = spawn_app_with(move |c| {
        c.bazi_engine_addr = engine_addr;
        c.identity_addr = identity_addr;
        c.fortune_addr = fortune_addr;
        c.redis.key_prefix = p;
        c.grpc_timeout = Duration::from_secs(10);
    })
    .await;
    Readings { gateway, fortune, identity, _engine: engine, prefix, _keys: keys }
}

impl Readings {
    async fn get(&self, path: &str, cookie: &str) -> (u16, Value) {
        json(self.gateway.client.get(self.gateway.url(path)).header("cookie", cookie).send().await.expect("request"))
            .await
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: Value, cookie: Option<&str>) -> (u16, Value) {
        let mut request =
            self.gateway.client.request(method, self.gateway.url(path)).header("origin", ORIGIN).json(&body);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        json(request.send().await.expect("request")).await
    }

    async fn code_for(&self, to: &str) -> String {
        fleet_tests::verification_code(&self.prefix, to).await
    }

    /// Signs up (with `birth` merged into the body) and verifies; returns the session cookie.
    async fn member(&self, email: &str, username: &str, birth: Value) -> String {
        let mut body = json!({"email": email, "password": PASSWORD, "username": username,
                              "privacyPolicyAccepted": true});
        if let (Some(body), Some(birth)) = (body.as_object_mut(), birth.as_object()) {
            body.extend(birth.clone());
        }
        let (status, answer) = self.send(reqwest::Method::POST, "/api/auth/signup", body, None).await;
        assert_eq!(status, 201, "{answer}");
        let code = self.code_for(email).await;
        self.gateway.verify_email(email, &code).await.0
    }

    /// Polls the user object until the chart status is `want`; returns every status seen.
    async fn wait_chart(&self, cookie: &str, want: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut seen: Vec<String> = Vec::new();
        loop {
            let (status, user) = self.get("/api/auth/user", cookie).await;
            assert_eq!(status, 200, "{user}");
            let chart = user["baziChartStatus"].as_str().expect("baziChartStatus").to_owned();
            if seen.last() != Some(&chart) {
                seen.push(chart.clone());
            }
            if chart == want {
                return seen;
            }
            assert!(Instant::now() < deadline, "chart status stayed {seen:?}, wanted {want}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn daily_path() -> String {
        format!("/api/fortune/daily?timezoneOffset={JAPAN}")
    }

    /// A member whose chart is ready; returns the session cookie.
    async fn ready_member(&self, username: &str, birth: Value) -> String {
        let cookie = self.member(&format!("{username}@example.jp"), username, birth).await;
        self.wait_chart(&cookie, "ready").await;
        cookie
    }

    /// The chart once it was (re)built with the time known or not.
    async fn chart_with(&self, cookie: &str, time_known: bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (status, chart) = self.get("/api/fortune/chart", cookie).await;
            if status == 200 && chart["analysis"]["timeKnown"] == time_known {
                return chart;
            }
            assert!(Instant::now() < deadline, "no chart with timeKnown {time_known}: {chart}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The user object's `timezoneOffset`.
    async fn stored_offset(&self, cookie: &str) -> Value {
        let (status, user) = self.get("/api/auth/user", cookie).await;
        assert_eq!(status, 200, "{user}");
        user["timezoneOffset"].clone()
    }

    /// A report once it is no longer generating.
    async fn report(&self, path: &str, cookie: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (status, report) = self.get(path, cookie).await;
            assert_eq!(status, 200, "{report}");
            if report["status"] != "generating" {
                return report;
            }
            assert!(Instant::now() < deadline, "{path} stayed generating");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// identity directly, as `user` (what another device's gateway call would do).
    async fn identity_as(&self, cookie: &str) -> IdentityClient<InterceptedService<Channel, Bearer>> {
        let (_, user) = self.get("/api/auth/user", cookie).await;
        let id: UserId = user["id"].as_str().and_then(|id| id.parse().ok()).expect("user id");
        let channel = meguri_testkit::connect(&format!("http://127.0.0.1:{}", self.identity.grpc_port)).await;
        let minter = TokenMinter::new(&SecretString::from(SECRET), Duration::from_secs(60)).expect("minter");
        IdentityClient::with_interceptor(channel, Bearer { minter, subject: Subject::User(id), role: Role::User })
    }
}

fn at(s: &str) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(s).expect("RFC 3339").with_timezone(&chrono::Utc)
}

/// Born 1990-05-15 in Tokyo, time skipped.
fn no_time() -> Value {
    json!({"birthDate": "1990-05-15", "birthTime": "", "birthLocation": "東京, 日本", "gender": "female",
           "coordinates": {"longitude": 139.6503, "latitude": 35.6762}})
}

/// 2026-12-31T20:00Z: already 2027-01-01 (元日) in Japan, still 2026-12-31 in New York (UTC−5).
const NEW_YEAR: &str = "2026-12-31T20:00:00Z";

fn hanako() -> Value {
    json!({"birthDate": "1990-05-15", "birthTime": "14:30", "birthLocation": "東京, 日本", "gender": "female",
           "coordinates": {"longitude": 139.6503, "latitude": 35.6762}})
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_member_gets_a_chart_then_a_grounded_daily_reading_that_holds_all_day() {
    let app = spawn().await;
    let cookie = app.member("hanako@example.jp", "hanako", hanako()).await;
    let seen = app.wait_chart(&cookie, "ready").await;
    assert!(seen.iter().all(|s| ["pending", "generating", "ready"].contains(&s.as_str())), "{seen:?}");

    let (status, first) = app.get(&Readings::daily_path(), &cookie).await;
    assert_eq!(status, 200, "{first}");
    let fortune = first["fortune"].as_str().expect("fortune");
    assert!(!fortune.is_empty() && fortune.split('|').count() <= 2, "{fortune}");
    assert!((3..=5).contains(&first["dos"].as_array().map_or(0, Vec::len)), "{first}");
    assert!((3..=5).contains(&first["donts"].as_array().map_or(0, Vec::len)), "{first}");
    let reasons = first["reasons"].as_array().expect("reasons");
    assert!(reasons.iter().any(|r| r["kind"] == "ten_god"), "grounded in the day's ten god: {first}");
    assert_eq!(first["contentHash"].as_str().map(str::len), Some(64));
    assert!(first["dayPillar"]["heavenlyStem"].is_string());

    // The same local day gives the same reading, from storage.
    app.fortune.clock.advance(Duration::from_secs(3 * 3600));
    let (_, again) = app.get(&Readings::daily_path(), &cookie).await;
    assert_eq!(again["fortune"], first["fortune"]);
    assert_eq!(again["generatedAt"], first["generatedAt"]);
    // The next local day, a new one.
    app.fortune.clock.advance(Duration::from_secs(24 * 3600));
    let (_, tomorrow) = app.get(&Readings::daily_path(), &cookie).await;
    assert_ne!(tomorrow["date"], first["date"]);
    assert_ne!(tomorrow["fortune"], first["fortune"]);

    let (status, body) = app.get("/api/fortune/daily?timezoneOffset=9999", &cookie).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("INVALID_TIMEZONE_OFFSET")));
}

#[tokio::test(flavor = "multi_thread")]
async fn day_info_badges_ratings_chart_and_reports_answer_in_the_spec_shapes() {
    let app = spawn().await;
    let cookie = app.member("taro@example.jp", "taro", hanako()).await;
    app.wait_chart(&cookie, "ready").await;

    let (status, info) = app.get(&format!("/api/day-info?timezoneOffset={JAPAN}"), &cookie).await;
    assert_eq!(status, 200, "{info}");
    for item in info.as_array().expect("a list") {
        assert!(item["id"].is_string() && item["name"].is_string() && item["description"].is_string(), "{item}");
    }
    let (status, badges) = app.get("/api/fortune/badges", &cookie).await;
    assert_eq!(status, 200);
    let badges = badges.as_array().expect("a list");
    assert!(badges.iter().any(|b| b["id"] == "ichiryu_manbai" && b["isActive"] == true), "seeded catalogue");

    let (_, reading) = app.get(&Readings::daily_path(), &cookie).await;
    let hash = reading["contentHash"].as_str().expect("hash").to_owned();
    let rate = |rating: &str| json!({"fortuneType": "daily", "fortuneContentHash": hash, "rating": rating, "context": {"screen": "home"}});
    let (status, first) = app.send(reqwest::Method::POST, "/api/fortunes/rate", rate("positive"), Some(&cookie)).await;
    assert_eq!((status, first["rating"].as_str()), (200, Some("positive")), "{first}");
    let (_, second) = app.send(reqwest::Method::POST, "/api/fortunes/rate", rate("negative"), Some(&cookie)).await;
    assert_eq!(second["id"], first["id"], "one rating per user, type and content");
    assert_eq!(second["rating"], "negative");
    let (status, with_text) = app
        .send(
            reqwest::Method::PATCH,
            "/api/fortunes/rate",
            json!({"fortuneContentHash": hash, "feedbackText": "もう少し具体的だと嬉しいです"}),
            Some(&cookie),
        )
        .await;
    assert_eq!((status, with_text["feedbackText"].as_str()), (200, Some("もう少し具体的だと嬉しいです")));
    let (status, body) =
        app.send(reqwest::Method::POST, "/api/fortunes/rate", json!({"fortuneType": "weekly"}), Some(&cookie)).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("INVALID_FORTUNE_TYPE")));
    // The rating's rules are fortune-gen's; the gateway passes its codes on with their Japanese
    // messages, in the order the fields are checked.
    let long_hash = "x".repeat(129);
    let long_text = "あ".repeat(1001);
    for (method, body, code, message) in [
        (
            reqwest::Method::POST,
            json!({"fortuneType": "daily", "fortuneContentHash": long_hash, "rating": "positive"}),
            "INVALID_CONTENT_HASH",
            "評価する内容の指定が正しくありません",
        ),
        (
            reqwest::Method::POST,
            json!({"fortuneType": "daily", "fortuneContentHash": hash, "rating": "meh"}),
            "INVALID_RATING",
            "評価は positive または negative で指定してください",
        ),
        (
            reqwest::Method::POST,
            json!({"fortuneType": "daily", "fortuneContentHash": hash, "rating": "negative", "feedbackText": long_text}),
            "FEEDBACK_TOO_LONG",
            "ご意見は1000文字以内で入力してください",
        ),
        (
            reqwest::Method::POST,
            json!({"fortuneType": "daily", "fortuneContentHash": hash, "rating": "negative", "context": [1, 2]}),
            "INVALID_CONTEXT",
            "評価に添える情報の形式が正しくありません",
        ),
        (
            reqwest::Method::PATCH,
            json!({"fortuneContentHash": "", "feedbackText": "x"}),
            "INVALID_CONTENT_HASH",
            "評価する内容の指定が正しくありません",
        ),
        (
            reqwest::Method::PATCH,
            json!({"fortuneContentHash": hash, "feedbackText": long_text}),
            "FEEDBACK_TOO_LONG",
            "ご意見は1000文字以内で入力してください",
        ),
    ] {
        let (status, answer) = app.send(method, "/api/fortunes/rate", body, Some(&cookie)).await;
        assert_eq!((status, answer["code"].as_str(), answer["message"].as_str()), (400, Some(code), Some(message)));
    }
    let (status, body) = app
        .send(
            reqwest::Method::PATCH,
            "/api/fortunes/rate",
            json!({"fortuneContentHash": "never-rated", "feedbackText": "x"}),
            Some(&cookie),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (404, Some("RATING_NOT_FOUND")));

    let (status, chart) = app.get("/api/fortune/chart", &cookie).await;
    assert_eq!((status, chart["status"].as_str()), (200, Some("ready")), "{chart}");
    // 1990-05-15 14:30 Tokyo: 庚午年 辛巳月 庚辰日 (the landing calculator's answer for the same birth).
    assert_eq!(
        chart["baziChart"]["year"],
        json!({"heavenlyStem": "庚", "earthlyBranch": "午", "stemElement": "metal", "branchElement": "fire"})
    );
    assert_eq!(
        chart["baziChart"]["day"],
        json!({"heavenlyStem": "庚", "earthlyBranch": "辰", "stemElement": "metal", "branchElement": "earth"})
    );
    assert!(chart["analysis"]["luck"]["pillars"].as_array().is_some_and(|p| !p.is_empty()), "female: luck pillars");

    for path in [format!("/api/fortune/yearly?timezoneOffset={JAPAN}"), "/api/fortune/life".to_owned()] {
        let deadline = Instant::now() + Duration::from_secs(30);
        let report = loop {
            let (status, report) = app.get(&path, &cookie).await;
            assert_eq!(status, 200, "{report}");
            if report["status"] != "generating" {
                break report;
            }
            assert!(Instant::now() < deadline, "{path} stayed generating");
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(report["status"], "ready", "{report}");
        assert!(report["sections"].as_array().is_some_and(|s| s.len() >= 3), "{report}");
        assert!(report["importantDates"].as_array().is_some_and(|d| !d.is_empty()), "{report}");
    }

    // This fleet has no social: the day's friend updates cannot be built, and the answer says so
    // (the friend updates themselves are tested with social in tests/social).
    let (status, updates) = app.get("/api/friend-updates", &cookie).await;
    assert_eq!((status, &updates["code"]), (503, &json!("SOCIAL_UNAVAILABLE")), "{updates}");
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_birth_date_there_is_no_chart_and_the_reading_says_why() {
    let app = spawn().await;
    let cookie = app.member("kenji@example.jp", "kenji", json!({})).await;
    let (status, user) = app.get("/api/auth/user", &cookie).await;
    assert_eq!((status, user["baziChartStatus"].as_str()), (200, Some("pending")));
    let (status, body) = app.get(&Readings::daily_path(), &cookie).await;
    assert_eq!(status, 409, "{body}");
    assert!(["CHART_NOT_READY", "PROFILE_INCOMPLETE"].contains(&body["code"].as_str().unwrap_or("")), "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_ascii()), "a Japanese message: {body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn readings_need_a_signed_in_user() {
    let app = spawn().await;
    for path in
        ["/api/fortune/daily", "/api/day-info", "/api/fortune/badges", "/api/fortune/chart", "/api/friend-updates"]
    {
        let (status, body) = json(app.gateway.client.get(app.gateway.url(path)).send().await.expect("request")).await;
        assert_eq!((status, body["code"].as_str()), (401, Some("UNAUTHENTICATED")), "{path}");
    }
}

// ---- the time zone: sent, else stored, else Japan — the same on every route that takes it ----

#[tokio::test(flavor = "multi_thread")]
async fn the_daily_reading_without_an_offset_is_for_japans_day_then_for_the_stored_offsets_day() {
    let app = spawn().await;
    let cookie = app.ready_member("daily", hanako()).await;
    app.fortune.clock.set(at(NEW_YEAR));

    let (status, never_sent) = app.get("/api/fortune/daily", &cookie).await;
    assert_eq!((status, never_sent["date"].as_str()), (200, Some("2027-01-01")), "{never_sent}");
    assert_eq!(app.stored_offset(&cookie).await, Value::Null, "nothing sent, nothing stored");
    let (_, sent) = app.get("/api/fortune/daily?timezoneOffset=300", &cookie).await;
    assert_eq!(sent["date"], "2026-12-31");
    let (_, stored) = app.get("/api/fortune/daily", &cookie).await;
    assert_eq!(stored["date"], "2026-12-31", "the offset the browser sent is now the member's");
    assert_eq!(app.stored_offset(&cookie).await, json!(300));
}

#[tokio::test(flavor = "multi_thread")]
async fn day_info_without_an_offset_is_for_japans_day_then_for_the_stored_offsets_day() {
    let app = spawn().await;
    let cookie = app.ready_member("dayinfo", hanako()).await;
    app.fortune.clock.set(at(NEW_YEAR));
    let ids = |items: &Value| -> Vec<String> {
        items.as_array().expect("a list").iter().filter_map(|i| i["id"].as_str().map(str::to_owned)).collect()
    };

    let (status, never_sent) = app.get("/api/day-info", &cookie).await;
    assert_eq!(status, 200, "{never_sent}");
    assert!(
        never_sent.as_array().expect("a list").iter().any(|i| i["name"] == "元日"),
        "Japan's 1 January: {never_sent}"
    );
    let (_, japan) = app.get(&format!("/api/day-info?timezoneOffset={JAPAN}"), &cookie).await;
    assert_eq!(ids(&never_sent), ids(&japan));
    let (_, new_york) = app.get("/api/day-info?timezoneOffset=300", &cookie).await;
    assert!(new_york.as_array().expect("a list").iter().all(|i| i["name"] != "元日"), "31 December: {new_york}");
    let (_, stored) = app.get("/api/day-info", &cookie).await;
    assert_eq!(ids(&stored), ids(&new_york), "the offset the browser sent is now the member's");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_yearly_report_without_an_offset_is_for_japans_year_then_for_the_stored_offsets_year() {
    let app = spawn().await;
    let cookie = app.ready_member("yearly", hanako()).await;
    app.fortune.clock.set(at(NEW_YEAR));

    assert_eq!(app.report("/api/fortune/yearly", &cookie).await["year"], 2027);
    assert_eq!(app.report("/api/fortune/yearly?timezoneOffset=300", &cookie).await["year"], 2026);
    assert_eq!(app.report("/api/fortune/yearly", &cookie).await["year"], 2026, "the stored offset's year");
    let (status, body) = app.get("/api/fortune/yearly?timezoneOffset=-841", &cookie).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("INVALID_TIMEZONE_OFFSET")));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_in_utc_minus_5_and_one_in_japan_each_get_their_own_local_day_without_sending_it() {
    let app = spawn().await;
    let new_york = app.ready_member("newyork", hanako()).await;
    let tokyo = app.ready_member("tokyo", no_time()).await;
    // Each browser sent its offset once (home asks day-info with it).
    app.get("/api/day-info?timezoneOffset=300", &new_york).await;
    app.get(&format!("/api/day-info?timezoneOffset={JAPAN}"), &tokyo).await;
    assert_eq!(app.stored_offset(&new_york).await, json!(300));
    assert_eq!(app.stored_offset(&tokyo).await, json!(JAPAN));

    app.fortune.clock.set(at("2026-11-25T02:00:00Z"));
    let (_, ny) = app.get("/api/fortune/daily", &new_york).await;
    let (_, jp) = app.get("/api/fortune/daily", &tokyo).await;
    assert_eq!(ny["date"], "2026-11-24", "{ny}");
    assert_eq!(jp["date"], "2026-11-25", "{jp}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_offset_again_does_not_call_identity_and_a_new_one_does() {
    let app = spawn().await;
    let cookie = app.ready_member("traveller", hanako()).await;
    app.get("/api/day-info?timezoneOffset=300", &cookie).await;
    assert_eq!(app.stored_offset(&cookie).await, json!(300));
    // Another device changed identity's value behind this gateway's back.
    app.identity_as(&cookie)
        .await
        .set_timezone_offset(id::SetTimezoneOffsetRequest { timezone_offset: 0 })
        .await
        .expect("stored directly");

    // The offset this gateway last stored comes again: remembered, identity is not asked.
    app.get("/api/day-info?timezoneOffset=300", &cookie).await;
    assert_eq!(app.stored_offset(&cookie).await, json!(0));
    // A new one is stored.
    app.get(&format!("/api/fortune/daily?timezoneOffset={JAPAN}"), &cookie).await;
    assert_eq!(app.stored_offset(&cookie).await, json!(JAPAN));
}

// ---- an unknown birth time: 12:00 used, and everything that rests on it says so ----

#[tokio::test(flavor = "multi_thread")]
async fn a_member_who_skipped_the_time_sees_what_depends_on_the_hour_in_chart_reasons_and_reports() {
    let app = spawn().await;
    let cookie = app.ready_member("nashi", no_time()).await;

    let (_, user) = app.get("/api/auth/user", &cookie).await;
    assert_eq!((user["birthTime"].as_str(), user["birthTimeUnknown"].as_bool()), (Some("12:00"), Some(true)));

    let (status, chart) = app.get("/api/fortune/chart", &cookie).await;
    assert_eq!(status, 200, "{chart}");
    let analysis = &chart["analysis"];
    assert_eq!(analysis["timeKnown"], false, "{analysis}");
    let names: Vec<&str> =
        analysis["hourDependent"].as_array().expect("a list").iter().filter_map(Value::as_str).collect();
    assert!(names.contains(&"hour") && names.contains(&"strength"), "{names:?}");
    let hour = analysis["pillars"].as_array().expect("pillars").iter().find(|p| p["position"] == "hour").expect("hour");
    assert_eq!(hour["dependsOnHour"], true);

    let (_, reading) = app.get(&Readings::daily_path(), &cookie).await;
    let reasons = reading["reasons"].as_array().expect("reasons");
    assert!(reasons.iter().all(|r| r["hourDependent"].is_boolean()), "{reading}");
    assert!(reasons.iter().filter(|r| r["kind"] == "ten_god").all(|r| r["hourDependent"] == false));

    for path in [format!("/api/fortune/yearly?timezoneOffset={JAPAN}"), "/api/fortune/life".to_owned()] {
        let report = app.report(&path, &cookie).await;
        assert_eq!(report["status"], "ready", "{report}");
        let names: Vec<&str> =
            report["hourDependent"].as_array().expect("a list").iter().filter_map(Value::as_str).collect();
        assert!(names.contains(&"favorableElements"), "{path}: {names:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_with_a_known_time_has_nothing_marked() {
    let app = spawn().await;
    let cookie = app.ready_member("ari", hanako()).await;
    let (_, user) = app.get("/api/auth/user", &cookie).await;
    assert_eq!((user["birthTime"].as_str(), user["birthTimeUnknown"].as_bool()), (Some("14:30"), Some(false)));
    let (_, chart) = app.get("/api/fortune/chart", &cookie).await;
    assert_eq!(
        (chart["analysis"]["timeKnown"].as_bool(), chart["analysis"]["hourDependent"].clone()),
        (Some(true), json!([]))
    );
    let (_, reading) = app.get(&Readings::daily_path(), &cookie).await;
    assert!(reading["reasons"].as_array().expect("reasons").iter().all(|r| r["hourDependent"] == false), "{reading}");
    let report = app.report("/api/fortune/life", &cookie).await;
    assert_eq!(report["hourDependent"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn settings_with_an_empty_time_make_it_unknown_and_a_time_makes_it_known_and_each_rebuilds_the_chart() {
    let app = spawn().await;
    let cookie = app.ready_member("henko", hanako()).await;
    let put = |time: &'static str| {
        let mut body = no_time();
        body["birthTime"] = json!(time);
        app.send(reqwest::Method::PUT, "/api/settings/birth-data", body, Some(&cookie))
    };

    let (status, user) = put("").await;
    assert_eq!(status, 200, "{user}");
    assert_eq!((user["birthTime"].as_str(), user["birthTimeUnknown"].as_bool()), (Some("12:00"), Some(true)));
    // fortune-gen's answer for a changed birth: pending, or generating once it has started.
    assert!(
        matches!(user["baziChartStatus"].as_str(), Some("pending" | "generating")),
        "rebuilt for the unknown time: {user}"
    );
    let chart = app.chart_with(&cookie, false).await;
    assert!(chart["analysis"]["hourDependent"].as_array().is_some_and(|n| n.contains(&json!("hour"))), "{chart}");

    let (_, user) = put("12:00").await;
    assert_eq!((user["birthTime"].as_str(), user["birthTimeUnknown"].as_bool()), (Some("12:00"), Some(false)));
    assert!(
        matches!(user["baziChartStatus"].as_str(), Some("pending" | "generating")),
        "noon, now known: rebuilt: {user}"
    );
    let chart = app.chart_with(&cookie, true).await;
    assert_eq!(chart["analysis"]["hourDependent"], json!([]));
}

/// Born 1948-05-02 00:30 in Tokyo: the clocks went from 00:00 to 01:00 that night (Japan's first
/// summer time), so the time never showed.
fn skipped_time() -> Value {
    json!({"birthDate": "1948-05-02", "birthTime": "00:30", "birthLocation": "東京, 日本", "gender": "male",
           "coordinates": {"longitude": 139.6503, "latitude": 35.6762}})
}

/// The chart once it was (re)built with `choice` applied to the birth time.
async fn chart_read_with(app: &Readings, cookie: &str, choice: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, chart) = app.get("/api/fortune/chart", cookie).await;
        if status == 200 && chart["time"]["dstChoice"] == choice {
            return chart;
        }
        assert!(Instant::now() < deadline, "no chart read with {choice}: {chart}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_birth_time_summer_time_skipped_is_read_as_the_member_chose_at_sign_up_and_in_settings() {
    let app = spawn().await;
    let email = "natsu@example.jp";
    let signup = |extra: Value| {
        let mut body =
            json!({"email": email, "password": PASSWORD, "username": "natsu", "privacyPolicyAccepted": true});
        for (k, v) in skipped_time().as_object().into_iter().flatten().chain(extra.as_object().into_iter().flatten()) {
            body[k] = v.clone();
        }
        app.send(reqwest::Method::POST, "/api/auth/signup", body, None)
    };

    // Without a choice: refused with the readings to choose from; nothing is created.
    let (status, refused) = signup(json!({})).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("NONEXISTENT_LOCAL_TIME")), "{refused}");
    let offered: Vec<&str> =
        refused["choices"].as_array().expect("choices").iter().filter_map(|c| c["choice"].as_str()).collect();
    assert_eq!(offered, ["earlier", "later", "standard"], "{refused}");
    assert!(refused["choices"].as_array().into_iter().flatten().all(|c| c["clockChange"] == "gap"), "{refused}");
    let (status, bad) = signup(json!({"dstChoice": "summer"})).await;
    assert_eq!((status, bad["code"].as_str()), (400, Some("INVALID_DST_CHOICE")), "{bad}");

    // With one: stored, and the chart every service builds reads the time that way.
    let (status, created) = signup(json!({"dstChoice": "standard"})).await;
    assert_eq!(status, 201, "{created}");
    let code = app.code_for(email).await;
    let cookie = app.gateway.verify_email(email, &code).await.0;
    let (_, user) = app.get("/api/auth/user", &cookie).await;
    assert_eq!(user["dstChoice"], "standard", "{user}");
    let chart = chart_read_with(&app, &cookie, "standard").await;
    assert_eq!(chart["time"]["clockChange"], "gap", "{chart}");
    let mut landing = skipped_time();
    landing["dstChoice"] = json!("standard");
    let (status, calculated) = app.send(reqwest::Method::POST, "/api/public/calculate-bazi", landing, None).await;
    assert_eq!(status, 200, "{calculated}");
    assert_eq!(chart["baziChart"], calculated["baziChart"], "the member's chart is the landing's with the same choice");
    assert_eq!(chart["time"]["utc"], calculated["time"]["utc"]);

    // Settings: another skipped minute asks again; the choice is applied; a time that needs none
    // stores none.
    let put = |time: &'static str, choice: Option<&'static str>| {
        let mut body = skipped_time();
        body["birthTime"] = json!(time);
        if let Some(choice) = choice {
            body["dstChoice"] = json!(choice);
        }
        app.send(reqwest::Method::PUT, "/api/settings/birth-data", body, Some(&cookie))
    };
    let (status, refused) = put("00:45", None).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("NONEXISTENT_LOCAL_TIME")), "{refused}");
    assert!(refused["choices"].as_array().is_some_and(|c| c.len() == 3), "{refused}");
    let (_, unchanged) = app.get("/api/auth/user", &cookie).await;
    assert_eq!((unchanged["birthTime"].as_str(), unchanged["dstChoice"].as_str()), (Some("00:30"), Some("standard")));

    let (status, user) = put("00:45", Some("later")).await;
    assert_eq!(
        (status, user["dstChoice"].as_str(), user["birthTime"].as_str()),
        (200, Some("later"), Some("00:45")),
        "{user}"
    );
    let later = chart_read_with(&app, &cookie, "later").await;
    assert_eq!(later["time"]["summerTime"], true, "after the change the offset is summer time: {later}");

    let (status, user) = put("14:30", Some("earlier")).await;
    assert_eq!(
        (status, user["dstChoice"].clone()),
        (200, Value::Null),
        "a time no change touched needs no choice: {user}"
    );
    let plain = chart_read_with(&app, &cookie, "").await;
    assert_eq!(plain["time"]["clockChange"], "", "{plain}");
}
