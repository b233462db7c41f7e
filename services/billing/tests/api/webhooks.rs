//! Stripe's webhooks, signed by the test with Stripe's scheme (Stripe's own library signs them):
//! completion grants once whatever the replays and the order; bad signatures and bodies change
//! nothing; refunds claw back; a restart between checkout and webhook loses nothing.

use meguri_ids::UserId;
use meguri_proto::billing as pb;
use meguri_proto::notify::mail_requested::Kind;
use tonic::Code;

use crate::fake_stripe::FakeStripe;
use crate::helpers::{
    TestApp, WEBHOOK_SECRET, all_at_once, code, refunded_charge, session_object, spawn_with_stripe, stripe_event,
};

/// A user with a pending purchase of two 30-credit packs (¥2,400, 60 credits).
async fn pending(app: &TestApp) -> (UserId, pb::Purchase) {
    let user = UserId::new();
    let purchase = app.checkout(user, 2, 2).await.purchase.expect("purchase");
    (user, purchase)
}

fn completed(purchase: &pb::Purchase, event_id: &str, payment_intent: &str) -> String {
    stripe_event(
        event_id,
        "checkout.session.completed",
        &session_object(purchase, "complete", Some("paid"), Some(payment_intent)),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn a_paid_session_completes_the_purchase_grants_once_and_queues_one_receipt() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;

    let answer = app.signed_webhook(&completed(&purchase, "evt_1", "pi_1")).await.expect("accepted");
    assert_eq!(
        (answer.event_id.as_str(), answer.event_type.as_str(), answer.handled, answer.replayed),
        ("evt_1", "checkout.session.completed", true, false)
    );

    let done = app.purchase(user, &purchase.id).await;
    assert_eq!(done.status, pb::PurchaseStatus::Completed as i32);
    assert_eq!((done.credits_granted, done.stripe_payment_intent_id.as_deref()), (60, Some("pi_1")));
    assert!(done.completed_at.as_deref().is_some_and(|t| chrono::DateTime::parse_from_rfc3339(t).is_ok()));
    assert_eq!(app.balance(user).await, 60);
    assert_eq!(app.ledger(user).await, [(60, "purchase".to_owned())]);

    let mails = app.mail_requests().await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(
        (mails[0].user_id.clone(), mails[0].to.as_str()),
        (Some(user.to_string()), ""),
        "notify finds the address"
    );
    let Some(Kind::PurchaseReceipt(receipt)) = &mails[0].kind else { panic!("{:?}", mails[0].kind) };
    assert_eq!(
        (
            receipt.purchase_id.as_str(),
            receipt.item_title.as_str(),
            receipt.amount_yen,
            receipt.quantity,
            receipt.credits_granted
        ),
        (purchase.id.as_str(), "30クレジット", 2400, 2, 60)
    );
    assert_eq!(Some(receipt.completed_at.clone()), done.completed_at);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_event_ten_times_in_a_row_and_ten_at_once_grants_once() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;
    let event = completed(&purchase, "evt_again", "pi_again");

    let mut replays = 0;
    for _ in 0..10 {
        replays += usize::from(app.signed_webhook(&event).await.expect("accepted").replayed);
    }
    assert_eq!(replays, 9, "the first applies, nine replay");

    let (other_buyer, other) = pending(&app).await;
    let concurrent = completed(&other, "evt_at_once", "pi_at_once");
    let app = std::sync::Arc::new(app);
    let answers = all_at_once(10, || {
        let (app, event) = (std::sync::Arc::clone(&app), concurrent.clone());
        async move { app.signed_webhook(&event).await }
    })
    .await;
    let applied = answers.iter().filter(|a| a.as_ref().is_ok_and(|a| !a.replayed)).count();
    let replayed = answers.iter().filter(|a| a.as_ref().is_ok_and(|a| a.replayed)).count();
    assert_eq!((applied, replayed), (1, 9), "{answers:?}");

    assert_eq!(app.balance(user).await, 60);
    assert_eq!(app.ledger(user).await.len(), 1);
    assert_eq!(app.balance(other_buyer).await, 60);
    assert_eq!(app.ledger(other_buyer).await.len(), 1);
    assert_eq!(app.mail_requests().await.len(), 2, "one receipt per completed purchase");
}

#[tokio::test(flavor = "multi_thread")]
async fn events_out_of_order_grant_once_and_a_late_expiry_changes_nothing() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;

    app.signed_webhook(&completed(&purchase, "evt_a", "pi_a")).await.expect("completed");
    let second = app.signed_webhook(&completed(&purchase, "evt_b", "pi_a")).await.expect("completed again");
    assert_eq!((second.handled, second.replayed), (true, false), "a new event id, but nothing to do");
    let late_expiry =
        stripe_event("evt_c", "checkout.session.expired", &session_object(&purchase, "expired", Some("unpaid"), None));
    app.signed_webhook(&late_expiry).await.expect("expired after completed");
    let async_paid = stripe_event(
        "evt_d",
        "checkout.session.async_payment_succeeded",
        &session_object(&purchase, "complete", Some("paid"), Some("pi_a")),
    );
    app.signed_webhook(&async_paid).await.expect("async success after completed");

    let done = app.purchase(user, &purchase.id).await;
    assert_eq!((done.status, done.credits_granted), (pb::PurchaseStatus::Completed as i32, 60));
    assert_eq!(app.balance(user).await, 60);
    assert_eq!(app.ledger(user).await.len(), 1);
    assert_eq!(app.mail_requests().await.len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn expiry_failure_and_a_delayed_payment_move_only_pending_purchases() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, expiring) = pending(&app).await;
    let expiry =
        stripe_event("evt_e1", "checkout.session.expired", &session_object(&expiring, "expired", Some("unpaid"), None));
    app.signed_webhook(&expiry).await.expect("expired");
    assert_eq!(app.purchase(user, &expiring.id).await.status, pb::PurchaseStatus::Expired as i32);

    let delayed = app.checkout(user, 1, 1).await.purchase.expect("purchase");
    let unpaid = stripe_event(
        "evt_u1",
        "checkout.session.completed",
        &session_object(&delayed, "complete", Some("unpaid"), Some("pi_konbini")),
    );
    app.signed_webhook(&unpaid).await.expect("completed, not yet paid");
    assert_eq!(app.purchase(user, &delayed.id).await.status, pb::PurchaseStatus::Pending as i32);
    assert_eq!(app.balance(user).await, 0, "nothing granted before the money arrives");
    let failed = stripe_event(
        "evt_f1",
        "checkout.session.async_payment_failed",
        &session_object(&delayed, "complete", Some("unpaid"), Some("pi_konbini")),
    );
    app.signed_webhook(&failed).await.expect("failed");
    assert_eq!(app.purchase(user, &delayed.id).await.status, pb::PurchaseStatus::Failed as i32);
    assert!(app.mail_requests().await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_completed_event_without_its_payment_status_asks_stripe() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;
    let session = purchase.stripe_session_id.clone().expect("session");
    stripe.pay(&session, "pi_asked");

    let event =
        stripe_event("evt_thin", "checkout.session.completed", &session_object(&purchase, "complete", None, None));
    app.signed_webhook(&event).await.expect("accepted");

    assert!(
        stripe.requests().iter().any(|r| r.method == "GET" && r.path == format!("/v1/checkout/sessions/{session}"))
    );
    let done = app.purchase(user, &purchase.id).await;
    assert_eq!((done.status, done.stripe_payment_intent_id.as_deref()), (pb::PurchaseStatus::Completed as i32, None));
    assert_eq!(app.balance(user).await, 60);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_signature_an_old_timestamp_or_a_malformed_body_changes_nothing() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;
    let event = completed(&purchase, "evt_bad", "pi_bad");
    let now = chrono::Utc::now().timestamp();

    let wrong_secret = stripe_webhook::Webhook::generate_test_header(&event, "whsec_someone_else", None);
    let old = stripe_webhook::Webhook::generate_test_header(&event, WEBHOOK_SECRET, Some(now - 301));
    let other_body =
        stripe_webhook::Webhook::generate_test_header(&completed(&purchase, "evt_x", "pi_x"), WEBHOOK_SECRET, None);
    for (signature, why) in [
        (wrong_secret.as_str(), "wrong secret"),
        (old.as_str(), "older than 300 s"),
        (other_body.as_str(), "signed another body"),
        ("", "no header"),
        ("t=abc,v1=def", "garbage"),
    ] {
        let refused = app.webhook(&event, signature).await.expect_err(why);
        assert_eq!((refused.code(), code(&refused)), (Code::InvalidArgument, Some("INVALID_SIGNATURE")), "{why}");
    }
    for body in ["{not json", r#"{"id":"evt_1","type":"checkout.session.completed"}"#, r#"{"object":"event"}"#] {
        let refused = app.signed_webhook(body).await.expect_err(body);
        assert_eq!((refused.code(), code(&refused)), (Code::InvalidArgument, Some("INVALID_PAYLOAD")), "{body}");
    }

    assert_eq!(app.balance(user).await, 0);
    assert!(app.ledger(user).await.is_empty());
    assert_eq!(app.purchase(user, &purchase.id).await.status, pb::PurchaseStatus::Pending as i32);
    // The refused event was not recorded: delivered properly, it applies.
    let answer = app.signed_webhook(&event).await.expect("now signed properly");
    assert!(!answer.replayed);
    assert_eq!(app.balance(user).await, 60);
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_types_and_sessions_billing_did_not_make_are_acknowledged_untouched() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;

    let unknown =
        stripe_event("evt_cus", "customer.created", &serde_json::json!({ "id": "cus_1", "object": "customer" }));
    let answer = app.signed_webhook(&unknown).await.expect("acknowledged");
    assert_eq!((answer.handled, answer.replayed, answer.event_type.as_str()), (false, false, "customer.created"));

    let mut foreign = session_object(&purchase, "complete", Some("paid"), Some("pi_foreign"));
    foreign["id"] = "cs_someone_elses".into();
    let answer =
        app.signed_webhook(&stripe_event("evt_foreign", "checkout.session.completed", &foreign)).await.expect("ok");
    assert!(!answer.handled);
    assert_eq!(app.purchase(user, &purchase.id).await.status, pb::PurchaseStatus::Pending as i32);
    assert_eq!(app.balance(user).await, 0);

    let by_user = app.user(user).await.handle_stripe_webhook(pb::HandleStripeWebhookRequest::default()).await;
    assert_eq!(by_user.map(|_| ()).map_err(|s| code(&s).map(str::to_owned)), Err(Some("PERMISSION_DENIED".to_owned())));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refund_claws_the_credits_back() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;
    app.signed_webhook(&completed(&purchase, "evt_paid", "pi_r")).await.expect("completed");

    let partial = stripe_event("evt_partial", "charge.refunded", &refunded_charge("pi_r", 2400, 1200));
    app.signed_webhook(&partial).await.expect("partial refund");
    assert_eq!(app.balance(user).await, 60, "a partial refund takes nothing back");

    let refund = stripe_event("evt_refund", "charge.refunded", &refunded_charge("pi_r", 2400, 2400));
    app.signed_webhook(&refund).await.expect("refund");
    app.signed_webhook(&refund).await.expect("refund replayed");

    let refunded = app.purchase(user, &purchase.id).await;
    assert_eq!(refunded.status, pb::PurchaseStatus::Refunded as i32);
    assert_eq!((refunded.credits_granted, refunded.credits_clawed_back, refunded.clawback_shortfall), (60, 60, 0));
    assert_eq!(app.balance(user).await, 0);
    assert_eq!(app.ledger(user).await, [(-60, "purchase_refund".to_owned()), (60, "purchase".to_owned())]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refund_beyond_the_balance_takes_what_is_left_and_records_the_shortfall() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;
    app.signed_webhook(&completed(&purchase, "evt_paid", "pi_s")).await.expect("completed");
    app.service()
        .await
        .spend(pb::SpendRequest {
            user_id: user.to_string(),
            credits: 50,
            reason: "chat_message".into(),
            idempotency_key: "chat:1".into(),
        })
        .await
        .expect("spent 50 of 60");

    app.signed_webhook(&stripe_event("evt_refund", "charge.refunded", &refunded_charge("pi_s", 2400, 2400)))
        .await
        .expect("refund");

    let refunded = app.purchase(user, &purchase.id).await;
    assert_eq!((refunded.credits_clawed_back, refunded.clawback_shortfall), (10, 50));
    assert_eq!(refunded.status, pb::PurchaseStatus::Refunded as i32);
    assert_eq!(app.balance(user).await, 0, "never below zero");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refund_that_arrives_before_the_completion_is_applied_when_it_completes() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&app).await;

    let early = app
        .signed_webhook(&stripe_event("evt_refund", "charge.refunded", &refunded_charge("pi_early", 2400, 2400)))
        .await
        .expect("refund first");
    assert!(early.handled);
    assert_eq!(app.balance(user).await, 0);

    app.signed_webhook(&completed(&purchase, "evt_paid", "pi_early")).await.expect("completed later");
    let refunded = app.purchase(user, &purchase.id).await;
    assert_eq!(refunded.status, pb::PurchaseStatus::Refunded as i32);
    assert_eq!((refunded.credits_granted, refunded.credits_clawed_back), (60, 60));
    assert_eq!(app.balance(user).await, 0);
    assert_eq!(app.ledger(user).await.len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restart_between_checkout_and_webhook_loses_nothing() {
    let stripe = FakeStripe::start().await;
    let mut first = spawn_with_stripe(&stripe).await;
    let (user, purchase) = pending(&first).await;
    first.stop().await;

    // Stripe retries the webhook; a fresh process on the same schema receives it.
    let second = first.restart().await;
    let event = completed(&purchase, "evt_after_restart", "pi_restart");
    assert!(!second.signed_webhook(&event).await.expect("accepted").replayed);
    assert!(second.signed_webhook(&event).await.expect("retried").replayed);

    assert_eq!(second.balance(user).await, 60);
    assert_eq!(second.ledger(user).await.len(), 1);
    assert_eq!(second.mail_requests().await.len(), 1);
    assert_eq!(stripe.creates().len(), 1);
}
