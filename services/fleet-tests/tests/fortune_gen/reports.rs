//! The yearly and life reports, generated in the background.

use std::time::Duration;

use meguri_ids::UserId;
use meguri_proto::fortune as pb;

use crate::helpers::{TestApp, code_of, eventually, spawn_app};

async fn yearly(app: &TestApp, user: UserId) -> pb::Report {
    app.user(user)
        .await
        .get_yearly_report(pb::GetYearlyReportRequest { timezone_offset_minutes: Some(-540) })
        .await
        .expect("yearly report")
        .into_inner()
}

async fn life(app: &TestApp, user: UserId) -> pb::Report {
    app.user(user).await.get_life_report(pb::GetLifeReportRequest {}).await.expect("life report").into_inner()
}

fn assert_ready(r: &pb::Report) {
    assert_eq!(r.status, "ready");
    assert!(!r.title.is_empty());
    assert!(!r.sections.is_empty());
    assert!(r.sections.iter().all(|s| !s.heading.is_empty() && !s.body.is_empty()));
    assert!(r.generated_at.is_some());
    assert_eq!(r.engine, "builtin");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_yearly_report_is_generating_then_ready() {
    let app = spawn_app().await;
    let user = app.ready_user("hanako", "1990-05-15").await;

    let first = yearly(&app, user).await;
    let ready = eventually("the yearly report", || async {
        let r = yearly(&app, user).await;
        (r.status == "ready").then_some(r)
    })
    .await;

    assert!(first.status == "generating" || first.status == "ready", "{first:?}");
    if first.status == "generating" {
        assert!(first.sections.is_empty() && first.engine.is_empty());
    }
    assert_eq!((ready.kind.as_str(), ready.year), ("yearly", 2026));
    assert_ready(&ready);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_life_report_follows_the_chart() {
    let app = spawn_app().await;
    let user = app.ready_user("taro", "1985-01-02").await;

    let ready = eventually("the life report", || async {
        let r = life(&app, user).await;
        (r.status == "ready").then_some(r)
    })
    .await;

    assert_eq!((ready.kind.as_str(), ready.year), ("life", 0));
    assert_ready(&ready);
    assert!(!ready.important_dates.is_empty(), "{ready:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn reports_of_an_unknown_birth_time_say_what_rests_on_the_assumed_hour() {
    let app = spawn_app().await;
    // Signed up without a time.
    let user = app.ready_user("jiro", "1985-01-02").await;

    for report in [
        eventually("the life report", || async { Some(life(&app, user).await).filter(|r| r.status == "ready") }).await,
        eventually("the yearly report", || async { Some(yearly(&app, user).await).filter(|r| r.status == "ready") })
            .await,
    ] {
        assert_ready(&report);
        let names = &report.hour_dependent;
        assert!(names.iter().any(|n| n == "favorableElements") && names.iter().any(|n| n == "luck"), "{names:?}");
        assert!(names.iter().all(|n| n != "hour"), "the reports leave the hour pillar out: {names:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn reports_need_a_ready_chart() {
    let app = spawn_app().await;
    let status =
        app.user(UserId::new()).await.get_life_report(pb::GetLifeReportRequest {}).await.expect_err("no chart");
    assert_eq!(code_of(&status), "CHART_NOT_READY");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_generation_left_behind_by_a_stopped_process_is_taken_over_after_its_lease() {
    let app = spawn_app().await;
    let user = app.ready_user("jiro", "1992-08-08").await;
    // A report that another process took (leased for five minutes) and never finished.
    let now = app.fortune.clock.now();
    app.fortune.leave_yearly_report_generating(user, 2026, now + chrono::Duration::minutes(5)).await;
    assert_eq!(yearly(&app, user).await.status, "generating");

    app.fortune.clock.advance(Duration::from_secs(6 * 60));

    let ready = eventually("the taken-over report", || async {
        let r = yearly(&app, user).await;
        (r.status == "ready").then_some(r)
    })
    .await;
    assert_ready(&ready);
}
