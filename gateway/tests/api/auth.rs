use meguri_auth::Role;
use meguri_ids::UserId;
use serde_json::json;

use crate::helpers::{json, spawn_app};

#[tokio::test]
async fn the_current_user_without_a_session_is_a_401() {
    let app = spawn_app().await;

    let response = app.get("/api/auth/user").await;
    assert!(response.headers().get("set-cookie").is_none(), "no session is created for a visitor");
    let (status, body) = json(response).await;

    assert_eq!(status, 401);
    assert_eq!(body, json!({"message": "ログインが必要です", "code": "UNAUTHENTICATED"}));
}

#[tokio::test]
async fn a_cookie_of_an_ended_session_is_a_401_and_is_cleared() {
    let app = spawn_app().await;
    let (id, cookie) = app.session_cookie_for(UserId::new(), Role::User).await;
    app.sessions.delete(&id).await.expect("delete");

    let response = app.client.get(app.url("/api/auth/user")).header("cookie", cookie).send().await.expect("request");
    let cleared = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .expect("the stale cookie is cleared");

    assert_eq!(response.status(), 401);
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
}

#[tokio::test]
async fn a_garbage_cookie_is_ignored() {
    let app = spawn_app().await;

    let response = app
        .client
        .get(app.url("/api/auth/user"))
        .header("cookie", "meguri_session=../../etc/passwd")
        .send()
        .await
        .expect("request");

    assert_eq!(response.status(), 401);
}
