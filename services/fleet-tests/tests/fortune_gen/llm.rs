//! The LLM engine against a local OpenAI-compatible endpoint, and its fallback to the built-in
//! text.

use std::time::{Duration, Instant};

use fortune_gen::testkit::TestLlm;

use crate::helpers::llm_server::{Answer, LlmServer};
use crate::helpers::{Setup, TestApp, spawn_with};

const VALID: &str = r#"{"lines": ["静かな集中が、思わぬ成果を連れてきます。"],
  "dos": ["朝いちばんに机を整える", "感謝を言葉にする", "短い散歩"],
  "donts": ["夜更かし", "勢いだけの買い物", "人の噂話"]}"#;

async fn with_llm(answer: Answer, timeout: Duration) -> (TestApp, LlmServer) {
    let server = LlmServer::start(answer).await;
    let llm = TestLlm { base_url: server.base_url.clone(), model: "test-model".into(), timeout };
    let app = spawn_with(Setup { llm: Some(llm), ..Setup::default() }).await;
    (app, server)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_valid_llm_answer_is_the_reading_with_the_builtin_reasons() {
    let (app, server) = with_llm(Answer::Content(VALID.into()), Duration::from_secs(5)).await;
    let user = app.ready_user("hanako", "1990-05-15").await;

    let reading = app.daily(user).await;

    assert_eq!(reading.engine, "llm");
    assert_eq!(reading.lines, ["静かな集中が、思わぬ成果を連れてきます。"]);
    assert_eq!(reading.dos[0], "朝いちばんに机を整える");
    assert_eq!(reading.donts.len(), 3);
    assert!(!reading.reasons.is_empty(), "reasons come from the facts");
    assert!(server.requests() >= 1);
    // The next day the same line would repeat one of the last 30 days: refused, built-in text.
    app.fortune.clock.advance(Duration::from_secs(24 * 3600));
    let next = app.daily(user).await;
    assert_eq!(next.engine, "builtin");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_garbage_answer_falls_back_to_the_builtin_text() {
    let (app, server) =
        with_llm(Answer::Content("今日はいい日です！（JSONではありません）".into()), Duration::from_secs(5)).await;
    let user = app.ready_user("taro", "1985-01-02").await;

    let reading = app.daily(user).await;

    assert_eq!(reading.engine, "builtin");
    assert!(!reading.lines.is_empty());
    assert!(server.requests() >= 1, "the LLM was asked");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_llm_that_hangs_or_cuts_the_connection_falls_back_within_the_deadline() {
    let deadline = Duration::from_millis(1500);
    let (app, server) = with_llm(Answer::Hang, deadline).await;
    let hanging = app.ready_user("jiro", "1992-08-08").await;
    let cut = app.ready_user("saburo", "1970-07-07").await;

    let started = Instant::now();
    let reading = app.daily(hanging).await;
    let took = started.elapsed();
    server.answer(Answer::Cut).await;
    let after_cut = app.daily(cut).await;

    assert_eq!(reading.engine, "builtin");
    assert!(took >= deadline, "answered before the deadline: {took:?}");
    assert!(took < deadline + Duration::from_secs(3), "took {took:?}");
    assert_eq!(after_cut.engine, "builtin");
}
