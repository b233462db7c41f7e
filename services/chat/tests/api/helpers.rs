//! chat in-process with fakes of its four peers (tonic servers on free ports) and, when a test
//! asks, a local OpenAI-compatible HTTP server; its own schema and Redis prefix; typed helpers to
//! send as a user and read what happened.
//!
//! The fake billing keeps an in-memory ledger with billing's semantics: a spend's idempotency key
//! replays the first result, a spend below zero is refused (INSUFFICIENT_CREDITS), a refund gives
//! back one spend at most once (a repeat replays; an unknown key is NOT_FOUND).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chat::config::PeerAddrs;
use chat::testkit::{TestChat, TestOptions};
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::billing as bi;
use meguri_proto::fortune as fo;
use meguri_proto::meguri::chat::v1 as pb;
use meguri_testkit::fake::{EngineState, FakeEngine, FakeIdentity, IdentityState};
use meguri_testkit::{Bearer, RedisKeys, serve};
use pb::send_message_event::Event as PbEvent;
use secrecy::SecretString;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Server};
use tonic::{Request, Response, Status};

pub const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

pub type Client = pb::chat_client::ChatClient<InterceptedService<Channel, Bearer>>;

/// An impl of a tonic service trait whose listed RPCs answer UNIMPLEMENTED.
macro_rules! fake_service {
    (impl $service:path, $fake:ty, { unimplemented { $($method:ident($req:ty) -> $resp:ty;)* } $($rest:tt)* }) => {
        #[tonic::async_trait]
        impl $service for $fake {
            $(
                async fn $method(&self, _: Request<$req>) -> Result<Response<$resp>, Status> {
                    Err(Status::unimplemented("not used by chat"))
                }
            )*
            $($rest)*
        }
    };
}

// ---------------------------------------------------------------------------------------------
// Fake billing: the ledger.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerRow {
    pub user: UserId,
    pub delta: i64,
    pub key: String,
    pub reason: String,
}

#[derive(Default)]
pub struct Ledger {
    pub balances: HashMap<UserId, i64>,
    pub rows: Vec<LedgerRow>,
    /// The balance after each spend key's first application (what a replay answers).
    spends: HashMap<String, (UserId, i64, i64)>,
}

#[derive(Default)]
pub struct BillingState {
    pub ledger: Mutex<Ledger>,
    pub down: AtomicBool,
    pub spend_calls: AtomicUsize,
    /// How long a spend waits before it is applied (a slow billing).
    pub spend_delay: Mutex<Duration>,
}

impl BillingState {
    pub fn grant(&self, user: UserId, credits: i64) {
        let mut ledger = self.ledger.lock().unwrap();
        *ledger.balances.entry(user).or_default() += credits;
        let key = format!("grant:{}", ledger.rows.len());
        ledger.rows.push(LedgerRow { user, delta: credits, key, reason: "signup_bonus".into() });
    }

    pub fn balance(&self, user: UserId) -> i64 {
        self.ledger.lock().unwrap().balances.get(&user).copied().unwrap_or_default()
    }

    /// A spend recorded as billing would have for `key` (a process that charged, then went away).
    pub fn spend_directly(&self, user: UserId, key: &str) {
        let mut ledger = self.ledger.lock().unwrap();
        let balance = ledger.balances.get(&user).copied().unwrap_or_default() - 1;
        ledger.balances.insert(user, balance);
        ledger.spends.insert(key.to_owned(), (user, 1, balance));
        ledger.rows.push(LedgerRow { user, delta: -1, key: key.to_owned(), reason: "chat_message".into() });
    }

    /// The user's ledger rows other than grants.
    pub fn moves(&self, user: UserId) -> Vec<LedgerRow> {
        self.ledger
            .lock()
            .unwrap()
            .rows
            .iter()
            .filter(|r| r.user == user && !r.key.starts_with("grant:"))
            .cloned()
            .collect()
    }

    /// The sum of the user's ledger (must equal the balance).
    pub fn sum(&self, user: UserId) -> i64 {
        self.ledger.lock().unwrap().rows.iter().filter(|r| r.user == user).map(|r| r.delta).sum()
    }
}

#[derive(Clone)]
pub struct FakeBilling(pub Arc<BillingState>);

fn coded(code: tonic::Code, stable: &'static str) -> Status {
    meguri_status::status(code, stable, "refused")
}

fake_service! {
impl bi::billing_server::Billing, FakeBilling, {
    unimplemented {
        grant(bi::GrantRequest) -> bi::GrantResponse;
        list_ledger(bi::ListLedgerRequest) -> bi::ListLedgerResponse;
        list_packs(bi::ListPacksRequest) -> bi::ListPacksResponse;
        create_checkout(bi::CreateCheckoutRequest) -> bi::CreateCheckoutResponse;
        get_purchase(bi::GetPurchaseRequest) -> bi::Purchase;
        list_purchases(bi::ListPurchasesRequest) -> bi::ListPurchasesResponse;
        handle_stripe_webhook(bi::HandleStripeWebhookRequest) -> bi::HandleStripeWebhookResponse;
        adjust_credits(bi::AdjustCreditsRequest) -> bi::AdjustCreditsResponse;
        get_purchase_stats(bi::GetPurchaseStatsRequest) -> bi::PurchaseStats;
        get_daily_money(bi::GetDailyMoneyRequest) -> bi::DailyMoney;
        complete_dev_checkout(bi::CompleteDevCheckoutRequest) -> bi::CompleteDevCheckoutResponse;
        get_dev_checkout(bi::GetDevCheckoutRequest) -> bi::Purchase;
    }

    async fn get_balance(&self, request: Request<bi::GetBalanceRequest>) -> Result<Response<bi::GetBalanceResponse>, Status> {
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("billing is down"));
        }
        let user: UserId = request.get_ref().user_id.parse().map_err(|_| Status::invalid_argument("user"))?;
        Ok(Response::new(bi::GetBalanceResponse { credits: self.0.balance(user) }))
    }

    async fn spend(&self, request: Request<bi::SpendRequest>) -> Result<Response<bi::SpendResponse>, Status> {
        self.0.spend_calls.fetch_add(1, Ordering::SeqCst);
        let delay = *self.0.spend_delay.lock().unwrap();
        tokio::time::sleep(delay).await;
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("billing is down"));
        }
        let r = request.into_inner();
        let user: UserId = r.user_id.parse().map_err(|_| Status::invalid_argument("user"))?;
        assert_eq!(r.reason, "chat_message");
        let mut ledger = self.0.ledger.lock().unwrap();
        if let Some((first_user, credits, balance)) = ledger.spends.get(&r.idempotency_key).copied() {
            if first_user != user || credits != r.credits {
                return Err(coded(tonic::Code::FailedPrecondition, "IDEMPOTENCY_KEY_REUSED"));
            }
            return Ok(Response::new(bi::SpendResponse { balance, replayed: true }));
        }
        let current = ledger.balances.get(&user).copied().unwrap_or_default();
        if current < r.credits {
            return Err(coded(tonic::Code::FailedPrecondition, "INSUFFICIENT_CREDITS"));
        }
        let balance = current - r.credits;
        ledger.balances.insert(user, balance);
        ledger.spends.insert(r.idempotency_key.clone(), (user, r.credits, balance));
        ledger.rows.push(LedgerRow { user, delta: -r.credits, key: r.idempotency_key, reason: r.reason });
        Ok(Response::new(bi::SpendResponse { balance, replayed: false }))
    }

    async fn refund(&self, request: Request<bi::RefundRequest>) -> Result<Response<bi::RefundResponse>, Status> {
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("billing is down"));
        }
        let r = request.into_inner();
        let user: UserId = r.user_id.parse().map_err(|_| Status::invalid_argument("user"))?;
        assert_eq!(r.reason, "chat_refund");
        let mut ledger = self.0.ledger.lock().unwrap();
        let Some((spender, credits, _)) = ledger.spends.get(&r.spend_idempotency_key).copied() else {
            return Err(coded(tonic::Code::NotFound, "SPEND_NOT_FOUND"));
        };
        assert_eq!(spender, user, "a refund names the spender");
        let key = format!("refund:{}", r.spend_idempotency_key);
        let current = ledger.balances.get(&user).copied().unwrap_or_default();
        if ledger.rows.iter().any(|row| row.key == key) {
            return Ok(Response::new(bi::RefundResponse { balance: current, replayed: true }));
        }
        ledger.balances.insert(user, current + credits);
        ledger.rows.push(LedgerRow { user, delta: credits, key, reason: r.reason });
        Ok(Response::new(bi::RefundResponse { balance: current + credits, replayed: false }))
    }
}
}

// ---------------------------------------------------------------------------------------------
// Fake fortune-gen: the caller's chart and day (the caller read from the token's `sub`, as the
// real one does).

#[derive(Default)]
pub struct FortuneState {
    /// Users whose chart is ready.
    pub charts: Mutex<Vec<UserId>>,
    pub down: AtomicBool,
    pub chart_calls: AtomicUsize,
}

#[derive(Clone)]
pub struct FakeFortune(pub Arc<FortuneState>);

/// The user a token names (the fake trusts it; chat's calls are signed with the shared secret).
fn sub_of<T>(request: &Request<T>) -> Option<UserId> {
    let bearer = request.metadata().get("authorization")?.to_str().ok()?.strip_prefix("Bearer ")?.to_owned();
    let verifier = meguri_auth::TokenVerifier::new(&SecretString::from(SECRET.to_owned())).ok()?;
    verifier.verify(&bearer).ok()?.sub.user_id()
}

pub fn chart() -> be::Chart {
    chat::peers::sample_chart()
}

fake_service! {
impl fo::fortune_server::Fortune, FakeFortune, {
    unimplemented {
        get_chart_status(fo::GetChartStatusRequest) -> fo::GetChartStatusResponse;
        get_daily_reading(fo::GetDailyReadingRequest) -> fo::DailyReading;
        rate_fortune(fo::RateFortuneRequest) -> fo::Rating;
        update_rating_feedback(fo::UpdateRatingFeedbackRequest) -> fo::Rating;
        get_yearly_report(fo::GetYearlyReportRequest) -> fo::Report;
        get_life_report(fo::GetLifeReportRequest) -> fo::Report;
        list_chart_failures(fo::ListChartFailuresRequest) -> fo::ListChartFailuresResponse;
        get_friend_updates(fo::GetFriendUpdatesRequest) -> fo::GetFriendUpdatesResponse;
        get_chart_for_staff(fo::ChartForStaffRequest) -> fo::ChartForStaff;
        retry_chart(fo::ChartForStaffRequest) -> fo::ChartForStaff;
    }

    async fn get_chart(&self, request: Request<fo::GetChartRequest>) -> Result<Response<fo::GetChartResponse>, Status> {
        self.0.chart_calls.fetch_add(1, Ordering::SeqCst);
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("fortune-gen is down"));
        }
        let user = sub_of(&request).ok_or_else(|| Status::unauthenticated("no user"))?;
        if !self.0.charts.lock().unwrap().contains(&user) {
            return Err(coded(tonic::Code::FailedPrecondition, "CHART_NOT_READY"));
        }
        Ok(Response::new(fo::GetChartResponse { status: "ready".into(), chart: Some(chart()), built_at: "2026-11-01T00:00:00Z".into() }))
    }

    async fn list_badges(&self, _request: Request<fo::ListBadgesRequest>) -> Result<Response<fo::ListBadgesResponse>, Status> {
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("fortune-gen is down"));
        }
        let badge = |id: &str, name: &str, description: &str, is_active: bool| fo::Badge {
            id: id.into(),
            name: name.into(),
            description: description.into(),
            r#type: "rekichu".into(),
            is_active,
        };
        Ok(Response::new(fo::ListBadgesResponse {
            badges: vec![
                badge("tensha", "天赦日", "暦の上で最上の吉日。", true),
                badge("sanrinbo", "三隣亡", "建築の凶日。", false),
            ],
        }))
    }

    async fn get_day_info(&self, request: Request<fo::GetDayInfoRequest>) -> Result<Response<fo::GetDayInfoResponse>, Status> {
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("fortune-gen is down"));
        }
        sub_of(&request).ok_or_else(|| Status::unauthenticated("no user"))?;
        Ok(Response::new(fo::GetDayInfoResponse {
            date: "2026-11-26".into(),
            items: vec![fo::DayInfoItem {
                id: "ichiryu_manbai".into(),
                name: "一粒万倍日".into(),
                description: "始めたことが大きく育つ日".into(),
                r#type: "rekichu".into(),
            }],
        }))
    }
}
}

// ---------------------------------------------------------------------------------------------

pub struct TestApp {
    pub chat: TestChat,
    pub billing: Arc<BillingState>,
    pub identity: Arc<IdentityState>,
    pub fortune: Arc<FortuneState>,
    pub engine: Arc<EngineState>,
    pub redis: RedisKeys,
    pub events: EventsConfig,
    channel: Channel,
    minter: TokenMinter,
}

pub async fn spawn_app() -> TestApp {
    spawn_with(|_| {}).await
}

/// Starts chat with options changed by `options`.
pub async fn spawn_with(options: impl FnOnce(&mut TestOptions)) -> TestApp {
    meguri_testkit::install_crypto_provider();
    let billing = Arc::new(BillingState::default());
    let fake_identity = FakeIdentity::start(SECRET).await;
    let identity = fake_identity.state.clone();
    let fortune = Arc::new(FortuneState::default());
    let fake_engine = FakeEngine::start(SECRET).await;
    let engine = fake_engine.state.clone();
    let peers = PeerAddrs {
        billing: serve(
            Server::builder().add_service(bi::billing_server::BillingServer::new(FakeBilling(billing.clone()))),
        )
        .await,
        identity: fake_identity.addr(),
        fortune: serve(
            Server::builder().add_service(fo::fortune_server::FortuneServer::new(FakeFortune(fortune.clone()))),
        )
        .await,
        bazi_engine: fake_engine.addr(),
    };
    let redis = RedisKeys::new();
    let mut opts = TestOptions::new(SECRET, redis.prefix(), peers);
    options(&mut opts);
    let chat = chat::testkit::spawn(opts).await;
    meguri_testkit::wait_until_serving(&chat.addr(), Duration::from_secs(20)).await.unwrap();
    let channel = meguri_testkit::connect(&chat.addr()).await;
    let minter = TokenMinter::new(&SecretString::from(SECRET.to_owned()), Duration::from_secs(60)).unwrap();
    let events = EventsConfig::new(redis.prefix());
    TestApp { chat, billing, identity, fortune, engine, redis, events, channel, minter }
}

/// What one send gave: its events in order.
#[derive(Debug, Default)]
pub struct Sent {
    pub accepted: Option<pb::send_message_event::Accepted>,
    pub text: String,
    pub deltas: usize,
    pub completed: Option<pb::send_message_event::Completed>,
    pub failed: Option<pb::send_message_event::Failed>,
}

impl Sent {
    pub fn message(&self) -> pb::ChatMessage {
        self.completed
            .as_ref()
            .and_then(|c| c.message.clone())
            .or_else(|| self.failed.as_ref().and_then(|f| f.message.clone()))
            .expect("a final event with the message")
    }
}

pub fn text_request(id: uuid::Uuid, text: &str) -> pb::SendMessageRequest {
    pb::SendMessageRequest {
        message_id: id.to_string(),
        message: text.to_owned(),
        compatibility: None,
        timezone_offset_minutes: Some(-540),
    }
}

impl TestApp {
    pub fn client(&self, subject: Subject, role: Role) -> Client {
        pb::chat_client::ChatClient::with_interceptor(
            self.channel.clone(),
            Bearer { minter: self.minter.clone(), subject, role },
        )
    }

    pub fn user(&self, user: UserId) -> Client {
        self.client(Subject::User(user), Role::User)
    }

    /// A new user with `credits`, a birth date and a ready chart.
    pub fn member(&self, credits: i64) -> UserId {
        let user = UserId::new();
        self.billing.grant(user, credits);
        self.identity.births.lock().unwrap().insert(user, Some("1992-03-04".into()));
        self.fortune.charts.lock().unwrap().push(user);
        user
    }

    /// Sends and reads the whole stream.
    pub async fn send(&self, user: UserId, request: pb::SendMessageRequest) -> Result<Sent, Status> {
        let mut stream = self.user(user).send_message(request).await?.into_inner();
        let mut sent = Sent::default();
        while let Some(event) = stream.message().await? {
            match event.event.expect("an event") {
                PbEvent::Accepted(a) => {
                    assert!(sent.accepted.is_none() && sent.deltas == 0, "accepted comes first, once");
                    sent.accepted = Some(a);
                }
                PbEvent::Delta(d) => {
                    assert!(sent.accepted.is_some(), "a delta after accepted");
                    sent.deltas += 1;
                    sent.text.push_str(&d.text);
                }
                PbEvent::Completed(c) => {
                    assert!(sent.completed.is_none() && sent.failed.is_none(), "one final event");
                    sent.completed = Some(c);
                }
                PbEvent::Failed(f) => {
                    assert!(sent.completed.is_none() && sent.failed.is_none(), "one final event");
                    sent.failed = Some(f);
                }
            }
        }
        assert!(sent.completed.is_some() || sent.failed.is_some(), "the stream ends with completed or failed");
        Ok(sent)
    }

    pub async fn say(&self, user: UserId, text: &str) -> Sent {
        self.send(user, text_request(uuid::Uuid::now_v7(), text)).await.expect("sent")
    }

    pub async fn say_err(&self, user: UserId, text: &str) -> Status {
        self.send(user, text_request(uuid::Uuid::now_v7(), text)).await.expect_err("refused")
    }

    /// The user's memory summary.
    pub async fn summary(&self, user: UserId) -> String {
        use diesel_async::RunQueryDsl as _;
        #[derive(diesel::QueryableByName)]
        struct S {
            #[diesel(sql_type = diesel::sql_types::Text)]
            summary: String,
        }
        let mut conn = self.chat.db.pool.get().await.unwrap();
        let s: S = diesel::sql_query("SELECT summary FROM chat_memories WHERE user_id = $1")
            .bind::<diesel::sql_types::Uuid, _>(*user.as_uuid())
            .get_result(&mut conn)
            .await
            .unwrap();
        s.summary
    }

    pub async fn get(&self, user: UserId, id: &str) -> Result<pb::ChatMessage, Status> {
        self.user(user).get_message(pb::GetMessageRequest { message_id: id.to_owned() }).await.map(Response::into_inner)
    }

    /// Polls `check` every 20 ms for up to 15 s.
    pub async fn wait_for<F, Fut>(&self, what: &str, check: F)
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        while !check().await {
            assert!(tokio::time::Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// How many rows `table` holds for `user` (straight from the schema).
    pub async fn rows(&self, table: &str, user: UserId) -> i64 {
        use diesel_async::RunQueryDsl as _;
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::Int8)]
            n: i64,
        }
        let mut conn = self.chat.db.pool.get().await.unwrap();
        let n: N = diesel::sql_query(format!("SELECT count(*) AS n FROM {table} WHERE user_id = $1"))
            .bind::<diesel::sql_types::Uuid, _>(*user.as_uuid())
            .get_result(&mut conn)
            .await
            .unwrap();
        n.n
    }

    /// The user's compatibility requests with a stored result.
    pub async fn completed_compatibilities(&self, user: UserId) -> i64 {
        use diesel_async::RunQueryDsl as _;
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::Int8)]
            n: i64,
        }
        let mut conn = self.chat.db.pool.get().await.unwrap();
        let n: N = diesel::sql_query(
            "SELECT count(*) AS n FROM compatibility_requests WHERE user_id = $1 AND is_completed AND compatibility_result IS NOT NULL",
        )
        .bind::<diesel::sql_types::Uuid, _>(*user.as_uuid())
        .get_result(&mut conn)
        .await
        .unwrap();
        n.n
    }

    /// Runs `sql` on the service's schema.
    pub async fn execute(&self, sql: &str) {
        use diesel_async::RunQueryDsl as _;
        let mut conn = self.chat.db.pool.get().await.unwrap();
        diesel::sql_query(sql).execute(&mut conn).await.unwrap();
    }

    pub async fn redis(&self) -> redis::aio::MultiplexedConnection {
        redis::Client::open(self.redis.url()).unwrap().get_multiplexed_async_connection().await.unwrap()
    }

    /// Publishes `event` on identity's stream as identity's relay would.
    pub async fn publish<E: meguri_events::Event>(&self, event: &E) {
        meguri_events::testkit::publish(&mut self.redis().await, &self.events, uuid::Uuid::now_v7(), event)
            .await
            .unwrap();
    }
}
