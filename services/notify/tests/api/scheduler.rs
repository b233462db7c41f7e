//! The scheduler: letters to the future scheduled at 07:00 local from social's events, delivered
//! when the (manual) clock reaches them, exactly once across replicas and restarts.

use std::time::Duration;

use meguri_ids::UserId;
use meguri_proto::notify as pb;
use meguri_proto::social::LetterCancelled;
use uuid::Uuid;

use crate::helpers::{Delivery, at, eventually, letter, local_date, spawn_app, text_part};

#[tokio::test(flavor = "multi_thread")]
async fn a_sealed_letter_is_due_at_seven_in_the_morning_of_its_delivery_date_in_the_authors_zone() {
    let app = spawn_app(Delivery::files()).await;
    let cases = [
        (-540, "2027-01-14T22:00:00Z"), // Japan
        (0, "2027-01-15T07:00:00Z"),    // London in winter
        (300, "2027-01-15T12:00:00Z"),  // New York
        (-330, "2027-01-15T01:30:00Z"), // India
    ];
    for (offset, due) in cases {
        let entry = Uuid::now_v7();
        app.seal(&letter(entry, UserId::new(), "2027-01-15", offset)).await;

        let row = app.wait_for_delivery(entry, "pending").await;

        assert_eq!(row.due_at, at(due), "offset {offset}");
        assert_eq!((row.attempts, row.mail, row.leased), (0, None, false));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replayed_or_repeated_sealing_changes_nothing() {
    let app = spawn_app(Delivery::files()).await;
    let (entry, user) = (Uuid::now_v7(), UserId::new());
    let sealed = letter(entry, user, "2027-01-15", -540);
    let event = app.seal(&sealed).await;
    let first = app.wait_for_delivery(entry, "pending").await;

    app.publish(event, &sealed).await; // the same event again
    let later = letter(entry, user, "2027-03-01", 0);
    let other = app.seal(&later).await; // another event for the same entry
    crate::helpers::eventually("both handled", || async {
        (app.count("SELECT count(*) AS n FROM processed_events WHERE event_id = $1", UserId::from_uuid(other)).await
            == 1)
            .then_some(())
    })
    .await;

    let row = app.delivery(entry).await.expect("one row");
    assert_eq!((row.id, row.due_at), (first.id, first.due_at), "the first sealing stands");
    assert_eq!(app.count("SELECT count(*) AS n FROM scheduled_deliveries WHERE user_id = $1", user).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_letter_is_never_delivered_even_when_the_cancellation_comes_first() {
    let app = spawn_app(Delivery::files()).await;
    let user = app.member("taro");
    let now = app.clock().now();
    let tomorrow = local_date(now, 0, 1);
    let (cancelled, early, kept) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
    app.seal(&letter(cancelled, user, &tomorrow, 0)).await;
    app.wait_for_delivery(cancelled, "pending").await;
    let cancel = |entry: Uuid| LetterCancelled { entry_id: entry.to_string(), user_id: user.to_string() };

    app.publish(Uuid::now_v7(), &cancel(cancelled)).await;
    app.publish(Uuid::now_v7(), &cancel(early)).await; // overtakes its own sealing
    app.seal(&letter(early, user, &tomorrow, 0)).await;
    app.seal(&letter(kept, user, &tomorrow, 0)).await;
    app.wait_for_delivery(cancelled, "cancelled").await;
    app.clock().advance(Duration::from_secs(2 * 24 * 3600));

    app.wait_for_delivery(kept, "sent").await;
    app.let_the_scheduler_look().await;
    assert_eq!(app.delivery(cancelled).await.expect("row").status, "cancelled");
    assert_eq!(app.delivery(early).await.expect("row").status, "cancelled", "a late sealing does not revive it");
    let delivered = app.letters_delivered().await;
    assert_eq!(delivered.iter().map(|e| e.entry_id.clone()).collect::<Vec<_>>(), [kept.to_string()]);
    assert_eq!(app.mails_of_type("future_diary_delivery").await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn at_seven_the_letter_is_mailed_and_announced_once_and_not_a_minute_before() {
    let app = spawn_app(Delivery::files()).await;
    let user = app.member("taro");
    let entry = Uuid::now_v7();
    app.clock().set(at("2027-01-14T12:00:00Z"));
    app.seal(&letter(entry, user, "2027-01-15", -540)).await; // 07:00 in Japan = 22:00 UTC
    app.wait_for_delivery(entry, "pending").await;

    app.clock().set(at("2027-01-14T21:59:00Z"));
    app.let_the_scheduler_look().await;
    assert_eq!(app.delivery(entry).await.expect("row").status, "pending", "not a minute before");
    assert!(app.letters_delivered().await.is_empty());

    app.clock().set(at("2027-01-14T22:00:00Z"));
    let row = app.wait_for_delivery(entry, "sent").await;

    assert_eq!(row.mail.as_deref(), Some("queued"));
    let events = app.wait_for_letters_delivered(1).await;
    assert_eq!(events[0].entry_id, entry.to_string());
    assert_eq!(events[0].user_id, user.to_string());
    assert!(events[0].email_sent);
    assert_eq!(events[0].delivered_at, "2027-01-14T22:00:00.000Z", "the scheduler's clock");
    let mail = app.wait_for_status(row.id, "sent").await; // the mail's event id is the delivery's id
    assert_eq!((mail.r#type.as_str(), mail.recipient.as_str()), ("future_diary_delivery", "taro@example.jp"));
    let files = app.env.mail_dir.wait_for_emails(1).await;
    let raw = std::fs::read(&files[0]).expect("the message");
    let text = text_part(&raw).replace("\r\n", "\n");
    assert!(text.contains("2026年1月15日に書いた未来への手紙が、今日届きました。"), "{text}");
    assert!(text.contains("https://meguri.example/diary\n"), "{text}");
    assert!(String::from_utf8_lossy(&raw).contains("Subject: "));
    app.let_the_scheduler_look().await;
    assert_eq!(app.letters_delivered().await.len(), 1, "once");
    assert_eq!(app.env.mail_dir.emails().len(), 1, "once");
}

#[tokio::test(flavor = "multi_thread")]
async fn two_notify_instances_on_one_schema_deliver_each_due_letter_exactly_once() {
    let first = spawn_app(Delivery::files()).await;
    let second = first.restart().await;
    let users: Vec<UserId> = (0..6).map(|i| first.member(&format!("member{i}"))).collect();
    let entries: Vec<Uuid> = users.iter().map(|_| Uuid::now_v7()).collect();
    let day = local_date(first.clock().now(), -540, 1);
    for (entry, user) in entries.iter().zip(&users) {
        first.seal(&letter(*entry, *user, &day, -540)).await;
        first.wait_for_delivery(*entry, "pending").await;
    }

    first.clock().advance(Duration::from_secs(2 * 24 * 3600));

    for entry in &entries {
        first.wait_for_delivery(*entry, "sent").await;
    }
    let events = first.wait_for_letters_delivered(entries.len()).await;
    first.env.mail_dir.wait_for_emails(entries.len()).await;
    first.let_the_scheduler_look().await;
    second.let_the_scheduler_look().await;
    let mut delivered: Vec<String> = first.letters_delivered().await.into_iter().map(|e| e.entry_id).collect();
    delivered.sort();
    let mut expected: Vec<String> = entries.iter().map(ToString::to_string).collect();
    expected.sort();
    assert_eq!(delivered, expected, "each letter announced once: {events:?}");
    assert_eq!(first.mails_of_type("future_diary_delivery").await, 6);
    assert_eq!(first.env.mail_dir.emails().len(), 6, "each letter mailed once");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_delivery_interrupted_after_its_claim_is_delivered_once_after_a_restart() {
    let mut first = spawn_app(Delivery::files()).await;
    let user = first.member("taro");
    let entry = Uuid::now_v7();
    let day = local_date(first.clock().now(), 0, 1);
    first.seal(&letter(entry, user, &day, 0)).await;
    first.wait_for_delivery(entry, "pending").await;
    first.env.identity.state.set_held(true); // the delivery hangs asking for the address

    first.clock().advance(Duration::from_secs(2 * 24 * 3600));
    eventually("the claim", || async { (first.env.identity.state.contact_calls() >= 1).then_some(()) }).await;
    let claimed = first.delivery(entry).await.expect("row");
    assert_eq!((claimed.status.as_str(), claimed.leased), ("pending", true));
    first.stop().await; // killed mid-delivery
    first.env.identity.state.set_held(false);

    let second = first.restart().await;
    second.let_the_scheduler_look().await;
    assert_eq!(second.delivery(entry).await.expect("row").status, "pending", "leased to the dead process");
    second.clock().advance(Duration::from_secs(3 * 60)); // the 2-minute lease runs out

    let row = second.wait_for_delivery(entry, "sent").await;
    assert_eq!((row.attempts, row.mail.as_deref()), (0, Some("queued")));
    second.wait_for_letters_delivered(1).await;
    second.env.mail_dir.wait_for_emails(1).await;
    second.let_the_scheduler_look().await;
    assert_eq!(second.letters_delivered().await.len(), 1);
    assert_eq!(second.env.mail_dir.emails().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn with_the_preference_off_the_letter_is_delivered_in_the_app_without_a_mail() {
    let app = spawn_app(Delivery::files()).await;
    let user = app.member("taro");
    app.set_preferences(
        user,
        pb::UpdateEmailPreferencesRequest { future_diary_delivery: Some(false), ..Default::default() },
    )
    .await;
    let entry = Uuid::now_v7();
    let day = local_date(app.clock().now(), -540, 1);
    app.seal(&letter(entry, user, &day, -540)).await;
    app.wait_for_delivery(entry, "pending").await;

    app.clock().advance(Duration::from_secs(2 * 24 * 3600));

    let row = app.wait_for_delivery(entry, "sent").await;
    assert_eq!(row.mail.as_deref(), Some("preference_off"));
    let events = app.wait_for_letters_delivered(1).await;
    assert!(!events[0].email_sent);
    assert_eq!(app.mails_of_type("future_diary_delivery").await, 0);
    assert_eq!(app.env.identity.state.contact_calls(), 0, "nobody to ask for an address");
}

#[tokio::test(flavor = "multi_thread")]
async fn while_identity_is_down_the_delivery_waits_with_its_error_and_goes_out_once_when_it_answers() {
    let app = spawn_app(Delivery::files()).await;
    let user = app.member("taro");
    let entry = Uuid::now_v7();
    let day = local_date(app.clock().now(), -540, 1);
    app.seal(&letter(entry, user, &day, -540)).await;
    app.wait_for_delivery(entry, "pending").await;
    app.env.identity.state.set_down(true);

    app.clock().advance(Duration::from_secs(2 * 24 * 3600));
    let waiting =
        eventually("a failed attempt", || async { app.delivery(entry).await.filter(|row| row.attempts >= 1) }).await;
    assert_eq!(waiting.status, "pending");
    let error = waiting.error_message.expect("the error is visible");
    assert!(error.contains("identity GetContact failed"), "{error}");
    assert!(app.letters_delivered().await.is_empty());

    app.env.identity.state.set_down(false);
    app.clock().advance(Duration::from_secs(1)); // the next attempt is due 50 ms after the last

    let row = app.wait_for_delivery(entry, "sent").await;
    assert_eq!(row.mail.as_deref(), Some("queued"));
    assert!(app.wait_for_letters_delivered(1).await[0].email_sent);
    app.env.mail_dir.wait_for_emails(1).await;
    app.let_the_scheduler_look().await;
    assert_eq!(app.env.mail_dir.emails().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn after_downtime_every_overdue_letter_goes_out_oldest_first() {
    let mut app = spawn_app(Delivery::files()).await;
    let user = app.member("taro");
    app.clock().set(at("2027-01-01T00:00:00Z"));
    let entries = [(Uuid::now_v7(), "2027-01-05"), (Uuid::now_v7(), "2027-01-03"), (Uuid::now_v7(), "2027-01-04")];
    for (entry, day) in entries {
        app.seal(&letter(entry, user, day, -540)).await;
        app.wait_for_delivery(entry, "pending").await;
    }
    app.stop().await;
    app.clock().set(at("2027-01-10T00:00:00Z")); // notify was down while all three fell due

    let back = app.restart().await;

    let events = back.wait_for_letters_delivered(3).await;
    let order: Vec<String> = events.iter().map(|e| e.entry_id.clone()).collect();
    assert_eq!(order, [entries[1].0.to_string(), entries[2].0.to_string(), entries[0].0.to_string()]);
    for (entry, _) in entries {
        back.wait_for_delivery(entry, "sent").await;
    }
    assert_eq!(back.mails_of_type("future_diary_delivery").await, 3);
}
