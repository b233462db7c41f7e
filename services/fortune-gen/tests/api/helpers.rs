//! Starts fortune-gen next to a fake social and gives typed clients and chart fixtures.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use chrono::{DateTime, Utc};
use fortune_gen::testkit::{TestFortune, TestOptions, spawn};
use meguri_auth::{Role, Subject, TokenMinter, TokenVerifier};
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::fortune as pb;
use meguri_proto::fortune::fortune_client::FortuneClient;
use meguri_proto::social as so;
use meguri_proto::social::social_server::{Social, SocialServer};
use meguri_testkit::{Bearer, RedisKeys, redis_url};
use secrecy::SecretString;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;
use tonic::{Request, Response, Status};

pub const SECRET: &str = "fortune-gen-api-test-secret-that-is-long-enough";
/// How long a test waits for something asynchronous before failing.
pub const DEADLINE: Duration = Duration::from_secs(30);

/// 2026-11-22 09:00 in Japan (00:00 UTC): the day pillar is 庚子.
pub fn start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-22T00:00:00Z").expect("time").with_timezone(&Utc)
}

/// Japan, as JavaScript's getTimezoneOffset writes it.
pub const JAPAN: i32 = -540;

/// What the fake social knows and how it behaves.
#[derive(Default)]
struct SocialState {
    friends: Mutex<HashMap<UserId, Vec<so::Member>>>,
    down: AtomicBool,
    calls: AtomicUsize,
}

/// social's ListFriendsOf, as the contract says: service tokens only, the accepted friends with
/// their public fields. Every other RPC is not fortune-gen's business here.
struct FakeSocial {
    state: Arc<SocialState>,
    verifier: TokenVerifier,
}

fn not_here<T>() -> Result<Response<T>, Status> {
    Err(Status::unimplemented("not in the fake"))
}

#[tonic::async_trait]
impl Social for FakeSocial {
    async fn list_friends(
        &self,
        _: Request<so::ListFriendsRequest>,
    ) -> Result<Response<so::ListFriendsResponse>, Status> {
        not_here()
    }
    async fn search_members(
        &self,
        _: Request<so::SearchMembersRequest>,
    ) -> Result<Response<so::SearchMembersResponse>, Status> {
        not_here()
    }
    async fn send_friend_request(&self, _: Request<so::MemberRef>) -> Result<Response<so::FriendshipAnswer>, Status> {
        not_here()
    }
    async fn accept_friend_request(&self, _: Request<so::MemberRef>) -> Result<Response<so::FriendshipAnswer>, Status> {
        not_here()
    }
    async fn decline_friend_request(
        &self,
        _: Request<so::MemberRef>,
    ) -> Result<Response<so::FriendshipAnswer>, Status> {
        not_here()
    }
    async fn cancel_friend_request(&self, _: Request<so::MemberRef>) -> Result<Response<so::FriendshipAnswer>, Status> {
        not_here()
    }
    async fn remove_friend(&self, _: Request<so::MemberRef>) -> Result<Response<so::FriendshipAnswer>, Status> {
        not_here()
    }
    async fn get_compatibility(&self, _: Request<so::MemberRef>) -> Result<Response<so::Compatibility>, Status> {
        not_here()
    }
    async fn block(&self, _: Request<so::MemberRef>) -> Result<Response<so::BlockAnswer>, Status> {
        not_here()
    }
    async fn unblock(&self, _: Request<so::MemberRef>) -> Result<Response<so::BlockAnswer>, Status> {
        not_here()
    }
    async fn list_blocks(&self, _: Request<so::ListBlocksRequest>) -> Result<Response<so::ListBlocksResponse>, Status> {
        not_here()
    }
    async fn get_invite(&self, _: Request<so::MemberRef>) -> Result<Response<so::Invite>, Status> {
        not_here()
    }
    async fn create_diary_entry(
        &self,
        _: Request<so::CreateDiaryEntryRequest>,
    ) -> Result<Response<so::DiaryEntry>, Status> {
        not_here()
    }
    async fn update_diary_entry(
        &self,
        _: Request<so::UpdateDiaryEntryRequest>,
    ) -> Result<Response<so::DiaryEntry>, Status> {
        not_here()
    }
    async fn delete_diary_entry(
        &self,
        _: Request<so::DiaryEntryRef>,
    ) -> Result<Response<so::DeleteDiaryEntryResponse>, Status> {
        not_here()
    }
    async fn list_diary_entries(
        &self,
        _: Request<so::ListDiaryEntriesRequest>,
    ) -> Result<Response<so::ListDiaryEntriesResponse>, Status> {
        not_here()
    }
    async fn get_diary_entry(&self, _: Request<so::DiaryEntryRef>) -> Result<Response<so::DiaryEntry>, Status> {
        not_here()
    }
    async fn list_mention_notifications(
        &self,
        _: Request<so::ListMentionNotificationsRequest>,
    ) -> Result<Response<so::ListMentionNotificationsResponse>, Status> {
        not_here()
    }
    async fn mark_mention_shown(
        &self,
        _: Request<so::MentionRef>,
    ) -> Result<Response<so::MarkMentionShownResponse>, Status> {
        not_here()
    }
    async fn list_delivered_letters(
        &self,
        _: Request<so::ListDeliveredLettersRequest>,
    ) -> Result<Response<so::ListDeliveredLettersResponse>, Status> {
        not_here()
    }
    async fn mark_letter_shown(
        &self,
        _: Request<so::DiaryEntryRef>,
    ) -> Result<Response<so::MarkLetterShownResponse>, Status> {
        not_here()
    }
    async fn find_lucky_day(&self, _: Request<so::FindLuckyDayRequest>) -> Result<Response<so::LuckyDay>, Status> {
        not_here()
    }
    async fn count_friends(&self, _: Request<so::MemberRef>) -> Result<Response<so::FriendCount>, Status> {
        not_here()
    }

    async fn list_friends_of(
        &self,
        request: Request<so::ListFriendsOfRequest>,
    ) -> Result<Response<so::ListFriendsOfResponse>, Status> {
        let header = request.metadata().get("authorization").map(|v| v.as_bytes().to_vec()).unwrap_or_default();
        let claims = self.verifier.verify_bearer(&header).map_err(|_| Status::unauthenticated("no token"))?;
        if claims.role != Role::Service {
            return Err(Status::permission_denied("service only"));
        }
        self.state.calls.fetch_add(1, Ordering::SeqCst);
        if self.state.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("social is down"));
        }
        let user: UserId = request.get_ref().user_id.parse().map_err(|_| Status::invalid_argument("user id"))?;
        let friends =
            self.state.friends.lock().unwrap_or_else(PoisonError::into_inner).get(&user).cloned().unwrap_or_default();
        Ok(Response::new(so::ListFriendsOfResponse { friends }))
    }
}

/// A fake social on a free port; stops with the test.
pub struct FakeSocialServer {
    pub addr: SocketAddr,
    state: Arc<SocialState>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeSocialServer {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeSocialServer {
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let state = Arc::new(SocialState::default());
        let service = FakeSocial {
            state: Arc::clone(&state),
            verifier: TokenVerifier::new(&SecretString::from(SECRET)).expect("verifier"),
        };
        let server = tokio::spawn(async move {
            let incoming = tonic::transport::server::TcpIncoming::from(listener);
            let _ = tonic::transport::Server::builder()
                .add_service(SocialServer::new(service))
                .serve_with_incoming(incoming)
                .await;
        });
        Self { addr, state, server }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Makes `friends` the accepted friends of `user` (social's answer from now on).
    pub fn set_friends(&self, user: UserId, friends: &[so::Member]) {
        self.state.friends.lock().unwrap_or_else(PoisonError::into_inner).insert(user, friends.to_vec());
    }

    /// Stops serving: new connections are refused.
    pub fn stop(&self) {
        self.server.abort();
    }

    pub fn set_down(&self, down: bool) {
        self.state.down.store(down, Ordering::SeqCst);
    }

    /// ListFriendsOf calls answered or refused so far (with a valid service token).
    pub fn calls(&self) -> usize {
        self.state.calls.load(Ordering::SeqCst)
    }
}

pub type Fortune = FortuneClient<InterceptedService<Channel, Bearer>>;

/// fortune-gen and its fake social for one test.
pub struct TestApp {
    pub fortune: TestFortune,
    pub social: FakeSocialServer,
    pub prefix: String,
    minter: TokenMinter,
    // Last: every Redis key of the test is deleted once the service has stopped.
    _keys: RedisKeys,
}

pub async fn spawn_app() -> TestApp {
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let social = FakeSocialServer::start().await;
    // No identity or bazi-engine: the tests send their offset and store charts themselves.
    let mut options = TestOptions::new(SECRET, &prefix, "http://127.0.0.1:1", "http://127.0.0.1:1");
    options.social_addr = social.url();
    options.start_at = Some(start());
    let fortune = spawn(options).await;
    let minter = TokenMinter::new(&SecretString::from(SECRET), Duration::from_secs(60)).expect("minter");
    TestApp { fortune, social, prefix, minter, _keys: keys }
}

impl TestApp {
    pub async fn client_as(&self, subject: Subject, role: Role) -> Fortune {
        let channel = meguri_testkit::connect(&self.fortune.addr()).await;
        FortuneClient::with_interceptor(channel, Bearer { minter: self.minter.clone(), subject, role })
    }

    /// fortune-gen as a signed-in user (through the gateway).
    pub async fn user(&self, user: UserId) -> Fortune {
        self.client_as(Subject::User(user), Role::User).await
    }

    /// GetFriendUpdates of `user` in the offset `minutes`.
    pub async fn updates_in(&self, user: UserId, minutes: i32) -> Result<pb::GetFriendUpdatesResponse, Status> {
        self.user(user)
            .await
            .get_friend_updates(pb::GetFriendUpdatesRequest { timezone_offset_minutes: Some(minutes) })
            .await
            .map(Response::into_inner)
    }

    /// GetFriendUpdates of `user` in Japan.
    pub async fn updates(&self, user: UserId) -> pb::GetFriendUpdatesResponse {
        self.updates_in(user, JAPAN).await.expect("friend updates")
    }

    /// A member with a ready chart (a day pillar from the sixty, by `n`).
    pub async fn member_with_chart(&self, n: i64) -> UserId {
        let user = UserId::new();
        self.fortune.store_ready_chart(user, &chart(n)).await;
        user
    }

    /// Appends `event` to its stream as identity's outbox relay writes it; returns the entry id.
    pub async fn publish<E: meguri_events::Event>(&self, event: &E) -> String {
        let mut redis = redis::Client::open(redis_url())
            .expect("redis url")
            .get_multiplexed_async_connection()
            .await
            .expect("redis");
        let config = meguri_events::EventsConfig::new(&self.prefix);
        meguri_events::testkit::publish(&mut redis, &config, uuid::Uuid::now_v7(), event).await.expect("XADD")
    }

    /// Rows of fortune's `table` that belong to `user`.
    pub async fn rows(&self, table: &str, user: UserId) -> i64 {
        self.fortune.rows_of_user(table, user).await
    }
}

/// A member as social shows them.
pub fn member(user: UserId, username: &str, first_name: Option<&str>) -> so::Member {
    so::Member {
        user_id: user.to_string(),
        username: username.to_owned(),
        first_name: first_name.map(str::to_owned),
        profile_image_url: Some(format!("https://img.example.jp/{username}.png")),
    }
}

fn pillar(index: i64) -> be::Pillar {
    const STEMS: [&str; 10] = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"];
    const BRANCHES: [&str; 12] = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"];
    let i = usize::try_from(index.rem_euclid(60)).expect("0..60");
    be::Pillar { heavenly_stem: STEMS[i % 10].to_owned(), earthly_branch: BRANCHES[i % 12].to_owned() }
}

/// A chart as CalculateChart answers it (the fields a friend update reads), its day pillar the
/// `n`-th of the sixty and its other pillars spread from it.
pub fn chart(n: i64) -> be::Chart {
    const ELEMENTS: [&str; 5] = ["wood", "fire", "earth", "metal", "water"];
    let e = |k: i64| ELEMENTS[usize::try_from(k.rem_euclid(5)).expect("0..5")].to_owned();
    let day = pillar(n);
    be::Chart {
        year: Some(pillar(n * 7 + 3)),
        month: Some(pillar(n * 11 + 5)),
        day_master: day.heavenly_stem.clone(),
        day: Some(day),
        hour: Some(pillar(n * 13 + 1)),
        strength: Some(be::Strength {
            score: 50.0,
            verdict: "中和".into(),
            reasons: vec![],
            favorable_elements: vec![e(n), e(n + 1)],
            unfavorable_elements: vec![e(n + 3)],
        }),
        time_known: n % 2 == 0,
        ..Default::default()
    }
}

/// The stable code a status carries.
pub fn code_of(status: &Status) -> &str {
    status.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// Polls `f` until it returns `Some`, for at most [`DEADLINE`].
pub async fn eventually<T, F, Fut>(what: &str, f: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    meguri_testkit::eventually(what, DEADLINE, f).await
}
