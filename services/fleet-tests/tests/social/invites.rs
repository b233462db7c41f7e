//! The invite flow through the gateway: the public card, a sign-up carrying the inviter, and the
//! request social sends the inviter once the new address is verified (not before); then the two
//! become friends and see their compatibility, computed by the real engine.

use serde_json::json;

use crate::helpers::{eventually, spawn, username};

#[tokio::test(flavor = "multi_thread")]
async fn an_invite_sign_up_asks_the_inviter_after_verification_and_friends_see_their_compatibility() {
    let fleet = spawn().await;
    let alice = fleet.member(&username("alice"), json!({"gender": "female", "birthDate": "1990-05-15"})).await;
    let invite = format!("/api/invites/{}", alice.id);

    let bob_name = username("bob");
    let email =
        fleet.sign_up(&bob_name, json!({"inviterId": alice.id, "gender": "male", "birthDate": "1988-11-02"})).await;
    // Not verified yet: nothing reaches alice.
    assert!(fleet.ids_in(&alice, "incoming").await.is_empty());
    let bob = fleet.verify(&bob_name, &email).await;

    let incoming = eventually("the invite request to reach alice", || async {
        let ids = fleet.ids_in(&alice, "incoming").await;
        (!ids.is_empty()).then_some(ids)
    })
    .await;
    assert_eq!(incoming, vec![bob.id.clone()]);
    assert_eq!(fleet.ids_in(&bob, "outgoing").await, vec![alice.id.clone()]);
    assert_eq!(fleet.get(&invite, &bob).await.1["state"], "outgoing");
    assert_eq!(fleet.get(&invite, &alice).await.1["state"], "self");

    let (status, accepted) = fleet.post(&format!("/api/friends/requests/{}/accept", bob.id), json!({}), &alice).await;
    assert_eq!((status, accepted), (200, json!({"state": "friends"})));

    let path = format!("/api/friends/{}/compatibility", bob.id);
    let compatibility = eventually("the compatibility to be computed", || async {
        let (status, body) = fleet.get(&path, &alice).await;
        assert_eq!(status, 200, "{body}");
        (body["status"] != "pending").then_some(body)
    })
    .await;
    assert_eq!(compatibility["status"], "ready", "{compatibility}");
    let score = compatibility["score"].as_i64().expect("a score");
    assert!((0..=100).contains(&score), "{score}");
    assert!(!compatibility["summary"].as_str().unwrap_or_default().is_empty());
    assert_eq!(compatibility["friend"]["userId"], bob.id.as_str());
    let text = compatibility.to_string();
    assert!(!text.contains("1988-11-02") && !text.contains("1990-05-15"), "no birth data: {text}");
    let (_, friends) = fleet.get("/api/friends", &bob).await;
    assert_eq!(friends["friends"][0]["compatibilityScore"].as_i64(), Some(score), "{friends}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_malformed_inviter_is_refused_and_an_unknown_one_is_ignored() {
    let fleet = spawn().await;

    let (status, body) = fleet
        .call(
            reqwest::Method::POST,
            "/api/auth/signup",
            Some(json!({"email": "x@example.jp", "password": crate::helpers::PASSWORD, "username": username("x"),
                        "privacyPolicyAccepted": true, "inviterId": "alice"})),
            None,
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (400, Some("INVALID_INVITER_ID")));

    let name = username("carol");
    let email = fleet.sign_up(&name, json!({"inviterId": uuid::Uuid::new_v4().to_string()})).await;
    let carol = fleet.verify(&name, &email).await;

    assert!(fleet.ids_in(&carol, "outgoing").await.is_empty());
}
