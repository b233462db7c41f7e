//! The development checkout: without a Stripe key, a purchase completes or cancels through the
//! same webhook handler, with events billing signs itself.

use meguri_ids::UserId;
use meguri_proto::billing as pb;
use tonic::Code;

use crate::fake_stripe::FakeStripe;
use crate::helpers::{checkout_request, code, spawn_app, spawn_with, spawn_with_stripe, stripe_event};

async fn finish(
    client: &mut crate::helpers::Client,
    id: &str,
    outcome: pb::DevOutcome,
) -> Result<pb::Purchase, tonic::Status> {
    client
        .complete_dev_checkout(pb::CompleteDevCheckoutRequest { purchase_id: id.to_owned(), outcome: outcome.into() })
        .await
        .map(|r| r.into_inner().purchase.expect("the purchase"))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_development_checkout_completes_through_the_webhook_path_once() {
    let app = spawn_app().await;
    let user = UserId::new();
    let created = app.checkout(user, 2, 1).await;
    let purchase = created.purchase.expect("purchase");
    assert_eq!(created.checkout_url, format!("http://localhost:8080/shop/dev-checkout/{}", purchase.id));
    assert!(purchase.stripe_session_id.as_deref().is_some_and(|s| s.starts_with("dev_cs_")));

    let mut client = app.user(user).await;
    let page = client
        .get_dev_checkout(pb::GetDevCheckoutRequest { purchase_id: purchase.id.clone() })
        .await
        .expect("the page's purchase")
        .into_inner();
    assert_eq!((page.id.as_str(), page.status), (purchase.id.as_str(), pb::PurchaseStatus::Pending as i32));
    let someone_else = app
        .user(UserId::new())
        .await
        .get_dev_checkout(pb::GetDevCheckoutRequest { purchase_id: purchase.id.clone() })
        .await
        .expect_err("not theirs");
    assert_eq!((someone_else.code(), code(&someone_else)), (Code::NotFound, Some("PURCHASE_NOT_FOUND")));
    let done = finish(&mut client, &purchase.id, pb::DevOutcome::Complete).await.expect("completed");
    assert_eq!((done.status, done.credits_granted), (pb::PurchaseStatus::Completed as i32, 30));
    assert!(done.stripe_payment_intent_id.as_deref().is_some_and(|p| p.starts_with("dev_pi_")));
    let again = finish(&mut client, &purchase.id, pb::DevOutcome::Complete).await.expect("again");
    assert_eq!(again.status, pb::PurchaseStatus::Completed as i32);
    let late_cancel = finish(&mut client, &purchase.id, pb::DevOutcome::Cancel).await.expect("cancel after paying");
    assert_eq!(late_cancel.status, pb::PurchaseStatus::Completed as i32);

    assert_eq!(app.balance(user).await, 30);
    assert_eq!(app.ledger(user).await, [(30, "purchase".to_owned())]);
    assert_eq!(app.mail_requests().await.len(), 1, "one receipt");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_development_checkout_grants_nothing() {
    let app = spawn_app().await;
    let user = UserId::new();
    let purchase = app.checkout(user, 1, 3).await.purchase.expect("purchase");

    let mut client = app.user(user).await;
    let canceled = finish(&mut client, &purchase.id, pb::DevOutcome::Cancel).await.expect("canceled");
    assert_eq!((canceled.status, canceled.credits_granted), (pb::PurchaseStatus::Canceled as i32, 0));
    let then_paid = finish(&mut client, &purchase.id, pb::DevOutcome::Complete).await.expect("no longer pending");
    assert_eq!(then_paid.status, pb::PurchaseStatus::Canceled as i32);
    assert_eq!(app.balance(user).await, 0);
    assert!(app.mail_requests().await.is_empty());

    let unspecified = finish(&mut client, &purchase.id, pb::DevOutcome::Unspecified).await.expect_err("no outcome");
    assert_eq!(code(&unspecified), Some("INVALID_PAYLOAD"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_purchase_of_another_user_cannot_be_seen_or_finished() {
    let app = spawn_app().await;
    let (owner, stranger) = (UserId::new(), UserId::new());
    let purchase = app.checkout(owner, 1, 1).await.purchase.expect("purchase");
    let mut client = app.user(stranger).await;

    let read =
        client.get_purchase(pb::GetPurchaseRequest { purchase_id: purchase.id.clone() }).await.expect_err("not theirs");
    assert_eq!((read.code(), code(&read)), (Code::NotFound, Some("PURCHASE_NOT_FOUND")));
    let finished = finish(&mut client, &purchase.id, pb::DevOutcome::Complete).await.expect_err("not theirs");
    assert_eq!(code(&finished), Some("PURCHASE_NOT_FOUND"));
    let garbage = client.get_purchase(pb::GetPurchaseRequest { purchase_id: "nope".into() }).await.expect_err("no id");
    assert_eq!(code(&garbage), Some("PURCHASE_NOT_FOUND"));
    let listed = client.list_purchases(pb::ListPurchasesRequest::default()).await.expect("list").into_inner();
    assert!(listed.purchases.is_empty());
    assert_eq!(app.balance(owner).await + app.balance(stranger).await, 0);
    let limit = client
        .list_purchases(pb::ListPurchasesRequest { limit: 101, user_id: String::new() })
        .await
        .expect_err("limit");
    assert_eq!(code(&limit), Some("INVALID_LIMIT"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_development_checkout_page_starts_with_app_base_url_when_set() {
    let app = spawn_with(|mut options| {
        options.app_base_url = Some("https://meguri.example".to_owned());
        options
    })
    .await;
    let created = app.checkout(UserId::new(), 1, 1).await;
    let id = created.purchase.expect("purchase").id;
    assert_eq!(created.checkout_url, format!("https://meguri.example/shop/dev-checkout/{id}"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_development_event_is_a_webhook_like_any_other_and_stripe_mode_refuses_the_development_checkout() {
    let app = spawn_app().await;
    let user = UserId::new();
    let purchase = app.checkout(user, 1, 1).await.purchase.expect("purchase");
    // Delivered through HandleStripeWebhook, signed with the development secret: the same path.
    let event = stripe_event(
        "evt_dev_manual",
        "checkout.session.completed",
        &crate::helpers::session_object(&purchase, "complete", Some("paid"), Some("dev_pi_manual")),
    );
    assert!(app.signed_webhook(&event).await.expect("accepted").handled);
    assert_eq!(app.balance(user).await, 10);

    let stripe = FakeStripe::start().await;
    let with_stripe = spawn_with_stripe(&stripe).await;
    let bought = with_stripe
        .user(user)
        .await
        .create_checkout(checkout_request(1, 1, &uuid::Uuid::new_v4().to_string()))
        .await
        .expect("checkout")
        .into_inner()
        .purchase
        .expect("purchase");
    let refused = finish(&mut with_stripe.user(user).await, &bought.id, pb::DevOutcome::Complete)
        .await
        .expect_err("Stripe is configured");
    assert_eq!((refused.code(), code(&refused)), (Code::FailedPrecondition, Some("DEV_CHECKOUT_DISABLED")));
    let page = with_stripe
        .user(user)
        .await
        .get_dev_checkout(pb::GetDevCheckoutRequest { purchase_id: bought.id.clone() })
        .await
        .expect_err("Stripe is configured");
    assert_eq!((page.code(), code(&page)), (Code::FailedPrecondition, Some("DEV_CHECKOUT_DISABLED")));
    let catalogue =
        with_stripe.user(user).await.list_packs(pb::ListPacksRequest::default()).await.expect("packs").into_inner();
    assert!(!catalogue.dev_checkout);
}
