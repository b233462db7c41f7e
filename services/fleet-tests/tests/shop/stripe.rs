//! Buying through Stripe (billing at the test's fake Stripe API): the Checkout Session billing
//! asks for, and Stripe's webhooks posted to the gateway as Stripe posts them — replayed, badly
//! signed, refunded.

use futures_util::future::join_all;
use serde_json::Value;

use crate::fake_stripe::{self, Session};
use crate::helpers::{ORIGIN, Payments, QUIET, ShopFleet, WEBHOOK_SECRET, eventually, spawn};

/// A checkout of one pack 2 (30 credits, ¥1,200) through Stripe: the purchase id, its session,
/// and the `checkout.session.completed` event Stripe would send once it is paid.
pub async fn paid_checkout(fleet: &ShopFleet) -> (String, Session, String) {
    let (id, checkout_url) = fleet.checkout(2, 1).await;
    let session = fleet.stripe.as_ref().expect("the fake Stripe").session_of(&id);
    assert_eq!(checkout_url, format!("https://checkout.stripe.test/c/pay/{}", session.id));
    let event = fake_stripe::event(
        &format!("evt_{}", uuid::Uuid::new_v4().simple()),
        "checkout.session.completed",
        &fake_stripe::paid_session(&session, 1200, &format!("pi_{}", uuid::Uuid::new_v4().simple())),
    );
    (id, session, event)
}

#[tokio::test(flavor = "multi_thread")]
async fn billing_asks_stripe_for_the_pack_in_yen_with_the_apps_return_urls() {
    let fleet = spawn(Payments::Stripe).await;

    let (id, session, _) = paid_checkout(&fleet).await;

    let field = |k: &str| session.form.get(k).map(String::as_str);
    assert_eq!(field("mode"), Some("payment"));
    assert_eq!(field("line_items[0][price_data][currency]"), Some("jpy"));
    assert_eq!(field("line_items[0][price_data][unit_amount]"), Some("1200"));
    assert_eq!(field("line_items[0][quantity]"), Some("1"));
    assert_eq!(field("client_reference_id"), Some(id.as_str()));
    assert_eq!(field("metadata[user_id]"), Some(fleet.member.id.as_str()));
    assert_eq!(field("success_url").map(str::to_owned), Some(format!("{ORIGIN}/shop?purchase={id}&result=success")));
    assert_eq!(field("cancel_url").map(str::to_owned), Some(format!("{ORIGIN}/shop?purchase={id}&result=cancel")));
    assert_eq!(fleet.purchase(&id).await["status"], "pending", "nothing is granted by the redirect");
    assert_eq!(fleet.stripe.as_ref().expect("the fake Stripe").created(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_completed_event_delivered_ten_times_grants_once() {
    // Arrange
    let fleet = spawn(Payments::Stripe).await;
    let (before, _) = fleet.ledger().await;
    let (id, _, event) = paid_checkout(&fleet).await;

    // Act: Stripe delivers it, then redelivers it nine times, five of them at once
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(fleet.deliver_signed(&event).await);
    }
    statuses.extend(join_all((0..5).map(|_| fleet.deliver_signed(&event))).await);

    // Assert
    assert_eq!(statuses, [200; 10]);
    let purchase = fleet.purchase(&id).await;
    assert_eq!((purchase["status"].as_str(), purchase["creditsGranted"].as_i64()), (Some("completed"), Some(30)));
    assert_eq!(fleet.ledger().await.0, before + 30);
    assert_eq!(fleet.entries("purchase").await.len(), 1);
    eventually("the receipt mail", || async { (!fleet.receipts().is_empty()).then_some(()) }).await;
    tokio::time::sleep(QUIET).await;
    assert_eq!(fleet.receipts().len(), 1, "one receipt");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bad_signature_an_old_one_or_a_malformed_body_is_a_400_and_the_ledger_is_unchanged() {
    let fleet = spawn(Payments::Stripe).await;
    let (before, entries) = fleet.ledger().await;
    let (id, _, event) = paid_checkout(&fleet).await;
    let now = chrono::Utc::now().timestamp();

    let wrong_secret = fake_stripe::signature(&event, "whsec_somebody_else", now);
    let too_old = fake_stripe::signature(&event, WEBHOOK_SECRET, now - 600);
    let tampered = event.replace("\"amount_total\":1200", "\"amount_total\":1");
    let malformed = "{\"id\": \"evt_x\", \"type\": ";
    let statuses = [
        fleet.deliver(&event, &wrong_secret).await,
        fleet.deliver(&event, &too_old).await,
        fleet.deliver(&tampered, &fake_stripe::signature(&event, WEBHOOK_SECRET, now)).await,
        fleet.deliver(&event, "").await,
        fleet.deliver_signed(malformed).await,
    ];

    assert_eq!(statuses, [400; 5]);
    assert_eq!(fleet.purchase(&id).await["status"], "pending");
    let (after, entries_after) = fleet.ledger().await;
    assert_eq!((after, entries_after.len()), (before, entries.len()));
    // The genuine event still works afterwards.
    assert_eq!(fleet.deliver_signed(&event).await, 200);
    assert_eq!(fleet.ledger().await.0, before + 30);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refund_takes_the_credits_back() {
    // Arrange: a completed purchase
    let fleet = spawn(Payments::Stripe).await;
    let (before, _) = fleet.ledger().await;
    let (id, session, event) = paid_checkout(&fleet).await;
    assert_eq!(fleet.deliver_signed(&event).await, 200);
    assert_eq!(fleet.ledger().await.0, before + 30);
    let payment_intent = serde_json::from_str::<Value>(&event).expect("json")["data"]["object"]["payment_intent"]
        .as_str()
        .expect("a payment intent")
        .to_owned();
    assert!(!session.id.is_empty());

    // Act: Stripe reports the charge refunded (twice, as a redelivery)
    let refund = fake_stripe::event(
        &format!("evt_{}", uuid::Uuid::new_v4().simple()),
        "charge.refunded",
        &fake_stripe::refunded_charge(&payment_intent, 1200),
    );
    assert_eq!(fleet.deliver_signed(&refund).await, 200);
    assert_eq!(fleet.deliver_signed(&refund).await, 200);

    // Assert
    let purchase = fleet.purchase(&id).await;
    assert_eq!((purchase["status"].as_str(), purchase["creditsClawedBack"].as_i64()), (Some("refunded"), Some(30)));
    assert_eq!(fleet.ledger().await.0, before);
    let clawbacks = fleet.entries("purchase_refund").await;
    assert_eq!(clawbacks.len(), 1, "{clawbacks:?}");
    assert_eq!(clawbacks[0]["delta"].as_i64(), Some(-30));
}
