//! Sending costs a credit exactly once: under a thousand concurrent sends, and when one message id
//! is sent again and again.

use std::sync::Arc;

use futures_util::future::join_all;
use serde_json::json;

use crate::helpers::{SIGN_UP_CREDITS, Sent, birth, new_id, spawn};

/// The sign-up credits plus a grant: N. Then 1,000 sends with distinct ids, all in flight at once.
/// Exactly N are charged and answered; every other one is refused without a charge: for credits
/// (409), or — on a loaded 2-core machine — shed with a 503 (the gateway's session read waited past
/// its Redis pool's 500 ms) or a 504 (chat did not accept within the gateway's deadline). Those are
/// ambiguous for the sender, so each shed send is sent once more with the same id, as the app's
/// 再送する does: it replays the answer if the first try was accepted after all, or is refused.
/// The ledger proves nothing else was charged, and no refused send left a message behind.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_thousand_concurrent_sends_with_a_balance_of_n_charge_exactly_n() {
    let fleet = Arc::new(spawn().await);
    let member = fleet.member("many", birth()).await;
    let n = SIGN_UP_CREDITS + fleet.grant(&member, 2).await - SIGN_UP_CREDITS;
    assert_eq!(n, 5);

    let bodies: Vec<_> =
        (0..1000).map(|i| json!({"messageId": new_id(), "message": format!("今日の運勢は？ {i}")})).collect();
    let sends = bodies.iter().cloned().map(|body| {
        let (fleet, member) = (Arc::clone(&fleet), member.clone());
        tokio::spawn(async move { fleet.send(&member, body).await })
    });
    let answers: Vec<Sent> = join_all(sends).await.into_iter().map(|r| r.expect("the task")).collect();

    let mut accepted = Vec::new();
    let (mut refused, mut shed) = (0, 0);
    for (body, mut answer) in bodies.into_iter().zip(answers) {
        if let Sent::Refused(503 | 504, shed_body) = &answer {
            assert!(shed_body["code"].is_string() && shed_body["message"].is_string(), "{shed_body}");
            shed += 1;
            answer = fleet.send(&member, body).await;
        }
        match answer {
            Sent::Stream(events) => accepted.push(events),
            Sent::Refused(status, body) => {
                assert_eq!(
                    (status, &body),
                    (409, &json!({"message": "クレジットが足りません", "code": "INSUFFICIENT_CREDITS"})),
                    "every other send is refused for credits"
                );
                refused += 1;
            }
        }
    }
    assert_eq!(accepted.len(), 5, "exactly N accepted ({shed} shed at first, then sent again)");
    assert_eq!(refused, 995);
    for events in &accepted {
        assert_eq!(events[0].0, "accepted");
        assert_eq!(events[0].1["creditsUsed"], 1);
        assert_eq!(events.last().map(|(name, _)| name.as_str()), Some("done"), "{events:?}");
    }
    assert_eq!(fleet.balance(&member).await, 0);
    let ledger = fleet.ledger(&member).await;
    let sum: i64 = ledger.iter().map(|e| e.delta).sum();
    assert_eq!(sum, 0, "the ledger's sum is the balance: {ledger:?}");
    let spends = ledger.iter().filter(|e| e.reason == "chat_message").count();
    assert_eq!(spends, 5, "{ledger:?}");
    let (status, page) = fleet.get("/api/chat/messages?limit=50", &member).await;
    assert_eq!(status, 200, "{page}");
    let stored = page["messages"].as_array().expect("messages");
    assert_eq!(stored.len(), 5, "N messages stored, none of the refused: {page}");
    assert!(stored.iter().all(|m| m["status"] == "completed" && m["creditsUsed"] == 1), "{page}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_message_id_sent_ten_times_at_once_is_charged_once_and_answered_alike() {
    let fleet = Arc::new(spawn().await);
    let member = fleet.member("again", birth()).await;
    let id = new_id();

    let sends = (0..10).map(|_| {
        let (fleet, member, id) = (Arc::clone(&fleet), member.clone(), id.clone());
        tokio::spawn(async move { fleet.send(&member, json!({"messageId": id, "message": "仕事運を教えて"})).await })
    });
    let streams: Vec<_> = join_all(sends).await.into_iter().map(|r| r.expect("the task").stream()).collect();

    let done: Vec<_> = streams
        .iter()
        .map(|events| {
            let (name, data) = events.last().expect("events");
            assert_eq!(name, "done", "{events:?}");
            data["message"].clone()
        })
        .collect();
    assert!(done.iter().all(|m| m == &done[0]), "every send gets the same reply: {done:?}");
    assert_eq!(done[0]["id"], id.as_str());
    assert!(!done[0]["response"].as_str().expect("response").is_empty());
    let charged = streams.iter().filter(|events| events[0].1["replayed"] == false).count();
    assert_eq!(charged, 1, "one send charged, the others replayed or attached");
    assert_eq!(fleet.balance(&member).await, SIGN_UP_CREDITS - 1);
    let spends = fleet.ledger(&member).await.into_iter().filter(|e| e.reason == "chat_message").count();
    assert_eq!(spends, 1);
}
