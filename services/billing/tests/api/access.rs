//! Who may read and move credits.

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::billing as pb;
use tonic::Code;

use crate::helpers::{code, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn a_user_token_cannot_grant_spend_or_refund() {
    let app = spawn_app().await;
    let user = UserId::new();
    let mut own = app.user(user).await;

    let refused = own
        .grant(pb::GrantRequest {
            user_id: user.to_string(),
            credits: 100,
            reason: "admin_grant".into(),
            idempotency_key: "free-money".into(),
        })
        .await
        .expect_err("users cannot grant");
    assert_eq!((refused.code(), code(&refused)), (Code::PermissionDenied, Some("PERMISSION_DENIED")));
    let refused = own
        .spend(pb::SpendRequest {
            user_id: user.to_string(),
            credits: 1,
            reason: "chat_message".into(),
            idempotency_key: "k".into(),
        })
        .await
        .expect_err("users cannot spend directly");
    assert_eq!(refused.code(), Code::PermissionDenied);
    let refused = own
        .refund(pb::RefundRequest {
            user_id: user.to_string(),
            spend_idempotency_key: "k".into(),
            reason: String::new(),
        })
        .await
        .expect_err("users cannot refund");
    assert_eq!(refused.code(), Code::PermissionDenied);

    let mut admin = app.client_as(Subject::User(UserId::new()), Role::Admin).await;
    let granted = admin
        .grant(pb::GrantRequest {
            user_id: user.to_string(),
            credits: 2,
            reason: "admin_grant".into(),
            idempotency_key: "support-ticket-42".into(),
        })
        .await
        .expect("admins may grant")
        .into_inner();
    assert_eq!(granted.balance, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_user_reads_only_their_own_balance_and_a_visitor_none() {
    let app = spawn_app().await;
    let (me, other) = (UserId::new(), UserId::new());
    let mut own = app.user(me).await;
    assert_eq!(
        own.get_balance(pb::GetBalanceRequest { user_id: me.to_string() }).await.expect("own").into_inner().credits,
        0
    );
    let refused = own
        .get_balance(pb::GetBalanceRequest { user_id: other.to_string() })
        .await
        .expect_err("another user's balance");
    assert_eq!(refused.code(), Code::PermissionDenied);
    let refused = own
        .list_ledger(pb::ListLedgerRequest { user_id: other.to_string(), limit: 0, before: None })
        .await
        .expect_err("another user's ledger");
    assert_eq!(refused.code(), Code::PermissionDenied);

    let mut visitor = app.client_as(Subject::Anonymous, Role::Visitor).await;
    let refused = visitor.get_balance(pb::GetBalanceRequest::default()).await.expect_err("visitors have no balance");
    assert_eq!(refused.code(), Code::PermissionDenied);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_without_the_internal_token_is_unauthenticated() {
    let app = spawn_app().await;
    let channel = tonic::transport::Channel::from_shared(format!("http://127.0.0.1:{}", app.grpc_port))
        .expect("uri")
        .connect()
        .await
        .expect("connect");
    let mut anonymous = pb::billing_client::BillingClient::new(channel);
    let refused = anonymous.get_balance(pb::GetBalanceRequest::default()).await.expect_err("no token");
    assert_eq!(refused.code(), Code::Unauthenticated);
}
