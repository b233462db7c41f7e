//! A member's support tickets through the gateway in front of real identity and support services:
//! open (a double click opens one), list, read, write again; another member's ticket is not found;
//! refusals in Japanese with nothing stored; support down answers 503 and the rest of the app works.

use serde_json::{Value, json};

use crate::accounts::{Accounts, spawn_with};
use crate::helpers::{SECRET, json};

async fn get(app: &Accounts, path: &str, cookie: Option<&str>) -> (u16, Value) {
    let mut request = app.gateway.client.get(app.gateway.url(path));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    json(request.send().await.expect("request")).await
}

async fn post(app: &Accounts, path: &str, body: Value, cookie: &str) -> (u16, Value) {
    json(app.post(path, body, Some(cookie)).await).await
}

fn request_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_opens_reads_and_answers_a_ticket_and_no_other_member_reaches_it() {
    let support = support::testkit::spawn(SECRET).await;
    let addr = support.addr();
    let app = spawn_with(move |c| c.support_addr = addr).await;
    let hanako = app.signed_up("hanako@example.jp", "hanako").await;
    let taro = app.signed_up("taro@example.jp", "taro").await;

    let opening = json!({"requestId": request_id(), "subject": "ログインできません", "message": "パスワードを変えても\n入れません"});
    let (status, first) = post(&app, "/api/support/tickets", opening.clone(), &hanako).await;
    assert_eq!(status, 201, "{first}");
    let (status, again) = post(&app, "/api/support/tickets", opening, &hanako).await;
    assert_eq!((status, &again["ticket"]["id"]), (201, &first["ticket"]["id"]), "a double click opens one ticket");
    let id = first["ticket"]["id"].as_str().expect("id").to_owned();
    assert_eq!(first["ticket"]["status"], "open");
    assert_eq!(first["ticket"]["priority"], "normal");
    assert_eq!(first["ticket"]["messageCount"], 1);
    assert_eq!(first["ticket"]["closedAt"], Value::Null);
    assert_eq!(first["messages"][0]["authorType"], "member");
    assert_eq!(first["messages"][0]["authorName"], Value::Null);
    assert_eq!(first["messages"][0]["via"], "web");
    assert!(first["ticket"].get("userId").is_none() && first["ticket"].get("assignedTo").is_none(), "{first}");

    let (status, more) = post(
        &app,
        &format!("/api/support/tickets/{id}/messages"),
        json!({"requestId": request_id(), "message": "追記です"}),
        &hanako,
    )
    .await;
    assert_eq!((status, more["body"].as_str()), (201, Some("追記です")), "{more}");
    // The longest message allowed, in Japanese (15 KB of UTF-8): past the app's usual body limit.
    let longest = json!({"requestId": request_id(), "message": "長".repeat(5000)});
    let (status, long) = post(&app, &format!("/api/support/tickets/{id}/messages"), longest, &hanako).await;
    assert_eq!(status, 201, "{long}");
    let more_again = post(
        &app,
        &format!("/api/support/tickets/{id}/messages"),
        json!({"requestId": request_id(), "message": "追記です"}),
        &hanako,
    )
    .await;
    assert_eq!(more_again.0, 201);
    let (_, list) = get(&app, "/api/support/tickets", Some(&hanako)).await;
    assert_eq!(list["tickets"].as_array().map(Vec::len), Some(1), "{list}");
    assert_eq!(list["tickets"][0]["lastMessagePreview"], "追記です");
    let (status, thread) = get(&app, &format!("/api/support/tickets/{id}"), Some(&hanako)).await;
    assert_eq!((status, thread["messages"].as_array().map(Vec::len)), (200, Some(4)), "{thread}");
    assert_eq!(thread["ticket"]["messageCount"], 4);

    // Another member: not found, whatever they try; their list is empty.
    let (status, read) = get(&app, &format!("/api/support/tickets/{id}"), Some(&taro)).await;
    assert_eq!((status, read["code"].as_str()), (404, Some("TICKET_NOT_FOUND")), "{read}");
    assert_eq!(read["message"], "お問い合わせが見つかりません");
    let (status, wrote) = post(
        &app,
        &format!("/api/support/tickets/{id}/messages"),
        json!({"requestId": request_id(), "message": "横から"}),
        &taro,
    )
    .await;
    assert_eq!((status, wrote["code"].as_str()), (404, Some("TICKET_NOT_FOUND")));
    let (_, theirs) = get(&app, "/api/support/tickets", Some(&taro)).await;
    assert_eq!(theirs["tickets"], json!([]));
    let (status, _) = get(&app, "/api/support/tickets/not-an-id", Some(&taro)).await;
    assert_eq!(status, 404);
    let (status, _) = get(&app, "/api/support/tickets", None).await;
    assert_eq!(status, 401, "signed out");

    // Refusals: each a Japanese message and a code; nothing stored.
    for (body, code, message) in [
        (
            json!({"requestId": request_id(), "subject": " ", "message": "本文"}),
            "TICKET_SUBJECT_REQUIRED",
            "件名を入力してください",
        ),
        (
            json!({"requestId": request_id(), "subject": "件名", "message": "x".repeat(100_000)}),
            "TICKET_MESSAGE_TOO_LONG",
            "お問い合わせ内容は5000文字以内で入力してください",
        ),
        (
            json!({"requestId": "1", "subject": "件名", "message": "本文"}),
            "INVALID_REQUEST_ID",
            "送信内容を確認できませんでした。もう一度お試しください",
        ),
    ] {
        let (status, refused) = post(&app, "/api/support/tickets", body, &taro).await;
        assert_eq!((status, refused["code"].as_str(), refused["message"].as_str()), (400, Some(code), Some(message)));
    }
    let (_, theirs) = get(&app, "/api/support/tickets", Some(&taro)).await;
    assert_eq!(theirs["tickets"], json!([]), "nothing was opened");
}

#[tokio::test(flavor = "multi_thread")]
async fn support_down_answers_503_in_japanese_and_the_rest_of_the_app_works() {
    // support_addr stays at the test config's address where nothing listens.
    let app = spawn_with(|_| {}).await;
    let cookie = app.signed_up("hanako@example.jp", "hanako").await;
    let (status, refused) = post(
        &app,
        "/api/support/tickets",
        json!({"requestId": request_id(), "subject": "件名", "message": "本文"}),
        &cookie,
    )
    .await;
    assert_eq!((status, refused["code"].as_str()), (503, Some("SUPPORT_UNAVAILABLE")), "{refused}");
    assert_eq!(refused["message"], "サポートに接続できません。しばらくしてからもう一度お試しください");
    let (status, user) = app.user(&cookie).await;
    assert_eq!(status, 200, "{user}");
}
