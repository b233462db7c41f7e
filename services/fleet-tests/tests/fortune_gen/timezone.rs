//! One rule for the local day of every RPC that takes an offset: the offset sent, else the one
//! identity stores for the user, else Japan.

use chrono::{DateTime, Utc};
use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::fortune as pb;
use meguri_proto::identity as id;

use crate::helpers::{TestApp, code_of, eventually, spawn_app};

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).expect("RFC 3339").with_timezone(&Utc)
}

/// What identity stores when the gateway passes on the offset a browser sent.
async fn store_offset(app: &TestApp, user: UserId, minutes: i32) {
    app.identity_as(Subject::User(user), Role::User)
        .await
        .set_timezone_offset(id::SetTimezoneOffsetRequest { timezone_offset: minutes })
        .await
        .expect("offset stored");
}

/// The local dates of the daily reading and of day-info, and the yearly report's year, with
/// `sent` as the offset.
async fn local_day(app: &TestApp, user: UserId, sent: Option<i32>) -> (String, String, i32) {
    let mut me = app.user(user).await;
    let daily = me
        .get_daily_reading(pb::GetDailyReadingRequest { timezone_offset_minutes: sent })
        .await
        .expect("daily")
        .into_inner();
    let info =
        me.get_day_info(pb::GetDayInfoRequest { timezone_offset_minutes: sent }).await.expect("day-info").into_inner();
    let report = me
        .get_yearly_report(pb::GetYearlyReportRequest { timezone_offset_minutes: sent })
        .await
        .expect("yearly")
        .into_inner();
    (daily.date, info.date, report.year)
}

#[tokio::test(flavor = "multi_thread")]
async fn without_an_offset_every_rpc_uses_the_stored_one_else_japan() {
    let app = spawn_app().await;
    let new_yorker = app.ready_user("nyc", "1990-05-15").await;
    let never_reported = app.ready_user("tokyo", "1990-05-15").await;
    store_offset(&app, new_yorker, 300).await;
    // 2026-12-31T20:00Z: 2027-01-01 05:00 in Japan, still 2026-12-31 15:00 in New York.
    app.fortune.clock.set(at("2026-12-31T20:00:00Z"));

    assert_eq!(local_day(&app, new_yorker, None).await, ("2026-12-31".into(), "2026-12-31".into(), 2026));
    assert_eq!(local_day(&app, never_reported, None).await, ("2027-01-01".into(), "2027-01-01".into(), 2027));
    // An offset sent with the request wins over the stored one.
    assert_eq!(local_day(&app, new_yorker, Some(-540)).await, ("2027-01-01".into(), "2027-01-01".into(), 2027));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_in_utc_minus_5_and_one_in_japan_each_get_their_own_local_day() {
    let app = spawn_app().await;
    let ny = app.ready_user("newyork", "1990-05-15").await;
    let jp = app.ready_user("kyoto", "1985-01-02").await;
    store_offset(&app, ny, 300).await;
    store_offset(&app, jp, -540).await;
    app.fortune.clock.set(at("2026-11-25T02:00:00Z"));

    let app = &app;
    let daily = |user| async move {
        app.user(user)
            .await
            .get_daily_reading(pb::GetDailyReadingRequest { timezone_offset_minutes: None })
            .await
            .expect("daily")
            .into_inner()
            .date
    };
    assert_eq!(daily(ny).await, "2026-11-24");
    assert_eq!(daily(jp).await, "2026-11-25");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_life_report_counts_today_in_the_stored_offset() {
    let app = spawn_app().await;
    // 2026-12-31T20:00Z: already 2027 in Japan, still 10:00 on the 31st in Hawaii (UTC−10).
    app.fortune.clock.set(at("2026-12-31T20:00:00Z"));
    let user = app.ready_user("hawaii", "1990-05-15").await;
    store_offset(&app, user, 600).await;
    // A birth-data change rebuilds the chart, which generates the life report again: now with
    // the stored offset, whatever the first one used.
    app.identity_as(Subject::User(user), Role::User)
        .await
        .update_birth_data(id::UpdateBirthDataRequest {
            gender: id::Gender::Male as i32,
            birth: Some(id::BirthData { birth_date: Some("1990-05-15".into()), ..Default::default() }),
        })
        .await
        .expect("birth data changed");

    let coming = eventually("a life report counted from 2026", || async {
        let r = app.user(user).await.get_life_report(pb::GetLifeReportRequest {}).await.ok()?.into_inner();
        let section = r.sections.into_iter().find(|s| s.heading == "これからの10年")?;
        section.body.contains("\n2026年（").then_some(section.body)
    })
    .await;
    assert!(!coming.contains("2036年（"), "ten years from 2026: {coming}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_offset_outside_the_earths_zones_is_refused_whatever_is_stored() {
    let app = spawn_app().await;
    let user = app.ready_user("far", "1990-05-15").await;
    store_offset(&app, user, 300).await;
    let status = app
        .user(user)
        .await
        .get_day_info(pb::GetDayInfoRequest { timezone_offset_minutes: Some(900) })
        .await
        .expect_err("refused");
    assert_eq!(code_of(&status), "INVALID_TIMEZONE_OFFSET");
}
