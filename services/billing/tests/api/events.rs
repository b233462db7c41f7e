//! The sign-up grant, from the `identity` stream.

use meguri_events::IDENTITY_STREAM;
use meguri_ids::UserId;
use meguri_proto::billing as pb;
use meguri_proto::identity::{AccountDeleted, EmailVerified, UserSignedUp};

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread")]
async fn a_signed_up_user_receives_three_credits_once_even_when_the_event_arrives_twice() {
    let mut app = spawn_app().await;
    let user = UserId::new();
    let event_id = uuid::Uuid::now_v7();
    let signed_up = UserSignedUp { user_id: user.to_string() };

    // Arrange: an unrelated event first, which must be acknowledged and ignored.
    app.publish(uuid::Uuid::now_v7(), &AccountDeleted { user_id: UserId::new().to_string() }).await;
    // Act: the same event delivered twice (a relay that crashed between XADD and its delete).
    app.publish(event_id, &signed_up).await;
    let second = app.publish(event_id, &signed_up).await;
    app.wait_until_handled(IDENTITY_STREAM, "billing", &second).await;

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
        .list_ledger(pb::ListLedgerRequest { user_id: user.to_string(), limit: 0, before: None })
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
            uuid::Uuid::now_v7(),
            &EmailVerified { user_id: UserId::new().to_string(), ..EmailVerified::default() },
        )
        .await;
    first.wait_until_handled(IDENTITY_STREAM, "billing", &warmup).await;
    first.stop().await;

    let user = UserId::new();
    let entry = first.publish(uuid::Uuid::now_v7(), &UserSignedUp { user_id: user.to_string() }).await;

    // Same schema and prefix, a new process.
    let second = first.restart().await;
    second.wait_until_handled(IDENTITY_STREAM, "billing", &entry).await;
    let mut service = second.service().await;
    let credits = service
        .get_balance(pb::GetBalanceRequest { user_id: user.to_string() })
        .await
        .expect("balance")
        .into_inner()
        .credits;
    assert_eq!(credits, 3);
}
