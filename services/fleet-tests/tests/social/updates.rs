//! Friend updates through the gateway: fortune-gen asks the real social for the friends, reads
//! their charts (built from identity's events by the real engine) and keeps the day's updates; with
//! social down, a day not built yet is 503 SOCIAL_UNAVAILABLE while a built one is still served.

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
    let (kept_status, kept) = fleet.get(TOKYO, &alice).await;
    let (down_status, down) = fleet.get(TOKYO, &bob).await;

    assert_eq!((kept_status, &kept), (200, &updates), "the built day is served from storage");
    assert_eq!(down_status, 503);
    assert_eq!(
        down,
        json!({"message": "フレンド情報を取得できませんでした。しばらくしてからお試しください", "code": "SOCIAL_UNAVAILABLE"})
    );
}
