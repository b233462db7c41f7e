use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test]
async fn metrics_count_requests_by_route_pattern_with_a_latency_histogram() {
    let app = spawn_app().await;
    assert_eq!(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await.status(), 200);
    assert_eq!(app.get("/api/places/search?query=%E6%9D%B1").await.status(), 200);

    let response = app.get("/metrics").await;
    assert_eq!(response.status(), 200);
    let text = response.text().await.expect("body");

    assert!(
        text.contains(
            r#"meguri_gateway_http_requests_total{route="/api/public/calculate-bazi",method="POST",status="200"}"#
        ),
        "{text}"
    );
    assert!(
        text.contains(r#"meguri_gateway_http_request_duration_seconds_bucket{route="/api/public/calculate-bazi",method="POST",le="0.005"}"#),
        "{text}"
    );
    assert!(text.contains(r#"route="/api/places/search""#), "the pattern, not the raw path: {text}");
    assert!(!text.contains("query="), "{text}");
    assert!(text.contains(r#"meguri_gateway_grpc_client_requests_total{rpc="CalculateChart",code="OK"}"#), "{text}");
    assert!(text.contains("meguri_gateway_grpc_client_duration_seconds_bucket"), "{text}");
    assert!(text.contains("meguri_gateway_redis_pool_connections"), "{text}");
    assert!(text.contains("meguri_gateway_redis_pool_available"), "{text}");
}
