//! social's mail (issue 13): a request names only the recipient's user id; notify honours the
//! recipient's preference, asks identity (a fake here) for the address, and sends over real SMTP.

use std::time::Duration;

use crate::helpers::{
    Delivery, SmtpSink, TestApp, eventually, friend_request_accepted as accepted, friend_request_received as received,
    spawn_app,
};
use meguri_events::MAIL_STREAM;
use meguri_ids::UserId;
use meguri_proto::notify as pb;

/// The text part of a message as read, with SMTP's CRLF line ends as `\n`.
fn text_part(eml: &[u8]) -> String {
    crate::helpers::text_part(eml).replace("\r\n", "\n")
}

/// Waits until the `mail` stream is empty: every request was taken in (and acknowledged).
async fn stream_drained(app: &TestApp) {
    eventually("the mail stream to drain", || async { (app.stream_len(MAIL_STREAM).await == 0).then_some(()) }).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_friend_request_mail_gets_its_address_from_identity_and_links_to_friends() {
    let sink = SmtpSink::start(0);
    let app = spawn_app(Delivery::smtp(sink.url())).await;
    let taro = UserId::new();
    app.env.identity.state.add(taro, "taro@example.jp", "taro");

    let event = app.request_mail(&received(taro)).await;

    let files = sink.dir.wait_for_emails(1).await;
    let raw = std::fs::read(&files[0]).expect("read the message");
    let text = text_part(&raw);
    assert!(text.starts_with("taro さん\n"), "addressed by the username identity gave: {text}");
    assert!(text.contains("花子（@hanako）さんから、巡りでフレンド申請が届きました。"), "{text}");
    assert!(text.contains("https://meguri.example/friends\n"), "{text}");
    assert!(String::from_utf8_lossy(&raw).contains("To: taro@example.jp"));
    let row = app.wait_for_status(event, "sent").await;
    assert_eq!((row.recipient.as_str(), row.r#type.as_str()), ("taro@example.jp", "friend_request_received"));

    // The accepted-request mail goes the same way.
    let event = app.request_mail(&accepted(taro)).await;
    let files = sink.dir.wait_for_emails(2).await;
    let text = text_part(&std::fs::read(&files[1]).expect("read"));
    assert!(text.contains("@hanakoさんが、あなたのフレンド申請を承認しました。"), "{text}");
    assert!(text.contains("https://meguri.example/friends\n"), "{text}");
    assert_eq!(app.wait_for_status(event, "sent").await.r#type, "friend_request_accepted");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_switched_off_preference_sends_nothing_and_the_other_switch_still_works() {
    let sink = SmtpSink::start(0);
    let app = spawn_app(Delivery::smtp(sink.url())).await;
    let taro = UserId::new();
    app.env.identity.state.add(taro, "taro@example.jp", "taro");
    app.set_preferences(
        taro,
        pb::UpdateEmailPreferencesRequest { friend_request_received: Some(false), ..Default::default() },
    )
    .await;

    let unwanted = app.request_mail(&received(taro)).await;
    let wanted = app.request_mail(&accepted(taro)).await;

    // Requests are taken in order: once the second is sent, the first was decided.
    app.wait_for_status(wanted, "sent").await;
    stream_drained(&app).await;
    assert!(app.notification(unwanted).await.is_none(), "no row for a mail the person switched off");
    assert_eq!(sink.dir.wait_for_emails(1).await.len(), 1);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.dir.emails().len(), 1, "only the accepted-request mail");
    assert_eq!(app.env.identity.state.contact_calls(), 1, "identity is not asked for a mail nobody wants");
}

#[tokio::test(flavor = "multi_thread")]
async fn while_identity_is_down_the_request_waits_and_is_sent_once_when_it_answers() {
    let sink = SmtpSink::start(0);
    let app = spawn_app(Delivery::smtp(sink.url())).await;
    let taro = UserId::new();
    app.env.identity.state.add(taro, "taro@example.jp", "taro");
    app.env.identity.state.set_down(true);

    let event = app.request_mail(&received(taro)).await;

    // Tried, refused, and left in the stream (pending) rather than dropped.
    eventually("a first try", || async { (app.env.identity.state.contact_calls() >= 1).then_some(()) }).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(app.notification(event).await.is_none());
    assert_eq!(app.stream_len(MAIL_STREAM).await, 1, "the request is kept");
    assert!(sink.dir.emails().is_empty());

    app.env.identity.state.set_down(false);

    let files = sink.dir.wait_for_emails(1).await;
    assert!(text_part(&std::fs::read(&files[0]).expect("read")).contains("フレンド申請が届きました"));
    app.wait_for_status(event, "sent").await;
    stream_drained(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.dir.emails().len(), 1, "sent once");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_request_for_a_member_identity_no_longer_knows_is_dropped() {
    let sink = SmtpSink::start(0);
    let app = spawn_app(Delivery::smtp(sink.url())).await;
    let deleted = UserId::new();
    let taro = UserId::new();
    app.env.identity.state.add(taro, "taro@example.jp", "taro");

    let dropped = app.request_mail(&received(deleted)).await;
    let sent = app.request_mail(&received(taro)).await;

    app.wait_for_status(sent, "sent").await;
    stream_drained(&app).await;
    assert!(app.notification(dropped).await.is_none(), "nobody to mail: acknowledged, nothing queued");
    assert_eq!(sink.dir.wait_for_emails(1).await.len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_redelivered_friend_request_mails_once() {
    let app = spawn_app(Delivery::files()).await;
    let taro = UserId::new();
    app.env.identity.state.add(taro, "taro@example.jp", "taro");
    let event = uuid::Uuid::now_v7();

    app.publish_mail_as(event, &received(taro)).await;
    app.wait_for_status(event, "sent").await;
    app.publish_mail_as(event, &received(taro)).await;

    stream_drained(&app).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.env.mail_dir.emails().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_optional_mail_without_a_user_breaks_the_contract_and_is_rejected() {
    let app = spawn_app(Delivery::files()).await;
    let mut request = received(UserId::new());
    request.user_id = None;
    request.to = "someone@example.jp".into();

    let event = app.request_mail(&request).await;

    stream_drained(&app).await;
    assert!(app.notification(event).await.is_none());
    assert_eq!(app.env.identity.state.contact_calls(), 0);
}
