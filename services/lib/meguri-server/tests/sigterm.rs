//! SIGTERM starts the graceful shutdown instead of killing the process. In its own test binary so
//! the signal reaches no other test's server, under `cargo test` as under nextest.

mod support;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

#[tokio::test]
async fn sigterm_stops_the_server_gracefully() {
    let server = support::spawn_server(Arc::new(AtomicBool::new(true))).await;
    let mut health = HealthClient::new(server.channel());
    let mut stream = health.watch(HealthCheckRequest { service: String::new() }).await.expect("watch").into_inner();
    while let Some(update) = stream.message().await.expect("stream") {
        if update.status == ServingStatus::Serving as i32 {
            break;
        }
    }

    let status =
        std::process::Command::new("kill").args(["-TERM", &std::process::id().to_string()]).status().expect("run kill");
    assert!(status.success());

    drop(health);
    support::expect_not_serving_then_stopped(stream, server).await;
}
