use serde_json::json;

use crate::helpers::{json, spawn_app_with};

async fn calculate_from(app: &crate::helpers::TestApp, ip: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/public/calculate-bazi"))
        .header("x-forwarded-for", ip)
        .json(&json!({"birthDate": "1990-05-15"}))
        .send()
        .await
        .expect("request")
}

#[tokio::test]
async fn hammering_the_calculator_from_one_ip_is_limited_while_another_ip_passes() {
    let app = spawn_app_with(|c| {
        c.rate_limit.enabled = true;
        c.rate_limit.calculate_per_window = 3;
        c.trust_forwarded_for = true;
    })
    .await;

    for _ in 0..3 {
        assert_eq!(calculate_from(&app, "203.0.113.10").await.status(), 200);
    }
    let limited = calculate_from(&app, "203.0.113.10").await;
    let retry_after: u64 = limited
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    let (status, body) = json(limited).await;
    let other = calculate_from(&app, "203.0.113.11").await;

    assert_eq!(status, 429);
    assert_eq!(
        body,
        json!({"message": "リクエストが多すぎます。しばらくしてから再度お試しください。", "code": "RATE_LIMITED"})
    );
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    assert_eq!(other.status(), 200);
    assert_eq!(app.engine().calls().len(), 4, "the refused call never reached the engine");
}

#[tokio::test]
async fn the_place_search_has_its_own_budget() {
    let app = spawn_app_with(|c| {
        c.rate_limit.enabled = true;
        c.rate_limit.calculate_per_window = 1;
        c.rate_limit.places_per_window = 2;
        c.trust_forwarded_for = true;
    })
    .await;
    let search =
        || app.client.get(app.url("/api/places/search?query=tokyo")).header("x-forwarded-for", "203.0.113.20").send();

    assert_eq!(calculate_from(&app, "203.0.113.20").await.status(), 200);
    assert_eq!(search().await.expect("request").status(), 200);
    assert_eq!(search().await.expect("request").status(), 200);
    assert_eq!(search().await.expect("request").status(), 429);
}

#[tokio::test]
async fn forwarded_for_is_ignored_unless_trusted() {
    let app = spawn_app_with(|c| {
        c.rate_limit.enabled = true;
        c.rate_limit.calculate_per_window = 1;
    })
    .await;

    assert_eq!(calculate_from(&app, "203.0.113.30").await.status(), 200);
    // A different claimed address does not escape the limit of the real peer.
    assert_eq!(calculate_from(&app, "203.0.113.31").await.status(), 429);
}

#[tokio::test]
async fn the_limiter_fails_open_when_redis_is_down() {
    let dead_redis = crate::helpers::free_port().await;
    let app = spawn_app_with(|c| {
        c.rate_limit.enabled = true;
        c.rate_limit.calculate_per_window = 1;
        c.redis.url = format!("redis://127.0.0.1:{dead_redis}");
    })
    .await;

    assert_eq!(calculate_from(&app, "203.0.113.40").await.status(), 200);
    assert_eq!(calculate_from(&app, "203.0.113.40").await.status(), 200);
}
