//! The service under test with in-process fakes of identity and bazi-engine (tonic servers on
//! free ports), its own schema and Redis prefix, and typed helpers to act as members and read
//! what social published.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use meguri_auth::{Role, Subject, TokenMinter};
use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::identity as id;
use meguri_proto::notify::MailRequested;
use meguri_proto::social as pb;
use meguri_testkit::{Bearer, RedisKeys, serve};
use secrecy::SecretString;
use social::testkit::{TestOptions, TestSocial};
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Server};
use tonic::{Request, Response, Status};

pub const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

pub type Client = pb::social_client::SocialClient<InterceptedService<Channel, Bearer>>;

// ---------------------------------------------------------------------------------------------
// Fake identity: birth profiles and the member list; everything else is unimplemented.

#[derive(Default)]
pub struct IdentityState {
    pub births: Mutex<BTreeMap<UserId, Option<String>>>,
    pub profiles: Mutex<BTreeMap<UserId, id::MemberProfile>>,
    pub down: AtomicBool,
    /// Stored time-zone offsets (GetTimezoneOffset), and whether that RPC fails.
    pub offsets: Mutex<BTreeMap<UserId, i32>>,
    pub offsets_down: AtomicBool,
}

#[derive(Clone)]
pub struct FakeIdentity(pub Arc<IdentityState>);

/// An impl of a tonic service trait whose listed RPCs answer UNIMPLEMENTED (async_trait must see
/// the expanded methods, so the macro writes the whole impl).
macro_rules! fake_service {
    (impl $service:path, $fake:ty, { unimplemented { $($method:ident($req:ty) -> $resp:ty;)* } $($rest:tt)* }) => {
        #[tonic::async_trait]
        impl $service for $fake {
            $(
                async fn $method(&self, _: Request<$req>) -> Result<Response<$resp>, Status> {
                    Err(Status::unimplemented("not used by social"))
                }
            )*
            $($rest)*
        }
    };
}

fake_service! {
impl id::identity_server::Identity, FakeIdentity, {
    unimplemented {
        sign_up(id::SignUpRequest) -> id::SignUpResponse;
        verify_email(id::VerifyEmailRequest) -> id::VerifyEmailResponse;
        resend_verification_code(id::ResendVerificationCodeRequest) -> id::ResendVerificationCodeResponse;
        login(id::LoginRequest) -> id::LoginResponse;
        forgot_password(id::ForgotPasswordRequest) -> id::ForgotPasswordResponse;
        reset_password(id::ResetPasswordRequest) -> id::ResetPasswordResponse;
        get_user(id::GetUserRequest) -> id::GetUserResponse;
        update_username(id::UpdateUsernameRequest) -> id::UpdateUsernameResponse;
        update_birth_data(id::UpdateBirthDataRequest) -> id::UpdateBirthDataResponse;
        request_email_change(id::RequestEmailChangeRequest) -> id::RequestEmailChangeResponse;
        confirm_email_change(id::ConfirmEmailChangeRequest) -> id::ConfirmEmailChangeResponse;
        change_password(id::ChangePasswordRequest) -> id::ChangePasswordResponse;
        delete_account(id::DeleteAccountRequest) -> id::DeleteAccountResponse;
        complete_onboarding(id::CompleteOnboardingRequest) -> id::CompleteOnboardingResponse;
        set_timezone_offset(id::SetTimezoneOffsetRequest) -> id::SetTimezoneOffsetResponse;
        admin_login(id::AdminLoginRequest) -> id::AdminLoginResponse;
        get_contact(id::GetContactRequest) -> id::GetContactResponse;
    }

    async fn get_birth_profile(
        &self,
        request: Request<id::GetBirthProfileRequest>,
    ) -> Result<Response<id::GetBirthProfileResponse>, Status> {
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("identity is down"));
        }
        let user: UserId = request.get_ref().user_id.parse().map_err(|_| Status::invalid_argument("id"))?;
        let births = self.0.births.lock().unwrap();
        let Some(date) = births.get(&user) else { return Err(Status::not_found("no such user")) };
        Ok(Response::new(id::GetBirthProfileResponse {
            user_id: user.to_string(),
            gender: id::Gender::Female as i32,
            birth: Some(id::BirthData { birth_date: date.clone(), ..Default::default() }),
            updated_at: "2026-01-01T00:00:00Z".to_owned(),
        }))
    }

    async fn get_timezone_offset(
        &self,
        request: Request<id::GetTimezoneOffsetRequest>,
    ) -> Result<Response<id::GetTimezoneOffsetResponse>, Status> {
        if self.0.offsets_down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("identity is down"));
        }
        let user: UserId = request.get_ref().user_id.parse().map_err(|_| Status::invalid_argument("id"))?;
        let timezone_offset = self.0.offsets.lock().unwrap().get(&user).copied();
        Ok(Response::new(id::GetTimezoneOffsetResponse { timezone_offset }))
    }

    async fn list_member_profiles(
        &self,
        request: Request<id::ListMemberProfilesRequest>,
    ) -> Result<Response<id::ListMemberProfilesResponse>, Status> {
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("identity is down"));
        }
        let r = request.get_ref();
        let after: Option<UserId> = (!r.after_user_id.is_empty()).then(|| r.after_user_id.parse().unwrap());
        let limit = if r.limit == 0 { 500 } else { r.limit as usize };
        let profiles = self.0.profiles.lock().unwrap();
        let rest: Vec<_> = profiles.iter().filter(|(k, _)| after.is_none_or(|a| **k > a)).collect();
        let members: Vec<id::MemberProfile> = rest.iter().take(limit).map(|(_, p)| (*p).clone()).collect();
        let next_after_user_id = (rest.len() > limit).then(|| members.last().unwrap().user_id.clone());
        Ok(Response::new(id::ListMemberProfilesResponse { members, next_after_user_id }))
    }
}
}

// ---------------------------------------------------------------------------------------------
// Fake engine: a deterministic chart from the birth date.

#[derive(Default)]
pub struct EngineState {
    pub down: AtomicBool,
    pub calls: AtomicUsize,
    /// The almanac's item ids by date (`YYYY-MM-DD`); every other day has only 仏滅.
    pub almanac: Mutex<BTreeMap<String, Vec<&'static str>>>,
    /// The (from, to) of each GetAlmanac call.
    pub almanac_requests: Mutex<Vec<(String, String)>>,
}

#[derive(Clone)]
pub struct FakeEngine(pub Arc<EngineState>);

/// The chart the fake gives a birth: 1990-… is a fiery 丙 day master who needs water, anything
/// else a watery 壬 who needs fire.
fn chart_of(date: &str) -> be::Chart {
    let (day_master, elements, favorable) = if date.starts_with("1990") {
        (
            "丙",
            be::Elements { wood: 1.0, fire: 4.0, earth: 1.0, metal: 1.0, water: 3.0, dominant: "fire".into() },
            ["water", "metal"],
        )
    } else {
        (
            "壬",
            be::Elements { wood: 3.0, fire: 0.0, earth: 2.0, metal: 2.0, water: 3.0, dominant: "water".into() },
            ["fire", "wood"],
        )
    };
    be::Chart {
        day_master: day_master.to_owned(),
        elements: Some(elements),
        strength: Some(be::Strength {
            favorable_elements: favorable.map(str::to_owned).to_vec(),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// The Japanese name of an almanac item id the fake knows.
pub fn almanac_name(id: &str) -> &'static str {
    match id {
        "tensha" => "天赦日",
        "ichiryu_manbai" => "一粒万倍日",
        "taian" => "大安",
        "tora" => "寅の日",
        _ => "仏滅",
    }
}

fake_service! {
impl be::bazi_engine_server::BaziEngine, FakeEngine, {
    unimplemented {
        compatibility(be::CompatibilityRequest) -> be::CompatibilityResponse;
        search_places(be::SearchPlacesRequest) -> be::SearchPlacesResponse;
        resolve_place(be::ResolvePlaceRequest) -> be::ResolvePlaceResponse;
        read_transits(be::ReadTransitsRequest) -> be::ReadTransitsResponse;
    }

    async fn get_almanac(
        &self,
        request: Request<be::GetAlmanacRequest>,
    ) -> Result<Response<be::GetAlmanacResponse>, Status> {
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("engine is down"));
        }
        let r = request.into_inner();
        self.0.almanac_requests.lock().unwrap().push((r.from.clone(), r.to.clone()));
        let day = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| Status::invalid_argument("date"));
        let (from, to) = (day(&r.from)?, day(&r.to)?);
        let almanac = self.0.almanac.lock().unwrap();
        let days = from
            .iter_days()
            .take_while(|d| *d <= to)
            .map(|d| {
                let date = d.to_string();
                let ids = almanac.get(&date).cloned().unwrap_or_else(|| vec!["butsumetsu"]);
                be::AlmanacDay {
                    date,
                    items: ids
                        .into_iter()
                        .map(|id| be::AlmanacItem {
                            id: id.to_owned(),
                            name: almanac_name(id).to_owned(),
                            description: format!("{}の説明", almanac_name(id)),
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                }
            })
            .collect();
        Ok(Response::new(be::GetAlmanacResponse { days }))
    }

    async fn calculate_chart(
        &self,
        request: Request<be::CalculateChartRequest>,
    ) -> Result<Response<be::CalculateChartResponse>, Status> {
        self.0.calls.fetch_add(1, Ordering::SeqCst);
        if self.0.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("engine is down"));
        }
        let date = request.into_inner().birth.unwrap_or_default().birth_date;
        // The real engine refuses dates before 1900.
        if date.starts_with("18") {
            return Err(Status::invalid_argument("birth date out of range"));
        }
        Ok(Response::new(be::CalculateChartResponse { chart: Some(chart_of(&date)) }))
    }
}
}

// ---------------------------------------------------------------------------------------------

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
    let identity = Arc::new(IdentityState::default());
    prepare(&identity);
    let engine = Arc::new(EngineState::default());
    let identity_addr =
        serve(Server::builder().add_service(id::identity_server::IdentityServer::new(FakeIdentity(identity.clone()))))
            .await;
    let engine_addr =
        serve(Server::builder().add_service(be::bazi_engine_server::BaziEngineServer::new(FakeEngine(engine.clone()))))
            .await;
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
