//! Friend updates through the gateway: fortune-gen asks the real social for the friends, reads
//! their charts (built from identity's events by the real engine) and keeps the day's updates,
//! served only for those social lists as friends at each read: after a block or an unfriend,
//! neither side's next read has a card of the other; with social down, every read is 503
//! SOCIAL_UNAVAILABLE (a day already built too: who is still a friend is not known).

use std::time::Duration;

use serde_json::json;

use crate::helpers::{Fleet, Member, eventually, spawn_with_fortune, username};

const TOKYO: &str = "/api/friend-updates?timezoneOffset=-540";

async fn chart_ready(fleet: &Fleet, who: &Member) {
    eventually(&format!("{}'s chart", who.username), || async {
        let (_, user) = fleet.get("/api/auth/user", who).await;
        (user["baziChartStatus"] == "ready").then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_friend_with_a_ready_chart_appears_in_the_updates_and_social_down_is_said_plainly() {
    let fleet = spawn_with_fortune().await;
    let alice = fleet.member(&username("alice"), json!({"gender": "female", "birthDate": "1990-05-15"})).await;
    let bob = fleet.member(&username("bob"), json!({"gender": "male", "birthDate": "1988-11-02"})).await;
    let carol = fleet.member(&username("carol"), json!({"birthDate": "1975-03-03"})).await;
    for who in [&alice, &bob, &carol] {
        chart_ready(&fleet, who).await;
    }
    fleet.befriend(&alice, &bob).await;

    let (status, updates) = fleet.get(TOKYO, &alice).await;
    let (lonely_status, lonely) = fleet.get(TOKYO, &carol).await;

    assert_eq!(status, 200, "{updates}");
    let list = updates["updates"].as_array().expect("updates");
    assert_eq!(list.len(), 1, "{updates}");
    assert_eq!(list[0]["friends"][0]["userId"], bob.id.as_str());
    assert_eq!(list[0]["friends"][0]["username"], bob.username.as_str());
    let text = list[0]["text"].as_str().expect("text");
    let mut lines = text.lines();
    assert!(lines.next().is_some_and(|header| !header.starts_with("- ")), "{text}");
    let bullets: Vec<_> = lines.collect();
    assert!((2..=3).contains(&bullets.len()) && bullets.iter().all(|l| l.starts_with("- ")), "{text}");
    assert!(!updates.to_string().contains("1988-11-02"), "no birth data: {updates}");
    assert_eq!(lonely_status, 200);
    assert_eq!(lonely["updates"], json!([]));

    fleet.social.stop();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let unavailable = json!({"message": "フレンド情報を取得できませんでした。しばらくしてからお試しください", "code": "SOCIAL_UNAVAILABLE"});
    let (built_status, built) = fleet.get(TOKYO, &alice).await;
    let (down_status, down) = fleet.get(TOKYO, &bob).await;

    assert_eq!((built_status, &built), (503, &unavailable), "a built day is not served without social");
    assert_eq!((down_status, &down), (503, &unavailable));
}

/// Who of `other` has a card in `who`'s friend updates now.
async fn card_of(fleet: &Fleet, who: &Member, other: &Member) -> bool {
    let (status, body) = fleet.get(TOKYO, who).await;
    assert_eq!(status, 200, "{body}");
    body["updates"].as_array().expect("updates").iter().any(|u| u["friends"][0]["userId"] == other.id.as_str())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_block_or_an_unfriend_hides_each_from_the_others_next_friend_updates() {
    let fleet = spawn_with_fortune().await;
    let alice = fleet.member(&username("alice"), json!({"gender": "female", "birthDate": "1990-05-15"})).await;
    let bob = fleet.member(&username("bob"), json!({"gender": "male", "birthDate": "1988-11-02"})).await;
    let carol = fleet.member(&username("carol"), json!({"birthDate": "1975-03-03", "birthTime": "06:10"})).await;
    for who in [&alice, &bob, &carol] {
        chart_ready(&fleet, who).await;
    }
    fleet.befriend(&alice, &bob).await;
    fleet.befriend(&alice, &carol).await;
    // The day is built and stored on each side with the other's card.
    assert!(card_of(&fleet, &alice, &bob).await && card_of(&fleet, &bob, &alice).await);
    assert!(card_of(&fleet, &alice, &carol).await && card_of(&fleet, &carol, &alice).await);

    // alice blocks bob.
    let (status, _) = fleet.post("/api/blocks", json!({"userId": bob.id}), &alice).await;
    assert_eq!(status, 200);
    let (bob_sees_alice, alice_sees_bob) = (card_of(&fleet, &bob, &alice).await, card_of(&fleet, &alice, &bob).await);

    // carol ends her friendship with alice.
    let (status, _) = fleet.delete(&format!("/api/friends/{}", alice.id), &carol).await;
    assert_eq!(status, 200);
    let (carol_sees_alice, alice_sees_carol) =
        (card_of(&fleet, &carol, &alice).await, card_of(&fleet, &alice, &carol).await);

    assert!(!bob_sees_alice, "the blocked member's next read has no card of the blocker");
    assert!(!alice_sees_bob, "nor the blocker's of the blocked");
    assert!(!carol_sees_alice, "after an unfriend, no card of the former friend");
    assert!(!alice_sees_carol, "on either side");
}
