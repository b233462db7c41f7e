//! The service under test with in-process fakes of identity and bazi-engine (tonic servers on
//! free ports), its own schema and Redis prefix, and typed helpers to act as members and read
//! what social published.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Duration;

use meguri_auth::{Role, Subject, TokenMinter};
use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_proto::identity as id;
use meguri_proto::notify::MailRequested;
use meguri_proto::social as pb;
use meguri_testkit::fake::{EngineState, FakeEngine, FakeIdentity, IdentityState};
use meguri_testkit::{Bearer, RedisKeys};
use secrecy::SecretString;
use social::testkit::{TestOptions, TestSocial};
use tonic::Status;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

pub const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

pub type Client = pb::social_client::SocialClient<InterceptedService<Channel, Bearer>>;

pub struct TestApp {
    pub social: TestSocial,
    pub identity: Arc<IdentityState>,
    pub engine: Arc<EngineState>,
    pub redis: RedisKeys,
    pub events: EventsConfig,
    channel: Channel,
    minter: TokenMinter,
}

pub async fn spawn_app() -> TestApp {
    spawn_with(|_| {}, |_| {}).await
}

/// Starts social after `prepare` filled the fake identity (the backfill reads it at start-up),
/// with options changed by `options`.
pub async fn spawn_with(prepare: impl FnOnce(&IdentityState), options: impl FnOnce(&mut TestOptions)) -> TestApp {
    meguri_testkit::install_crypto_provider();
    let fake_identity = FakeIdentity::start(SECRET).await;
    prepare(&fake_identity.state);
    let (identity, identity_addr) = (fake_identity.state.clone(), fake_identity.addr());
    let fake_engine = FakeEngine::start(SECRET).await;
    let (engine, engine_addr) = (fake_engine.state.clone(), fake_engine.addr());
    let redis = RedisKeys::new();
    let mut opts = TestOptions::new(SECRET, redis.prefix(), &identity_addr, &engine_addr);
    options(&mut opts);
    let social = social::testkit::spawn(opts).await;
    meguri_testkit::wait_until_serving(&social.addr(), Duration::from_secs(20)).await.unwrap();
    let channel = meguri_testkit::connect(&social.addr()).await;
    let minter = TokenMinter::new(&SecretString::from(SECRET.to_owned()), Duration::from_secs(60)).unwrap();
    let events = EventsConfig::new(redis.prefix());
    TestApp { social, identity, engine, redis, events, channel, minter }
}

pub fn profile(user: UserId, username: &str, first_name: Option<&str>, updated_at: &str) -> id::MemberProfile {
    id::MemberProfile {
        user_id: user.to_string(),
        username: username.to_owned(),
        first_name: first_name.map(str::to_owned),
        profile_image_url: None,
        updated_at: updated_at.to_owned(),
    }
}

impl TestApp {
    pub fn client(&self, subject: Subject, role: Role) -> Client {
        pb::social_client::SocialClient::with_interceptor(
            self.channel.clone(),
            Bearer { minter: self.minter.clone(), subject, role },
        )
    }

    pub fn user(&self, user: UserId) -> Client {
        self.client(Subject::User(user), Role::User)
    }

    pub fn service(&self) -> Client {
        self.client(Subject::Anonymous, Role::Service)
    }

    pub fn visitor(&self) -> Client {
        self.client(Subject::Anonymous, Role::Visitor)
    }

    pub async fn redis(&self) -> redis::aio::MultiplexedConnection {
        redis::Client::open(self.redis.url()).unwrap().get_multiplexed_async_connection().await.unwrap()
    }

    /// Publishes `event` on identity's stream as identity's relay would, with `event_id`.
    pub async fn publish<E: meguri_events::Event>(&self, event_id: uuid::Uuid, event: &E) {
        meguri_events::testkit::publish(&mut self.redis().await, &self.events, event_id, event).await.unwrap();
    }

    /// A verified member `username` born on `birth` (or with no birth date): identity's event,
    /// then waits until social knows them.
    pub async fn join(&self, username: &str, birth: Option<&str>) -> UserId {
        self.join_invited(username, birth, None).await
    }

    pub async fn join_invited(&self, username: &str, birth: Option<&str>, inviter: Option<UserId>) -> UserId {
        let user = UserId::new();
        self.identity.births.lock().unwrap().insert(user, birth.map(str::to_owned));
        let event = id::EmailVerified {
            user_id: user.to_string(),
            profile: Some(profile(user, username, Some("花子"), "2026-11-01T00:00:00.000000Z")),
            inviter_id: inviter.map(|i| i.to_string()),
        };
        self.publish(uuid::Uuid::now_v7(), &event).await;
        self.wait_known(user).await;
        user
    }

    /// Waits until social knows `user` (its invite card answers).
    pub async fn wait_known(&self, user: UserId) {
        self.wait_for("the member to be known", || async {
            self.visitor().get_invite(pb::MemberRef { user_id: user.to_string() }).await.is_ok()
        })
        .await;
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

    /// Every mail request social published so far.
    pub async fn mails(&self) -> Vec<MailRequested> {
        meguri_events::testkit::read::<MailRequested>(&mut self.redis().await, &self.events)
            .await
            .unwrap()
            .into_iter()
            .map(|(_, m)| m)
            .collect()
    }

    /// Waits until exactly `n` mail requests are published, then gives them (and checks no more
    /// follow for a moment).
    pub async fn mails_exactly(&self, n: usize) -> Vec<MailRequested> {
        self.wait_for(&format!("{n} mails"), || async { self.mails().await.len() >= n }).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let mails = self.mails().await;
        assert_eq!(mails.len(), n, "{mails:#?}");
        mails
    }

    /// How many friendship rows the pair has (straight from the schema).
    pub async fn rows_between(&self, a: UserId, b: UserId) -> i64 {
        use diesel_async::RunQueryDsl as _;
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::Int8)]
            n: i64,
        }
        let mut conn = self.social.db.pool.get().await.unwrap();
        let n: N = diesel::sql_query(
            "SELECT count(*) AS n FROM friendships WHERE (user_low = $1 AND user_high = $2) OR (user_low = $2 AND user_high = $1)",
        )
        .bind::<diesel::sql_types::Uuid, _>(*a.as_uuid())
        .bind::<diesel::sql_types::Uuid, _>(*b.as_uuid())
        .get_result(&mut conn)
        .await
        .unwrap();
        n.n
    }

    /// `a` asks `b` and `b` accepts.
    pub async fn befriend(&self, a: UserId, b: UserId) {
        let sent = self.user(a).send_friend_request(member_ref(b)).await.unwrap().into_inner();
        assert_eq!(sent.state, pb::FriendshipState::Outgoing as i32);
        let accepted = self.user(b).accept_friend_request(member_ref(a)).await.unwrap().into_inner();
        assert_eq!(accepted.state, pb::FriendshipState::Friends as i32);
    }
}

pub fn member_ref(user: UserId) -> pb::MemberRef {
    pb::MemberRef { user_id: user.to_string() }
}

/// The stable code of a refused call.
pub fn code(status: &Status) -> &str {
    meguri_status::code_of(status).unwrap_or("")
}
