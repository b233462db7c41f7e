//! The service starts in-process on free ports with its own database (`testkit::spawn`), reports
//! SERVING on gRPC health and 200 on `/readyz`, and refuses a call without a caller (the template's
//! health test, docs/service-shape.md).

use std::time::Duration;

use meguri_auth::{Role, Subject};
use meguri_proto::billing as pb;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread")]
async fn the_service_starts_reports_serving_and_answers() {
    // Arrange: a fresh schema, the service on free ports.
    let app = spawn_app().await;
    let channel = meguri_testkit::connect(&format!("http://127.0.0.1:{}", app.grpc_port)).await;

    // Act + assert: health turns SERVING (readiness is retried with backoff), /readyz answers 200.
    let mut health = HealthClient::new(channel.clone());
    let service = "meguri.billing.v1.Billing";
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let status = health
            .check(HealthCheckRequest { service: service.to_owned() })
            .await
            .expect("health answers")
            .into_inner()
            .status;
        if status == ServingStatus::Serving as i32 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "{service} did not become SERVING");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let readyz = reqwest::get(format!("http://127.0.0.1:{}/readyz", app.billing.admin_port)).await.expect("admin port");
    assert_eq!(readyz.status(), 200);

    // A call without a token names nobody; a member's call answers.
    let mut anonymous = pb::billing_client::BillingClient::new(channel);
    let refused = anonymous.get_balance(pb::GetBalanceRequest::default()).await.expect_err("no caller");
    assert_eq!(refused.code(), tonic::Code::Unauthenticated);
    let mut member = app.client_as(Subject::User(meguri_ids::UserId::new()), Role::User).await;
    let balance = member.get_balance(pb::GetBalanceRequest::default()).await.expect("own balance").into_inner();
    assert_eq!(balance.credits, 0);
}
