//! A local OpenAI-compatible HTTP server (axum) for the LLM tests: `POST /v1/chat/completions`
//! answers as the test's mode says — SSE chunks, a plain JSON body, a tool call then text, an
//! error mid-stream, a hang, or a failure before anything.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;

/// The reply the fake model writes.
pub const REPLY: &str = "LLMのメグです。今日は新しいことを始めるのにいい日ですよ。";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// SSE chunks of [`REPLY`].
    Stream,
    /// A `get_my_chart` tool call first, then SSE chunks of [`REPLY`].
    StreamWithTool,
    /// A `get_compatibility` tool call first, then SSE chunks of [`REPLY`].
    StreamWithCompatibilityTool,
    /// A plain JSON completion (even when asked to stream).
    Json,
    /// Two chunks, then the connection breaks.
    ErrorMidStream,
    /// Never answers.
    Hang,
    /// HTTP 500 before anything.
    FailFirst,
}

pub struct LlmState {
    pub mode: Mutex<Mode>,
    /// Every request body received.
    pub requests: Mutex<Vec<serde_json::Value>>,
}

fn chunk(delta: &serde_json::Value, finish: Option<&str>) -> String {
    let body = serde_json::json!({
        "id": "chatcmpl-test",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "test-model",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    });
    format!("data: {body}\n\n")
}

fn text_chunks() -> Vec<String> {
    let chars: Vec<char> = REPLY.chars().collect();
    let mut out: Vec<String> = vec![chunk(&serde_json::json!({"role": "assistant", "content": ""}), None)];
    out.extend(chars.chunks(4).map(|c| chunk(&serde_json::json!({"content": c.iter().collect::<String>()}), None)));
    out.push(chunk(&serde_json::json!({}), Some("stop")));
    out.push("data: [DONE]\n\n".to_owned());
    out
}

fn tool_chunks(name: &str, arguments: &str) -> Vec<String> {
    vec![
        chunk(
            &serde_json::json!({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": name, "arguments": ""}}]}),
            None,
        ),
        chunk(&serde_json::json!({"tool_calls": [{"index": 0, "function": {"arguments": arguments}}]}), None),
        chunk(&serde_json::json!({}), Some("tool_calls")),
        "data: [DONE]\n\n".to_owned(),
    ]
}

fn sse(pieces: Vec<String>) -> Response {
    let stream = futures_util::stream::iter(pieces.into_iter().map(Ok::<_, std::io::Error>));
    ([(header::CONTENT_TYPE, "text/event-stream")], Body::from_stream(stream)).into_response()
}

fn answered_tool(body: &serde_json::Value) -> bool {
    body["messages"].as_array().is_some_and(|m| m.iter().any(|m| m["role"] == "tool"))
}

/// A JSON response.
fn json(status: StatusCode, value: &serde_json::Value) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], value.to_string()).into_response()
}

async fn completions(State(state): State<Arc<LlmState>>, body: axum::body::Bytes) -> Response {
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    state.requests.lock().unwrap().push(body.clone());
    let mode = *state.mode.lock().unwrap();
    match mode {
        Mode::FailFirst => json(
            StatusCode::INTERNAL_SERVER_ERROR,
            &serde_json::json!({"error": {"message": "boom", "type": "server_error", "param": null, "code": null}}),
        ),
        Mode::Hang => {
            std::future::pending::<()>().await;
            StatusCode::OK.into_response()
        }
        Mode::Json => json(
            StatusCode::OK,
            &serde_json::json!({
                "id": "chatcmpl-test",
                "object": "chat.completion",
                "created": 0,
                "model": "test-model",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": REPLY, "refusal": null}, "finish_reason": "stop"}],
            }),
        ),
        Mode::Stream => sse(text_chunks()),
        Mode::StreamWithTool if !answered_tool(&body) => sse(tool_chunks("get_my_chart", "{}")),
        Mode::StreamWithCompatibilityTool if !answered_tool(&body) => {
            sse(tool_chunks("get_compatibility", r#"{"birth_date": "1991-08-20", "gender": "female"}"#))
        }
        Mode::StreamWithTool | Mode::StreamWithCompatibilityTool => sse(text_chunks()),
        Mode::ErrorMidStream => {
            let pieces = text_chunks();
            let first: Vec<String> = pieces.into_iter().take(3).collect();
            let stream = futures_util::stream::unfold((first, 0_usize), |(pieces, at)| async move {
                if at < pieces.len() {
                    let piece = pieces[at].clone();
                    return Some((Ok::<_, std::io::Error>(piece), (pieces, at + 1)));
                }
                if at == pieces.len() {
                    // Let the text reach the client before the connection breaks.
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    return Some((Err(std::io::Error::other("upstream broke")), (pieces, at + 1)));
                }
                None
            });
            ([(header::CONTENT_TYPE, "text/event-stream")], Body::from_stream(stream)).into_response()
        }
    }
}

/// Starts the server in `mode`; gives its API root (`http://127.0.0.1:PORT/v1`) and its state.
pub async fn start(mode: Mode) -> (String, Arc<LlmState>) {
    let state = Arc::new(LlmState { mode: Mutex::new(mode), requests: Mutex::new(Vec::new()) });
    let app = axum::Router::new().route("/v1/chat/completions", post(completions)).with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}/v1"), state)
}
