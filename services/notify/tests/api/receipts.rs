//! billing's purchase receipt: a request names only the buyer; notify asks identity (a fake here)
//! for the address and sends the receipt over real SMTP, whatever the buyer's preferences.

use meguri_ids::UserId;
use meguri_proto::notify as pb;
use meguri_proto::notify::mail_requested::{Kind, PurchaseReceipt};

use crate::helpers::{Delivery, SmtpSink, spawn_app};

fn receipt(to: UserId, purchase_id: uuid::Uuid) -> pb::MailRequested {
    pb::MailRequested {
        user_id: Some(to.to_string()),
        to: String::new(),
        name: None,
        kind: Some(Kind::PurchaseReceipt(PurchaseReceipt {
            purchase_id: purchase_id.to_string(),
            item_title: "80クレジット".into(),
            amount_yen: 2800,
            quantity: 1,
            credits_granted: 80,
            completed_at: "2026-12-24T12:30:00.000Z".into(),
        })),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_purchase_receipt_reaches_the_buyer_even_with_every_optional_mail_off() {
    let sink = SmtpSink::start(0);
    let app = spawn_app(Delivery::smtp(sink.url())).await;
    let taro = UserId::new();
    app.env.identity.state.add(taro, "taro@example.jp", "taro");
    app.set_preferences(
        taro,
        pb::UpdateEmailPreferencesRequest {
            friend_request_received: Some(false),
            friend_request_accepted: Some(false),
            mentioned_in_diary: Some(false),
            future_diary_delivery: Some(false),
            inactivity_reminder: Some(false),
        },
    )
    .await;
    let purchase = uuid::Uuid::now_v7();

    let event = app.request_mail(&receipt(taro, purchase)).await;

    let files = sink.dir.wait_for_emails(1).await;
    let raw = std::fs::read(&files[0]).expect("read the message");
    let text = crate::helpers::text_part(&raw).replace("\r\n", "\n");
    assert!(text.starts_with("taro さん\n"), "{text}");
    for line in [
        "商品：80クレジット\n",
        "お支払い金額：¥2,800（税込）\n",
        "付与クレジット：80クレジット\n",
        "ご購入日時：2026年12月24日 21:30\n",
        "https://meguri.example/purchase-history\n",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    assert!(!String::from_utf8_lossy(&raw).contains("List-Unsubscribe"), "a receipt is transactional");
    let row = app.wait_for_status(event, "sent").await;
    assert_eq!((row.recipient.as_str(), row.r#type.as_str()), ("taro@example.jp", "purchase_receipt"));
}
