//! What the fleet tests share: starting bazi-engine in-process, waiting for what another service
//! does, reading a verification code from the mail stream, and the mail files notify writes. Each other service starts from its
//! own test kit (`identity::testkit`, `fortune_gen::testkit`, `gateway::testkit`), on free ports,
//! with its own schema; the shared pieces (database, Redis keys, clock, waiting) come from
//! `meguri-testkit`.
//!
//! This crate is not a service: it is the one place where tests may link several services, so
//! that no service crate depends on another (checked by `deploy/dev/check_service_deps.py`).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use meguri_events::EventsConfig;
use meguri_proto::notify::MailRequested;
use meguri_proto::notify::mail_requested::Kind as MailKind;
use meguri_server::{ServerConfig, ShutdownHandle};
use secrecy::SecretString;

/// A bazi-engine server in this process; stopped on `Drop`.
pub struct Engine {
    pub addr: SocketAddr,
    shutdown: ShutdownHandle,
}

impl Engine {
    /// `http://127.0.0.1:PORT`
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

/// Starts bazi-engine on a free port, accepting internal tokens signed with `jwt_secret`.
///
/// # Panics
/// When it cannot start (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn start_engine(jwt_secret: &str) -> Engine {
    let app = bazi_engine_server::startup::build(ServerConfig::for_tests(SecretString::from(jwt_secret.to_owned())))
        .await
        .expect("bazi-engine starts");
    let addr = SocketAddr::from(([127, 0, 0, 1], app.grpc_port));
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    Engine { addr, shutdown }
}

/// How long a fleet test waits for something another service does before it fails.
pub const DEADLINE: Duration = Duration::from_secs(60);

/// Polls `check` until it gives a value, failing the test after [`DEADLINE`].
pub async fn eventually<T, F, Fut>(what: &str, check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    meguri_testkit::eventually(what, DEADLINE, check).await
}

/// The verification code identity asked notify to mail to `to`, read from the mail stream of the
/// events prefix `events_prefix` (a sign-up or a resend).
///
/// # Panics
/// Redis does not answer, or no code came within [`DEADLINE`].
#[allow(clippy::expect_used)]
pub async fn verification_code(events_prefix: &str, to: &str) -> String {
    let client = redis::Client::open(meguri_testkit::redis_url()).expect("redis url");
    let conn = client.get_multiplexed_async_connection().await.expect("redis");
    let events = EventsConfig::new(events_prefix);
    eventually(&format!("a verification code for {to}"), || {
        let (mut conn, events) = (conn.clone(), events.clone());
        async move {
            meguri_events::testkit::read::<MailRequested>(&mut conn, &events)
                .await
                .expect("the mail stream")
                .into_iter()
                .filter(|(_, mail)| mail.to == to)
                .find_map(|(_, mail)| match mail.kind {
                    Some(MailKind::VerificationCode(mail)) => Some(mail.code),
                    _ => None,
                })
        }
    })
    .await
}

/// The complete `.eml` files of `mail_type` (e.g. `friend_request_received`) in `dir`, where
/// notify's development transport writes them.
#[must_use]
pub fn mails(dir: &Path, mail_type: &str) -> Vec<PathBuf> {
    let suffix = format!("-{mail_type}.eml");
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(&suffix)))
                .collect()
        })
        .unwrap_or_default()
}

/// A fresh temporary directory for notify's mail, removed on drop.
pub struct MailDir(pub PathBuf);

impl MailDir {
    #[must_use]
    pub fn temporary() -> Self {
        Self(std::env::temp_dir().join(format!("meguri-fleet-mail-{}", uuid::Uuid::new_v4().simple())))
    }
}

impl Drop for MailDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
