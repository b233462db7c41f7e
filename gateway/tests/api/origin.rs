use serde_json::json;

use crate::helpers::{ORIGIN, json, spawn_app};

#[tokio::test]
async fn a_cross_origin_post_is_refused() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("origin", "https://evil.example")
        .json(&json!({"birthDate": "1990-05-15"}))
        .send()
        .await
        .expect("request");
    let (status, body) = json(response).await;

    assert_eq!(status, 403);
    assert_eq!(body, json!({"message": "許可されていない送信元からのリクエストです", "code": "FORBIDDEN_ORIGIN"}));
    assert!(app.engine().calls().is_empty());
}

#[tokio::test]
async fn a_cross_site_fetch_is_refused_even_without_origin() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("sec-fetch-site", "cross-site")
        .json(&json!({"birthDate": "1990-05-15"}))
        .send()
        .await
        .expect("request");

    assert_eq!(response.status(), 403);
}

#[tokio::test]
async fn a_same_origin_post_and_a_header_less_post_pass() {
    let app = spawn_app().await;

    let same_origin = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("origin", ORIGIN)
        .header("sec-fetch-site", "same-origin")
        .json(&json!({"birthDate": "1990-05-15"}))
        .send()
        .await
        .expect("request");
    let header_less = app.post_calculate(&json!({"birthDate": "1990-05-15"})).await;

    assert_eq!(same_origin.status(), 200);
    assert_eq!(header_less.status(), 200);
}
