//! The service starts in-process on free ports with its own database (`testkit::spawn`), reports
//! SERVING on gRPC health and 200 on `/readyz`, and refuses a call that is not a member's.

use std::time::Duration;

use meguri_auth::{Role, Subject, TokenMinter};
use meguri_proto::meguri::support::v1 as pb;
use secrecy::SecretString;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

#[tokio::test(flavor = "multi_thread")]
async fn the_service_starts_reports_serving_and_answers() {
    // Arrange: a fresh schema, the service on free ports.
    let app = support::testkit::spawn(SECRET, &format!("support-test:{}:", uuid::Uuid::now_v7())).await;
    let channel = tonic::transport::Channel::from_shared(app.addr()).expect("uri").connect().await.expect("connect");

    // Act + assert: health turns SERVING (readiness is retried with backoff), /readyz answers 200.
    let minter = TokenMinter::new(&SecretString::from(SECRET.to_owned()), Duration::from_secs(60)).expect("minter");
    let bearer = minter.bearer(&Subject::Anonymous, Role::Service).expect("token");
    let mut health = HealthClient::new(channel.clone());
    let service = "meguri.support.v1.Support";
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let mut request = tonic::Request::new(HealthCheckRequest { service: service.to_owned() });
        request.metadata_mut().insert("authorization", bearer.clone());
        let status = health.check(request).await.expect("health answers").into_inner().status;
        if status == ServingStatus::Serving as i32 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "{service} did not become SERVING");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let readyz = reqwest::get(format!("http://127.0.0.1:{}/readyz", app.admin_port)).await.expect("admin port");
    assert_eq!(readyz.status(), 200);

    let mut client = pb::support_client::SupportClient::new(channel);
    let mut request = tonic::Request::new(pb::ListMyTicketsRequest {});
    request.metadata_mut().insert("authorization", bearer);
    let refused = client.list_my_tickets(request).await.expect_err("a service is no member");
    assert_eq!(refused.code(), tonic::Code::Unauthenticated);
    let refused = client.list_my_tickets(pb::ListMyTicketsRequest {}).await.expect_err("no token");
    assert_eq!(refused.code(), tonic::Code::Unauthenticated);
}
