//! Starts the real bazi-engine service on free ports and gives typed clients.

use meguri_auth::{Role, Subject, TokenMinter};
use meguri_proto::bazi_engine::bazi_engine_client::BaziEngineClient;
use meguri_server::ServerConfig;
use secrecy::SecretString;
use std::time::Duration;
use tonic::transport::Channel;

pub const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

pub struct TestApp {
    pub grpc_port: u16,
    pub admin_port: u16,
    minter: TokenMinter,
    shutdown: meguri_server::ShutdownHandle,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown.shutdown();
    }
}

pub async fn spawn_app() -> TestApp {
    let secret = SecretString::from(SECRET.to_owned());
    let app =
        bazi_engine_server::startup::build(ServerConfig::for_tests(secret.clone())).await.expect("the service starts");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    tokio::spawn(app.run_until_stopped());
    let minter = TokenMinter::new(&secret, Duration::from_secs(60)).expect("minter");
    TestApp { grpc_port, admin_port, minter, shutdown }
}

impl TestApp {
    pub async fn channel(&self) -> Channel {
        Channel::from_shared(format!("http://127.0.0.1:{}", self.grpc_port))
            .expect("uri")
            .connect()
            .await
            .expect("connect")
    }

    /// A client whose every call carries a valid internal token, as the gateway sends it.
    pub async fn client(
        &self,
    ) -> BaziEngineClient<
        tonic::service::interceptor::InterceptedService<Channel, impl tonic::service::Interceptor + use<>>,
    > {
        let minter = self.minter.clone();
        BaziEngineClient::with_interceptor(self.channel().await, move |mut req: tonic::Request<()>| {
            let bearer =
                minter.bearer(&Subject::Anonymous, Role::Visitor).map_err(|_| tonic::Status::internal("mint"))?;
            req.metadata_mut().insert("authorization", bearer);
            Ok(req)
        })
    }

    /// A client that sends no token at all.
    pub async fn anonymous_client(&self) -> BaziEngineClient<Channel> {
        BaziEngineClient::new(self.channel().await)
    }
}
