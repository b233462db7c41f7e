//! The daily reading: once per local day, from storage after that.

use std::collections::HashMap;
use std::time::Duration;

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::fortune as pb;
use meguri_proto::identity as id;
use tonic::Code;

use crate::helpers::{code_of, spawn_app};

const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(24 * 3600);

#[tokio::test(flavor = "multi_thread")]
async fn the_reading_is_the_same_all_day_and_new_the_next_day() {
    let app = spawn_app().await;
    let user = app.ready_user("hanako", "1990-05-15").await;

    // 09:00 and 23:30 in Japan, then 00:30 the next day.
    let morning = app.daily(user).await;
    app.fortune.clock.advance(HOUR * 14 + Duration::from_secs(30 * 60));
    let night = app.daily(user).await;
    app.fortune.clock.advance(HOUR);
    let next = app.daily(user).await;

    assert_eq!(morning.date, "2026-11-22");
    assert_eq!(morning, night);
    assert_eq!(next.date, "2026-11-23");
    assert_ne!(next.content_hash, morning.content_hash);
    assert_ne!(next.day_pillar, morning.day_pillar);
    for r in [&morning, &next] {
        assert!((1..=2).contains(&r.lines.len()), "{r:?}");
        assert!(r.lines.iter().all(|l| !l.contains('|')));
        assert!(r.dos.len() >= 3 && r.donts.len() >= 3, "{r:?}");
        assert!(!r.reasons.is_empty());
        assert_eq!(r.engine, "builtin");
        assert_eq!(r.content_hash.len(), 64);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_local_date_follows_the_callers_offset() {
    let app = spawn_app().await;
    let user = app.ready_user("ume", "1990-05-15").await;
    // 2026-11-22T00:00Z is still the 21st in New York (UTC−5: offset 300).
    let ny = app
        .user(user)
        .await
        .get_daily_reading(pb::GetDailyReadingRequest { timezone_offset_minutes: Some(300) })
        .await
        .expect("reading")
        .into_inner();
    assert_eq!(ny.date, "2026-11-21");
}

#[tokio::test(flavor = "multi_thread")]
async fn reasons_that_rest_on_an_unknown_hour_are_marked_and_a_known_time_marks_none() {
    let app = spawn_app().await;
    let unknown = app.ready_user("nashi", "1990-05-15").await;
    let known = app
        .identity_as(Subject::Anonymous, Role::Visitor)
        .await
        .sign_up(id::SignUpRequest {
            email: "ari@example.jp".into(),
            password: crate::helpers::PASSWORD.into(),
            username: "ari".into(),
            gender: id::Gender::Female as i32,
            birth: Some(id::BirthData {
                birth_date: Some("1990-05-15".into()),
                birth_time: Some("12:00".into()),
                ..Default::default()
            }),
            privacy_policy_accepted: true,
            ..Default::default()
        })
        .await
        .expect("sign-up")
        .into_inner()
        .user_id
        .parse()
        .expect("id");
    app.wait_status(known, "ready").await;

    let mut marked = 0;
    for _ in 0..7 {
        let reading = app.daily(unknown).await;
        marked += reading.reasons.iter().filter(|r| r.hour_dependent).count();
        // The day's ten god comes from the day master and the day's stem: never the hour.
        assert!(reading.reasons.iter().filter(|r| r.kind == "ten_god").all(|r| !r.hour_dependent));
        let same_birth_known = app.daily(known).await;
        assert!(same_birth_known.reasons.iter().all(|r| !r.hour_dependent), "{:?}", same_birth_known.reasons);
        app.fortune.clock.advance(DAY);
    }
    assert!(marked > 0, "a week of readings with an unknown time names what the hour decides");
}

#[tokio::test(flavor = "multi_thread")]
async fn two_users_with_different_charts_differ_on_the_same_day() {
    let app = spawn_app().await;
    let a = app.ready_user("akari", "1990-05-15").await;
    let b = app.ready_user("botan", "1972-10-03").await;

    let (ra, rb) = (app.daily(a).await, app.daily(b).await);

    assert_eq!(ra.date, rb.date);
    assert_eq!(ra.day_pillar, rb.day_pillar);
    assert_ne!(ra.content_hash, rb.content_hash);
    assert_ne!(ra.reasons, rb.reasons);
}

#[tokio::test(flavor = "multi_thread")]
async fn no_fortune_line_repeats_over_thirty_days() {
    let app = spawn_app().await;
    let user = app.ready_user("kaede", "1988-02-29").await;
    let mut first_seen: HashMap<String, String> = HashMap::new();

    for _ in 0..30 {
        let reading = app.daily(user).await;
        for line in reading.lines {
            if let Some(day) = first_seen.insert(line.clone(), reading.date.clone()) {
                panic!("「{line}」 was shown on {day} and again on {}", reading.date);
            }
        }
        app.fortune.clock.advance(DAY);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_first_requests_return_the_same_reading() {
    let app = spawn_app().await;
    let user = app.ready_user("momo", "1995-12-24").await;
    let (mut a, mut b) = (app.user(user).await, app.user(user).await);
    let request = || pb::GetDailyReadingRequest { timezone_offset_minutes: Some(-540) };

    let (ra, rb) = tokio::join!(a.get_daily_reading(request()), b.get_daily_reading(request()));

    let (ra, rb) = (ra.expect("first").into_inner(), rb.expect("second").into_inner());
    assert_eq!(ra, rb);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reading_needs_a_ready_chart_a_birth_date_and_a_valid_offset() {
    let app = spawn_app().await;
    let nobody = app
        .user(UserId::new())
        .await
        .get_daily_reading(pb::GetDailyReadingRequest { timezone_offset_minutes: Some(-540) })
        .await;
    let nobody = nobody.expect_err("no chart");
    assert_eq!((nobody.code(), code_of(&nobody)), (Code::FailedPrecondition, "CHART_NOT_READY"));

    // A sign-up without a birth date: the chart stays pending and the profile is incomplete.
    let signed_up = app
        .identity_as(Subject::Anonymous, Role::Visitor)
        .await
        .sign_up(id::SignUpRequest {
            email: "nobirth@example.jp".into(),
            password: crate::helpers::PASSWORD.into(),
            username: "nobirth".into(),
            privacy_policy_accepted: true,
            ..Default::default()
        })
        .await
        .expect("sign-up")
        .into_inner();
    let user: UserId = signed_up.user_id.parse().expect("id");
    let incomplete = crate::helpers::eventually("PROFILE_INCOMPLETE", || async {
        let r = app
            .user(user)
            .await
            .get_daily_reading(pb::GetDailyReadingRequest { timezone_offset_minutes: Some(-540) })
            .await;
        let status = r.expect_err("no chart");
        (code_of(&status) == "PROFILE_INCOMPLETE").then_some(status)
    })
    .await;
    assert_eq!(incomplete.code(), Code::FailedPrecondition);
    assert_eq!(app.status(user).await, "pending");

    let ready = app.ready_user("valid", "1990-05-15").await;
    let bad = app
        .user(ready)
        .await
        .get_daily_reading(pb::GetDailyReadingRequest { timezone_offset_minutes: Some(721) })
        .await;
    let bad = bad.expect_err("out of range");
    assert_eq!((bad.code(), code_of(&bad)), (Code::InvalidArgument, "INVALID_TIMEZONE_OFFSET"));
    let visitor = app
        .fortune_as(Subject::Anonymous, Role::Visitor)
        .await
        .get_daily_reading(pb::GetDailyReadingRequest::default())
        .await;
    assert_eq!(visitor.expect_err("no user").code(), Code::Unauthenticated);
}
