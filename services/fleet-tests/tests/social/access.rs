//! A member reaching for friendships and requests that are not theirs, with the other members'
//! ids and their own cookie: every such call is refused (403/404), and no body names the others.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{assert_nothing_of, spawn, username};

#[tokio::test(flavor = "multi_thread")]
async fn a_stranger_with_the_others_ids_gets_nothing_of_them() {
    let fleet = spawn().await;
    let alice = fleet.member(&username("alice"), json!({})).await;
    let bob = fleet.member(&username("bob"), json!({})).await;
    let carol = fleet.member(&username("carol"), json!({})).await;
    let dave = fleet.member(&username("dave"), json!({})).await;
    // alice and bob are friends; dave asked alice and waits.
    fleet.befriend(&alice, &bob).await;
    let (status, _) = fleet.post("/api/friends/requests", json!({"userId": alice.id}), &dave).await;
    assert_eq!(status, 200);

    let (a, b, d) = (&alice.id, &bob.id, &dave.id);
    let attempts: Vec<(Method, String, Option<Value>)> = vec![
        // alice and bob's friendship
        (Method::GET, format!("/api/friends/{a}/compatibility"), None),
        (Method::GET, format!("/api/friends/{b}/compatibility"), None),
        (Method::DELETE, format!("/api/friends/{a}"), None),
        (Method::DELETE, format!("/api/friends/{b}"), None),
        // dave's request to alice, as if carol were alice or dave
        (Method::POST, format!("/api/friends/requests/{d}/accept"), Some(json!({}))),
        (Method::POST, format!("/api/friends/requests/{d}/decline"), Some(json!({}))),
        (Method::DELETE, format!("/api/friends/requests/{a}"), None),
        (Method::POST, format!("/api/friends/requests/{a}/accept"), Some(json!({}))),
        (Method::POST, format!("/api/friends/requests/{a}/decline"), Some(json!({}))),
        (Method::DELETE, format!("/api/friends/requests/{d}"), None),
    ];
    for (method, path, body) in attempts {
        let (status, answer) = fleet.call(method.clone(), &path, body, Some(&carol.cookie)).await;

        assert!(status == 403 || status == 404, "{method} {path}: {status} {answer}");
        for other in [&alice, &bob, &dave] {
            assert_nothing_of(&answer, other, &format!("{method} {path}"));
        }
    }

    // Nothing changed for the others, and carol's own lists are empty.
    assert_eq!(fleet.ids_in(&alice, "friends").await, vec![bob.id.clone()]);
    assert_eq!(fleet.ids_in(&alice, "incoming").await, vec![dave.id.clone()]);
    assert_eq!(fleet.ids_in(&dave, "outgoing").await, vec![alice.id.clone()]);
    let (_, own) = fleet.get("/api/friends", &carol).await;
    assert_eq!(own, json!({"friends": [], "incoming": [], "outgoing": []}));
}

#[tokio::test(flavor = "multi_thread")]
async fn signed_out_every_friends_route_is_a_401_and_the_invite_card_shows_only_public_fields() {
    let fleet = spawn().await;
    let alice = fleet.member(&username("alice"), json!({"birthDate": "1990-05-15"})).await;
    let id = &alice.id;
    let routes: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, "/api/friends".to_owned(), None),
        (Method::GET, "/api/friends/search?q=al".to_owned(), None),
        (Method::POST, "/api/friends/requests".to_owned(), Some(json!({"userId": id}))),
        (Method::POST, format!("/api/friends/requests/{id}/accept"), Some(json!({}))),
        (Method::POST, format!("/api/friends/requests/{id}/decline"), Some(json!({}))),
        (Method::DELETE, format!("/api/friends/requests/{id}"), None),
        (Method::DELETE, format!("/api/friends/{id}"), None),
        (Method::GET, format!("/api/friends/{id}/compatibility"), None),
        (Method::GET, "/api/blocks".to_owned(), None),
        (Method::POST, "/api/blocks".to_owned(), Some(json!({"userId": id}))),
        (Method::DELETE, format!("/api/blocks/{id}"), None),
        (Method::GET, "/api/friend-updates".to_owned(), None),
    ];
    for (method, path, body) in routes {
        let (status, answer) = fleet.call(method.clone(), &path, body, None).await;

        assert_eq!(status, 401, "{method} {path}: {answer}");
        assert_nothing_of(&answer, &alice, &format!("{method} {path}"));
    }

    let (status, card) = fleet.call(Method::GET, &format!("/api/invites/{id}"), None, None).await;

    assert_eq!(status, 200);
    assert_eq!(
        card,
        json!({"inviter": {"userId": id, "username": alice.username, "firstName": "名前", "profileImageUrl": null},
               "state": null})
    );
}
