//! The chat routes against a chat double: what the gateway sends (caller, ids, body, paging), how
//! it answers (the contract's JSON, the Server-Sent Events of a reply, refusals as Japanese JSON
//! errors), the per-user rate limit, and what it refuses before calling anyone. The whole flow
//! through the real chat service is in the fleet tests (services/fleet-tests/tests/chat).

use std::collections::HashSet;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::Stream;
use meguri_auth::{Claims, Role, Subject, TokenVerifier};
use meguri_ids::UserId;
use meguri_proto::chat as pb;
use meguri_proto::chat::chat_server::{Chat, ChatServer};
use meguri_proto::chat::send_message_event::{Accepted, Completed, Delta, Event, Failed};
use reqwest::Method;
use secrecy::SecretString;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;
use tonic::{Code, Request, Response, Status};

use crate::helpers::{ORIGIN, SECRET, TestApp, coded_status, json, spawn_app_with};

const ID: &str = "0191b7e4-0000-7000-8000-0000000000e1";
const OTHER_ID: &str = "0191b7e4-0000-7000-8000-0000000000e2";
const REQUEST_ID: &str = "0191b7e4-0000-7000-8000-0000000000f1";

// ---------------------------------------------------------------------------------------------
// The chat double
// ---------------------------------------------------------------------------------------------

/// One call as the double saw it.
#[derive(Clone, Debug)]
struct Seen {
    rpc: &'static str,
    claims: Claims,
    send: Option<pb::SendMessageRequest>,
    list: Option<pb::ListMessagesRequest>,
    get: Option<String>,
}

/// How the double answers SendMessage.
#[derive(Clone, Debug, Default)]
enum Reply {
    /// accepted, two deltas, completed.
    #[default]
    Completes,
    /// accepted, failed with this code.
    Fails(&'static str),
    /// Refuses with this status before any event.
    Refuses(Status),
    /// Answers the call, then sends this status as the stream's first item.
    RefusesInStream(Status),
    /// accepted, one delta, then silence until the caller goes away.
    Hangs,
    /// accepted, then this long without an event, then the rest as `Completes`.
    Pauses(Duration),
}

#[derive(Clone)]
struct ChatDouble {
    verifier: Arc<TokenVerifier>,
    seen: Arc<Mutex<Vec<Seen>>>,
    reply: Arc<Mutex<Reply>>,
    /// Every id sent: a repeat is answered `replayed`.
    sent_ids: Arc<Mutex<HashSet<String>>>,
    /// Set when a held stream saw its caller go away.
    caller_gone: Arc<AtomicBool>,
    max_message_length: i32,
}

impl ChatDouble {
    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().expect("lock").clone()
    }

    fn sends(&self) -> Vec<pb::SendMessageRequest> {
        self.seen().into_iter().filter_map(|s| s.send).collect()
    }

    fn answer(&self, reply: Reply) {
        *self.reply.lock().expect("lock") = reply;
    }

    fn admit<T>(&self, rpc: &'static str, request: &Request<T>, fill: impl FnOnce(&mut Seen)) -> Result<(), Status> {
        let claims = request
            .metadata()
            .get("authorization")
            .ok_or(meguri_auth::AuthError::MissingToken)
            .and_then(|v| self.verifier.verify_bearer(v.as_bytes()))
            .map_err(|_| Status::unauthenticated("no valid internal token"))?;
        let mut seen = Seen { rpc, claims, send: None, list: None, get: None };
        fill(&mut seen);
        self.seen.lock().expect("lock").push(seen);
        Ok(())
    }
}

fn compatibility_part() -> pb::ResponsePart {
    pb::ResponsePart {
        part: Some(pb::response_part::Part::Compatibility(pb::CompatibilityResult {
            request_id: REQUEST_ID.to_owned(),
            target: Some(pb::CompatibilityTarget {
                birth_date: "1992-03-14".to_owned(),
                birth_time: None,
                birth_location: Some("大阪".to_owned()),
                gender: pb::Gender::Female as i32,
                label: Some("彼女".to_owned()),
            }),
            score: 78,
            summary: "支え合える二人です".to_owned(),
            factors: vec![pb::CompatibilityFactor {
                key: "dayMaster".to_owned(),
                label: "日主の関係".to_owned(),
                score: 80,
                detail: "丙と辛は干合".to_owned(),
            }],
        })),
    }
}

/// A completed message as chat would store it.
fn stored(id: &str) -> pb::ChatMessage {
    pb::ChatMessage {
        id: id.to_owned(),
        message: "相性は？".to_owned(),
        response: "こんにちは、ボクはメグです".to_owned(),
        response_messages: vec![
            pb::ResponsePart {
                part: Some(pb::response_part::Part::Text("こんにちは、ボクはメグです".to_owned()))
            },
            compatibility_part(),
        ],
        credits_used: 1,
        status: pb::MessageStatus::Completed as i32,
        created_at: "2026-11-26T12:00:00.000Z".to_owned(),
        completed_at: Some("2026-11-26T12:00:02.000Z".to_owned()),
        content_hash: "ab".repeat(32),
        refunded: false,
    }
}

/// The JSON the gateway answers for [`stored`].
fn stored_json(id: &str) -> Value {
    json!({
        "id": id,
        "message": "相性は？",
        "response": "こんにちは、ボクはメグです",
        "responseMessages": [
            {"type": "text", "text": "こんにちは、ボクはメグです"},
            {
                "type": "compatibility",
                "requestId": REQUEST_ID,
                "score": 78,
                "summary": "支え合える二人です",
                "factors": [{"key": "dayMaster", "label": "日主の関係", "score": 80, "detail": "丙と辛は干合"}],
                "target": {"birthDate": "1992-03-14", "birthTime": null, "birthLocation": "大阪", "gender": "female", "label": "彼女"},
            },
        ],
        "creditsUsed": 1,
        "status": "completed",
        "refunded": false,
        "createdAt": "2026-11-26T12:00:00.000Z",
        "completedAt": "2026-11-26T12:00:02.000Z",
        "contentHash": "ab".repeat(32),
    })
}

fn refunded(id: &str) -> pb::ChatMessage {
    pb::ChatMessage {
        id: id.to_owned(),
        message: "相性は？".to_owned(),
        credits_used: 0,
        status: pb::MessageStatus::Refunded as i32,
        created_at: "2026-11-26T12:00:00.000Z".to_owned(),
        completed_at: Some("2026-11-26T12:00:30.000Z".to_owned()),
        content_hash: "cd".repeat(32),
        refunded: true,
        ..pb::ChatMessage::default()
    }
}

fn event(event: Event) -> Result<pb::SendMessageEvent, Status> {
    Ok(pb::SendMessageEvent { event: Some(event) })
}

type EventStream = Pin<Box<dyn Stream<Item = Result<pb::SendMessageEvent, Status>> + Send>>;

#[tonic::async_trait]
impl Chat for ChatDouble {
    type SendMessageStream = EventStream;

    async fn send_message(
        &self,
        r: Request<pb::SendMessageRequest>,
    ) -> Result<Response<Self::SendMessageStream>, Status> {
        let sent = r.get_ref().clone();
        self.admit("SendMessage", &r, |s| s.send = Some(sent.clone()))?;
        let reply = self.reply.lock().expect("lock").clone();
        let replayed = !self.sent_ids.lock().expect("lock").insert(sent.message_id.clone());
        let id = sent.message_id;
        let accepted = Event::Accepted(Accepted {
            message_id: id.clone(),
            credits_used: if replayed { 0 } else { 1 },
            balance: 2,
            replayed,
        });
        let (tx, rx) = mpsc::channel(8);
        let caller_gone = Arc::clone(&self.caller_gone);
        match reply {
            Reply::Refuses(status) => return Err(status),
            Reply::RefusesInStream(status) => {
                tx.send(Err(status)).await.expect("room");
            }
            Reply::Completes | Reply::Pauses(_) | Reply::Fails(_) | Reply::Hangs => {
                tokio::spawn(async move {
                    let _ = tx.send(event(accepted)).await;
                    match reply {
                        Reply::Fails(code) => {
                            let failed = Failed {
                                code: code.to_owned(),
                                refunded: true,
                                balance: 3,
                                message: Some(refunded(&id)),
                            };
                            let _ = tx.send(event(Event::Failed(failed))).await;
                            return;
                        }
                        Reply::Hangs => {
                            let _ = tx.send(event(Event::Delta(Delta { text: "こんにちは".to_owned() }))).await;
                            tx.closed().await;
                            caller_gone.store(true, Ordering::SeqCst);
                            return;
                        }
                        Reply::Pauses(pause) => tokio::time::sleep(pause).await,
                        _ => {}
                    }
                    for text in ["こんにちは", "、ボクはメグです"] {
                        let _ = tx.send(event(Event::Delta(Delta { text: text.to_owned() }))).await;
                    }
                    let completed = Completed { message: Some(stored(&id)), balance: 2 };
                    let _ = tx.send(event(Event::Completed(completed))).await;
                });
            }
        }
        let events = futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|e| (e, rx)) });
        Ok(Response::new(Box::pin(events)))
    }

    async fn get_message(&self, r: Request<pb::GetMessageRequest>) -> Result<Response<pb::ChatMessage>, Status> {
        let id = r.get_ref().message_id.clone();
        self.admit("GetMessage", &r, |s| s.get = Some(id.clone()))?;
        if id == OTHER_ID {
            return Err(coded_status(Code::NotFound, "MESSAGE_NOT_FOUND"));
        }
        Ok(Response::new(stored(&id)))
    }

    async fn list_messages(
        &self,
        r: Request<pb::ListMessagesRequest>,
    ) -> Result<Response<pb::ListMessagesResponse>, Status> {
        let list = r.get_ref().clone();
        self.admit("ListMessages", &r, |s| s.list = Some(list))?;
        Ok(Response::new(pb::ListMessagesResponse {
            messages: vec![stored(ID), refunded(OTHER_ID)],
            next_before: Some(OTHER_ID.to_owned()),
        }))
    }

    async fn get_chat_status(
        &self,
        r: Request<pb::GetChatStatusRequest>,
    ) -> Result<Response<pb::GetChatStatusResponse>, Status> {
        self.admit("GetChatStatus", &r, |_| {})?;
        Ok(Response::new(pb::GetChatStatusResponse {
            credits_per_message: 1,
            max_message_length: self.max_message_length,
            balance: 3,
        }))
    }
}

struct ChatApp {
    app: TestApp,
    chat: ChatDouble,
    user: UserId,
    cookie: String,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for ChatApp {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// The gateway with a chat double (messages of at most `max_message_length` characters) and a
/// signed-in member.
async fn spawn_chat_app(max_message_length: i32, customise: impl FnOnce(&mut gateway::config::Config)) -> ChatApp {
    let chat = ChatDouble {
        verifier: Arc::new(TokenVerifier::new(&SecretString::from(SECRET)).expect("verifier")),
        seen: Arc::default(),
        reply: Arc::default(),
        sent_ids: Arc::default(),
        caller_gone: Arc::default(),
        max_message_length,
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let router = Server::builder().add_service(ChatServer::new(chat.clone()));
    let server = tokio::spawn(async move {
        let _ = router.serve_with_incoming(TcpIncoming::from(listener)).await;
    });
    let app = spawn_app_with(|c| {
        c.chat_addr = format!("http://127.0.0.1:{port}");
        customise(c);
    })
    .await;
    let user = UserId::new();
    let (_, cookie) = app.session_cookie_for(user, Role::User).await;
    ChatApp { app, chat, user, cookie, server }
}

fn send_body(id: &str) -> Value {
    json!({"messageId": id, "message": "相性は？"})
}

impl ChatApp {
    async fn request(&self, method: Method, path: &str, body: Option<Value>) -> reqwest::Response {
        let mut request =
            self.app.client.request(method, self.app.url(path)).header("cookie", &self.cookie).header("origin", ORIGIN);
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request")
    }

    async fn send(&self, body: Value) -> reqwest::Response {
        self.request(Method::POST, "/api/chat/messages", Some(body)).await
    }
}

/// The frames of an event stream: `(event, data)` for each event, `("comment", text)` for each
/// comment line.
fn frames(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter(|frame| !frame.is_empty())
        .map(|frame| {
            if let Some(comment) = frame.strip_prefix(':') {
                return ("comment".to_owned(), Value::String(comment.trim().to_owned()));
            }
            let mut lines = frame.lines();
            let name = lines.next().and_then(|l| l.strip_prefix("event: ")).expect("an event line");
            let data = lines.next().and_then(|l| l.strip_prefix("data: ")).expect("a data line");
            assert!(lines.next().is_none(), "one data line per event: {frame}");
            (name.to_owned(), serde_json::from_str(data).expect("JSON data"))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

fn routes() -> Vec<(Method, String, Option<Value>, &'static str)> {
    vec![
        (Method::GET, "/api/chat/status".to_owned(), None, "GetChatStatus"),
        (Method::GET, "/api/chat/messages".to_owned(), None, "ListMessages"),
        (Method::GET, format!("/api/chat/messages/{ID}"), None, "GetMessage"),
        (Method::POST, "/api/chat/messages".to_owned(), Some(send_body(ID)), "SendMessage"),
    ]
}

#[tokio::test]
async fn every_chat_route_needs_a_session_and_calls_nobody_without_one() {
    let c = spawn_chat_app(500, |_| {}).await;

    for (method, path, body, _) in routes() {
        let mut request = c.app.client.request(method.clone(), c.app.url(&path)).header("origin", ORIGIN);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let (status, body) = json(request.send().await.expect("request")).await;

        assert_eq!(status, 401, "{method} {path}");
        assert_eq!(body, json!({"message": "ログインが必要です", "code": "UNAUTHENTICATED"}), "{method} {path}");
    }
    assert!(c.chat.seen().is_empty());
}

#[tokio::test]
async fn every_chat_route_calls_its_rpc_as_the_session_user() {
    let c = spawn_chat_app(500, |_| {}).await;

    for (method, path, body, rpc) in routes() {
        let response = c.request(method.clone(), &path, body).await;

        assert_eq!(response.status(), 200, "{method} {path}");
        drop(response.text().await.expect("body"));
        let seen = c.chat.seen().pop().expect("a call");
        assert_eq!(seen.rpc, rpc, "{method} {path}");
        assert_eq!(seen.claims.sub, Subject::User(c.user), "{method} {path}");
        assert_eq!(seen.claims.role, Role::User, "{method} {path}");
    }
}

#[tokio::test]
async fn the_status_history_and_one_message_are_chats_answers_in_camel_case() {
    let c = spawn_chat_app(500, |_| {}).await;

    let (_, status) = json(c.request(Method::GET, "/api/chat/status", None).await).await;
    let (_, page) =
        json(c.request(Method::GET, &format!("/api/chat/messages?limit=2&before={OTHER_ID}"), None).await).await;
    let (_, message) = json(c.request(Method::GET, &format!("/api/chat/messages/{ID}"), None).await).await;

    assert_eq!(status, json!({"creditsPerMessage": 1, "maxMessageLength": 500, "balance": 3}));
    let list = c.chat.seen().into_iter().find_map(|s| s.list).expect("ListMessages");
    assert_eq!((list.limit, list.before.as_deref()), (2, Some(OTHER_ID)));
    assert_eq!(page["nextBefore"], OTHER_ID);
    assert_eq!(page["messages"][0], stored_json(ID));
    assert_eq!(
        page["messages"][1],
        json!({
            "id": OTHER_ID, "message": "相性は？", "response": "", "responseMessages": [], "creditsUsed": 0,
            "status": "refunded", "refunded": true, "createdAt": "2026-11-26T12:00:00.000Z",
            "completedAt": "2026-11-26T12:00:30.000Z", "contentHash": "cd".repeat(32),
        })
    );
    assert_eq!(message, stored_json(ID));
}

#[tokio::test]
async fn history_paging_and_message_ids_are_checked_before_chat_is_asked() {
    let c = spawn_chat_app(500, |_| {}).await;

    let cases = [
        ("/api/chat/messages?limit=0", 400, "INVALID_LIMIT", "件数の指定が正しくありません"),
        ("/api/chat/messages?limit=51", 400, "INVALID_LIMIT", "件数の指定が正しくありません"),
        ("/api/chat/messages?before=abc", 400, "INVALID_MESSAGE_ID", "リクエストが正しくありません"),
        ("/api/chat/messages/abc", 404, "MESSAGE_NOT_FOUND", "メッセージが見つかりません"),
        (
            "/api/chat/messages/0191b7e4-0000-7000-8000-0000000000e",
            404,
            "MESSAGE_NOT_FOUND",
            "メッセージが見つかりません",
        ),
    ];
    for (path, status, code, message) in cases {
        let (got, body) = json(c.request(Method::GET, path, None).await).await;

        assert_eq!(got, status, "{path}");
        assert_eq!(body, json!({"message": message, "code": code}), "{path}");
    }
    assert!(c.chat.seen().is_empty(), "{:?}", c.chat.seen());

    let (status, body) = json(c.request(Method::GET, &format!("/api/chat/messages/{OTHER_ID}"), None).await).await;
    assert_eq!((status, body), (404, json!({"message": "メッセージが見つかりません", "code": "MESSAGE_NOT_FOUND"})));
}

#[tokio::test]
async fn a_sent_message_streams_accepted_deltas_and_done_as_server_sent_events() {
    let c = spawn_chat_app(500, |_| {}).await;
    let body = json!({
        "messageId": ID.to_uppercase(),
        "message": "相性は？",
        "compatibility": {"birthDate": "1992-03-14", "gender": "female", "birthLocation": "大阪", "label": "彼女"},
        "timezoneOffset": -540,
    });

    let response = c.send(body).await;

    assert_eq!(response.status(), 200);
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    assert_eq!(header("content-type").as_deref(), Some("text/event-stream"));
    assert_eq!(header("cache-control").as_deref(), Some("no-cache"));
    assert_eq!(header("x-accel-buffering").as_deref(), Some("no"));
    let events = frames(&response.text().await.expect("body"));
    assert_eq!(
        events,
        vec![
            ("accepted".to_owned(), json!({"messageId": ID, "creditsUsed": 1, "balance": 2, "replayed": false})),
            ("delta".to_owned(), json!({"text": "こんにちは"})),
            ("delta".to_owned(), json!({"text": "、ボクはメグです"})),
            ("done".to_owned(), json!({"message": stored_json(ID), "balance": 2})),
        ]
    );
    let sent = c.chat.sends().pop().expect("SendMessage");
    assert_eq!(sent.message_id, ID, "the canonical id");
    assert_eq!(sent.message, "相性は？");
    assert_eq!(sent.timezone_offset_minutes, Some(-540));
    let target = sent.compatibility.expect("a target");
    assert_eq!(
        (target.birth_date.as_str(), target.gender, target.birth_location.as_deref(), target.label.as_deref()),
        ("1992-03-14", pb::Gender::Female as i32, Some("大阪"), Some("彼女"))
    );

    let again = frames(&c.send(send_body(ID)).await.text().await.expect("body"));
    assert_eq!(again[0].1["replayed"], true, "chat's replay reaches the app as it is");
    assert_eq!(again[0].1["creditsUsed"], 0);
}

#[tokio::test]
async fn a_reply_that_fails_ends_with_failed_in_japanese_and_the_refund() {
    let c = spawn_chat_app(500, |_| {}).await;

    for (code, message) in [
        ("REPLY_FAILED", "返信を作れませんでした。使ったクレジットはお返ししました"),
        ("REPLY_TIMEOUT", "返信に時間がかかりすぎたため中断しました。使ったクレジットはお返ししました"),
    ] {
        c.chat.answer(Reply::Fails(code));
        let id = uuid::Uuid::new_v4().to_string();

        let events = frames(&c.send(send_body(&id)).await.text().await.expect("body"));

        assert_eq!(events.len(), 2, "{events:?}");
        assert_eq!(events[0].0, "accepted");
        let (name, failed) = &events[1];
        assert_eq!(name, "failed");
        assert_eq!(failed["code"], code);
        assert_eq!(failed["message"], message);
        assert_eq!(failed["refunded"], true);
        assert_eq!(failed["balance"], 3);
        assert_eq!(failed["chatMessage"]["status"], "refunded");
        assert_eq!(failed["chatMessage"]["creditsUsed"], 0);
    }
}

#[tokio::test]
async fn chats_refusals_are_json_errors_with_their_status_and_japanese_message() {
    let c = spawn_chat_app(300, |_| {}).await;
    let unavailable = "チャットは現在ご利用いただけません。しばらくしてからお試しください";
    let cases = [
        (Code::FailedPrecondition, "INSUFFICIENT_CREDITS", 409, "クレジットが足りません"),
        (Code::AlreadyExists, "MESSAGE_ID_TAKEN", 409, "このメッセージはすでに送信されています"),
        (Code::InvalidArgument, "MESSAGE_EMPTY", 400, "メッセージを入力してください"),
        (Code::InvalidArgument, "INVALID_MESSAGE_ID", 400, "リクエストが正しくありません"),
        (Code::InvalidArgument, "INVALID_COMPATIBILITY_TARGET", 400, "相手の生年月日と性別を正しく入力してください"),
        // Worded with the limit chat's refusal names (300 here).
        (Code::InvalidArgument, "MESSAGE_TOO_LONG", 400, "メッセージは300文字以内で入力してください"),
        (Code::Unavailable, "BILLING_UNAVAILABLE", 503, unavailable),
        (Code::Unavailable, "SERVICE_UNAVAILABLE", 503, unavailable),
    ];
    for in_stream in [false, true] {
        for (grpc, code, http, message) in &cases {
            let mut status = coded_status(*grpc, code);
            if *code == "MESSAGE_TOO_LONG" {
                status.metadata_mut().insert(meguri_status::LIMIT_METADATA, 300_u64.into());
            }
            c.chat.answer(if in_stream { Reply::RefusesInStream(status) } else { Reply::Refuses(status) });

            let response = c.send(send_body(&uuid::Uuid::new_v4().to_string())).await;

            let shown = if *code == "SERVICE_UNAVAILABLE" { "CHAT_UNAVAILABLE" } else { code };
            assert_eq!(
                json(response).await,
                (*http, json!({"message": message, "code": shown})),
                "{code} (in stream: {in_stream})"
            );
        }
    }
    // A refusal is worded from what it says: chat is not asked again.
    assert!(c.chat.seen().iter().all(|s| s.rpc == "SendMessage"), "{:?}", c.chat.seen());
}

#[tokio::test]
async fn a_too_long_refusal_without_its_limit_gets_the_tables_text() {
    let c = spawn_chat_app(300, |_| {}).await;
    c.chat.answer(Reply::Refuses(coded_status(Code::InvalidArgument, "MESSAGE_TOO_LONG")));

    let response = c.send(send_body(&uuid::Uuid::new_v4().to_string())).await;

    assert_eq!(
        json(response).await,
        (400, json!({"message": "メッセージは500文字以内で入力してください", "code": "MESSAGE_TOO_LONG"}))
    );
    assert!(c.chat.seen().iter().all(|s| s.rpc == "SendMessage"));
}

#[tokio::test]
async fn chat_down_is_the_chat_screens_unavailable() {
    let c = spawn_chat_app(500, |c| c.chat_addr = gateway::testkit::NOBODY.to_owned()).await;
    let expected = json!({"message": "チャットは現在ご利用いただけません。しばらくしてからお試しください", "code": "CHAT_UNAVAILABLE"});

    for (method, path, body, _) in routes() {
        let (status, body) = json(c.request(method.clone(), &path, body).await).await;

        assert_eq!((status, &body), (503, &expected), "{method} {path}");
    }
}

#[tokio::test]
async fn a_malformed_send_is_refused_in_japanese_before_chat_is_asked() {
    let c = spawn_chat_app(500, |_| {}).await;
    let cases = [
        (json!({"message": "hi"}), "INVALID_MESSAGE_ID", "リクエストが正しくありません"),
        (json!({"messageId": "abc", "message": "hi"}), "INVALID_MESSAGE_ID", "リクエストが正しくありません"),
        (json!({"messageId": 7, "message": "hi"}), "INVALID_MESSAGE_ID", "リクエストが正しくありません"),
        (json!({"messageId": ID}), "MESSAGE_EMPTY", "メッセージを入力してください"),
        (json!({"messageId": ID, "message": "   "}), "MESSAGE_EMPTY", "メッセージを入力してください"),
        (json!({"messageId": ID, "message": 12}), "INVALID_REQUEST", "リクエストの形式が正しくありません"),
        (
            json!({"messageId": ID, "message": "hi", "compatibility": "1992-03-14"}),
            "INVALID_COMPATIBILITY_TARGET",
            "相手の生年月日と性別を正しく入力してください",
        ),
        (
            json!({"messageId": ID, "message": "hi", "compatibility": {"birthDate": "1992-03-14"}}),
            "INVALID_COMPATIBILITY_TARGET",
            "相手の生年月日と性別を正しく入力してください",
        ),
        (
            json!({"messageId": ID, "message": "hi", "compatibility": {"birthDate": "1992-02-30", "gender": "male"}}),
            "INVALID_COMPATIBILITY_TARGET",
            "相手の生年月日と性別を正しく入力してください",
        ),
        (
            json!({"messageId": ID, "message": "hi", "timezoneOffset": 900}),
            "INVALID_TIMEZONE_OFFSET",
            "タイムゾーンの指定が正しくありません",
        ),
        (json!(["hi"]), "INVALID_REQUEST", "リクエストの形式が正しくありません"),
    ];
    for (body, code, message) in cases {
        let (status, answer) = json(c.send(body.clone()).await).await;

        assert_eq!((status, answer), (400, json!({"message": message, "code": code})), "{body}");
    }
    assert!(c.chat.seen().is_empty(), "{:?}", c.chat.seen());
}

#[tokio::test]
async fn the_chat_rate_limit_counts_message_ids_per_user_and_not_a_replay() {
    let c = spawn_chat_app(500, |config| {
        config.rate_limit.enabled = true;
        config.rate_limit.chat_per_window = 2;
    })
    .await;
    let first = uuid::Uuid::new_v4().to_string();
    let second = uuid::Uuid::new_v4().to_string();
    let third = uuid::Uuid::new_v4().to_string();

    for id in [&first, &second, &first, &first] {
        let response = c.send(send_body(id)).await;
        assert_eq!(response.status(), 200, "{id}");
        drop(response.text().await.expect("body"));
    }
    let limited = c.send(send_body(&third)).await;
    let retry_after: u64 = limited
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    let (status, body) = json(limited).await;

    assert_eq!(status, 429);
    assert_eq!(
        body,
        json!({"message": "送信が続いています。少し時間をおいてからお試しください", "code": "CHAT_RATE_LIMITED"})
    );
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    let sent: Vec<String> = c.chat.sends().into_iter().map(|s| s.message_id).collect();
    assert_eq!(
        sent,
        [first.clone(), second.clone(), first.clone(), first.clone()],
        "the refused message never reached chat"
    );
    let replay = c.send(send_body(&second)).await;
    assert_eq!(replay.status(), 200, "an id already counted still passes at the limit");
    drop(replay.text().await.expect("body"));

    let (_, other_cookie) = c.app.session_cookie_for(UserId::new(), Role::User).await;
    let other = c
        .app
        .client
        .post(c.app.url("/api/chat/messages"))
        .header("cookie", other_cookie)
        .header("origin", ORIGIN)
        .json(&send_body(&third))
        .send()
        .await
        .expect("request");
    assert_eq!(other.status(), 200, "another member has their own budget");
}

#[tokio::test]
async fn a_quiet_stream_gets_keep_alive_comments() {
    let c = spawn_chat_app(500, |config| config.chat_keep_alive = Duration::from_millis(50)).await;
    c.chat.answer(Reply::Pauses(Duration::from_millis(400)));

    let events = frames(&c.send(send_body(ID)).await.text().await.expect("body"));

    let names: Vec<&str> = events.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names.first(), Some(&"accepted"));
    assert_eq!(names.last(), Some(&"done"));
    let comments: Vec<&Value> = events.iter().filter(|(n, _)| n == "comment").map(|(_, text)| text).collect();
    assert!(comments.len() >= 2, "{names:?}");
    assert!(comments.iter().all(|text| *text == "keep-alive"), "{comments:?}");
    assert_eq!(names.iter().filter(|n| **n == "delta").count(), 2);
}

#[tokio::test]
async fn a_client_that_goes_away_drops_the_grpc_stream() {
    let c = spawn_chat_app(500, |config| config.chat_keep_alive = Duration::from_millis(100)).await;
    c.chat.answer(Reply::Hangs);

    let mut response = c.send(send_body(ID)).await;
    let mut seen = String::new();
    while !seen.contains("event: delta") {
        let chunk = tokio::time::timeout(Duration::from_secs(5), response.chunk())
            .await
            .expect("a chunk in time")
            .expect("read")
            .expect("more body");
        seen.push_str(std::str::from_utf8(&chunk).expect("utf-8"));
    }
    assert!(!c.chat.caller_gone.load(Ordering::SeqCst), "chat still streams while the client reads");
    drop(response);

    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !c.chat.caller_gone.load(Ordering::SeqCst) {
        assert!(tokio::time::Instant::now() < deadline, "chat never saw the stream dropped");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
