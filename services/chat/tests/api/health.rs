//! The service starts in-process on free ports with its own database, reports SERVING on gRPC
//! health and 200 on `/readyz`, and refuses a call without a signed-in user.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use meguri_auth::{Role, Subject};
use meguri_proto::meguri::chat::v1 as pb;

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread")]
async fn the_service_starts_reports_ready_and_wants_a_signed_in_user() {
    // Arrange: chat with fake peers (spawn waits for SERVING on gRPC health).
    let app = spawn_app().await;

    // Act + assert: /readyz answers 200; a service token is no user.
    let readyz = reqwest::get(format!("http://127.0.0.1:{}/readyz", app.chat.admin_port)).await.expect("admin port");
    assert_eq!(readyz.status(), 200);
    let refused = app
        .client(Subject::Anonymous, Role::Service)
        .get_chat_status(pb::GetChatStatusRequest {})
        .await
        .expect_err("a service is no user");
    assert_eq!(refused.code(), tonic::Code::Unauthenticated);
    assert_eq!(meguri_status::code_of(&refused), Some("UNAUTHENTICATED"));
}
