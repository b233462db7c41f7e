//! Starts the real billing service on free ports, against a fresh schema and a fresh Redis
//! prefix, and gives typed clients.

use std::sync::Arc;
use std::time::Duration;

use billing::config::Config;
use deadpool_redis::redis;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_proto::billing::billing_client::BillingClient;
use meguri_server::{ServerConfig, Store};
use meguri_testkit::{Bearer, RedisKeys, TestDb, admin_url, redis_url};
use secrecy::SecretString;
use tokio::task::JoinHandle;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

pub const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

/// How long a test waits for something asynchronous (an event being handled) before failing.
pub const DEADLINE: Duration = Duration::from_secs(20);

pub type Client = BillingClient<InterceptedService<Channel, Bearer>>;

/// What outlives one process of the service: its schema and its Redis prefix. Dropped (schema,
/// role and keys deleted) with the last app using it.
pub struct TestEnv {
    pub db: TestDb,
    pub prefix: String,
    /// Every key under `prefix`, deleted with the environment.
    _keys: RedisKeys,
}

pub struct TestApp {
    pub grpc_port: u16,
    pub env: Arc<TestEnv>,
    minter: TokenMinter,
    shutdown: meguri_server::ShutdownHandle,
    server: Option<JoinHandle<anyhow::Result<()>>>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

/// A new schema and prefix, and the service on them.
pub async fn spawn_app() -> TestApp {
    let db = TestDb::create(&admin_url(), billing::MIGRATIONS).await.expect("a test schema");
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    spawn_in(Arc::new(TestEnv { db, prefix, _keys: keys })).await
}

async fn spawn_in(env: Arc<TestEnv>) -> TestApp {
    let secret = SecretString::from(SECRET.to_owned());
    let config = Config {
        server: ServerConfig::for_tests(secret.clone()),
        store: Store::new(env.db.config.clone(), redis_url(), env.prefix.clone()),
    };
    let app = billing::startup::build(config).await.expect("the service starts");
    let grpc_port = app.grpc_port;
    let shutdown = app.shutdown_handle();
    let server = Some(tokio::spawn(app.run_until_stopped()));
    let minter = TokenMinter::new(&secret, Duration::from_secs(60)).expect("minter");
    TestApp { grpc_port, env, minter, shutdown, server }
}

impl TestApp {
    async fn channel(&self) -> Channel {
        meguri_testkit::connect(&format!("http://127.0.0.1:{}", self.grpc_port)).await
    }

    pub async fn client_as(&self, subject: Subject, role: Role) -> Client {
        BillingClient::with_interceptor(self.channel().await, Bearer { minter: self.minter.clone(), subject, role })
    }

    /// A service calling on its own behalf (chat, purchases).
    pub async fn service(&self) -> Client {
        self.client_as(Subject::Anonymous, Role::Service).await
    }

    /// A signed-in user, through the gateway.
    pub async fn user(&self, user: UserId) -> Client {
        self.client_as(Subject::User(user), Role::User).await
    }

    /// Another process of the service on the same schema and prefix.
    pub async fn restart(&self) -> Self {
        spawn_in(Arc::clone(&self.env)).await
    }

    /// Stops the service and waits until it has.
    pub async fn stop(&mut self) {
        self.shutdown.shutdown();
        if let Some(server) = self.server.take() {
            server.await.expect("the server task").expect("a clean stop");
        }
    }

    async fn redis(&self) -> redis::aio::MultiplexedConnection {
        redis::Client::open(redis_url()).expect("redis url").get_multiplexed_async_connection().await.expect("redis")
    }

    /// Appends `event` to its stream exactly as the outbox relay writes it; returns the entry id.
    pub async fn publish<E: meguri_events::Event>(&self, event_id: uuid::Uuid, event: &E) -> String {
        let mut redis = self.redis().await;
        meguri_events::testkit::publish(&mut redis, &EventsConfig::new(&self.env.prefix), event_id, event)
            .await
            .expect("XADD")
    }

    /// Waits until consumer group `group` has read `stream` up to `entry` and acknowledged all of it.
    pub async fn wait_until_handled(&self, stream: &str, group: &str, entry: &str) {
        let (mut redis, events) = (self.redis().await, EventsConfig::new(&self.env.prefix));
        let deadline = tokio::time::Instant::now() + DEADLINE;
        while !meguri_events::testkit::handled(&mut redis, &events, stream, group, entry).await.expect("XINFO") {
            assert!(tokio::time::Instant::now() < deadline, "group {group} did not handle {entry} in time");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
}

/// The stable code of a refused call.
pub fn code(status: &tonic::Status) -> Option<&str> {
    status.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok())
}
