//! The LLM engine against a local OpenAI-compatible server: streamed and plain answers, tool
//! calls executed by chat, and each way it can fail (mid-stream → refund, a hang → the deadline →
//! refund, before the first token → the built-in reply, charged once).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use meguri_proto::meguri::chat::v1 as pb;

use crate::helpers::{TestApp, spawn_with};
use crate::llm_server::{LlmState, Mode, REPLY, start};

async fn app_with(mode: Mode) -> (TestApp, std::sync::Arc<LlmState>) {
    let (base_url, llm) = start(mode).await;
    let app = spawn_with(|o| {
        o.openai_base_url = Some(base_url);
        o.reply_deadline = Duration::from_millis(2000);
    })
    .await;
    (app, llm)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_streamed_llm_reply_arrives_in_pieces_and_is_stored() {
    let (app, llm) = app_with(Mode::Stream).await;
    let user = app.member(3);

    let sent = app.say(user, "今日はどんな日?").await;

    assert_eq!(sent.text, REPLY);
    assert!(sent.deltas >= 5, "{}", sent.deltas);
    assert_eq!(sent.message().response, REPLY);
    assert_eq!(app.billing.balance(user), 2);
    // The model got the persona, the user's date and the tools; the history is the user's only.
    let request = llm.requests.lock().unwrap()[0].clone();
    assert_eq!(request["stream"], true);
    let messages = request["messages"].as_array().unwrap();
    assert!(messages[0]["content"].as_str().unwrap().contains("メグ"));
    let tools: Vec<&str> =
        request["tools"].as_array().unwrap().iter().map(|t| t["function"]["name"].as_str().unwrap()).collect();
    assert_eq!(tools, ["get_my_chart", "get_day_info", "get_compatibility"]);
    assert_eq!(messages.last().unwrap()["content"], "今日はどんな日?");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_plain_json_answer_is_used_too() {
    let (app, _llm) = app_with(Mode::Json).await;
    let user = app.member(3);

    let sent = app.say(user, "今日はどんな日?").await;

    assert_eq!(sent.message().response, REPLY);
    assert_eq!(sent.text, REPLY);
    assert_eq!(app.billing.moves(user).len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_models_tool_calls_are_answered_with_the_callers_chart() {
    let (app, llm) = app_with(Mode::StreamWithTool).await;
    let user = app.member(3);

    let sent = app.say(user, "私の命式を教えて").await;

    assert_eq!(sent.message().response, REPLY);
    let requests = llm.requests.lock().unwrap().clone();
    assert_eq!(requests.len(), 2);
    let tool = requests[1]["messages"].as_array().unwrap().iter().find(|m| m["role"] == "tool").unwrap().clone();
    let answer: serde_json::Value = serde_json::from_str(tool["content"].as_str().unwrap()).unwrap();
    assert_eq!(answer["day_master"], "甲");
    assert_eq!(answer["pillars"]["day"], "甲子");
    assert_eq!(answer["weakest_element"], "水");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_compatibility_the_model_asks_for_is_computed_stored_and_shown() {
    let (app, _llm) = app_with(Mode::StreamWithCompatibilityTool).await;
    let user = app.member(3);

    let sent = app.say(user, "1991年8月20日の女性と合う?").await;

    let message = sent.message();
    let card = message.response_messages.iter().find_map(|p| match &p.part {
        Some(pb::response_part::Part::Compatibility(c)) => Some(c.clone()),
        _ => None,
    });
    let card = card.expect("a compatibility part");
    assert_eq!(card.score, 72);
    assert_eq!(card.target.unwrap().birth_date, "1991-08-20");
    assert_eq!(app.completed_compatibilities(user).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_error_mid_stream_fails_the_reply_and_refunds_it() {
    let (app, _llm) = app_with(Mode::ErrorMidStream).await;
    let user = app.member(2);

    let sent = app.say(user, "今日はどんな日?").await;

    assert!(sent.deltas > 0, "part of the reply was sent");
    let failed = sent.failed.clone().expect("failed");
    assert_eq!((failed.code.as_str(), failed.refunded, failed.balance), ("REPLY_FAILED", true, 2));
    let moves = app.billing.moves(user);
    assert_eq!(moves.iter().map(|m| m.delta).collect::<Vec<_>>(), [-1, 1]);
    assert_eq!(app.billing.sum(user), 2);
    let stored = app.get(user, &sent.message().id).await.unwrap();
    assert_eq!((stored.status, stored.response.as_str()), (pb::MessageStatus::Refunded as i32, ""));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hanging_model_hits_the_deadline_and_is_refunded() {
    let (app, _llm) = app_with(Mode::Hang).await;
    let user = app.member(1);

    let sent = app.say(user, "今日はどんな日?").await;

    let failed = sent.failed.clone().expect("failed");
    assert_eq!((failed.code.as_str(), failed.refunded, failed.balance), ("REPLY_TIMEOUT", true, 1));
    assert_eq!(app.billing.balance(user), 1);
    assert_eq!(app.billing.moves(user).len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_model_that_fails_before_its_first_token_is_replaced_by_the_built_in_reply() {
    let (app, _llm) = app_with(Mode::FailFirst).await;
    let user = app.member(3);

    let sent = app.say(user, "今日の運勢は?").await;

    let message = sent.message();
    assert_eq!(message.status, pb::MessageStatus::Completed as i32);
    assert!(message.response.contains("日主は「甲」"), "the built-in reply: {}", message.response);
    assert_eq!(app.billing.moves(user).len(), 1, "charged once");
    assert_eq!(app.billing.balance(user), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn without_an_endpoint_the_built_in_responder_answers() {
    let app = spawn_with(|_| {}).await;
    let user = app.member(3);

    let sent = app.say(user, "恋愛運は?").await;

    assert!(sent.message().response.contains("日主は「甲」"));
    assert_ne!(sent.message().response, REPLY);
}
