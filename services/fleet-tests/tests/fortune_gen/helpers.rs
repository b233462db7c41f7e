//! Starts bazi-engine, identity and fortune-gen (each from its own test kit), and gives typed
//! clients and waits.

use std::net::SocketAddr;
use std::time::Duration;

use chrono::{DateTime, Utc};
use fleet_tests::Engine;
use fortune_gen::testkit::{TestFortune, TestLlm, TestOptions, spawn};
use identity::testkit::TestIdentity;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_ids::UserId;
use meguri_proto::bazi_engine::bazi_engine_client::BaziEngineClient;
use meguri_proto::fortune as pb;
use meguri_proto::fortune::fortune_client::FortuneClient;
use meguri_proto::identity as id;
use meguri_proto::identity::identity_client::IdentityClient;
use meguri_testkit::{Bearer, RedisKeys, redis_url};
use secrecy::SecretString;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

pub const SECRET: &str = "fortune-gen-test-secret-that-is-long-enough-0123";
pub use fleet_tests::{DEADLINE, eventually};
pub const PASSWORD: &str = "correct horse battery";

/// A fixed start: 2026-11-22 09:00 in Japan.
pub fn start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-22T00:00:00Z").expect("time").with_timezone(&Utc)
}

/// What a TCP proxy in front of bazi-engine does with connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Forward to the engine.
    Up,
    /// Close at once (the engine looks down); forwarded connections are cut.
    Down,
    /// Accept and wait until the mode changes.
    Hold,
}

/// A switchable TCP proxy: lets a test take bazi-engine down and up, or hold calls, without
/// moving its port.
pub struct Proxy {
    pub addr: SocketAddr,
    mode: watch::Sender<Mode>,
}

impl Proxy {
    pub async fn start(upstream: SocketAddr, mode: Mode) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (tx, _) = watch::channel(mode);
        let modes = tx.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let mut rx = modes.subscribe();
                tokio::spawn(async move {
                    loop {
                        let now = *rx.borrow_and_update();
                        match now {
                            Mode::Down => return,
                            Mode::Up => break,
                            Mode::Hold => {
                                if rx.changed().await.is_err() {
                                    return;
                                }
                            }
                        }
                    }
                    let Ok(mut outbound) = TcpStream::connect(upstream).await else { return };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = rx.wait_for(|m| *m == Mode::Down) => {}
                    }
                });
            }
        });
        Self { addr, mode: tx }
    }

    pub fn set(&self, mode: Mode) {
        self.mode.send_replace(mode);
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

pub type Fortune = FortuneClient<InterceptedService<Channel, Bearer>>;
pub type Identity = IdentityClient<InterceptedService<Channel, Bearer>>;
pub type BaziEngine = BaziEngineClient<InterceptedService<Channel, Bearer>>;

/// The fleet of one test.
pub struct TestApp {
    pub fortune: TestFortune,
    pub identity: TestIdentity,
    pub engine: Engine,
    pub proxy: Proxy,
    pub prefix: String,
    minter: TokenMinter,
    // Last: every Redis key of the test is deleted once the services have stopped.
    _keys: RedisKeys,
}

/// Options a test may change before fortune-gen starts.
pub struct Setup {
    pub mode: Mode,
    pub llm: Option<TestLlm>,
    pub peer_timeout: Duration,
}

impl Default for Setup {
    fn default() -> Self {
        Self { mode: Mode::Up, llm: None, peer_timeout: Duration::from_secs(5) }
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_with(Setup::default()).await
}

pub async fn spawn_with(setup: Setup) -> TestApp {
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let engine = fleet_tests::start_engine(SECRET).await;
    let proxy = Proxy::start(engine.addr, setup.mode).await;
    let identity = identity::testkit::spawn(SECRET, &prefix).await;
    let identity_addr = format!("http://127.0.0.1:{}", identity.grpc_port);
    let mut options = TestOptions::new(SECRET, &prefix, &proxy.url(), &identity_addr);
    options.llm = setup.llm;
    options.peer_timeout = setup.peer_timeout;
    options.start_at = Some(start());
    let fortune = spawn(options).await;
    let minter = TokenMinter::new(&SecretString::from(SECRET), Duration::from_secs(60)).expect("minter");
    TestApp { fortune, identity, engine, proxy, prefix, minter, _keys: keys }
}

async fn channel(addr: String) -> Channel {
    meguri_testkit::connect(&addr).await
}

impl TestApp {
    fn bearer(&self, subject: Subject, role: Role) -> Bearer {
        Bearer { minter: self.minter.clone(), subject, role }
    }

    pub async fn fortune_as(&self, subject: Subject, role: Role) -> Fortune {
        FortuneClient::with_interceptor(channel(self.fortune.addr()).await, self.bearer(subject, role))
    }

    /// fortune-gen as a signed-in user (through the gateway).
    pub async fn user(&self, user: UserId) -> Fortune {
        self.fortune_as(Subject::User(user), Role::User).await
    }

    pub async fn admin(&self) -> Fortune {
        self.fortune_as(Subject::User(UserId::new()), Role::Admin).await
    }

    pub async fn identity_as(&self, subject: Subject, role: Role) -> Identity {
        let addr = format!("http://127.0.0.1:{}", self.identity.grpc_port);
        IdentityClient::with_interceptor(channel(addr).await, self.bearer(subject, role))
    }

    /// bazi-engine directly (not through the proxy).
    pub async fn engine_client(&self) -> BaziEngine {
        BaziEngineClient::with_interceptor(
            channel(format!("http://{}", self.engine.addr)).await,
            self.bearer(Subject::Anonymous, Role::Service),
        )
    }

    /// Signs up through identity with a birth date (and the given gender); returns the user id.
    pub async fn sign_up(&self, username: &str, birth_date: &str, gender: id::Gender) -> UserId {
        let response = self
            .identity_as(Subject::Anonymous, Role::Visitor)
            .await
            .sign_up(id::SignUpRequest {
                email: format!("{username}@example.jp"),
                password: PASSWORD.to_owned(),
                username: username.to_owned(),
                gender: gender as i32,
                birth: Some(id::BirthData { birth_date: Some(birth_date.to_owned()), ..Default::default() }),
                privacy_policy_accepted: true,
                ..Default::default()
            })
            .await
            .expect("sign-up")
            .into_inner();
        response.user_id.parse().expect("user id")
    }

    pub async fn status(&self, user: UserId) -> String {
        self.user(user)
            .await
            .get_chart_status(pb::GetChartStatusRequest::default())
            .await
            .expect("status")
            .into_inner()
            .status
    }

    /// Waits until the chart status of `user` is `status`; returns every status seen, in order
    /// and without repeats.
    pub async fn wait_status(&self, user: UserId, status: &str) -> Vec<String> {
        let deadline = tokio::time::Instant::now() + DEADLINE;
        let mut seen: Vec<String> = Vec::new();
        loop {
            let now = self.status(user).await;
            if seen.last() != Some(&now) {
                seen.push(now.clone());
            }
            if now == status {
                return seen;
            }
            assert!(tokio::time::Instant::now() < deadline, "chart of {user} never became {status}; saw {seen:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Signs up and waits for the chart.
    pub async fn ready_user(&self, username: &str, birth_date: &str) -> UserId {
        let user = self.sign_up(username, birth_date, id::Gender::Female).await;
        self.wait_status(user, "ready").await;
        user
    }

    pub async fn daily(&self, user: UserId) -> pb::DailyReading {
        self.user(user)
            .await
            .get_daily_reading(pb::GetDailyReadingRequest { timezone_offset_minutes: Some(-540) })
            .await
            .expect("daily reading")
            .into_inner()
    }

    async fn redis(&self) -> redis::aio::MultiplexedConnection {
        redis::Client::open(redis_url()).expect("redis url").get_multiplexed_async_connection().await.expect("redis")
    }

    /// Every entry of the identity stream: (entry id, its envelope as published).
    pub async fn identity_events(&self) -> Vec<(String, Vec<u8>)> {
        let mut redis = self.redis().await;
        let reply: redis::streams::StreamRangeReply = redis::cmd("XRANGE")
            .arg(format!("{}stream:identity", self.prefix))
            .arg("-")
            .arg("+")
            .query_async(&mut redis)
            .await
            .expect("XRANGE");
        reply
            .ids
            .into_iter()
            .map(|e| {
                let envelope = e.get::<Vec<u8>>(meguri_events::ENVELOPE_FIELD).expect("an envelope");
                (e.id, envelope)
            })
            .collect()
    }

    /// Appends an entry with `envelope` to the identity stream (a relay publishing it again);
    /// returns the entry id.
    pub async fn republish(&self, envelope: &[u8]) -> String {
        let mut redis = self.redis().await;
        meguri_events::testkit::publish_raw(&mut redis, &self.events(), meguri_events::IDENTITY_STREAM, envelope)
            .await
            .expect("XADD")
    }

    /// Appends `event` to its stream as the outbox relay writes it; returns the entry id.
    pub async fn publish<E: meguri_events::Event>(&self, event_id: uuid::Uuid, event: &E) -> String {
        let mut redis = self.redis().await;
        meguri_events::testkit::publish(&mut redis, &self.events(), event_id, event).await.expect("XADD")
    }

    fn events(&self) -> meguri_events::EventsConfig {
        meguri_events::EventsConfig::new(&self.prefix)
    }

    /// Waits until fortune-gen's consumer group has read the identity stream up to `entry` and
    /// acknowledged all of it.
    pub async fn wait_handled(&self, entry: &str) {
        let mut redis = self.redis().await;
        let deadline = tokio::time::Instant::now() + DEADLINE;
        while !meguri_events::testkit::handled(&mut redis, &self.events(), "identity", "fortune-gen", entry)
            .await
            .expect("XINFO")
        {
            assert!(tokio::time::Instant::now() < deadline, "fortune-gen did not handle {entry} in time");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// The stable code a status carries.
pub fn code_of(status: &tonic::Status) -> &str {
    status.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// A local OpenAI-compatible endpoint: a bare HTTP/1.1 server that answers
/// `POST /v1/chat/completions` as the test tells it (bare, so it can also cut a connection
/// mid-request).
pub mod llm_server {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    use tokio::net::{TcpListener, TcpStream};
    use tokio::sync::Mutex;

    /// How the endpoint answers.
    #[derive(Clone, Debug)]
    pub enum Answer {
        /// A chat completion whose message content is this text.
        Content(String),
        /// Reads the request and never answers.
        Hang,
        /// Reads the request, then closes the connection without a word.
        Cut,
    }

    pub struct LlmServer {
        pub base_url: String,
        requests: Arc<AtomicUsize>,
        answer: Arc<Mutex<Answer>>,
        server: tokio::task::JoinHandle<()>,
    }

    impl Drop for LlmServer {
        fn drop(&mut self) {
            self.server.abort();
        }
    }

    fn completion(content: &str) -> String {
        serde_json::json!({
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": 0,
            "model": "test-model",
            "choices": [{
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop"
            }]
        })
        .to_string()
    }

    /// Reads one request (headers and a Content-Length body); false when the peer went away.
    async fn read_request(socket: &mut TcpStream) -> bool {
        let mut data = Vec::new();
        let mut buf = [0_u8; 8192];
        loop {
            let Ok(n) = socket.read(&mut buf).await else { return false };
            if n == 0 {
                return false;
            }
            data.extend_from_slice(&buf[..n]);
            let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") else { continue };
            let head = String::from_utf8_lossy(&data[..end]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if data.len() >= end + 4 + length {
                return true;
            }
        }
    }

    impl LlmServer {
        pub async fn start(answer: Answer) -> Self {
            let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
            let port = listener.local_addr().expect("addr").port();
            let answer = Arc::new(Mutex::new(answer));
            let requests = Arc::new(AtomicUsize::new(0));
            let server = {
                let (answer, requests) = (answer.clone(), requests.clone());
                tokio::spawn(async move {
                    while let Ok((mut socket, _)) = listener.accept().await {
                        let (answer, requests) = (answer.clone(), requests.clone());
                        tokio::spawn(async move {
                            if !read_request(&mut socket).await {
                                return;
                            }
                            requests.fetch_add(1, Ordering::SeqCst);
                            let answer = answer.lock().await.clone();
                            match answer {
                                Answer::Content(text) => {
                                    let body = completion(&text);
                                    let response = format!(
                                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                                        body.len()
                                    );
                                    let _ = socket.write_all(response.as_bytes()).await;
                                    let _ = socket.shutdown().await;
                                }
                                Answer::Hang => {
                                    // Keep the connection open until the client gives up.
                                    let mut sink = [0_u8; 64];
                                    while matches!(socket.read(&mut sink).await, Ok(n) if n > 0) {}
                                }
                                Answer::Cut => drop(socket),
                            }
                        });
                    }
                })
            };
            Self { base_url: format!("http://127.0.0.1:{port}/v1"), requests, answer, server }
        }

        pub async fn answer(&self, answer: Answer) {
            *self.answer.lock().await = answer;
        }

        pub fn requests(&self) -> usize {
            self.requests.load(Ordering::SeqCst)
        }
    }
}
