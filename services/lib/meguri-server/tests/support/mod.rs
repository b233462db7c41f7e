//! A tiny BaziEngine double and a server on free ports, shared by this crate's test binaries.

#![allow(dead_code)] // each test binary uses part of it

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use meguri_auth::{Role, Subject, TokenMinter};
use meguri_proto::bazi_engine::bazi_engine_server::{BaziEngine, BaziEngineServer};
use meguri_proto::bazi_engine::{
    CalculateChartRequest, CalculateChartResponse, CompatibilityRequest, CompatibilityResponse, GetAlmanacRequest,
    GetAlmanacResponse, ResolvePlaceRequest, ResolvePlaceResponse, SearchPlacesRequest, SearchPlacesResponse,
};
use meguri_server::{Application, ServerConfig, ShutdownHandle};
use secrecy::SecretString;
use tonic::transport::Channel;
use tonic::{Request, Response, Status};

pub const SECRET: &str = "server-test-secret-that-is-long-enough-42";

pub struct Stub;

#[tonic::async_trait]
impl BaziEngine for Stub {
    async fn calculate_chart(
        &self,
        _: Request<CalculateChartRequest>,
    ) -> Result<Response<CalculateChartResponse>, Status> {
        Err(Status::unimplemented("stub"))
    }
    async fn compatibility(&self, _: Request<CompatibilityRequest>) -> Result<Response<CompatibilityResponse>, Status> {
        Err(Status::unimplemented("stub"))
    }
    async fn get_almanac(&self, _: Request<GetAlmanacRequest>) -> Result<Response<GetAlmanacResponse>, Status> {
        Err(Status::unimplemented("stub"))
    }
    async fn search_places(
        &self,
        request: Request<SearchPlacesRequest>,
    ) -> Result<Response<SearchPlacesResponse>, Status> {
        let claims = meguri_auth::claims(&request).ok_or_else(|| Status::internal("no claims"))?;
        Ok(Response::new(SearchPlacesResponse {
            suggestions: vec![meguri_proto::bazi_engine::PlaceSuggestion {
                label: claims.sub.to_string(),
                ..Default::default()
            }],
        }))
    }
    async fn resolve_place(&self, _: Request<ResolvePlaceRequest>) -> Result<Response<ResolvePlaceResponse>, Status> {
        Err(Status::unimplemented("stub"))
    }
    async fn read_transits(
        &self,
        _: Request<meguri_proto::bazi_engine::ReadTransitsRequest>,
    ) -> Result<Response<meguri_proto::bazi_engine::ReadTransitsResponse>, Status> {
        Err(Status::unimplemented("stub"))
    }
}

pub struct TestServer {
    pub grpc_port: u16,
    pub admin_port: u16,
    pub shutdown: ShutdownHandle,
    pub task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

impl TestServer {
    pub fn channel(&self) -> Channel {
        Channel::from_shared(format!("http://127.0.0.1:{}", self.grpc_port)).expect("uri").connect_lazy()
    }

    pub fn admin_url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.admin_port)
    }
}

/// Starts a server whose readiness check reports `ready`.
pub async fn spawn_server(ready: Arc<AtomicBool>) -> TestServer {
    // In a workspace build reqwest carries rustls without a crypto provider (async-openai's TLS
    // setting, unified across the workspace); the tests speak plain HTTP but reqwest wants one.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let app = Application::builder(ServerConfig::for_tests(SecretString::from(SECRET)))
        .add_service(BaziEngineServer::new(Stub))
        .readiness(move || {
            let ready = Arc::clone(&ready);
            async move { if ready.load(Ordering::SeqCst) { Ok(()) } else { anyhow::bail!("dependency down") } }
        })
        .build()
        .await
        .expect("build");
    let (grpc_port, admin_port) = (app.grpc_port, app.admin_port);
    let shutdown = app.shutdown_handle();
    let task = tokio::spawn(app.run_until_stopped());
    TestServer { grpc_port, admin_port, shutdown, task }
}

pub fn bearer() -> tonic::metadata::MetadataValue<tonic::metadata::Ascii> {
    TokenMinter::new(&SecretString::from(SECRET), Duration::from_secs(30))
        .expect("minter")
        .bearer(&Subject::Anonymous, Role::Visitor)
        .expect("bearer")
}

/// Waits for the next health update to be NOT_SERVING, closes the watch, then waits for the server
/// task to finish cleanly: the order a graceful shutdown must follow, whatever triggered it.
pub async fn expect_not_serving_then_stopped(
    mut stream: tonic::Streaming<tonic_health::pb::HealthCheckResponse>,
    server: TestServer,
) {
    use tonic_health::pb::health_check_response::ServingStatus;
    let next = tokio::time::timeout(Duration::from_secs(5), stream.message())
        .await
        .expect("a status change")
        .expect("stream")
        .expect("status");
    assert_eq!(next.status, ServingStatus::NotServing as i32);
    drop(stream);
    let result =
        tokio::time::timeout(Duration::from_secs(10), server.task).await.expect("the server stops").expect("join");
    assert!(result.is_ok(), "{result:?}");
}
