//! Starts a real gateway for tests (feature `testkit`): loopback, a free port, one worker, real
//! Redis under the test's key prefix, rate limits off. Built on the shared `meguri-testkit`; used by
//! this crate's tests (against a BaziEngine double) and by the fleet tests (`services/fleet-tests`,
//! against real services).

#![allow(clippy::expect_used)] // a test that cannot start its gateway cannot go on

use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Once};
use std::time::Duration;

use meguri_auth::Role;
use meguri_ids::UserId;
use meguri_telemetry::{LogFormat, TelemetryConfig};
use secrecy::SecretString;

use crate::config::{Config, RateLimitConfig, RedisConfig, SessionConfig};
use crate::session::{COOKIE_NAME, SessionId, SessionState, SessionStore};
use crate::startup::{Application, redis_pool};

/// The one allowed browser origin of a test gateway.
pub const ORIGIN: &str = "http://meguri.test";

/// Where nothing listens: calls to a service a test did not start fail at once.
pub const NOBODY: &str = "http://127.0.0.1:9";

/// Logs appear with `TEST_LOG=1`; spans (and so trace ids) exist either way.
pub fn init_telemetry() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        let config = TelemetryConfig {
            log_format: LogFormat::Text,
            log_filter: if std::env::var("TEST_LOG").is_ok() { "info" } else { "off" }.to_owned(),
            otlp_endpoint: None,
        };
        if let Ok(guard) = meguri_telemetry::init("gateway-test", &config) {
            std::mem::forget(guard);
        }
    });
}

/// The configuration of a test gateway: loopback, port 0, real Redis under `key_prefix`, every
/// service at [`NOBODY`] (set the ones the test starts), limits off.
#[must_use]
pub fn test_config(jwt_secret: &str, key_prefix: &str) -> Config {
    Config {
        host: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 0,
        workers: Some(1),
        development: true,
        redis: RedisConfig { url: meguri_testkit::redis_url(), key_prefix: key_prefix.to_owned(), pool_size: 4 },
        bazi_engine_addr: NOBODY.to_owned(),
        identity_addr: NOBODY.to_owned(),
        billing_addr: NOBODY.to_owned(),
        notify_addr: NOBODY.to_owned(),
        fortune_addr: NOBODY.to_owned(),
        social_addr: NOBODY.to_owned(),
        chat_addr: NOBODY.to_owned(),
        support_addr: NOBODY.to_owned(),
        admin_jwt_secret: Some(SecretString::from("admin-secret-for-tests-only-0123456789")),
        jwt_secret: SecretString::from(jwt_secret.to_owned()),
        grpc_timeout: Duration::from_millis(2000),
        reading_timeout: Duration::from_millis(5000),
        chat_accept_timeout: Duration::from_millis(5000),
        chat_keep_alive: Duration::from_secs(15),
        public_origins: vec![ORIGIN.to_owned()],
        app_base_url: ORIGIN.to_owned(),
        session: SessionConfig {
            cookie_secure: false,
            ttl: Duration::from_secs(600),
            absolute_ttl: Duration::from_secs(3600),
        },
        rate_limit: RateLimitConfig {
            enabled: false,
            calculate_per_window: 1000,
            places_per_window: 1000,
            window: Duration::from_secs(60),
            login_failures: 10,
            login_window: Duration::from_secs(900),
            auth_per_window: 1000,
            friend_search_per_window: 1000,
            chat_per_window: 1000,
            analytics_per_window: 1000,
        },
        trust_forwarded_for: false,
        static_dir: None,
        telemetry: TelemetryConfig::default(),
    }
}

/// A running gateway; stops accepting on `Drop`.
pub struct TestGateway {
    /// `http://127.0.0.1:PORT`
    pub address: String,
    /// Follows no redirects.
    pub client: reqwest::Client,
    /// The gateway's session store (the same Redis and prefix).
    pub sessions: SessionStore,
    /// The clock analytics stamps client events with (starts at the real now; tests move it).
    pub clock: Arc<meguri_clock::ManualClock>,
    handle: actix_web::dev::ServerHandle,
}

impl Drop for TestGateway {
    fn drop(&mut self) {
        // Stop accepting; the runtime ends with the test anyway.
        drop(self.handle.stop(false));
    }
}

/// Starts the gateway with `config` on the current runtime.
///
/// # Panics
/// When the gateway cannot start.
pub async fn spawn(config: Config) -> TestGateway {
    init_telemetry();
    let sessions = SessionStore::new(
        redis_pool(&config.redis).expect("pool"),
        &config.redis.key_prefix,
        config.session.ttl,
        config.session.absolute_ttl,
    );
    let clock = Arc::new(meguri_clock::ManualClock::new());
    let app = Application::build_with_clock(config, clock.clone()).await.expect("build the gateway");
    let port = app.port();
    let handle = app.handle();
    tokio::spawn(app.run_until_stopped());
    meguri_testkit::install_crypto_provider();
    TestGateway {
        address: format!("http://127.0.0.1:{port}"),
        client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client"),
        sessions,
        clock,
        handle,
    }
}

impl TestGateway {
    #[must_use]
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// # Panics
    /// When the request cannot be sent.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("request")
    }

    /// Verifies `email` with its mailed `code` (POST /api/auth/verify-email, as the app sends it);
    /// the session cookie pair and the user object it answers.
    ///
    /// # Panics
    /// When the request fails, or the answer is not a 200 with a session cookie.
    pub async fn verify_email(&self, email: &str, code: &str) -> (String, serde_json::Value) {
        let verified = self
            .client
            .post(self.url("/api/auth/verify-email"))
            .header("origin", ORIGIN)
            .json(&serde_json::json!({"email": email, "code": code}))
            .send()
            .await
            .expect("request");
        assert_eq!(verified.status(), 200, "verify-email");
        let cookie = session_cookie_pair(&verified).expect("a session cookie");
        (cookie, json(verified).await.1)
    }

    /// Signs a user in directly in the session store; returns the session and the cookie header
    /// value.
    ///
    /// # Panics
    /// When the session cannot be stored.
    pub async fn session_cookie_for(&self, user_id: UserId, role: Role) -> (SessionId, String) {
        let state = SessionState { user_id, role, created_at: chrono::Utc::now().timestamp() };
        let id = self.sessions.create(&state).await.expect("create a session");
        let cookie = format!("{COOKIE_NAME}={}", id.as_str());
        (id, cookie)
    }
}

/// The whole `Set-Cookie` header a response sends for cookie `name`, if any.
#[must_use]
pub fn set_cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.split('=').next() == Some(name))
        .map(str::to_owned)
}

/// The `meguri_session=<id>` pair a response sets, if any.
#[must_use]
pub fn session_cookie_pair(response: &reqwest::Response) -> Option<String> {
    set_cookie(response, COOKIE_NAME).and_then(|h| h.split(';').next().map(str::to_owned))
}

/// The JSON body of a response, with its status.
///
/// # Panics
/// When the body is not JSON.
pub async fn json(response: reqwest::Response) -> (u16, serde_json::Value) {
    let status = response.status().as_u16();
    let body = response.json().await.expect("a JSON body");
    (status, body)
}
