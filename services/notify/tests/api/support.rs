//! support's mail (issue 24): a staff reply names only the member; notify asks identity (a fake
//! here) for the address and sends the subject, the start of the reply and the reply link — also
//! when it was requested while notify was down, once it is back, and once only.

use std::time::Duration;

use meguri_events::MAIL_STREAM;
use meguri_ids::UserId;
use meguri_proto::notify::MailRequested;
use meguri_proto::notify::mail_requested::{Kind, SupportReply};

use crate::helpers::{Delivery, SmtpSink, spawn_app};

fn reply_mail(to: UserId) -> MailRequested {
    MailRequested {
        user_id: Some(to.to_string()),
        to: String::new(),
        name: None,
        kind: Some(Kind::SupportReply(SupportReply {
            ticket_id: uuid::Uuid::now_v7().to_string(),
            subject: "ログインできません".into(),
            preview: "パスワードの再設定のリンクをお送りします".into(),
            token: "Abc-DEF_123abcdefghijklmnopqrstuvwxyz01234".into(),
            expires_in_days: 30,
        })),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_staff_reply_requested_while_notify_is_down_is_mailed_once_when_it_returns() {
    let sink = SmtpSink::start(0);
    let mut first = spawn_app(Delivery::smtp(sink.url())).await;
    let taro = UserId::new();
    first.env.identity.state.add(taro, "taro@example.jp", "taro");
    first.wait_for_group(MAIL_STREAM, "notify").await;
    first.stop().await;

    // support's outbox relay publishes while no notify runs.
    let event = first.request_mail(&reply_mail(taro)).await;
    assert!(first.notification(event).await.is_none(), "nothing handled it yet");

    let second = first.restart().await;
    let files = sink.dir.wait_for_emails(1).await;
    let raw = std::fs::read(&files[0]).expect("read the message");
    let text = crate::helpers::text_part(&raw).replace("\r\n", "\n");
    assert!(text.contains("お問い合わせ「ログインできません」に、サポート担当から返信がありました。"), "{text}");
    assert!(text.contains("パスワードの再設定のリンクをお送りします"), "{text}");
    assert!(text.contains("https://meguri.example/support/reply/Abc-DEF_123abcdefghijklmnopqrstuvwxyz01234"), "{text}");
    assert!(String::from_utf8_lossy(&raw).contains("To: taro@example.jp"));
    assert!(!String::from_utf8_lossy(&raw).to_ascii_lowercase().contains("content-disposition: attachment"));
    let row = second.wait_for_status(event, "sent").await;
    assert_eq!((row.recipient.as_str(), row.r#type.as_str()), ("taro@example.jp", "support_reply"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.dir.emails().len(), 1, "mailed once");
}
