//! Letters to the future: sealed until 07:00 local of their day by notify's clock (moved by the
//! test, never slept through), then delivered in the app once and by mail once — also when notify
//! is stopped in the due minute and started again, and when two notify processes share a schema.

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{DiaryFleet, LETTER_MAIL, MENTION_MAIL, Member, QUIET, WAIT, header, morning_of, spawn};

/// Until 07:00 of its day the letter is sealed in the list, no letter is waiting and no mail went.
async fn still_sealed(fleet: &DiaryFleet, author: &Member, letter: &Value, content: &str) {
    tokio::time::sleep(QUIET).await;
    let listed = fleet.listed(author, letter["id"].as_str().expect("id")).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["sealed"], json!(true), "{}", listed[0]);
    assert_eq!(listed[0]["content"], Value::Null, "{}", listed[0]);
    assert!(!listed[0].to_string().contains(content), "the sealed text left social: {}", listed[0]);
    assert!(fleet.letters(author).await.is_empty(), "a letter before its morning");
    assert!(fleet.mails_to(author, LETTER_MAIL).is_empty(), "a mail before its morning");
    assert_eq!(fleet.letters_delivered(letter["id"].as_str().expect("id")).await, 0);
}

/// The letter arrived once: in the app (shown once, then gone), in the list with its text, by one
/// mail that does not carry the text (`mails` of them in all), announced by one LetterDelivered.
async fn delivered_once(fleet: &DiaryFleet, author: &Member, letter: &Value, content: &str, mails: usize) {
    let id = letter["id"].as_str().expect("id");
    let waiting = meguri_testkit::eventually("the letter in the app", WAIT, || async {
        Some(fleet.letters(author).await).filter(|letters| !letters.is_empty())
    })
    .await;
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0]["id"], json!(id));
    assert_eq!(waiting[0]["content"], json!(content));
    assert_eq!(
        (&waiting[0]["sealed"], &waiting[0]["delivered"], &waiting[0]["hasBeenShown"]),
        (&json!(false), &json!(true), &json!(false)),
        "{}",
        waiting[0]
    );
    let all = fleet.exactly_mails(author, LETTER_MAIL, mails).await;
    for mail in &all {
        assert!(!mail.contains(content), "notify never has the letter: {mail}");
        assert!(header(mail, "List-Unsubscribe").is_some_and(|h| h.contains("/api/unsubscribe?token=")), "{mail}");
    }
    assert_eq!(fleet.letters_delivered(id).await, 1, "one LetterDelivered");
    let listed = meguri_testkit::eventually("emailSent in the list", WAIT, || async {
        let listed = fleet.listed(author, id).await;
        (listed.len() == 1 && listed[0]["emailSent"] == json!(true)).then_some(listed)
    })
    .await;
    assert_eq!(listed[0]["content"], json!(content), "{}", listed[0]);
    assert_eq!(listed[0]["delivered"], json!(true), "{}", listed[0]);

    let path = format!("/api/diary/letters/{id}/mark-shown");
    let (status, body) = fleet.post(&path, json!({}), author).await;
    assert_eq!(status, 204, "{body}");
    assert!(fleet.letters(author).await.is_empty(), "shown once");
    let (status, body) = fleet.post(&path, json!({}), author).await;
    assert_eq!(status, 204, "mark-shown is idempotent: {body}");
    assert!(fleet.letters(author).await.is_empty(), "also when asked again");
    assert_eq!(fleet.listed(author, id).await[0]["hasBeenShown"], json!(true));
}

/// notify's clock goes past the lease, so a row a process left claimed would be taken again: still
/// one mail, one LetterDelivered.
async fn nothing_more_after_the_lease(fleet: &DiaryFleet, author: &Member, letter: &Value, mails: usize) {
    fleet.notify.clock.advance(Duration::from_secs(10 * 60));
    fleet.exactly_mails(author, LETTER_MAIL, mails).await;
    assert_eq!(fleet.letters_delivered(letter["id"].as_str().expect("id")).await, 1);
    assert!(fleet.letters(author).await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_letter_for_tomorrow_arrives_once_at_seven_in_the_morning_by_notifys_clock() {
    // Arrange
    let (fleet, members) = spawn(&["letter"]).await;
    let author = &members[0];
    let content = "明日の私へ。今日は雨でした";
    let letter = fleet.letter_for_tomorrow(author, content).await;
    let morning = morning_of(fleet.tomorrow());

    // Act / Assert: a second before its morning nothing happens
    fleet.notify.clock.set(morning - chrono::Duration::seconds(1));
    still_sealed(&fleet, author, &letter, content).await;

    // Act: the morning comes
    fleet.notify.clock.set(morning + chrono::Duration::seconds(30));

    // Assert
    delivered_once(&fleet, author, &letter, content, 1).await;
    nothing_more_after_the_lease(&fleet, author, &letter, 1).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_letter_whose_notify_stops_in_the_due_minute_arrives_once_after_it_starts_again() {
    // Arrange: two letters, for tomorrow and the day after
    let (mut fleet, members) = spawn(&["stopped"]).await;
    let author = &members[0];
    let days = [fleet.tomorrow(), fleet.tomorrow() + chrono::Days::new(1)];
    let contents = ["止まっても届く手紙", "止まっても届く二通目"];
    let mut letters = Vec::new();
    for (content, day) in contents.iter().zip(days) {
        letters.push(fleet.letter_for(author, content, day).await);
    }

    for (round, ((letter, content), day)) in letters.iter().zip(contents).zip(days).enumerate() {
        // Act: the morning comes and notify stops in the due minute — at once (before it claims the
        // letter), or as soon as the delivery is committed (before the mail may have gone) — then
        // starts again on the same schema; its clock passes the lease a stopped process may have left
        fleet.notify.clock.set(morning_of(day));
        if round == 1 {
            let id = letter["id"].as_str().expect("id");
            meguri_testkit::eventually("the delivery committed", WAIT, || async {
                (fleet.letters_delivered(id).await > 0).then_some(())
            })
            .await;
        }
        fleet.notify.stop().await;
        let again = fleet.notify.start_again().await;
        again.clock.advance(Duration::from_secs(3 * 60));
        fleet.notify = again;

        // Assert
        delivered_once(&fleet, author, letter, content, round + 1).await;
        nothing_more_after_the_lease(&fleet, author, letter, round + 1).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn letters_due_at_once_under_two_notify_processes_arrive_once_each() {
    // Arrange: two notify processes on one schema, three letters due the same morning
    let (fleet, members) = spawn(&["twice"]).await;
    let author = &members[0];
    let second = fleet.notify.start_again().await;
    let contents = ["一通目の手紙", "二通目の手紙", "三通目の手紙"];
    let mut letters = Vec::new();
    for content in contents {
        letters.push(fleet.letter_for_tomorrow(author, content).await);
    }

    // Act
    fleet.notify.clock.set(morning_of(fleet.tomorrow()));

    // Assert: three letters in the app, each listed once and announced once; three mails
    let waiting = meguri_testkit::eventually("three letters in the app", WAIT, || async {
        Some(fleet.letters(author).await).filter(|letters| letters.len() >= 3)
    })
    .await;
    assert_eq!(waiting.len(), 3, "{waiting:?}");
    fleet.exactly_mails(author, LETTER_MAIL, 3).await;
    for (letter, content) in letters.iter().zip(contents) {
        let id = letter["id"].as_str().expect("id");
        assert_eq!(fleet.letters_delivered(id).await, 1, "one LetterDelivered for {content}");
        let listed = fleet.listed(author, id).await;
        assert_eq!(listed.len(), 1, "{listed:?}");
        assert_eq!(listed[0]["content"], json!(content));
        assert_eq!(waiting.iter().filter(|w| w["id"] == json!(id)).count(), 1, "{waiting:?}");
    }
    second.clock.advance(Duration::from_secs(10 * 60));
    fleet.exactly_mails(author, LETTER_MAIL, 3).await;
    assert_eq!(fleet.letters(author).await.len(), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_friend_mentioned_in_a_letter_hears_of_it_only_when_it_is_delivered() {
    // Arrange
    let (fleet, members) = spawn(&["writer", "friend"]).await;
    let (author, friend) = (&members[0], &members[1]);
    fleet.befriend(author, friend).await;
    let content = format!("@{} と来年も桜を見たい", friend.username);
    let letter = fleet.letter_for_tomorrow(author, &content).await;
    let id = letter["id"].as_str().expect("id");
    assert_eq!(letter["mentions"], json!([]), "a sealed letter shows no mentions: {letter}");

    // Assert: before the morning the friend knows nothing
    fleet.notify.clock.set(morning_of(fleet.tomorrow()) - chrono::Duration::minutes(1));
    tokio::time::sleep(QUIET).await;
    assert!(fleet.mention_notifications(friend).await.is_empty());
    let (status, body) = fleet.get(&format!("/api/diary/{id}"), friend).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("DIARY_ENTRY_NOT_FOUND")), "{body}");
    assert!(fleet.mails_to(friend, MENTION_MAIL).is_empty());

    // Act
    fleet.notify.clock.set(morning_of(fleet.tomorrow()));

    // Assert: one notification, one mail; the friend may now read the letter
    let notifications = meguri_testkit::eventually("the friend's mention notification", WAIT, || async {
        Some(fleet.mention_notifications(friend).await).filter(|n| !n.is_empty())
    })
    .await;
    assert_eq!(notifications.len(), 1, "{notifications:?}");
    assert_eq!(notifications[0]["diaryEntry"]["id"], json!(id));
    assert_eq!(notifications[0]["diaryEntry"]["content"], json!(content));
    assert_eq!(notifications[0]["mentioner"]["userId"], json!(author.id));
    fleet.exactly_mails(friend, MENTION_MAIL, 1).await;
    let (status, body) = fleet.get(&format!("/api/diary/{id}"), friend).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["content"], json!(content));
    assert_eq!(fleet.mention_notifications(friend).await.len(), 1, "notified once");
}
