//! The development transport: one readable `.eml` file per message.

use meguri_events::MAIL_STREAM;
use meguri_ids::UserId;

use crate::helpers::{Delivery, eventually, spawn_app, verification_mail};

#[tokio::test(flavor = "multi_thread")]
async fn without_smtp_each_message_becomes_one_eml_file_even_when_its_event_arrives_twice() {
    let app = spawn_app(Delivery::files()).await;
    let user = UserId::new();
    let request = verification_mail(user, "135790");
    let event = uuid::Uuid::now_v7();

    app.publish_mail_as(event, &request).await;
    app.publish_mail_as(event, &request).await;

    let row = app.wait_for_status(event, "sent").await;
    assert_eq!(row.body_text, None);
    eventually("both deliveries handled", || async { (app.stream_len(MAIL_STREAM).await == 0).then_some(()) }).await;
    let files = app.env.mail_dir.emails();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(app.count("SELECT count(*) AS n FROM email_notifications WHERE user_id = $1", user).await, 1);

    // A person running `make dev` reads the code straight from the file.
    let raw = std::fs::read_to_string(&files[0]).expect("a UTF-8 message");
    assert!(raw.contains("確認コード：135790"), "{raw}");
    assert!(raw.contains("To: hanako@example.jp"));
    assert!(raw.contains("Subject: "));
    assert!(raw.contains("Content-Type: text/html"));
    let name = files[0].file_name().and_then(|n| n.to_str()).expect("name");
    assert!(name.ends_with("-verification_code.eml"), "{name}");
}
