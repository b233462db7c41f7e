use std::time::{Duration, Instant};

use serde_json::json;
use tokio::net::TcpListener;

use crate::helpers::{free_port, json, serve_engine, spawn_app_without_engine};

#[tokio::test]
async fn a_down_engine_is_a_quick_503_and_the_gateway_heals_when_it_returns() {
    let engine_port = free_port().await;
    let app = spawn_app_without_engine(engine_port).await;

    let started = Instant::now();
    let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;
    let elapsed = started.elapsed();

    assert_eq!(status, 503);
    assert_eq!(
        body,
        json!({"message": "ただいまサービスに接続できません。しばらくしてから再度お試しください。", "code": "SERVICE_UNAVAILABLE"})
    );
    assert!(elapsed < Duration::from_millis(1000), "well within the 2 s deadline: {elapsed:?}");

    let engine = serve_engine(TcpListener::bind(("127.0.0.1", engine_port)).await.expect("rebind the port")).await;
    let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;

    assert_eq!(status, 200, "{body}");
    engine.state.assert_every_call_was_authenticated();
}
