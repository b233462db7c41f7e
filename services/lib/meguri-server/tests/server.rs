//! The bootstrap as a service sees it: health, admin port, auth, metrics, graceful shutdown.

mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use meguri_proto::bazi_engine::SearchPlacesRequest;
use meguri_proto::bazi_engine::bazi_engine_client::BaziEngineClient;
use tonic::Code;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

use support::{bearer, spawn_server};

const ENGINE: &str = "meguri.bazi_engine.v1.BaziEngine";

/// Waits (without sleeping) until the health of `service` reports `wanted`.
async fn health_becomes(server: &support::TestServer, service: &str, wanted: ServingStatus) {
    let mut health = HealthClient::new(server.channel());
    let mut stream =
        health.watch(HealthCheckRequest { service: service.to_owned() }).await.expect("watch").into_inner();
    tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(update) = stream.message().await.expect("stream") {
            if update.status == wanted as i32 {
                return;
            }
        }
        panic!("health stream ended before {wanted:?}");
    })
    .await
    .expect("health did not change in time");
}

#[tokio::test]
async fn a_ready_service_reports_serving_and_its_admin_endpoints_answer() {
    let server = spawn_server(Arc::new(AtomicBool::new(true))).await;

    health_becomes(&server, "", ServingStatus::Serving).await;
    health_becomes(&server, ENGINE, ServingStatus::Serving).await;
    let http = reqwest::Client::new();
    let healthz = http.get(server.admin_url("/healthz")).send().await.expect("healthz");
    let readyz = http.get(server.admin_url("/readyz")).send().await.expect("readyz");

    assert_eq!(healthz.status(), 200);
    assert_eq!(readyz.status(), 200);
}

#[tokio::test]
async fn a_service_that_is_not_ready_is_not_serving_until_its_check_passes() {
    let ready = Arc::new(AtomicBool::new(false));
    let server = spawn_server(Arc::clone(&ready)).await;
    let mut health = HealthClient::new(server.channel());

    let status = health.check(HealthCheckRequest { service: String::new() }).await.expect("check").into_inner().status;
    let readyz = reqwest::get(server.admin_url("/readyz")).await.expect("readyz");
    assert_eq!(status, ServingStatus::NotServing as i32);
    assert_eq!(readyz.status(), 503);

    ready.store(true, Ordering::SeqCst);
    health_becomes(&server, "", ServingStatus::Serving).await;
    let readyz = reqwest::get(server.admin_url("/readyz")).await.expect("readyz");
    assert_eq!(readyz.status(), 200);
}

#[tokio::test]
async fn a_call_without_a_token_is_unauthenticated() {
    let server = spawn_server(Arc::new(AtomicBool::new(true))).await;
    let mut client = BaziEngineClient::new(server.channel());

    let status = client.search_places(SearchPlacesRequest::default()).await.expect_err("refused");

    assert_eq!(status.code(), Code::Unauthenticated);
}

#[tokio::test]
async fn a_call_with_a_token_reaches_the_service_and_is_counted_in_metrics() {
    let server = spawn_server(Arc::new(AtomicBool::new(true))).await;
    let mut client = BaziEngineClient::new(server.channel());
    let mut request = tonic::Request::new(SearchPlacesRequest::default());
    request.metadata_mut().insert("authorization", bearer());

    let response = client.search_places(request).await.expect("call").into_inner();
    let metrics = reqwest::get(server.admin_url("/metrics")).await.expect("metrics").text().await.expect("body");

    assert_eq!(response.suggestions[0].label, "anonymous");
    assert!(
        metrics.contains(&format!(
            "meguri_grpc_server_requests_total{{service=\"{ENGINE}\",method=\"SearchPlaces\",code=\"OK\"}} 1"
        )),
        "{metrics}"
    );
    assert!(metrics.contains("meguri_grpc_server_duration_seconds_bucket"), "{metrics}");
    assert!(!metrics.contains("grpc.health"), "health checks are not counted: {metrics}");
}

#[tokio::test]
async fn shutdown_reports_not_serving_before_the_server_stops() {
    let server = spawn_server(Arc::new(AtomicBool::new(true))).await;
    health_becomes(&server, "", ServingStatus::Serving).await;
    let channel = server.channel();
    let mut health = HealthClient::new(channel.clone());
    let mut stream = health.watch(HealthCheckRequest { service: ENGINE.to_owned() }).await.expect("watch").into_inner();
    let first = stream.message().await.expect("first").expect("status");
    assert_eq!(first.status, ServingStatus::Serving as i32);

    server.shutdown.shutdown();
    drop(health);
    drop(channel);
    let grpc_port = server.grpc_port;
    support::expect_not_serving_then_stopped(stream, server).await;
    assert!(
        tokio::net::TcpStream::connect(("127.0.0.1", grpc_port)).await.is_err(),
        "the gRPC port is closed after shutdown"
    );
}
