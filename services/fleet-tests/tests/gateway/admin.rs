//! The admin SPA's API through the gateway, in front of real identity and support: only a live
//! staff token opens `/api/admin` (a member's cookie, forged, expired, unsigned and wrong-audience
//! tokens do not, and a deactivated account's token stops at once), an admin token opens nothing of
//! the member API, and the inbox works: list with counts and members, a thread with notes, assign,
//! reply (mailed to the member), close.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Value, json};

use crate::accounts::{Accounts, spawn_with_keys};
use crate::helpers::{ORIGIN, SECRET, json};

const ADMIN_SECRET: &str = "admin-secret-for-tests-only-0123456789";

async fn admin_call(
    app: &Accounts,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = app.gateway.client.request(method, app.gateway.url(path)).header("origin", ORIGIN);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    json(request.send().await.expect("request")).await
}

async fn sign_in(app: &Accounts, email: &str) -> String {
    let (status, body) =
        json(app.post("/api/admin/login", json!({"email": email, "password": "admin password 1"}), None).await).await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().expect("token").to_owned()
}

/// A token with these claims and header, signed (or not) as given.
fn token_with(alg_none: bool, secret: &str, aud: &str, iat: i64) -> String {
    let claims = json!({
        "sub": uuid::Uuid::now_v7().to_string(), "email": "x@example.jp", "role": "admin",
        "iss": "meguri-gateway", "aud": aud, "iat": iat, "exp": iat + 900,
    });
    if alg_none {
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
        let body = URL_SAFE_NO_PAD.encode(claims.to_string());
        return format!("{header}.{body}.");
    }
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
    )
    .expect("encode")
}

#[tokio::test(flavor = "multi_thread")]
async fn only_a_live_staff_token_opens_the_admin_api_and_the_inbox_works() {
    let keys = meguri_testkit::RedisKeys::new();
    let support = support::testkit::spawn(SECRET, keys.prefix()).await;
    let addr = support.addr();
    let app = spawn_with_keys(keys, move |c| c.support_addr = addr).await;
    let admin_id = app.identity.create_admin("ops@example.jp", "admin password 1").await;
    app.identity.create_admin("helper@example.jp", "admin password 1").await;
    app.identity.set_staff_role("helper@example.jp", "support").await;
    let hanako = app.signed_up("hanako@example.jp", "hanako").await;
    let opened = app
        .post(
            "/api/support/tickets",
            json!({"requestId": uuid::Uuid::now_v7().to_string(), "subject": "ログインできません", "message": "助けてください"}),
            Some(&hanako),
        )
        .await;
    let (status, opened) = json(opened).await;
    assert_eq!(status, 201, "{opened}");
    let ticket = opened["ticket"]["id"].as_str().expect("id").to_owned();
    let token = sign_in(&app, "ops@example.jp").await;

    // Nothing under /api/admin opens without a live staff token: a member's cookie, forged,
    // expired, unsigned and wrong-audience tokens.
    let now = chrono::Utc::now().timestamp();
    let bad_tokens = [
        token_with(false, "another-secret-that-is-long-enough-000", "meguri-admin", now),
        token_with(false, ADMIN_SECRET, "meguri-admin", now - 3600),
        token_with(true, "", "meguri-admin", now),
        token_with(false, ADMIN_SECRET, "meguri-app", now),
        "not.a.token".to_owned(),
    ];
    let routes = [
        (reqwest::Method::GET, "/api/admin/me".to_owned()),
        (reqwest::Method::GET, "/api/admin/staff".to_owned()),
        (reqwest::Method::GET, "/api/admin/tickets".to_owned()),
        (reqwest::Method::GET, format!("/api/admin/tickets/{ticket}")),
        (reqwest::Method::PATCH, format!("/api/admin/tickets/{ticket}")),
        (reqwest::Method::POST, format!("/api/admin/tickets/{ticket}/assign")),
        (reqwest::Method::POST, format!("/api/admin/tickets/{ticket}/messages")),
        (reqwest::Method::GET, format!("/api/admin/attachments/{}", uuid::Uuid::now_v7())),
        (reqwest::Method::POST, "/api/admin/logout".to_owned()),
    ];
    for (method, path) in &routes {
        let with_cookie = app
            .gateway
            .client
            .request(method.clone(), app.gateway.url(path))
            .header("origin", ORIGIN)
            .header("cookie", &hanako)
            .json(&json!({}))
            .send()
            .await
            .expect("request");
        let (status, body) = json(with_cookie).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("ADMIN_UNAUTHENTICATED")),
            "{method} {path} with a cookie"
        );
        for bad in &bad_tokens {
            let (status, body) = admin_call(&app, method.clone(), path, Some(bad), Some(json!({}))).await;
            assert_eq!((status, body["code"].as_str()), (401, Some("ADMIN_UNAUTHENTICATED")), "{method} {path}");
        }
    }
    // An admin token is no member session.
    let as_member = app.gateway.client.get(app.gateway.url("/api/auth/user")).bearer_auth(&token).send().await;
    let (status, _) = json(as_member.expect("request")).await;
    assert_eq!(status, 401);

    // The inbox: the ticket with its member, counts; assign to me; the thread; a reply and a note.
    let (status, me) = admin_call(&app, reqwest::Method::GET, "/api/admin/me", Some(&token), None).await;
    assert_eq!((status, me["admin"]["role"].as_str()), (200, Some("admin")), "{me}");
    let (status, list) =
        admin_call(&app, reqwest::Method::GET, "/api/admin/tickets?status=open", Some(&token), None).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!((list["counts"]["open"].as_i64(), list["counts"]["closed"].as_i64()), (Some(1), Some(0)));
    assert_eq!(list["tickets"][0]["member"]["email"], "hanako@example.jp");
    assert_eq!(list["nextCursor"], Value::Null);
    let assign = json!({"adminId": admin_id.to_string()});
    let (status, assigned) = admin_call(
        &app,
        reqwest::Method::POST,
        &format!("/api/admin/tickets/{ticket}/assign"),
        Some(&token),
        Some(assign),
    )
    .await;
    assert_eq!((status, assigned["assignedTo"].as_str()), (200, Some(admin_id.to_string().as_str())), "{assigned}");
    let (_, mine) = admin_call(&app, reqwest::Method::GET, "/api/admin/tickets?assignee=me", Some(&token), None).await;
    assert_eq!(mine["tickets"].as_array().map(Vec::len), Some(1));
    let (_, none) =
        admin_call(&app, reqwest::Method::GET, "/api/admin/tickets?assignee=none", Some(&token), None).await;
    assert_eq!(none["tickets"], json!([]));
    let (status, refused) =
        admin_call(&app, reqwest::Method::GET, "/api/admin/tickets?status=pending", Some(&token), None).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("INVALID_STATUS")));
    for (body, internal) in [("社内メモです", true), ("再設定のリンクをお送りします", false)] {
        let message = json!({"requestId": uuid::Uuid::now_v7().to_string(), "body": body, "internal": internal});
        let (status, stored) = admin_call(
            &app,
            reqwest::Method::POST,
            &format!("/api/admin/tickets/{ticket}/messages"),
            Some(&token),
            Some(message),
        )
        .await;
        assert_eq!((status, stored["internal"].as_bool()), (201, Some(internal)), "{stored}");
    }
    let (status, thread) =
        admin_call(&app, reqwest::Method::GET, &format!("/api/admin/tickets/{ticket}"), Some(&token), None).await;
    assert_eq!((status, thread["messages"].as_array().map(Vec::len)), (200, Some(3)), "{thread}");
    assert_eq!(thread["member"]["username"], "hanako");
    let member_view =
        app.gateway.client.get(app.gateway.url(&format!("/api/support/tickets/{ticket}"))).header("cookie", &hanako);
    let (_, member_thread) = json(member_view.send().await.expect("request")).await;
    assert_eq!(member_thread["messages"].as_array().map(Vec::len), Some(2), "the member never sees the note");
    let (status, closed) = admin_call(
        &app,
        reqwest::Method::PATCH,
        &format!("/api/admin/tickets/{ticket}"),
        Some(&token),
        Some(json!({"status": "closed", "priority": "high"})),
    )
    .await;
    assert_eq!((status, closed["status"].as_str(), closed["priority"].as_str()), (200, Some("closed"), Some("high")));
    assert!(closed["closedAt"].is_string(), "{closed}");

    // Support staff work the inbox too.
    let helper = sign_in(&app, "helper@example.jp").await;
    let (status, me) = admin_call(&app, reqwest::Method::GET, "/api/admin/me", Some(&helper), None).await;
    assert_eq!((status, me["admin"]["role"].as_str()), (200, Some("support")));
    let (status, _) = admin_call(&app, reqwest::Method::GET, "/api/admin/tickets", Some(&helper), None).await;
    assert_eq!(status, 200);

    // A deactivated account's token stops at once.
    app.identity.deactivate_admin("ops@example.jp").await;
    let (status, body) = admin_call(&app, reqwest::Method::GET, "/api/admin/tickets", Some(&token), None).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("ADMIN_UNAUTHENTICATED")));
}
