//! Visits (RecordVisit) and the inactivity reminder: off by default; when on, after seven days
//! without a visit, at most once a week; a visit starts the seven days again.

use std::time::Duration;

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::identity::AccountDeleted;
use meguri_proto::notify as pb;
use tonic::Code;
use uuid::Uuid;

use crate::helpers::{Delivery, TestApp, eventually, letter, local_date, spawn_app, text_part};

const DAY: Duration = Duration::from_secs(24 * 3600);
const MINUTE: Duration = Duration::from_secs(60);

async fn visit(app: &TestApp, user: UserId) {
    app.user(user).await.record_visit(pb::RecordVisitRequest {}).await.expect("visit recorded");
}

async fn last_visit(app: &TestApp, user: UserId) -> Option<chrono::DateTime<chrono::Utc>> {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Timestamptz)]
        last_visit_at: chrono::DateTime<chrono::Utc>,
    }
    use diesel_async::RunQueryDsl as _;
    let mut conn = app.db().await;
    diesel::sql_query("SELECT last_visit_at FROM member_activity WHERE user_id = $1")
        .bind::<diesel::sql_types::Uuid, _>(*user.as_uuid())
        .get_result::<Row>(&mut conn)
        .await
        .ok()
        .map(|r| r.last_visit_at)
}

/// Waits until `user` has `n` reminders, all sent.
async fn wait_for_reminders(app: &TestApp, user: UserId, n: usize) {
    eventually(&format!("{n} reminder(s) sent"), || async {
        let rows = app.reminders(user).await;
        (rows.len() == n && rows.iter().all(|r| r.status == "sent")).then_some(())
    })
    .await;
}

async fn switch_on(app: &TestApp, user: UserId) {
    let update = pb::UpdateEmailPreferencesRequest { inactivity_reminder: Some(true), ..Default::default() };
    app.set_preferences(user, update).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_visit_is_stored_at_most_once_in_ten_minutes_and_only_for_a_signed_in_member() {
    let app = spawn_app(Delivery::files()).await;
    let user = UserId::new();
    let start = crate::helpers::at("2027-01-01T00:00:00Z"); // whole microseconds, as stored
    app.clock().set(start);

    visit(&app, user).await;
    app.clock().advance(5 * MINUTE);
    visit(&app, user).await;
    assert_eq!(last_visit(&app, user).await, Some(start), "five minutes later: not written again");
    app.clock().advance(6 * MINUTE);
    visit(&app, user).await;
    assert_eq!(last_visit(&app, user).await, Some(start + chrono::Duration::minutes(11)));

    let refused = app
        .client_as(Subject::Anonymous, Role::Visitor)
        .await
        .record_visit(pb::RecordVisitRequest {})
        .await
        .expect_err("a visitor has no visits");
    assert_eq!(refused.code(), Code::PermissionDenied);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_reminder_is_off_by_default() {
    let app = spawn_app(Delivery::files()).await;
    let user = app.member("taro");
    visit(&app, user).await;

    app.clock().advance(30 * DAY);
    app.let_the_scheduler_look().await;

    assert!(app.reminders(user).await.is_empty());
    assert_eq!(app.mails_of_type("inactivity_reminder").await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn seven_days_without_a_visit_bring_one_reminder_a_week_and_a_visit_starts_the_week_again() {
    let app = spawn_app(Delivery::files()).await;
    let user = app.member("taro");
    switch_on(&app, user).await;
    visit(&app, user).await;

    app.clock().advance(7 * DAY - MINUTE);
    app.let_the_scheduler_look().await;
    assert!(app.reminders(user).await.is_empty(), "a minute short of seven days");

    app.clock().advance(MINUTE);
    wait_for_reminders(&app, user, 1).await;
    let files = app.env.mail_dir.wait_for_emails(1).await;
    let text = text_part(&std::fs::read(&files[0]).expect("read")).replace("\r\n", "\n");
    assert!(text.contains("https://meguri.example/\n"), "{text}");
    assert!(text.contains("https://meguri.example/unsubscribe?token="), "{text}");

    app.clock().advance(6 * DAY);
    app.let_the_scheduler_look().await;
    assert_eq!(app.reminders(user).await.len(), 1, "at most once a week");
    app.clock().advance(DAY);
    wait_for_reminders(&app, user, 2).await;

    visit(&app, user).await; // back: the seven days start again
    app.clock().advance(7 * DAY - MINUTE);
    app.let_the_scheduler_look().await;
    assert_eq!(app.reminders(user).await.len(), 2);
    app.clock().advance(MINUTE);
    wait_for_reminders(&app, user, 3).await;
    assert_eq!(app.mails_of_type("inactivity_reminder").await, 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_account_loses_its_deliveries_visits_and_unsubscribe_tokens() {
    let app = spawn_app(Delivery::files()).await;
    let user = app.member("taro");
    switch_on(&app, user).await;
    visit(&app, user).await;
    app.clock().advance(8 * DAY);
    wait_for_reminders(&app, user, 1).await; // a reminder mail, with its token
    let entry = Uuid::now_v7();
    let day = local_date(app.clock().now(), -540, 3);
    app.seal(&letter(entry, user, &day, -540)).await;
    app.wait_for_delivery(entry, "pending").await;
    let counts = [
        "SELECT count(*) AS n FROM scheduled_deliveries WHERE user_id = $1",
        "SELECT count(*) AS n FROM member_activity WHERE user_id = $1",
        "SELECT count(*) AS n FROM unsubscribe_tokens WHERE user_id = $1",
    ];
    for sql in counts {
        assert!(app.count(sql, user).await > 0, "{sql}");
    }

    app.publish(Uuid::now_v7(), &AccountDeleted { user_id: user.to_string() }).await;

    for sql in counts {
        eventually(sql, || async { (app.count(sql, user).await == 0).then_some(()) }).await;
    }
    app.clock().advance(5 * DAY);
    app.let_the_scheduler_look().await;
    assert!(app.letters_delivered().await.is_empty(), "the letter went with the account");
}
