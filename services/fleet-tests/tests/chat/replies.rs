//! Replies outlive their streams, go with the account, and answer compatibility questions.

use std::time::Duration;

use meguri_proto::chat::ListMessagesRequest;
use serde_json::json;

use crate::helpers::{PASSWORD, SIGN_UP_CREDITS, birth, eventually, new_id, spawn};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_closed_after_the_first_delta_still_stores_the_reply_charged_once() {
    let fleet = spawn().await;
    let member = fleet.member("gone", birth()).await;
    let id = new_id();

    let mut response = fleet
        .request(reqwest::Method::POST, "/api/chat/messages", &member.cookie)
        .json(&json!({"messageId": id, "message": "今日の運勢を詳しく教えて"}))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 200);
    let mut seen = String::new();
    while !seen.contains("event: delta") {
        let chunk = tokio::time::timeout(Duration::from_secs(30), response.chunk())
            .await
            .expect("a chunk in time")
            .expect("read")
            .expect("more of the stream");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    drop(response);

    let message = eventually("the reply stored", || async {
        let (status, message) = fleet.get(&format!("/api/chat/messages/{id}"), &member).await;
        (status == 200 && message["status"] != "pending").then_some(message)
    })
    .await;
    assert_eq!(message["status"], "completed", "{message}");
    assert_eq!(message["creditsUsed"], 1);
    assert!(!message["response"].as_str().expect("response").is_empty());
    assert_eq!(fleet.balance(&member).await, SIGN_UP_CREDITS - 1, "charged once");
    let spends = fleet.ledger(&member).await.into_iter().filter(|e| e.reason == "chat_message").count();
    assert_eq!(spends, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_the_account_deletes_the_chat_history() {
    let fleet = spawn().await;
    let member = fleet.member("leaving", birth()).await;
    let id = new_id();
    let events = fleet.send(&member, json!({"messageId": id, "message": "こんにちは"})).await.stream();
    assert_eq!(events.last().map(|(n, _)| n.as_str()), Some("done"));
    // Asked of chat directly as the member: the session ends with the account.
    let stored = || async {
        let mut client = fleet.chat_client_as(&member).await;
        let page = client.list_messages(ListMessagesRequest { limit: 50, before: None }).await.expect("history");
        page.into_inner().messages.len()
    };
    assert_eq!(stored().await, 1);

    let deleted = fleet
        .request(reqwest::Method::DELETE, "/api/account", &member.cookie)
        .json(&json!({"password": PASSWORD}))
        .send()
        .await
        .expect("request");
    assert_eq!(deleted.status(), 200);

    eventually("chat to forget the member", || async { (stored().await == 0).then_some(()) }).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_compatibility_question_is_answered_with_a_score() {
    let fleet = spawn().await;
    let member = fleet.member("match", birth()).await;
    let body = json!({
        "messageId": new_id(),
        "message": "この人との相性を占って",
        "compatibility": {"birthDate": "1988-11-02", "gender": "male", "label": "彼"},
        "timezoneOffset": -540,
    });

    let events = fleet.send(&member, body).await.stream();

    let (name, done) = events.last().expect("events");
    assert_eq!(name, "done", "{events:?}");
    let parts = done["message"]["responseMessages"].as_array().expect("parts");
    let part = parts.iter().find(|p| p["type"] == "compatibility").expect("a compatibility part");
    let score = part["score"].as_i64().expect("a score");
    assert!((0..=100).contains(&score), "{part}");
    assert_eq!(part["target"]["birthDate"], "1988-11-02");
    assert_eq!(part["target"]["gender"], "male");
    assert_eq!(part["target"]["label"], "彼");
    assert!(!part["summary"].as_str().expect("summary").is_empty());
    assert!(!part["factors"].as_array().expect("factors").is_empty());
    assert_eq!(done["message"]["creditsUsed"], 1);
}
