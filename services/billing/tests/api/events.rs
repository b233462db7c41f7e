//! The sign-up grant, from the `identity` stream.

use meguri_events::Event as _;
use meguri_events::contracts::{self, AccountDeleted, UserSignedUp};
use meguri_ids::UserId;
use meguri_proto::billing as pb;

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread")]
async fn a_signed_up_user_receives_three_credits_once_even_when_the_event_arrives_twice() {
    let mut app = spawn_app().await;
    let user = UserId::new();
    let event_id = uuid::Uuid::now_v7();
    let payload = serde_json::to_value(UserSignedUp { user_id: user }).expect("payload");

    // Arrange: an unrelated event first, which must be acknowledged and ignored.
    let other = serde_json::to_value(AccountDeleted { user_id: UserId::new() }).expect("payload");
    app.publish(contracts::IDENTITY_STREAM, uuid::Uuid::now_v7(), AccountDeleted::TYPE, &other).await;
    // Act: the same event delivered twice (a relay that crashed between XADD and its delete).
    app.publish(contracts::IDENTITY_STREAM, event_id, UserSignedUp::TYPE, &payload).await;
    let second = app.publish(contracts::IDENTITY_STREAM, event_id, UserSignedUp::TYPE, &payload).await;
    app.wait_until_handled(contracts::IDENTITY_STREAM, "billing", &second).await;

    // Assert
    let mut service = app.service().await;
    let credits = service
        .get_balance(pb::GetBalanceRequest { user_id: user.to_string() })
        .await
        .expect("balance")
        .into_inner()
        .credits;
    assert_eq!(credits, 3);
    let entries = service
        .list_ledger(pb::ListLedgerRequest { user_id: user.to_string(), limit: 0 })
        .await
        .expect("ledger")
        .into_inner()
        .entries;
    let shape: Vec<(i64, &str)> = entries.iter().map(|e| (e.delta, e.reason.as_str())).collect();
    assert_eq!(shape, [(3, "signup_bonus")]);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sign_up_published_while_billing_is_down_is_granted_when_it_returns() {
    let mut first = spawn_app().await;
    // The group exists once the first consumer has run: wait for it to handle an entry.
    let warmup = first
        .publish(
            contracts::IDENTITY_STREAM,
            uuid::Uuid::now_v7(),
            "identity.email_verified",
            &serde_json::json!({"userId": UserId::new()}),
        )
        .await;
    first.wait_until_handled(contracts::IDENTITY_STREAM, "billing", &warmup).await;
    first.stop().await;

    let user = UserId::new();
    let payload = serde_json::to_value(UserSignedUp { user_id: user }).expect("payload");
    let entry = first.publish(contracts::IDENTITY_STREAM, uuid::Uuid::now_v7(), UserSignedUp::TYPE, &payload).await;

    // Same schema and prefix, a new process.
    let second = first.restart().await;
    second.wait_until_handled(contracts::IDENTITY_STREAM, "billing", &entry).await;
    let mut service = second.service().await;
    let credits = service
        .get_balance(pb::GetBalanceRequest { user_id: user.to_string() })
        .await
        .expect("balance")
        .into_inner()
        .credits;
    assert_eq!(credits, 3);
}
