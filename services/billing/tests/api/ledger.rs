//! Grant, spend, refund and the ledger.

use meguri_ids::UserId;
use meguri_proto::billing as pb;
use tonic::Code;

use crate::helpers::{Client, code, spawn_app, spawn_with};

async fn grant(client: &mut Client, user: UserId, credits: i64, key: &str) -> pb::GrantResponse {
    client
        .grant(pb::GrantRequest {
            user_id: user.to_string(),
            credits,
            reason: "admin_grant".into(),
            idempotency_key: key.into(),
        })
        .await
        .expect("grant")
        .into_inner()
}

async fn spend(client: &mut Client, user: UserId, credits: i64, key: &str) -> Result<pb::SpendResponse, tonic::Status> {
    client
        .spend(pb::SpendRequest {
            user_id: user.to_string(),
            credits,
            reason: "chat_message".into(),
            idempotency_key: key.into(),
        })
        .await
        .map(tonic::Response::into_inner)
}

async fn refund(client: &mut Client, user: UserId, key: &str) -> Result<pb::RefundResponse, tonic::Status> {
    client
        .refund(pb::RefundRequest {
            user_id: user.to_string(),
            spend_idempotency_key: key.into(),
            reason: String::new(),
        })
        .await
        .map(tonic::Response::into_inner)
}

async fn balance(client: &mut Client, user: UserId) -> i64 {
    client.get_balance(pb::GetBalanceRequest { user_id: user.to_string() }).await.expect("balance").into_inner().credits
}

#[tokio::test(flavor = "multi_thread")]
async fn grant_spend_and_refund_move_the_balance() {
    let app = spawn_app().await;
    let mut service = app.service().await;
    let user = UserId::new();
    assert_eq!(balance(&mut service, user).await, 0, "a user without rows has 0");

    let granted = grant(&mut service, user, 5, "g1").await;
    assert_eq!((granted.balance, granted.replayed), (5, false));
    let spent = spend(&mut service, user, 2, "s1").await.expect("spend");
    assert_eq!((spent.balance, spent.replayed), (3, false));
    let refunded = refund(&mut service, user, "s1").await.expect("refund");
    assert_eq!((refunded.balance, refunded.replayed), (5, false));

    assert_eq!(balance(&mut service, user).await, 5);
    let mut own = app.user(user).await;
    let mine = own.get_balance(pb::GetBalanceRequest::default()).await.expect("own balance").into_inner();
    assert_eq!(mine.credits, 5, "an empty user_id reads the caller's own balance");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replayed_key_changes_nothing_and_a_reused_key_is_refused() {
    let app = spawn_app().await;
    let mut service = app.service().await;
    let user = UserId::new();
    grant(&mut service, user, 10, "g1").await;
    let first = spend(&mut service, user, 3, "chat:1").await.expect("spend");
    assert_eq!((first.balance, first.replayed), (7, false));

    let again = spend(&mut service, user, 3, "chat:1").await.expect("replay");
    assert_eq!((again.balance, again.replayed), (7, true), "the first result, replayed");
    let granted_again = grant(&mut service, user, 10, "g1").await;
    assert_eq!((granted_again.balance, granted_again.replayed), (10, true), "the grant's own first result");
    assert_eq!(balance(&mut service, user).await, 7, "nothing changed");

    let reused = spend(&mut service, user, 4, "chat:1").await.expect_err("another amount under the same key");
    assert_eq!((reused.code(), code(&reused)), (Code::InvalidArgument, Some("IDEMPOTENCY_KEY_REUSED")));
    let other_user = spend(&mut service, UserId::new(), 3, "chat:1").await.expect_err("another user, same key");
    assert_eq!(code(&other_user), Some("IDEMPOTENCY_KEY_REUSED"));
    assert_eq!(balance(&mut service, user).await, 7);

    let entries = service
        .list_ledger(pb::ListLedgerRequest { user_id: user.to_string(), limit: 0, before: None })
        .await
        .expect("ledger")
        .into_inner()
        .entries;
    assert_eq!(entries.len(), 2, "one row per key: {entries:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn spending_beyond_the_balance_is_insufficient_credits() {
    let app = spawn_app().await;
    let mut service = app.service().await;
    let user = UserId::new();
    grant(&mut service, user, 1, "g1").await;

    let refused = spend(&mut service, user, 2, "s1").await.expect_err("too much");
    assert_eq!(refused.code(), Code::FailedPrecondition);
    assert_eq!(code(&refused), Some("INSUFFICIENT_CREDITS"));
    assert_eq!(balance(&mut service, user).await, 1, "a refused spend takes nothing");

    // The refused key was not recorded: the same key may be used once the balance allows it.
    grant(&mut service, user, 1, "g2").await;
    assert_eq!(spend(&mut service, user, 2, "s1").await.expect("now enough").balance, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_spends_never_overdraw() {
    let app = spawn_app().await;
    let mut service = app.service().await;
    let user = UserId::new();
    grant(&mut service, user, 10, "g1").await;

    let spends = (0..20).map(|i| {
        let mut client = service.clone();
        tokio::spawn(async move { spend(&mut client, user, 1, &format!("chat:{i}")).await })
    });
    let mut ok = 0;
    let mut insufficient = 0;
    for outcome in futures_join(spends).await {
        match outcome {
            Ok(response) => {
                assert!(response.balance >= 0);
                ok += 1;
            }
            Err(status) if code(&status) == Some("INSUFFICIENT_CREDITS") => insufficient += 1,
            Err(status) => panic!("unexpected failure: {status:?}"),
        }
    }
    assert_eq!((ok, insufficient), (10, 10));
    assert_eq!(balance(&mut service, user).await, 0);

    let entries = service
        .list_ledger(pb::ListLedgerRequest { user_id: user.to_string(), limit: 100, before: None })
        .await
        .expect("ledger")
        .into_inner()
        .entries;
    assert_eq!(entries.len(), 11);
    assert!(entries.iter().all(|e| e.balance_after >= 0));
}

async fn futures_join<T: Send + 'static>(handles: impl Iterator<Item = tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for handle in handles.collect::<Vec<_>>() {
        out.push(handle.await.expect("task"));
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn a_spend_is_refunded_at_most_once() {
    let app = spawn_app().await;
    let mut service = app.service().await;
    let user = UserId::new();
    grant(&mut service, user, 3, "g1").await;
    spend(&mut service, user, 2, "s1").await.expect("spend");

    assert_eq!(refund(&mut service, user, "s1").await.expect("refund").balance, 3);
    let again = refund(&mut service, user, "s1").await.expect("replayed refund");
    assert_eq!((again.balance, again.replayed), (3, true));
    assert_eq!(balance(&mut service, user).await, 3);

    let unknown = refund(&mut service, user, "never-spent").await.expect_err("no such spend");
    assert_eq!((unknown.code(), code(&unknown)), (Code::NotFound, Some("SPEND_NOT_FOUND")));
    let grant_key = refund(&mut service, user, "g1").await.expect_err("a grant is not a spend");
    assert_eq!(code(&grant_key), Some("SPEND_NOT_FOUND"));
    let other = refund(&mut service, UserId::new(), "s1").await.expect_err("another user's spend");
    assert_eq!(code(&other), Some("SPEND_NOT_FOUND"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_ledger_lists_the_newest_rows_first() {
    let app = spawn_app().await;
    let mut service = app.service().await;
    let user = UserId::new();
    grant(&mut service, user, 5, "g1").await;
    spend(&mut service, user, 1, "s1").await.expect("spend");
    spend(&mut service, user, 2, "s2").await.expect("spend");

    let mut own = app.user(user).await;
    let entries = own
        .list_ledger(pb::ListLedgerRequest { user_id: String::new(), limit: 2, before: None })
        .await
        .expect("ledger")
        .into_inner()
        .entries;
    let shape: Vec<(i64, i64, &str)> = entries.iter().map(|e| (e.delta, e.balance_after, e.reason.as_str())).collect();
    assert_eq!(shape, [(-2, 2, "chat_message"), (-1, 4, "chat_message")]);
    assert!(chrono::DateTime::parse_from_rfc3339(&entries[0].created_at).is_ok(), "{}", entries[0].created_at);

    let refused = own
        .list_ledger(pb::ListLedgerRequest { user_id: String::new(), limit: 101, before: None })
        .await
        .expect_err("limit");
    assert_eq!(code(&refused), Some("INVALID_LIMIT"));
}

#[tokio::test(flavor = "multi_thread")]
async fn invalid_requests_name_what_is_wrong() {
    let app = spawn_app().await;
    let mut service = app.service().await;
    let user = UserId::new();
    let cases = [
        (
            pb::SpendRequest {
                user_id: "nobody".into(),
                credits: 1,
                reason: "chat_message".into(),
                idempotency_key: "k".into(),
            },
            "INVALID_USER_ID",
        ),
        (
            pb::SpendRequest {
                user_id: user.to_string(),
                credits: 0,
                reason: "chat_message".into(),
                idempotency_key: "k".into(),
            },
            "INVALID_AMOUNT",
        ),
        (
            pb::SpendRequest {
                user_id: user.to_string(),
                credits: 1,
                reason: "Chat Message".into(),
                idempotency_key: "k".into(),
            },
            "INVALID_REASON",
        ),
        (
            pb::SpendRequest {
                user_id: user.to_string(),
                credits: 1,
                reason: "chat_message".into(),
                idempotency_key: String::new(),
            },
            "INVALID_IDEMPOTENCY_KEY",
        ),
    ];
    for (request, expected) in cases {
        let refused = service.spend(request).await.expect_err(expected);
        assert_eq!((refused.code(), code(&refused)), (Code::InvalidArgument, Some(expected)));
    }
}

/// Every page of `user`'s own ledger, `limit` entries at a time, following `next_before`.
async fn whole_ledger(client: &mut Client, limit: i32) -> Vec<pb::LedgerEntry> {
    let (mut entries, mut before) = (Vec::new(), None);
    loop {
        let page = client
            .list_ledger(pb::ListLedgerRequest { user_id: String::new(), limit, before: before.take() })
            .await
            .expect("a ledger page")
            .into_inner();
        assert!(page.entries.len() <= usize::try_from(limit).expect("limit"), "a page holds at most `limit`");
        entries.extend(page.entries);
        match page.next_before {
            Some(next) => before = Some(next),
            None => return entries,
        }
    }
}

/// The case: charges sent at the same moment (with grants and refunds among them) were
/// listed in another order than they moved the balance (balanceAfter 0, 2, 1, 3… newest first).
/// Read page by page, the ledger is the order of application: each entry is the one before it
/// plus its own change, the places fall by one, and the times never go back.
#[tokio::test(flavor = "multi_thread")]
async fn forty_concurrent_charges_are_listed_in_the_order_they_were_applied_across_pages() {
    let app = spawn_app().await;
    let service = app.service().await;
    let user = UserId::new();
    grant(&mut service.clone(), user, 100, "start").await;

    // 40 charges of 1, 2 or 3 credits at once; four of them are refunded right after their own
    // charge, and three grants land among them.
    let charges = (0..40).map(|i| {
        let mut client = service.clone();
        tokio::spawn(async move {
            let key = format!("chat:{i}");
            spend(&mut client, user, i % 3 + 1, &key).await.expect("a charge the balance covers");
            if i % 10 == 0 {
                refund(&mut client, user, &key).await.expect("the refund of that charge");
            }
        })
    });
    let grants = (0..3).map(|i| {
        let mut client = service.clone();
        tokio::spawn(async move {
            grant(&mut client, user, 5, &format!("grant:{i}")).await;
        })
    });
    futures_join(charges.chain(grants)).await;

    let charged: i64 = (0..40).map(|i| i % 3 + 1).sum();
    let refunded: i64 = (0..40).filter(|i| i % 10 == 0).map(|i| i % 3 + 1).sum();
    let expected_balance = 100 - charged + refunded + 3 * 5;
    let mut service = service;
    assert_eq!(balance(&mut service, user).await, expected_balance);

    let mut own = app.user(user).await;
    let ledger = whole_ledger(&mut own, 7).await;
    assert_eq!(ledger.len(), 1 + 40 + 4 + 3, "every change once, across the pages");
    assert_eq!(ledger[0].balance_after, expected_balance, "the newest entry is the balance now");
    let oldest = ledger.last().expect("the first grant");
    assert_eq!((oldest.delta, oldest.balance_after, oldest.seq), (100, 100, 1));
    for pair in ledger.windows(2) {
        let (newer, older) = (&pair[0], &pair[1]);
        assert_eq!(
            newer.balance_after,
            older.balance_after + newer.delta,
            "each entry follows the one before it:\n  newer {newer:?}\n  older {older:?}"
        );
        assert_eq!(newer.seq, older.seq + 1, "the places fall by one: {newer:?} after {older:?}");
        let at = |e: &pb::LedgerEntry| chrono::DateTime::parse_from_rfc3339(&e.created_at).expect("RFC 3339");
        assert!(at(newer) >= at(older), "the times never go back: {newer:?} after {older:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ledger_page_starts_only_where_a_page_ended() {
    let app = spawn_app().await;
    let mut service = app.service().await;
    let user = UserId::new();
    for i in 0..3 {
        grant(&mut service, user, 1, &format!("g{i}")).await;
    }
    let mut own = app.user(user).await;
    let list = |before: Option<&str>| pb::ListLedgerRequest {
        user_id: String::new(),
        limit: 2,
        before: before.map(str::to_owned),
    };

    let first = own.list_ledger(list(None)).await.expect("first page").into_inner();
    assert_eq!(first.entries.iter().map(|e| e.balance_after).collect::<Vec<_>>(), [3, 2]);
    let next = first.next_before.expect("a second page");
    let second = own.list_ledger(list(Some(&next))).await.expect("second page").into_inner();
    assert_eq!(second.entries.iter().map(|e| e.balance_after).collect::<Vec<_>>(), [1]);
    assert_eq!(second.next_before, None, "the last page says so");
    let empty = own.list_ledger(list(Some(""))).await.expect("an empty cursor is the newest").into_inner();
    assert_eq!(empty.entries, first.entries);

    for bad in ["abc", "0", "-1", "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b"] {
        let refused = own.list_ledger(list(Some(bad))).await.expect_err(bad);
        assert_eq!((refused.code(), code(&refused)), (Code::InvalidArgument, Some("INVALID_CURSOR")), "{bad}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_clock_set_back_never_dates_a_change_before_the_one_it_follows() {
    let start = chrono::DateTime::parse_from_rfc3339("2026-11-29T03:00:00Z").expect("time").to_utc();
    let clock = std::sync::Arc::new(billing::testkit::ManualClock::at(start));
    let app = spawn_with(|options| billing::testkit::TestOptions { clock: Some(clock.clone()), ..options }).await;
    let mut service = app.service().await;
    let user = UserId::new();
    grant(&mut service, user, 2, "g1").await;
    clock.set(start - chrono::Duration::hours(1));
    spend(&mut service, user, 1, "s1").await.expect("spend");

    let mut own = app.user(user).await;
    let ledger = whole_ledger(&mut own, 20).await;
    let at = |e: &pb::LedgerEntry| chrono::DateTime::parse_from_rfc3339(&e.created_at).expect("RFC 3339");
    assert_eq!(ledger.iter().map(|e| (e.seq, e.balance_after)).collect::<Vec<_>>(), [(2, 1), (1, 2)]);
    assert_eq!(at(&ledger[1]), start, "dated by the service's clock");
    assert_eq!(at(&ledger[0]), at(&ledger[1]), "not an hour before the grant it follows");
}
