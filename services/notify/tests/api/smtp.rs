//! Delivery over real SMTP, to the sink process.

use meguri_events::MAIL_STREAM;
use meguri_ids::UserId;

use crate::helpers::{Delivery, SmtpSink, eventually, fast_retry, spawn_app, text_part, verification_mail};

#[tokio::test(flavor = "multi_thread")]
async fn a_verification_code_arrives_at_the_smtp_server_and_no_body_stays_behind() {
    // Arrange
    let sink = SmtpSink::start(0);
    let app = spawn_app(Delivery::smtp(sink.url())).await;

    // Act
    let event = app.request_mail(&verification_mail(UserId::new(), "482915")).await;

    // Assert: the message as the SMTP server received it
    let files = sink.dir.wait_for_emails(1).await;
    let raw = std::fs::read(&files[0]).expect("read the message");
    let text = text_part(&raw);
    assert!(text.contains("確認コード：482915"), "{text}");
    assert!(text.contains("hanako さん"), "{text}");
    assert!(text.contains("心当たりがない場合は破棄してください"), "{text}");
    let headers = String::from_utf8_lossy(&raw);
    assert!(headers.contains("To: hanako@example.jp"), "{headers}");
    assert!(!headers.contains("List-Unsubscribe"), "a code cannot be unsubscribed from: {headers}");
    assert!(headers.contains("From: Meguri <no-reply@meguri.localhost>"), "{headers}");

    // Assert: the row is sent and holds no code any more
    let row = app.wait_for_status(event, "sent").await;
    assert_eq!((row.attempts, row.r#type.as_str()), (0, "verification_code"));
    assert!(row.has_sent_at);
    assert_eq!((row.body_text, row.body_html), (None, None), "bodies cleared once sent");
    assert!(!row.metadata.contains("482915"), "no code in metadata: {}", row.metadata);

    // Assert: the request (with its code) is gone from the stream
    eventually("the mail request to leave the stream", || async {
        (app.stream_len(MAIL_STREAM).await == 0).then_some(())
    })
    .await;
    assert_eq!(sink.dir.emails().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_first_attempt_is_retried_and_then_sent() {
    let sink = SmtpSink::start(1);
    let app = spawn_app(Delivery::smtp(sink.url())).await;

    let event = app.request_mail(&verification_mail(UserId::new(), "102938")).await;

    let row = app.wait_for_status_over_time(event, "sent").await;
    assert_eq!(row.attempts, 1, "one failed attempt before the one that worked");
    let files = sink.dir.wait_for_emails(1).await;
    assert!(text_part(&std::fs::read(&files[0]).expect("read")).contains("102938"));
    assert_eq!(row.body_text, None);
    assert_eq!(sink.dir.emails().len(), 1, "sent once");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreachable_smtp_server_fails_the_message_after_the_last_attempt() {
    // A port nothing listens on: bind one, then free it.
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port();
    let mut delivery = Delivery::smtp(format!("smtp://127.0.0.1:{port}"));
    delivery.retry = fast_retry(2);
    let app = spawn_app(delivery).await;

    let event = app.request_mail(&verification_mail(UserId::new(), "555555")).await;

    let row = app.wait_for_status_over_time(event, "failed").await;
    assert_eq!(row.attempts, 2);
    assert_eq!((row.body_text, row.body_html), (None, None), "bodies cleared once given up");
    assert!(!row.has_sent_at);
    let error = row.error_message.expect("an error message");
    assert!(error.starts_with("smtp "), "a short class, not a transcript: {error}");
    assert!(error.len() < 60 && !error.contains("555555"), "{error}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_mail_requested_while_notify_is_down_is_sent_when_it_returns() {
    let sink = SmtpSink::start(0);
    let mut first = spawn_app(Delivery::smtp(sink.url())).await;
    first.wait_for_group(MAIL_STREAM, "notify").await;
    first.stop().await;

    // Published while no notify process runs.
    let event = first.request_mail(&verification_mail(UserId::new(), "246810")).await;
    assert!(first.notification(event).await.is_none(), "nothing handled it yet");

    let second = first.restart().await;
    let files = sink.dir.wait_for_emails(1).await;
    assert!(text_part(&std::fs::read(&files[0]).expect("read")).contains("246810"));
    second.wait_for_status(event, "sent").await;
}
