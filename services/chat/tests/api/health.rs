//! The service starts in-process on free ports with its own database, reports SERVING on gRPC
//! health and 200 on `/readyz`, and answers an authenticated call.

use std::time::Duration;

use chat::config::Config;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_db::TestDb;
use meguri_proto::meguri::chat::v1 as pb;
use meguri_server::ServerConfig;
use secrecy::SecretString;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

fn admin_url() -> SecretString {
    SecretString::from(
        std::env::var("DATABASE_ADMIN_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned()),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn the_service_starts_reports_serving_and_answers() {
    // Arrange: a fresh schema, the service on free ports.
    let db = TestDb::create(&admin_url(), chat::startup::MIGRATIONS).await.expect("a test schema");
    let secret = SecretString::from(SECRET.to_owned());
    let config = Config { server: ServerConfig::for_tests(secret.clone()), db: db.config.clone() };
    let app = chat::startup::build(config).await.expect("the service starts");
    let (grpc_port, admin_port, shutdown) = (app.grpc_port, app.admin_port, app.shutdown_handle());
    let server = tokio::spawn(app.run_until_stopped());
    let channel = tonic::transport::Channel::from_shared(format!("http://127.0.0.1:{grpc_port}"))
        .expect("uri")
        .connect()
        .await
        .expect("connect");

    // Act + assert: health turns SERVING (readiness is retried with backoff), /readyz answers 200.
    let minter = TokenMinter::new(&secret, Duration::from_secs(60)).expect("minter");
    let bearer = minter.bearer(&Subject::Anonymous, Role::Service).expect("token");
    let mut health = HealthClient::new(channel.clone());
    let service = "meguri.chat.v1.Chat";
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
    let readyz = reqwest::get(format!("http://127.0.0.1:{admin_port}/readyz")).await.expect("admin port");
    assert_eq!(readyz.status(), 200);

    let mut client = pb::chat_client::ChatClient::new(channel);
    let mut request = tonic::Request::new(pb::PingRequest {});
    request.metadata_mut().insert("authorization", bearer);
    assert_eq!(client.ping(request).await.expect("ping").into_inner().notes, 0);

    let refused = client.ping(pb::PingRequest {}).await.expect_err("no token");
    assert_eq!(refused.code(), tonic::Code::Unauthenticated);

    shutdown.shutdown();
    server.await.expect("the server task").expect("a clean stop");
}
