//! Staff adjustments: admins only, a reason required, one entry per request id however often and
//! by whomever it is sent, and the audit record with it.

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::billing as pb;
use tonic::Code;

use crate::helpers::{all_at_once, code, spawn_app};

fn adjust(user: UserId, delta: i64, reason: &str, request_id: &str) -> pb::AdjustCreditsRequest {
    pb::AdjustCreditsRequest { user_id: user.to_string(), delta, reason: reason.into(), request_id: request_id.into() }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_grants_and_deducts_with_a_reason_and_each_is_audited() {
    let app = spawn_app().await;
    let (member, staff) = (UserId::new(), UserId::new());
    let mut admin = app.client_as(Subject::User(staff), Role::Admin).await;

    let granted = admin
        .adjust_credits(adjust(member, 5, " お詫びとして付与 ", &uuid::Uuid::now_v7().to_string()))
        .await
        .expect("grant")
        .into_inner();
    assert_eq!((granted.balance, granted.replayed), (5, false));
    let entry = granted.entry.expect("the entry");
    assert_eq!((entry.delta, entry.balance_after, entry.reason.as_str()), (5, 5, "admin_adjustment"));
    assert_eq!(entry.note.as_deref(), Some("お詫びとして付与"));
    assert_eq!(entry.actor_id, Some(staff.to_string()));

    let deducted = admin
        .adjust_credits(adjust(member, -2, "誤付与の取り消し", &uuid::Uuid::now_v7().to_string()))
        .await
        .expect("deduct")
        .into_inner();
    assert_eq!(deducted.balance, 3);
    let refused = admin
        .adjust_credits(adjust(member, -4, "残高を超える減算", &uuid::Uuid::now_v7().to_string()))
        .await
        .expect_err("below zero");
    assert_eq!((refused.code(), code(&refused)), (Code::FailedPrecondition, Some("INSUFFICIENT_CREDITS")));

    // Staff see the note in the ledger; the member does not.
    let mut support = app.client_as(Subject::User(UserId::new()), Role::Support).await;
    let as_staff = support
        .list_ledger(pb::ListLedgerRequest { user_id: member.to_string(), limit: 10, before: None })
        .await
        .expect("staff read the ledger")
        .into_inner();
    assert_eq!(as_staff.entries[0].note.as_deref(), Some("誤付与の取り消し"));
    let mut own = app.user(member).await;
    let as_member = own
        .list_ledger(pb::ListLedgerRequest { user_id: String::new(), limit: 10, before: None })
        .await
        .expect("own ledger")
        .into_inner();
    assert_eq!(as_member.entries.len(), 2);
    assert!(as_member.entries.iter().all(|e| e.note.is_none() && e.actor_id.is_none()));

    let records = app.audit_records().await;
    let summary: Vec<_> = records
        .iter()
        .map(|r| (r.action.as_str(), r.target_id.clone(), r.before.clone(), r.after.clone(), r.reason.clone()))
        .collect();
    assert_eq!(
        summary,
        [
            ("credits.adjust", member.to_string(), Some("0".into()), Some("5".into()), Some("お詫びとして付与".into())),
            ("credits.adjust", member.to_string(), Some("5".into()), Some("3".into()), Some("誤付与の取り消し".into())),
        ]
    );
    assert!(records.iter().all(|r| r.actor_id == staff.to_string() && r.target_type == "member"));
}

#[tokio::test(flavor = "multi_thread")]
async fn support_staff_members_and_services_cannot_adjust_and_nothing_is_written() {
    let app = spawn_app().await;
    let member = UserId::new();
    for (subject, role) in [
        (Subject::User(UserId::new()), Role::Support),
        (Subject::User(member), Role::User),
        (Subject::Anonymous, Role::Service),
    ] {
        let mut client = app.client_as(subject, role).await;
        let refused = client
            .adjust_credits(adjust(member, 5, "権限のない付与", &uuid::Uuid::now_v7().to_string()))
            .await
            .expect_err("only admins adjust");
        assert_eq!((refused.code(), code(&refused)), (Code::PermissionDenied, Some("PERMISSION_DENIED")), "{role:?}");
    }
    assert!(app.ledger(member).await.is_empty());
    assert!(app.audit_records().await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_adjustments_are_refused_with_their_codes() {
    let app = spawn_app().await;
    let member = UserId::new();
    let mut admin = app.client_as(Subject::User(UserId::new()), Role::Admin).await;
    let id = uuid::Uuid::now_v7().to_string();
    for (request, expected) in [
        (adjust(member, 0, "理由", &id), "INVALID_CREDIT_DELTA"),
        (adjust(member, 100_001, "理由", &id), "INVALID_CREDIT_DELTA"),
        (adjust(member, 5, "   ", &id), "ADJUSTMENT_REASON_REQUIRED"),
        (adjust(member, 5, &"長".repeat(201), &id), "ADJUSTMENT_REASON_TOO_LONG"),
        (adjust(member, 5, "理由", "double-click"), "INVALID_REQUEST_ID"),
        (pb::AdjustCreditsRequest { user_id: "nobody".into(), ..adjust(member, 5, "理由", &id) }, "INVALID_USER_ID"),
    ] {
        let refused = admin.adjust_credits(request).await.expect_err(expected);
        assert_eq!((refused.code(), code(&refused)), (Code::InvalidArgument, Some(expected)));
    }
    assert!(app.ledger(member).await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn two_staff_sending_the_same_request_at_once_make_one_entry_and_one_record() {
    let app = spawn_app().await;
    let member = UserId::new();
    let request_id = uuid::Uuid::now_v7().to_string();
    let mut clients = Vec::new();
    for _ in 0..8 {
        clients.push(app.client_as(Subject::User(UserId::new()), Role::Admin).await);
    }
    let clients = std::sync::Arc::new(tokio::sync::Mutex::new(clients));
    let answers = all_at_once(8, || {
        let (clients, request_id) = (clients.clone(), request_id.clone());
        async move {
            let mut client = clients.lock().await.pop().expect("a client");
            client.adjust_credits(adjust(member, 5, "同時の付与", &request_id)).await.map(tonic::Response::into_inner)
        }
    })
    .await;
    let answers: Vec<_> = answers.into_iter().map(|a| a.expect("every copy is answered")).collect();
    assert_eq!(answers.iter().filter(|a| !a.replayed).count(), 1, "exactly one applied");
    assert!(answers.iter().all(|a| a.balance == 5));
    let first = answers[0].entry.as_ref().expect("entry").id.clone();
    assert!(answers.iter().all(|a| a.entry.as_ref().is_some_and(|e| e.id == first)), "all answer the one entry");
    assert_eq!(app.ledger(member).await, [(5, "admin_adjustment".to_owned())]);
    assert_eq!(app.audit_records().await.len(), 1);

    // The same request id for another change is refused, not applied.
    let mut admin = app.client_as(Subject::User(UserId::new()), Role::Admin).await;
    let refused = admin.adjust_credits(adjust(member, 6, "別の変更", &request_id)).await.expect_err("reused");
    assert_eq!(code(&refused), Some("IDEMPOTENCY_KEY_REUSED"));
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_list_a_members_purchases_and_read_the_days_figures() {
    let app = spawn_app().await;
    let member = UserId::new();
    let mut support = app.client_as(Subject::User(UserId::new()), Role::Support).await;
    let listed = support
        .list_purchases(pb::ListPurchasesRequest { limit: 0, user_id: member.to_string() })
        .await
        .expect("staff list a member's purchases")
        .into_inner();
    assert!(listed.purchases.is_empty());
    let stats = support
        .get_purchase_stats(pb::GetPurchaseStatsRequest { since: "2026-01-01T00:00:00Z".into() })
        .await
        .expect("stats")
        .into_inner();
    assert_eq!((stats.count, stats.amount_yen), (0, 0));
    let refused =
        support.get_purchase_stats(pb::GetPurchaseStatsRequest { since: "yesterday".into() }).await.expect_err("since");
    assert_eq!(code(&refused), Some("INVALID_SINCE"));
    let mut own = app.user(member).await;
    let refused = own
        .get_purchase_stats(pb::GetPurchaseStatsRequest { since: "2026-01-01T00:00:00Z".into() })
        .await
        .expect_err("members read no figures");
    assert_eq!(refused.code(), Code::PermissionDenied);
}
