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
        (reqwest::Method::POST, "/api/admin/staff".to_owned()),
        (reqwest::Method::PATCH, format!("/api/admin/staff/{admin_id}")),
        (reqwest::Method::GET, "/api/admin/users".to_owned()),
        (reqwest::Method::GET, format!("/api/admin/users/{}", uuid::Uuid::now_v7())),
        (reqwest::Method::GET, format!("/api/admin/users/{}/ledger", uuid::Uuid::now_v7())),
        (reqwest::Method::GET, format!("/api/admin/users/{}/purchases", uuid::Uuid::now_v7())),
        (reqwest::Method::POST, format!("/api/admin/users/{}/credits", uuid::Uuid::now_v7())),
        (reqwest::Method::POST, format!("/api/admin/users/{}/chart/retry", uuid::Uuid::now_v7())),
        (reqwest::Method::GET, "/api/admin/dashboard".to_owned()),
        (reqwest::Method::GET, "/api/admin/audit".to_owned()),
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

/// Polls `GET path` with the staff token until `done` holds (events travel through Redis).
async fn eventually_admin(app: &Accounts, path: &str, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (status, body) = admin_call(app, reqwest::Method::GET, path, Some(token), None).await;
        if status == 200 && done(&body) {
            return body;
        }
        assert!(std::time::Instant::now() < deadline, "{path}: {status} {body}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

fn actions(page: &Value) -> Vec<String> {
    page["entries"].as_array().map_or_else(Vec::new, |entries| {
        entries.iter().filter_map(|e| e["action"].as_str().map(str::to_owned)).collect()
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_find_members_adjust_credits_once_manage_staff_and_every_action_is_audited() {
    // Arrange: identity, support and billing behind the gateway (fortune-gen, social and notify
    // are not running: their parts of the pages are reported unavailable).
    let keys = meguri_testkit::RedisKeys::new();
    let support = support::testkit::spawn(SECRET, keys.prefix()).await;
    let billing = billing::testkit::spawn(billing::testkit::TestOptions::new(SECRET, keys.prefix())).await;
    let (support_addr, billing_addr) = (support.addr(), billing.addr());
    let app = spawn_with_keys(keys, move |c| {
        c.support_addr = support_addr;
        c.billing_addr = billing_addr;
    })
    .await;
    let ops_id = app.identity.create_admin("ops@example.jp", "admin password 1").await;
    app.identity.create_admin("helper@example.jp", "admin password 1").await;
    app.identity.set_staff_role("helper@example.jp", "support").await;
    let hanako = app.signed_up("hanako@example.jp", "hanako").await;
    let (_, user) = app.user(&hanako).await;
    let member_id = user["id"].as_str().expect("the member's id").to_owned();
    let ops = sign_in(&app, "ops@example.jp").await;
    let helper = sign_in(&app, "helper@example.jp").await;
    let get = |path: String, token: &str| {
        let token = token.to_owned();
        let app = &app;
        async move { admin_call(app, reqwest::Method::GET, &path, Some(&token), None).await }
    };

    // The member search: by username, by id, nothing, too long.
    let (status, found) = get("/api/admin/users?q=HANA".into(), &helper).await;
    assert_eq!((status, found["users"][0]["id"].as_str()), (200, Some(member_id.as_str())), "{found}");
    let (_, by_id) = get(format!("/api/admin/users?q={member_id}"), &helper).await;
    assert_eq!(by_id["users"].as_array().map(Vec::len), Some(1));
    let (_, nobody) = get("/api/admin/users?q=taro".into(), &helper).await;
    assert_eq!(nobody["users"], json!([]));
    let (status, refused) = get(format!("/api/admin/users?q={}", "x".repeat(101)), &helper).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("SEARCH_TOO_LONG")));

    // The user page: the account (no birth data, only its presence), the sign-up credits, the
    // missing services named.
    let page = eventually_admin(&app, &format!("/api/admin/users/{member_id}"), &helper, |p| {
        p["credits"]["balance"].as_i64() == Some(3)
    })
    .await;
    assert_eq!(page["member"]["email"], "hanako@example.jp");
    assert_eq!(page["member"]["hasBirthData"], true);
    assert!(page["member"].get("birthDate").is_none(), "{page}");
    assert_eq!(page["tickets"], json!([]));
    let unavailable = page["unavailable"].as_array().expect("unavailable").clone();
    assert!(unavailable.contains(&json!("fortune")) && unavailable.contains(&json!("social")), "{page}");
    let (status, missing) = get(format!("/api/admin/users/{}", uuid::Uuid::now_v7()), &helper).await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("USER_NOT_FOUND")));

    // Support staff adjust nothing, and nothing is written.
    let grant = |request_id: &str| json!({"requestId": request_id, "delta": 5, "reason": "障害のお詫び"});
    let credits = format!("/api/admin/users/{member_id}/credits");
    let (status, refused) = admin_call(
        &app,
        reqwest::Method::POST,
        &credits,
        Some(&helper),
        Some(grant(&uuid::Uuid::now_v7().to_string())),
    )
    .await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("ADMIN_FORBIDDEN")));
    let (_, ledger) = get(format!("/api/admin/users/{member_id}/ledger"), &helper).await;
    assert_eq!((ledger["balance"].as_i64(), ledger["entries"].as_array().map(Vec::len)), (Some(3), Some(1)));

    // Two staff (or a double click) with the same request id at once: one adjustment.
    let request_id = uuid::Uuid::now_v7().to_string();
    let (first, second) = tokio::join!(
        admin_call(&app, reqwest::Method::POST, &credits, Some(&ops), Some(grant(&request_id))),
        admin_call(&app, reqwest::Method::POST, &credits, Some(&ops), Some(grant(&request_id))),
    );
    assert_eq!((first.0, second.0), (201, 201), "{first:?} {second:?}");
    assert_eq!([&first.1, &second.1].iter().filter(|a| a["replayed"] == false).count(), 1);
    assert_eq!((first.1["balance"].as_i64(), second.1["balance"].as_i64()), (Some(8), Some(8)));
    assert_eq!(first.1["entry"]["id"], second.1["entry"]["id"]);
    let (_, ledger) = get(format!("/api/admin/users/{member_id}/ledger"), &helper).await;
    let entries = ledger["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 2, "{ledger}");
    assert_eq!(
        (entries[0]["reason"].as_str(), entries[0]["note"].as_str()),
        (Some("admin_adjustment"), Some("障害のお詫び"))
    );
    assert_eq!(entries[0]["actorId"].as_str(), Some(ops_id.to_string().as_str()));
    let own = app.gateway.client.get(app.gateway.url("/api/credits/ledger")).header("cookie", &hanako);
    let (_, own) = json(own.send().await.expect("request")).await;
    assert_eq!((own["balance"].as_i64(), own["entries"][0]["reason"].as_str()), (Some(8), Some("admin_adjustment")));
    assert!(own["entries"][0].get("note").is_none(), "the member never sees the staff's note: {own}");
    let (status, refused) = admin_call(
        &app,
        reqwest::Method::POST,
        &credits,
        Some(&ops),
        Some(json!({"requestId": uuid::Uuid::now_v7().to_string(), "delta": -9, "reason": "取り消し"})),
    )
    .await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("INSUFFICIENT_CREDITS")));

    // A ticket worked by staff.
    let opened = app
        .post(
            "/api/support/tickets",
            json!({"requestId": uuid::Uuid::now_v7().to_string(), "subject": "クレジットが消えました", "message": "確認してください"}),
            Some(&hanako),
        )
        .await;
    let (_, opened) = json(opened).await;
    let ticket = opened["ticket"]["id"].as_str().expect("ticket").to_owned();
    let ticket_path = format!("/api/admin/tickets/{ticket}");
    let steps = [
        (reqwest::Method::POST, format!("{ticket_path}/assign"), json!({"adminId": ops_id.to_string()})),
        (
            reqwest::Method::POST,
            format!("{ticket_path}/messages"),
            json!({"requestId": uuid::Uuid::now_v7().to_string(), "body": "お詫びの5クレジットを付与しました", "internal": false}),
        ),
        (reqwest::Method::PATCH, ticket_path.clone(), json!({"status": "closed"})),
    ];
    for (method, path, body) in steps {
        let (status, answer) = admin_call(&app, method, &path, Some(&ops), Some(body)).await;
        assert!(status == 200 || status == 201, "{path}: {status} {answer}");
    }
    let (_, page) = get(format!("/api/admin/users/{member_id}"), &helper).await;
    assert_eq!(page["tickets"][0]["id"].as_str(), Some(ticket.as_str()), "{page}");

    // Staff accounts: admins only, never one's own.
    let new_staff = json!({"email": "new@example.jp", "role": "support", "password": "admin password 1"});
    let (status, refused) =
        admin_call(&app, reqwest::Method::POST, "/api/admin/staff", Some(&helper), Some(new_staff.clone())).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("ADMIN_FORBIDDEN")));
    let (status, created) =
        admin_call(&app, reqwest::Method::POST, "/api/admin/staff", Some(&ops), Some(new_staff.clone())).await;
    assert_eq!((status, created["role"].as_str(), created["isActive"].as_bool()), (201, Some("support"), Some(true)));
    let (status, taken) =
        admin_call(&app, reqwest::Method::POST, "/api/admin/staff", Some(&ops), Some(new_staff)).await;
    assert_eq!((status, taken["code"].as_str()), (409, Some("STAFF_EMAIL_TAKEN")));
    let new_id = created["id"].as_str().expect("id").to_owned();
    let new_token = sign_in(&app, "new@example.jp").await;
    let (status, own_change) = admin_call(
        &app,
        reqwest::Method::PATCH,
        &format!("/api/admin/staff/{ops_id}"),
        Some(&ops),
        Some(json!({"isActive": false})),
    )
    .await;
    assert_eq!((status, own_change["code"].as_str()), (409, Some("STAFF_SELF_CHANGE")));
    let (status, changed) = admin_call(
        &app,
        reqwest::Method::PATCH,
        &format!("/api/admin/staff/{new_id}"),
        Some(&ops),
        Some(json!({"isActive": false, "role": "admin"})),
    )
    .await;
    assert_eq!((status, changed["isActive"].as_bool(), changed["role"].as_str()), (200, Some(false), Some("admin")));
    let (status, _) = get("/api/admin/me".into(), &new_token).await;
    assert_eq!(status, 401, "a deactivated account's token stops at once");

    // The audit log: each step, who, before → after, why.
    let log = eventually_admin(&app, "/api/admin/audit?limit=100", &helper, |p| {
        let seen = actions(p);
        ["ticket.assign", "ticket.reply", "ticket.status", "credits.adjust"].iter().all(|a| seen.iter().any(|s| s == a))
    })
    .await;
    let seen = actions(&log);
    for action in ["staff.sign_in", "staff.create", "staff.deactivate", "staff.role"] {
        assert!(seen.iter().any(|s| s == action), "{action} in {seen:?}");
    }
    assert_eq!(seen.iter().filter(|s| *s == "credits.adjust").count(), 1, "one adjustment, one record");
    let (_, adjusted) = get(format!("/api/admin/audit?action=credits.adjust&targetId={member_id}"), &helper).await;
    let entry = &adjusted["entries"][0];
    assert_eq!((entry["before"].as_str(), entry["after"].as_str()), (Some("3"), Some("8")), "{adjusted}");
    assert_eq!(
        (entry["reason"].as_str(), entry["actor"]["email"].as_str()),
        (Some("障害のお詫び"), Some("ops@example.jp"))
    );
    let (_, closing) =
        get(format!("/api/admin/audit?action=ticket.status&targetType=ticket&targetId={ticket}"), &helper).await;
    assert_eq!(
        (closing["entries"][0]["before"].as_str(), closing["entries"][0]["after"].as_str()),
        (Some("open"), Some("closed"))
    );
    let (_, by_helper) = get(format!("/api/admin/audit?actor={ops_id}&action=staff.sign_in"), &helper).await;
    assert_eq!(by_helper["entries"].as_array().map(Vec::len), Some(1));
    let today = (chrono::Utc::now() + chrono::TimeDelta::hours(9)).format("%Y-%m-%d").to_string();
    let (status, _) = get(format!("/api/admin/audit?from={today}&to={today}"), &helper).await;
    assert_eq!(status, 200);
    let (status, bad) = get("/api/admin/audit?from=2026-12-31&to=2026-01-01".into(), &helper).await;
    assert_eq!((status, bad["code"].as_str()), (400, Some("INVALID_AUDIT_DATE")));
    let (status, bad) = get("/api/admin/audit?action=credits.steal".into(), &helper).await;
    assert_eq!((status, bad["code"].as_str()), (400, Some("INVALID_AUDIT_ACTION")));

    // The dashboard: the figures that answer, and the services that do not.
    let (status, board) = get("/api/admin/dashboard".into(), &helper).await;
    assert_eq!(status, 200, "{board}");
    assert_eq!((board["members"]["total"].as_i64(), board["members"]["verified"].as_i64()), (Some(1), Some(1)));
    assert_eq!(board["members"]["newToday"].as_i64(), Some(1));
    assert_eq!(board["ticketsOpen"], json!({"low": 0, "normal": 0, "high": 0, "urgent": 0}), "the ticket was closed");
    assert_eq!(board["purchasesToday"], json!({"count": 0, "amountYen": 0}));
    let unavailable = board["unavailable"].as_array().expect("unavailable").clone();
    assert!(unavailable.contains(&json!("fortune")) && unavailable.contains(&json!("notify")), "{board}");
    assert_eq!(board["chartsFailed"], Value::Null);
    assert_eq!(board["day"].as_str(), Some(today.as_str()));

    // The chart retry answers even without fortune-gen: 503, nothing half done.
    let (status, _) =
        admin_call(&app, reqwest::Method::POST, &format!("/api/admin/users/{member_id}/chart/retry"), Some(&ops), None)
            .await;
    assert_eq!(status, 503);
}
