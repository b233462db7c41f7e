//! Twenty requests and accepts between one pair at once, from both sides: one friendship.

use futures_util::future::join_all;
use serde_json::json;

use crate::helpers::{spawn, username};

#[tokio::test(flavor = "multi_thread")]
async fn twenty_concurrent_requests_and_accepts_between_a_pair_make_one_friendship() {
    let fleet = spawn().await;
    let alice = fleet.member(&username("alice"), json!({})).await;
    let bob = fleet.member(&username("bob"), json!({})).await;

    let calls = (0..20).map(|i| {
        let (me, other) = if i % 2 == 0 { (&alice, &bob) } else { (&bob, &alice) };
        let fleet = &fleet;
        async move {
            if i % 4 < 2 {
                fleet.post("/api/friends/requests", json!({"userId": other.id}), me).await
            } else {
                fleet.post(&format!("/api/friends/requests/{}/accept", other.id), json!({}), me).await
            }
        }
    });
    let answers = join_all(calls).await;

    for (status, body) in &answers {
        let fine = (*status == 200 && ["outgoing", "friends"].contains(&body["state"].as_str().unwrap_or_default()))
            || (*status == 404 && body["code"] == "FRIEND_REQUEST_NOT_FOUND")
            || (*status == 409 && body["code"] == "ALREADY_FRIENDS");
        assert!(fine, "{status} {body}");
    }
    // Both asked each other, so they are friends however the calls interleaved: one row, seen from
    // both sides, and nothing pending.
    assert_eq!(fleet.ids_in(&alice, "friends").await, vec![bob.id.clone()]);
    assert_eq!(fleet.ids_in(&bob, "friends").await, vec![alice.id.clone()]);
    for who in [&alice, &bob] {
        assert!(fleet.ids_in(who, "incoming").await.is_empty());
        assert!(fleet.ids_in(who, "outgoing").await.is_empty());
    }
}
