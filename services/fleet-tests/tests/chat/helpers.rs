//! A fleet for the chat flows: bazi-engine, identity, billing, fortune-gen, chat and the gateway,
//! sharing one Redis prefix (the event streams) and one internal-token secret; members signed up
//! and verified through the gateway (the code read from the mail stream), their sign-up credits
//! granted by billing from identity's event.

use std::time::Duration;

use identity::testkit::TestIdentity;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_proto::billing as billing_pb;
use meguri_proto::billing::billing_client::BillingClient;
use meguri_proto::chat::chat_client::ChatClient;
use meguri_testkit::{Bearer, RedisKeys};
use secrecy::SecretString;
use serde_json::{Value, json};
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

pub use fleet_tests::{eventually, verification_code};
pub use gateway::testkit::{ORIGIN, TestGateway, json};

pub const SECRET: &str = "fleet-test-secret-that-is-long-enough-0123456";
pub const PASSWORD: &str = "correct horse battery";
/// The credits billing grants a new member (spec §9).
pub const SIGN_UP_CREDITS: i64 = 3;

/// A member signed up and verified through the gateway.
#[derive(Clone, Debug)]
pub struct Member {
    pub id: String,
    pub cookie: String,
}

pub struct Fleet {
    pub gateway: TestGateway,
    pub chat: chat::testkit::TestChat,
    pub billing: billing::testkit::TestBilling,
    _fortune: fortune_gen::testkit::TestFortune,
    _identity: TestIdentity,
    _engine: fleet_tests::Engine,
    pub prefix: String,
    // Last: the keys go once every service has stopped.
    _keys: RedisKeys,
}

/// Starts the fleet with `customise` applied to the gateway's configuration (the chat rate limit
/// on, raised far above what a test sends).
pub async fn spawn_with(customise: impl FnOnce(&mut gateway::config::Config)) -> Fleet {
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let engine = fleet_tests::start_engine(SECRET).await;
    let identity = identity::testkit::spawn(SECRET, &prefix).await;
    let identity_addr = format!("http://127.0.0.1:{}", identity.grpc_port);
    let billing = billing::testkit::spawn(billing::testkit::TestOptions::new(SECRET, &prefix)).await;
    let billing_addr = billing.addr();
    let fortune = fortune_gen::testkit::spawn(fortune_gen::testkit::TestOptions::new(
        SECRET,
        &prefix,
        &engine.url(),
        &identity_addr,
    ))
    .await;
    let peers = chat::config::PeerAddrs {
        identity: identity_addr.clone(),
        billing: billing_addr.clone(),
        fortune: fortune.addr(),
        bazi_engine: engine.url(),
    };
    let chat = chat::testkit::spawn(chat::testkit::TestOptions::new(SECRET, &prefix, peers)).await;
    let mut config = gateway::testkit::test_config(SECRET, &prefix);
    config.bazi_engine_addr = engine.url();
    config.identity_addr = identity_addr;
    config.billing_addr = billing_addr;
    config.fortune_addr = fortune.addr();
    config.chat_addr = chat.addr();
    config.grpc_timeout = Duration::from_secs(10);
    config.chat_accept_timeout = Duration::from_secs(60);
    config.rate_limit.enabled = true;
    config.rate_limit.chat_per_window = 100_000;
    // A thousand requests at once each read their session from Redis (the pool waits 500 ms at
    // most), spread over four workers.
    config.redis.pool_size = 256;
    config.workers = Some(4);
    customise(&mut config);
    let gateway = gateway::testkit::spawn(config).await;
    Fleet { gateway, chat, billing, _fortune: fortune, _identity: identity, _engine: engine, prefix, _keys: keys }
}

pub async fn spawn() -> Fleet {
    spawn_with(|_| {}).await
}

/// A fresh member name (3–20 characters).
pub fn username(stem: &str) -> String {
    let tail = uuid::Uuid::new_v4().simple().to_string();
    format!("{stem}_{}", &tail[..8])
}

/// The events of an SSE body: `(event, data)`, comments left out.
pub fn events(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter(|frame| !frame.is_empty() && !frame.starts_with(':'))
        .map(|frame| {
            let mut lines = frame.lines();
            let name = lines.next().and_then(|l| l.strip_prefix("event: ")).expect("an event line");
            let data = lines.next().and_then(|l| l.strip_prefix("data: ")).expect("a data line");
            (name.to_owned(), serde_json::from_str(data).expect("JSON data"))
        })
        .collect()
}

/// The answer to one send: the status, and either the stream's events or the error body.
#[derive(Debug)]
pub enum Sent {
    Stream(Vec<(String, Value)>),
    Refused(u16, Value),
}

impl Sent {
    /// The events of an accepted send.
    pub fn stream(self) -> Vec<(String, Value)> {
        match self {
            Self::Stream(events) => events,
            Self::Refused(status, body) => panic!("refused {status}: {body}"),
        }
    }
}

impl Fleet {
    /// A request as the SPA sends it (origin header), with `cookie`.
    pub fn request(&self, method: reqwest::Method, path: &str, cookie: &str) -> reqwest::RequestBuilder {
        self.gateway.client.request(method, self.gateway.url(path)).header("origin", ORIGIN).header("cookie", cookie)
    }

    pub async fn get(&self, path: &str, who: &Member) -> (u16, Value) {
        json(self.request(reqwest::Method::GET, path, &who.cookie).send().await.expect("request")).await
    }

    /// `POST /api/chat/messages` with `body`, the whole stream read.
    pub async fn send(&self, who: &Member, body: Value) -> Sent {
        let response = self
            .request(reqwest::Method::POST, "/api/chat/messages", &who.cookie)
            .json(&body)
            .send()
            .await
            .expect("request");
        let status = response.status().as_u16();
        if status == 200 {
            Sent::Stream(events(&response.text().await.expect("the stream")))
        } else {
            Sent::Refused(status, response.json().await.expect("a JSON error"))
        }
    }

    /// The balance chat reports (billing's).
    pub async fn balance(&self, who: &Member) -> i64 {
        let (status, body) = self.get("/api/chat/status", who).await;
        assert_eq!(status, 200, "{body}");
        body["balance"].as_i64().expect("balance")
    }

    /// A billing client acting as a service (writes need one).
    pub async fn billing_client(&self) -> BillingClient<InterceptedService<Channel, Bearer>> {
        let channel = meguri_testkit::connect(&format!("http://127.0.0.1:{}", self.billing.grpc_port)).await;
        BillingClient::with_interceptor(
            channel,
            Bearer { minter: minter(), subject: Subject::Anonymous, role: Role::Service },
        )
    }

    /// A chat client acting as `who` (the internal token the gateway would mint for them).
    pub async fn chat_client_as(&self, who: &Member) -> ChatClient<InterceptedService<Channel, Bearer>> {
        let channel = meguri_testkit::connect(&self.chat.addr()).await;
        let user: meguri_ids::UserId = who.id.parse().expect("a user id");
        ChatClient::with_interceptor(
            channel,
            Bearer { minter: minter(), subject: Subject::User(user), role: Role::User },
        )
    }

    /// Grants `credits` to `who` through billing (as a purchase or an admin grant would).
    pub async fn grant(&self, who: &Member, credits: i64) -> i64 {
        let request = billing_pb::GrantRequest {
            user_id: who.id.clone(),
            credits,
            reason: "admin_grant".to_owned(),
            idempotency_key: format!("fleet-grant:{}", uuid::Uuid::new_v4()),
        };
        self.billing_client().await.grant(request).await.expect("grant").into_inner().balance
    }

    /// Every ledger row of `who`, newest first.
    pub async fn ledger(&self, who: &Member) -> Vec<billing_pb::LedgerEntry> {
        let request = billing_pb::ListLedgerRequest { user_id: who.id.clone(), limit: 100, before: None };
        self.billing_client().await.list_ledger(request).await.expect("ledger").into_inner().entries
    }

    /// A verified member with `birth` merged into the sign-up body, once billing granted the
    /// sign-up credits.
    pub async fn member(&self, stem: &str, birth: Value) -> Member {
        let name = username(stem);
        let email = format!("{name}@example.jp");
        let mut body = json!({"email": email, "password": PASSWORD, "username": name,
                              "firstName": "名前", "privacyPolicyAccepted": true});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), birth.as_object()) {
            body.extend(extra.clone());
        }
        let signed_up = self
            .gateway
            .client
            .post(self.gateway.url("/api/auth/signup"))
            .header("origin", ORIGIN)
            .json(&body)
            .send()
            .await
            .expect("request");
        assert_eq!(signed_up.status(), 201, "sign-up");
        let code = verification_code(&self.prefix, &email).await;
        let (cookie, user) = self.gateway.verify_email(&email, &code).await;
        let member = Member { id: user["id"].as_str().expect("the user's id").to_owned(), cookie };
        eventually("the sign-up credits", || async { (self.balance(&member).await == SIGN_UP_CREDITS).then_some(()) })
            .await;
        if birth.get("birthDate").is_some() {
            // The built-in responder reads the chart fortune-gen builds from identity's event.
            eventually("the chart", || async {
                let (_, user) = self.get("/api/auth/user", &member).await;
                (user["baziChartStatus"] == "ready").then_some(())
            })
            .await;
        }
        member
    }
}

fn minter() -> TokenMinter {
    TokenMinter::new(&SecretString::from(SECRET.to_owned()), Duration::from_secs(60)).expect("minter")
}

/// Birth data of a member (a chart fortune-gen can build).
pub fn birth() -> Value {
    json!({"gender": "female", "birthDate": "1990-05-15", "birthTime": "14:30"})
}

/// A new message id.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}
