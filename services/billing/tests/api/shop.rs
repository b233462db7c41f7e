//! The catalogue and starting a checkout against a fake Stripe.

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::billing as pb;
use tonic::Code;

use crate::fake_stripe::FakeStripe;
use crate::helpers::{all_at_once, checkout_request, code, spawn_app, spawn_with_stripe};

#[tokio::test(flavor = "multi_thread")]
async fn the_catalogue_lists_the_four_packs_in_yen_with_the_quantity_bound() {
    let app = spawn_app().await;
    let catalogue =
        app.user(UserId::new()).await.list_packs(pb::ListPacksRequest::default()).await.expect("packs").into_inner();

    let shape: Vec<(i32, &str, i64, i64)> =
        catalogue.packs.iter().map(|p| (p.id, p.title.as_str(), p.credits, p.price_yen)).collect();
    assert_eq!(
        shape,
        [
            (1, "10クレジット", 10, 480),
            (2, "30クレジット", 30, 1200),
            (3, "80クレジット", 80, 2800),
            (4, "200クレジット", 200, 6000)
        ]
    );
    let descriptions: Vec<&str> = catalogue.packs.iter().map(|p| p.description.as_str()).collect();
    assert_eq!(
        descriptions,
        ["まずはお試しに。", "お得なパックです。", "じっくり相談したい方に。", "いちばんお得なパックです。"]
    );
    assert!(catalogue.packs.iter().all(|p| p.active));
    assert_eq!((catalogue.max_quantity, catalogue.dev_checkout), (10, true));

    let visitor = app
        .client_as(Subject::Anonymous, Role::Visitor)
        .await
        .list_packs(pb::ListPacksRequest::default())
        .await
        .expect_err("a visitor");
    assert_eq!(code(&visitor), Some("PERMISSION_DENIED"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_checkout_creates_a_pending_purchase_and_one_stripe_session_with_the_pack() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let user = UserId::new();
    let attempt = uuid::Uuid::new_v4().to_string();

    let created =
        app.user(user).await.create_checkout(checkout_request(2, 2, &attempt)).await.expect("checkout").into_inner();

    let purchase = created.purchase.expect("the purchase");
    let session = purchase.stripe_session_id.clone().expect("a session");
    assert!(session.starts_with("cs_test_"), "{session}");
    assert_eq!(created.checkout_url, format!("https://checkout.stripe.test/c/pay/{session}"));
    assert_eq!(purchase.status, pb::PurchaseStatus::Pending as i32);
    assert_eq!((purchase.item_id, purchase.item_title.as_str(), purchase.quantity), (2, "30クレジット", 2));
    assert_eq!((purchase.amount, purchase.credits_granted, purchase.completed_at.clone()), (2400, 0, None));

    let creates = stripe.creates();
    assert_eq!(creates.len(), 1);
    let sent = &creates[0];
    assert_eq!(sent.idempotency_key.as_deref(), Some(format!("checkout:{attempt}").as_str()));
    assert_eq!(sent.authorization.as_deref(), Some("Bearer sk_test_meguri"));
    for (field, value) in [
        ("mode", "payment"),
        ("line_items[0][price_data][currency]", "jpy"),
        ("line_items[0][price_data][unit_amount]", "1200"),
        ("line_items[0][price_data][product_data][name]", "30クレジット"),
        ("line_items[0][quantity]", "2"),
        ("client_reference_id", purchase.id.as_str()),
        ("metadata[user_id]", &user.to_string()),
        ("metadata[purchase_id]", purchase.id.as_str()),
        ("metadata[item_id]", "2"),
        ("metadata[quantity]", "2"),
        ("success_url", &format!("http://localhost:8080/shop?purchase={}&result=success", purchase.id)),
        ("cancel_url", &format!("http://localhost:8080/shop?purchase={}&result=cancel", purchase.id)),
    ] {
        assert_eq!(sent.field(field), Some(value), "{field} in {:?}", sent.form);
    }
    assert_eq!(sent.field("expires_at"), None, "Stripe's default expiry");

    let listed = app.purchase(user, &purchase.id).await;
    assert_eq!((listed.stripe_session_id, listed.status), (Some(session), pb::PurchaseStatus::Pending as i32));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_attempt_twice_or_at_once_is_one_purchase_and_one_stripe_call() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let user = UserId::new();
    let attempt = uuid::Uuid::new_v4().to_string();
    let client = app.user(user).await;

    let answers = all_at_once(5, || {
        let (mut client, attempt) = (client.clone(), attempt.clone());
        async move { client.create_checkout(checkout_request(1, 1, &attempt)).await.map(tonic::Response::into_inner) }
    })
    .await;
    let again = client.clone().create_checkout(checkout_request(1, 1, &attempt)).await.expect("again").into_inner();

    let first = answers.into_iter().map(|a| a.expect("checkout")).collect::<Vec<_>>();
    for answer in &first {
        assert_eq!(answer.checkout_url, again.checkout_url);
        assert_eq!(answer.purchase.as_ref().map(|p| &p.id), again.purchase.as_ref().map(|p| &p.id));
    }
    assert_eq!(stripe.creates().len(), 1, "one Stripe call");
    let listed =
        client.clone().list_purchases(pb::ListPurchasesRequest::default()).await.expect("list").into_inner().purchases;
    assert_eq!(listed.len(), 1, "one purchase");

    let reused = client.clone().create_checkout(checkout_request(2, 1, &attempt)).await.expect_err("another pack");
    assert_eq!((reused.code(), code(&reused)), (Code::InvalidArgument, Some("INVALID_ATTEMPT_ID")));
    let other_user = app
        .user(UserId::new())
        .await
        .create_checkout(checkout_request(1, 1, &attempt))
        .await
        .expect_err("another user's attempt");
    assert_eq!(code(&other_user), Some("INVALID_ATTEMPT_ID"));
}

#[tokio::test(flavor = "multi_thread")]
async fn stripe_down_is_stripe_unavailable_and_stores_nothing() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let user = UserId::new();
    stripe.set_failing(true);

    let refused = app
        .user(user)
        .await
        .create_checkout(checkout_request(1, 1, &uuid::Uuid::new_v4().to_string()))
        .await
        .expect_err("Stripe is down");
    assert_eq!((refused.code(), code(&refused)), (Code::Unavailable, Some("STRIPE_UNAVAILABLE")));
    let listed =
        app.user(user).await.list_purchases(pb::ListPurchasesRequest::default()).await.expect("list").into_inner();
    assert!(listed.purchases.is_empty(), "nothing pending that could be charged: {listed:?}");

    stripe.set_failing(false);
    app.checkout(user, 1, 1).await;
    assert_eq!(stripe.creates().len(), 2);
}

/// Stripe made the session but its answer was lost: billing answers STRIPE_UNAVAILABLE and keeps
/// nothing; the buyer's retry of the same attempt sends Stripe the same request under the same
/// key, so Stripe hands back the session it made instead of refusing the key.
#[tokio::test(flavor = "multi_thread")]
async fn a_retry_after_a_lost_stripe_answer_gets_the_session_stripe_made() {
    let stripe = FakeStripe::start().await;
    let app = spawn_with_stripe(&stripe).await;
    let user = UserId::new();
    let attempt = uuid::Uuid::new_v4().to_string();
    stripe.lose_next_answer();

    let lost = app.user(user).await.create_checkout(checkout_request(3, 1, &attempt)).await.expect_err("lost");
    assert_eq!(code(&lost), Some("STRIPE_UNAVAILABLE"));
    let retried =
        app.user(user).await.create_checkout(checkout_request(3, 1, &attempt)).await.expect("the retry").into_inner();

    let purchase = retried.purchase.expect("the purchase");
    let session = stripe.session_of(&purchase.id);
    assert_eq!(purchase.stripe_session_id.as_deref(), Some(session.id.as_str()));
    assert_eq!(retried.checkout_url, format!("https://checkout.stripe.test/c/pay/{}", session.id));
    assert_eq!((stripe.creates().len(), stripe.created()), (2, 1), "two calls, one session");
    let listed =
        app.user(user).await.list_purchases(pb::ListPurchasesRequest::default()).await.expect("list").into_inner();
    assert_eq!(listed.purchases.len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn invalid_checkouts_name_what_is_wrong_and_only_users_buy() {
    let app = spawn_app().await;
    let mut client = app.user(UserId::new()).await;
    let attempt = uuid::Uuid::new_v4().to_string();
    let cases = [
        (checkout_request(0, 1, &attempt), Code::InvalidArgument, "INVALID_ITEM"),
        (checkout_request(-3, 1, &attempt), Code::InvalidArgument, "INVALID_ITEM"),
        (checkout_request(1, 11, &attempt), Code::InvalidArgument, "INVALID_QUANTITY"),
        (checkout_request(1, -1, &attempt), Code::InvalidArgument, "INVALID_QUANTITY"),
        (checkout_request(99, 1, &attempt), Code::NotFound, "ITEM_NOT_FOUND"),
        (checkout_request(1, 1, "not-a-uuid"), Code::InvalidArgument, "INVALID_ATTEMPT_ID"),
        (
            pb::CreateCheckoutRequest { success_url: "/shop".into(), ..checkout_request(1, 1, &attempt) },
            Code::InvalidArgument,
            "INVALID_PAYLOAD",
        ),
    ];
    for (request, grpc, expected) in cases {
        let refused = client.create_checkout(request).await.expect_err(expected);
        assert_eq!((refused.code(), code(&refused)), (grpc, Some(expected)));
    }
    let listed = client.list_purchases(pb::ListPurchasesRequest::default()).await.expect("list").into_inner();
    assert!(listed.purchases.is_empty());

    let quantity_default =
        client.create_checkout(checkout_request(1, 0, &attempt)).await.expect("0 means 1").into_inner();
    assert_eq!(quantity_default.purchase.map(|p| (p.quantity, p.amount)), Some((1, 480)));

    let service = app.service().await.create_checkout(checkout_request(1, 1, &attempt)).await.expect_err("a service");
    assert_eq!(code(&service), Some("PERMISSION_DENIED"));
    let admin = app
        .client_as(Subject::User(UserId::new()), Role::Admin)
        .await
        .create_checkout(checkout_request(1, 1, &uuid::Uuid::new_v4().to_string()))
        .await
        .expect_err("an admin buys nothing for anyone");
    assert_eq!(code(&admin), Some("PERMISSION_DENIED"));
}

#[tokio::test(flavor = "multi_thread")]
async fn retired_packs_are_not_sold_but_their_purchases_still_list() {
    let app = spawn_app().await;
    let user = UserId::new();
    let bought = app.checkout(user, 1, 1).await.purchase.expect("purchase");
    app.billing.retire_pack(1).await;

    let on_sale =
        app.user(user).await.list_packs(pb::ListPacksRequest::default()).await.expect("packs").into_inner().packs;
    assert_eq!(on_sale.iter().map(|p| p.id).collect::<Vec<_>>(), [2, 3, 4]);
    let all = app
        .client_as(Subject::User(UserId::new()), Role::Admin)
        .await
        .list_packs(pb::ListPacksRequest { include_retired: true })
        .await
        .expect("all packs")
        .into_inner()
        .packs;
    assert_eq!(all.iter().map(|p| (p.id, p.active)).collect::<Vec<_>>(), [(1, false), (2, true), (3, true), (4, true)]);
    let user_asks =
        app.user(user).await.list_packs(pb::ListPacksRequest { include_retired: true }).await.expect_err("retired");
    assert_eq!(code(&user_asks), Some("PERMISSION_DENIED"));

    let refused = app
        .user(user)
        .await
        .create_checkout(checkout_request(1, 1, &uuid::Uuid::new_v4().to_string()))
        .await
        .expect_err("retired");
    assert_eq!((refused.code(), code(&refused)), (Code::NotFound, Some("ITEM_NOT_FOUND")));

    let listed =
        app.user(user).await.list_purchases(pb::ListPurchasesRequest::default()).await.expect("list").into_inner();
    assert_eq!(
        listed.purchases.iter().map(|p| (p.id.as_str(), p.item_title.as_str(), p.amount)).collect::<Vec<_>>(),
        [(bought.id.as_str(), "10クレジット", 480)]
    );
}
