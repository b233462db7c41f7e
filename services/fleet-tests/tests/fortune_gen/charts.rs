//! The chart pipeline: identity's events → identity's birth profile → bazi-engine → stored.

use std::time::Duration;

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::fortune as pb;
use meguri_proto::identity as id;
use meguri_proto::identity::BirthDataChanged;
use tonic::Code;

use crate::helpers::{Mode, PASSWORD, Setup, code_of, eventually, spawn_app, spawn_with};

fn pillar(p: Option<&meguri_proto::bazi_engine::Pillar>) -> String {
    p.map(|p| format!("{}{}", p.heavenly_stem, p.earthly_branch)).unwrap_or_default()
}

async fn chart(app: &crate::helpers::TestApp, user: UserId) -> pb::GetChartResponse {
    app.user(user).await.get_chart(pb::GetChartRequest {}).await.expect("chart").into_inner()
}

/// Waits until the user's chart row has no build due or running.
async fn settled(app: &crate::helpers::TestApp, user: UserId) {
    eventually("the chart build to settle", || async {
        let mut conn = app.fortune.db.pool.get().await.expect("conn");
        let row = fortune_gen::db::charts::find(&mut conn, user).await.expect("query")?;
        row.next_attempt_at.is_none().then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sign_up_builds_the_chart_pending_then_generating_then_ready() {
    // The engine holds every call until the test lets it through.
    let app = spawn_with(Setup { mode: Mode::Hold, peer_timeout: Duration::from_secs(20), ..Setup::default() }).await;
    let user = app.sign_up("hanako", "1990-05-15", id::Gender::Female).await;

    let before = app.wait_status(user, "generating").await;
    let early = app.user(user).await.get_chart(pb::GetChartRequest {}).await.expect_err("not ready yet");
    app.proxy.set(Mode::Up);
    let after = app.wait_status(user, "ready").await;

    let mut seen = before;
    seen.extend(after);
    seen.dedup();
    assert!(seen == ["pending", "generating", "ready"] || seen == ["generating", "ready"], "statuses seen: {seen:?}");
    assert_eq!(early.code(), Code::FailedPrecondition);
    assert_eq!(code_of(&early), "CHART_NOT_READY");
    let c = chart(&app, user).await;
    assert_eq!(c.status, "ready");
    let chart = c.chart.expect("the chart");
    // 1990-05-15 in Tokyo (identity's default for a skipped place), the time unknown (the engine
    // assumes 12:00 and says so).
    assert!(!chart.time_known);
    assert_eq!(pillar(chart.year.as_ref()), "庚午");
    assert_eq!(pillar(chart.day.as_ref()), "庚辰");
    assert!(chart.luck.is_some(), "a female user has luck pillars");
    assert!(chrono::DateTime::parse_from_rfc3339(&c.built_at).is_ok());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_user_without_a_chart_is_pending() {
    let app = spawn_app().await;
    assert_eq!(app.status(UserId::new()).await, "pending");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replayed_event_builds_nothing_twice() {
    let app = spawn_app().await;
    let user = app.ready_user("taro", "1985-01-02").await;
    settled(&app, user).await;
    let built_at = chart(&app, user).await.built_at;
    app.fortune.clock.advance(Duration::from_secs(60));

    // The same events again (a relay that published twice), and a new event with the same data.
    let mut last = String::new();
    for (_, envelope) in app.identity_events().await {
        last = app.republish(&envelope).await;
    }
    last = app.publish(uuid::Uuid::now_v7(), &BirthDataChanged { user_id: user.to_string() }).await.max(last);
    app.wait_handled(&last).await;
    settled(&app, user).await;

    assert_eq!(app.status(user).await, "ready");
    assert_eq!(chart(&app, user).await.built_at, built_at, "the chart was built again");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_build_that_finds_bazi_engine_down_fails_and_is_retried_after_the_backoff() {
    let app = spawn_with(Setup { mode: Mode::Down, ..Setup::default() }).await;
    let user = app.sign_up("jiro", "1992-08-08", id::Gender::Male).await;
    // Both sign-up events (user_signed_up, birth_data_changed) handled, and the retry scheduled.
    let events = eventually("the sign-up events", || async {
        let events = app.identity_events().await;
        (events.len() >= 2).then_some(events)
    })
    .await;
    app.wait_handled(&events[events.len() - 1].0).await;
    eventually("a scheduled retry", || async {
        let mut conn = app.fortune.db.pool.get().await.expect("conn");
        let row = fortune_gen::db::charts::find(&mut conn, user).await.expect("query")?;
        let now = app.fortune.clock.now();
        (row.status == fortune_gen::domain::ChartStatus::Failed && row.next_attempt_at.is_some_and(|t| t > now))
            .then_some(())
    })
    .await;

    let failures =
        app.admin().await.list_chart_failures(pb::ListChartFailuresRequest { limit: 0 }).await.expect("failures");
    let failure = failures.into_inner().failures.into_iter().find(|f| f.user_id == user.to_string()).expect("listed");
    // One failed try, or two when the second event asked again while the first was running.
    assert!((1..=2).contains(&failure.attempts), "{failure:?}");
    // A connection closed by the peer is Unavailable, Cancelled or Unknown, depending on when and
    // where tonic sees it (every one of them is transient: the retry above was scheduled).
    assert!(
        ["bazi-engine: Unavailable", "bazi-engine: Canceled", "bazi-engine: Unknown"]
            .contains(&failure.last_error.as_str()),
        "{}",
        failure.last_error
    );
    assert!(failure.next_attempt_at.is_some());
    let refused = app.user(user).await.list_chart_failures(pb::ListChartFailuresRequest { limit: 0 }).await;
    let refused = refused.expect_err("users may not list failures");
    assert_eq!(refused.code(), Code::PermissionDenied);

    // Back up: nothing happens until the backoff (1 s on the test clock) has passed.
    app.proxy.set(Mode::Up);
    assert_eq!(app.status(user).await, "failed");
    app.fortune.clock.advance(Duration::from_secs(2));
    app.wait_status(user, "ready").await;

    let failures =
        app.admin().await.list_chart_failures(pb::ListChartFailuresRequest { limit: 10 }).await.expect("failures");
    assert!(failures.into_inner().failures.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_birth_data_change_rebuilds_the_chart() {
    let app = spawn_app().await;
    let user = app.sign_up("saburo", "1990-05-15", id::Gender::Unspecified).await;
    app.wait_status(user, "ready").await;
    let before = chart(&app, user).await.chart.expect("chart");
    assert!(before.luck.is_none(), "no gender, no luck pillars");

    app.identity_as(Subject::User(user), Role::User)
        .await
        .update_birth_data(id::UpdateBirthDataRequest {
            gender: id::Gender::Male as i32,
            birth: Some(id::BirthData { birth_date: Some("1985-01-02".into()), ..Default::default() }),
        })
        .await
        .expect("birth data changed");

    let after = eventually("the rebuilt chart", || async {
        // CHART_NOT_READY while it is being rebuilt.
        let c = app.user(user).await.get_chart(pb::GetChartRequest {}).await.ok()?.into_inner().chart?;
        (pillar(c.day.as_ref()) != pillar(before.day.as_ref())).then_some(c)
    })
    .await;
    assert_eq!(pillar(after.year.as_ref()), "甲子");
    assert!(after.luck.is_some(), "a male user has luck pillars");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_skipped_time_is_unknown_to_the_engine_and_knowing_it_or_skipping_it_again_rebuilds_the_chart() {
    let app = spawn_app().await;
    // Signed up without a time: identity keeps 12:00 as the value used and says it is unknown.
    let user = app.ready_user("shiro", "1990-05-15").await;
    let first = chart(&app, user).await.chart.expect("chart");
    assert!(!first.time_known);
    let app = &app;
    assert!(first.hour_dependent.iter().any(|n| n == "hour"), "{:?}", first.hour_dependent);
    let set_time = |time: Option<&'static str>| async move {
        app.identity_as(Subject::User(user), Role::User)
            .await
            .update_birth_data(id::UpdateBirthDataRequest {
                gender: id::Gender::Female as i32,
                birth: Some(id::BirthData {
                    birth_date: Some("1990-05-15".into()),
                    birth_time: time.map(str::to_owned),
                    birth_location: Some("東京, 日本".into()),
                    longitude: Some(139.6503),
                    latitude: Some(35.6762),
                    dst_choice: None,
                }),
            })
            .await
            .expect("birth data saved")
            .into_inner()
            .birth_data_changed
    };
    let rebuilt = |known: bool| {
        eventually("the rebuilt chart", move || async move {
            let c = app.user(user).await.get_chart(pb::GetChartRequest {}).await.ok()?.into_inner().chart?;
            (c.time_known == known).then_some(c)
        })
    };

    // The person learns it was noon: the same pillars, now from a known time.
    assert!(set_time(Some("12:00")).await);
    let known = rebuilt(true).await;
    assert!(known.hour_dependent.is_empty());
    assert_eq!(pillar(known.hour.as_ref()), pillar(first.hour.as_ref()));
    // And back to unknown.
    assert!(set_time(None).await);
    let unknown = rebuilt(false).await;
    assert!(unknown.hour_dependent.iter().any(|n| n == "hour"));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_account_deletion_removes_everything_of_the_user() {
    let app = spawn_app().await;
    let user = app.ready_user("shiro", "1979-03-21").await;
    let reading = app.daily(user).await;
    let mut me = app.user(user).await;
    me.rate_fortune(pb::RateFortuneRequest {
        fortune_type: "daily".into(),
        fortune_content_hash: reading.content_hash.clone(),
        rating: "positive".into(),
        ..Default::default()
    })
    .await
    .expect("rated");
    me.get_yearly_report(pb::GetYearlyReportRequest { timezone_offset_minutes: Some(-540) }).await.expect("report");
    // Verify the address (deletion needs a signed-in, verified account's password).
    app.identity_as(Subject::User(user), Role::User)
        .await
        .delete_account(id::DeleteAccountRequest { password: PASSWORD.into() })
        .await
        .expect("deleted");

    app.wait_status(user, "pending").await;
    let refused = me.get_daily_reading(pb::GetDailyReadingRequest { timezone_offset_minutes: Some(-540) }).await;
    assert_eq!(code_of(&refused.expect_err("no chart")), "CHART_NOT_READY");
    for table in ["charts", "daily_readings", "fortune_ratings", "yearly_fortune_reports", "life_fortune_reports"] {
        assert_eq!(app.fortune.rows_of_user(table, user).await, 0, "{table} still holds the user");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_build_cut_short_by_a_restart_is_taken_over_after_its_lease() {
    let mut app =
        spawn_with(Setup { mode: Mode::Hold, peer_timeout: Duration::from_secs(30), ..Setup::default() }).await;
    let user = app.sign_up("goro", "1990-05-15", id::Gender::Female).await;
    app.wait_status(user, "generating").await;

    // The process stops mid-build; another one starts on the same schema and clock.
    app.fortune.stop().await;
    app.proxy.set(Mode::Up);
    app.fortune = fortune_gen::testkit::restart(&app.fortune).await;
    assert_eq!(app.status(user).await, "generating", "the dead build's lease still holds the row");

    app.fortune.clock.advance(Duration::from_secs(3 * 60));
    app.wait_status(user, "ready").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_caller_whose_birth_data_just_changed_reads_a_built_chart_as_pending_and_a_build_as_generating() {
    // The engine holds every call until the test lets it through.
    let app = spawn_with(Setup { mode: Mode::Hold, peer_timeout: Duration::from_secs(20), ..Setup::default() }).await;
    let user = app.sign_up("hanako", "1990-05-15", id::Gender::Female).await;
    let app = &app;
    let status = |birth_data_changed: bool| async move {
        app.user(user)
            .await
            .get_chart_status(pb::GetChartStatusRequest { birth_data_changed })
            .await
            .expect("status")
            .into_inner()
            .status
    };

    // A build under way is generating, changed or not.
    app.wait_status(user, "generating").await;
    assert_eq!(status(true).await, "generating");

    // A built chart belongs to the old data once identity says it changed: pending until rebuilt.
    app.proxy.set(Mode::Up);
    app.wait_status(user, "ready").await;
    assert_eq!(status(false).await, "ready");
    assert_eq!(status(true).await, "pending");
}
