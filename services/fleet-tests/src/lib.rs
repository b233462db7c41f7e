//! What the fleet tests share: starting bazi-engine in-process. Each other service starts from its
//! own test kit (`identity::testkit`, `fortune_gen::testkit`, `gateway::testkit`), on free ports,
//! with its own schema; the shared pieces (database, Redis keys, clock, waiting) come from
//! `meguri-testkit`.
//!
//! This crate is not a service: it is the one place where tests may link several services, so
//! that no service crate depends on another (checked by `deploy/dev/check_service_deps.py`).

use std::net::SocketAddr;

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
