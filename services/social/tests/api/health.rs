//! The service starts in-process on free ports with its own database, reports SERVING on gRPC
//! health and 200 on `/readyz`, and answers an authenticated call only.

use meguri_ids::UserId;
use meguri_proto::social as pb;

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread")]
async fn the_service_starts_reports_serving_and_answers_only_authenticated_calls() {
    let app = spawn_app().await;

    let readyz = reqwest::get(format!("http://127.0.0.1:{}/readyz", app.social.admin_port)).await.expect("admin port");
    assert_eq!(readyz.status(), 200);

    let me = UserId::new();
    let listed = app.user(me).list_friends(pb::ListFriendsRequest {}).await.expect("list").into_inner();
    assert!(listed.friends.is_empty() && listed.incoming.is_empty() && listed.outgoing.is_empty());

    let channel = meguri_testkit::connect(&app.social.addr()).await;
    let refused = pb::social_client::SocialClient::new(channel)
        .list_friends(pb::ListFriendsRequest {})
        .await
        .expect_err("no token");
    assert_eq!(refused.code(), tonic::Code::Unauthenticated);

    let visitor = app.visitor().list_friends(pb::ListFriendsRequest {}).await.expect_err("a visitor");
    assert_eq!(visitor.code(), tonic::Code::Unauthenticated);
    assert_eq!(crate::helpers::code(&visitor), "UNAUTHENTICATED");
}
