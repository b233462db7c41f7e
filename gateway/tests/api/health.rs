use serde_json::json;

use crate::helpers::{free_port, json, spawn_app, spawn_app_with, spawn_app_without_engine};

#[tokio::test]
async fn healthz_answers() {
    let app = spawn_app().await;

    let (status, body) = json(app.get("/healthz").await).await;

    assert_eq!(status, 200);
    assert_eq!(body, json!({"status": "ok"}));
}

#[tokio::test]
async fn readyz_is_ready_when_redis_is() {
    let app = spawn_app().await;

    let (status, _) = json(app.get("/readyz").await).await;

    assert_eq!(status, 200);
}

#[tokio::test]
async fn readyz_does_not_depend_on_a_downstream_service() {
    // With the engine down the calculator answers 503, but the pod stays in the load balancer:
    // sign-in and every other route keep working.
    let app = spawn_app_without_engine(free_port().await).await;

    let (ready, _) = json(app.get("/readyz").await).await;
    let (calculate, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;

    assert_eq!(ready, 200);
    assert_eq!((calculate, body["code"].as_str()), (503, Some("SERVICE_UNAVAILABLE")));
}

#[tokio::test]
async fn readyz_is_503_without_redis_while_the_anonymous_calculator_still_works() {
    let dead_redis = free_port().await;
    let app = spawn_app_with(|c| c.redis.url = format!("redis://127.0.0.1:{dead_redis}")).await;

    let (ready, _) = json(app.get("/readyz").await).await;
    let calculate = app.post_calculate(&json!({"birthDate": "1990-05-15"})).await;

    assert_eq!(ready, 503);
    assert_eq!(calculate.status(), 200, "a visitor needs no Redis round trip");
}

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404() {
    let app = spawn_app().await;

    let (status, body) = json(app.get("/api/no-such-thing").await).await;

    assert_eq!(status, 404);
    assert_eq!(body, json!({"message": "ページが見つかりません", "code": "NOT_FOUND"}));
}
