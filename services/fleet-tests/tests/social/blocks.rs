//! Blocks through the gateway: a blocked member can neither find nor ask the blocker (and the
//! blocker does not find them either); unblocking brings search back.

use serde_json::json;

use crate::helpers::{Member, spawn, username};

fn found(results: &serde_json::Value, who: &Member) -> bool {
    results["results"].as_array().expect("results").iter().any(|r| r["userId"] == who.id.as_str())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_blocked_member_can_neither_find_nor_ask_and_unblocking_undoes_it() {
    let fleet = spawn().await;
    let alice = fleet.member(&username("alice"), json!({})).await;
    let bob = fleet.member(&username("bob"), json!({})).await;
    // bob asked alice before the block: the block ends it.
    assert_eq!(fleet.post("/api/friends/requests", json!({"userId": alice.id}), &bob).await.0, 200);
    let search_alice = format!("/api/friends/search?q={}", &alice.username[..8]);
    let search_bob = format!("/api/friends/search?q={}", &bob.username[..6]);
    let (_, before) = fleet.get(&search_alice, &bob).await;
    assert!(found(&before, &alice), "{before}");

    let (status, blocked) = fleet.post("/api/blocks", json!({"userId": bob.id}), &alice).await;
    let (_, bob_search) = fleet.get(&search_alice, &bob).await;
    let (_, alice_search) = fleet.get(&search_bob, &alice).await;
    let (ask_status, ask) = fleet.post("/api/friends/requests", json!({"userId": alice.id}), &bob).await;
    let (_, blocks) = fleet.get("/api/blocks", &alice).await;

    assert_eq!((status, blocked), (200, json!({"state": "blocked"})));
    assert!(!found(&bob_search, &alice), "the blocked member does not find the blocker: {bob_search}");
    assert!(!found(&alice_search, &bob), "nor the blocker the blocked: {alice_search}");
    assert_eq!(ask_status, 404);
    assert_eq!(ask, json!({"message": "ユーザーが見つかりませんでした", "code": "MEMBER_NOT_FOUND"}));
    assert_eq!(blocks["blocked"][0]["userId"], bob.id.as_str());
    assert!(fleet.ids_in(&alice, "incoming").await.is_empty(), "the pending request ended with the block");
    assert!(fleet.ids_in(&bob, "outgoing").await.is_empty());

    let (status, unblocked) = fleet.delete(&format!("/api/blocks/{}", bob.id), &alice).await;
    let (_, after) = fleet.get(&search_alice, &bob).await;

    assert_eq!((status, unblocked), (200, json!({"state": "none"})));
    assert!(found(&after, &alice), "{after}");
    assert_eq!(fleet.post("/api/friends/requests", json!({"userId": alice.id}), &bob).await.0, 200);
}
