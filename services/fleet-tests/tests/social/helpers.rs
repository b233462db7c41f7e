//! A fleet for the friends flows: bazi-engine, identity, social and the gateway, sharing one Redis
//! prefix (the event streams) and one internal-token secret; members signed up and verified through
//! the gateway, the code read from the mail stream.

use std::time::Duration;

use identity::testkit::TestIdentity;
use meguri_testkit::RedisKeys;
use serde_json::{Value, json};
use social::testkit::{TestOptions, TestSocial};

pub use fleet_tests::{MailDir, eventually, mails, verification_code};
pub use gateway::testkit::{ORIGIN, TestGateway, json};
pub use meguri_testkit::redis_url;

pub const SECRET: &str = "fleet-test-secret-that-is-long-enough-0123456";
pub const PASSWORD: &str = "correct horse battery";

/// A member signed up and verified through the gateway.
#[derive(Clone, Debug)]
pub struct Member {
    pub id: String,
    pub username: String,
    pub email: String,
    pub cookie: String,
}

pub struct Fleet {
    pub gateway: TestGateway,
    pub social: TestSocial,
    /// identity's gRPC address (for a notify the test starts itself).
    pub identity_addr: String,
    /// Kept running for the test's length.
    _identity: TestIdentity,
    _engine: fleet_tests::Engine,
    /// Only for the friend updates ([`spawn_with_fortune`]).
    _fortune: Option<fortune_gen::testkit::TestFortune>,
    pub prefix: String,
    /// The gateway's configuration, for [`Fleet::use_notify`].
    gateway_config: gateway::config::Config,
    // Last: the keys go once every service has stopped.
    _keys: RedisKeys,
}

/// Starts the fleet with `customise` applied to the gateway's configuration.
pub async fn spawn_with(customise: impl FnOnce(&mut gateway::config::Config)) -> Fleet {
    start(false, customise).await
}

/// The fleet plus fortune-gen (charts from identity's events, friend updates from social).
pub async fn spawn_with_fortune() -> Fleet {
    start(true, |_| {}).await
}

async fn start(with_fortune: bool, customise: impl FnOnce(&mut gateway::config::Config)) -> Fleet {
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let engine = fleet_tests::start_engine(SECRET).await;
    let identity = identity::testkit::spawn(SECRET, &prefix).await;
    let identity_addr = format!("http://127.0.0.1:{}", identity.grpc_port);
    let social = social::testkit::spawn(TestOptions::new(SECRET, &prefix, &identity_addr, &engine.url())).await;
    let fortune = if with_fortune {
        let mut options = fortune_gen::testkit::TestOptions::new(SECRET, &prefix, &engine.url(), &identity_addr);
        options.social_addr = social.addr();
        Some(fortune_gen::testkit::spawn(options).await)
    } else {
        None
    };
    let (engine_addr, social_addr, p) = (engine.url(), social.addr(), prefix.clone());
    let mut config = gateway::testkit::test_config(SECRET, &p);
    config.bazi_engine_addr = engine_addr;
    config.identity_addr = identity_addr;
    config.social_addr = social_addr;
    if let Some(fortune) = &fortune {
        config.fortune_addr = fortune.addr();
    }
    config.grpc_timeout = Duration::from_secs(10);
    customise(&mut config);
    let gateway = gateway::testkit::spawn(config.clone()).await;
    let identity_addr = format!("http://127.0.0.1:{}", identity.grpc_port);
    Fleet {
        gateway,
        social,
        identity_addr,
        _identity: identity,
        _engine: engine,
        _fortune: fortune,
        prefix,
        gateway_config: config,
        _keys: keys,
    }
}

pub async fn spawn() -> Fleet {
    spawn_with(|_| {}).await
}

impl Fleet {
    /// bazi-engine's gRPC address (the privacy test computes charts as the services do).
    #[allow(dead_code)] // the privacy binary's
    pub fn engine_url(&self) -> String {
        self._engine.url()
    }

    /// Replaces the gateway by one that also reaches notify at `notify_addr` (the settings and
    /// unsubscribe routes). Sessions live in Redis, so members stay signed in.
    #[allow(dead_code)] // the diary binary's; this binary starts notify after its gateway
    pub async fn use_notify(&mut self, notify_addr: String) {
        self.gateway_config.notify_addr = notify_addr;
        self.gateway = gateway::testkit::spawn(self.gateway_config.clone()).await;
    }

    /// A request as the SPA sends it (origin header), with `cookie` when given; an empty body (204)
    /// is `null`.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        cookie: Option<&str>,
    ) -> (u16, Value) {
        let mut request = self.gateway.client.request(method, self.gateway.url(path)).header("origin", ORIGIN);
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        let response = request.send().await.expect("request");
        if response.content_length() == Some(0) {
            return (response.status().as_u16(), Value::Null);
        }
        json(response).await
    }

    pub async fn get(&self, path: &str, who: &Member) -> (u16, Value) {
        self.call(reqwest::Method::GET, path, None, Some(&who.cookie)).await
    }

    pub async fn post(&self, path: &str, body: Value, who: &Member) -> (u16, Value) {
        self.call(reqwest::Method::POST, path, Some(body), Some(&who.cookie)).await
    }

    pub async fn delete(&self, path: &str, who: &Member) -> (u16, Value) {
        self.call(reqwest::Method::DELETE, path, None, Some(&who.cookie)).await
    }

    /// The verification code identity asked to mail to `to`.
    pub async fn code_for(&self, to: &str) -> String {
        verification_code(&self.prefix, to).await
    }

    /// Signs `username` up (with `extra` merged into the body: birth data, `inviterId`) without
    /// verifying.
    pub async fn sign_up(&self, username: &str, extra: Value) -> String {
        let email = format!("{username}@example.jp");
        let mut body = json!({"email": email, "password": PASSWORD, "username": username,
                              "firstName": "名前", "privacyPolicyAccepted": true});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        let (status, answer) = self.call(reqwest::Method::POST, "/api/auth/signup", Some(body), None).await;
        assert_eq!(status, 201, "{answer}");
        email
    }

    /// Verifies `email` with the mailed code; the member, once social knows them (its read model
    /// is fed by identity's EmailVerified).
    pub async fn verify(&self, username: &str, email: &str) -> Member {
        let code = self.code_for(email).await;
        let (cookie, user) = self.gateway.verify_email(email, &code).await;
        let id = user["id"].as_str().expect("the user's id").to_owned();
        let path = format!("/api/invites/{id}");
        eventually(&format!("social to know {username}"), || async {
            (self.call(reqwest::Method::GET, &path, None, None).await.0 == 200).then_some(())
        })
        .await;
        Member { id, username: username.to_owned(), email: email.to_owned(), cookie }
    }

    /// A verified member that social knows; `birth` is merged into the sign-up body.
    pub async fn member(&self, username: &str, birth: Value) -> Member {
        let email = self.sign_up(username, birth).await;
        self.verify(username, &email).await
    }

    /// `a` asks `b`, `b` accepts: friends.
    pub async fn befriend(&self, a: &Member, b: &Member) {
        let (status, body) = self.post("/api/friends/requests", json!({"userId": b.id}), a).await;
        assert_eq!((status, &body), (200, &json!({"state": "outgoing"})));
        let (status, body) = self.post(&format!("/api/friends/requests/{}/accept", a.id), json!({}), b).await;
        assert_eq!((status, &body), (200, &json!({"state": "friends"})));
    }

    /// The ids in one list (`friends`, `incoming` or `outgoing`) of `who`'s `GET /api/friends`.
    pub async fn ids_in(&self, who: &Member, list: &str) -> Vec<String> {
        let (status, body) = self.get("/api/friends", who).await;
        assert_eq!(status, 200, "{body}");
        body[list]
            .as_array()
            .unwrap_or_else(|| panic!("{list}: {body}"))
            .iter()
            .map(|m| m["userId"].as_str().expect("userId").to_owned())
            .collect()
    }
}

/// A unique username (3–20 characters) per test run, so parallel tests never collide in search.
pub fn username(stem: &str) -> String {
    let tail = uuid::Uuid::new_v4().simple().to_string();
    format!("{stem}_{}", &tail[..8])
}

/// Nothing of `who` (id, username, e-mail) appears in `body`.
pub fn assert_nothing_of(body: &Value, who: &Member, context: &str) {
    let text = body.to_string();
    for field in [&who.id, &who.username, &who.email] {
        assert!(!text.contains(field.as_str()), "{context}: {field} leaked in {text}");
    }
}
