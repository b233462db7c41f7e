use meguri_proto::identity as pb;

use crate::helpers::{code_of, spawn_app};

fn login(email: &str, password: &str) -> pb::LoginRequest {
    pb::LoginRequest { email: email.into(), password: password.into() }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_verified_user_logs_in_and_last_login_is_recorded() {
    let app = spawn_app().await;
    app.verified_user("hanako@example.jp", "hanako").await;
    let user = app
        .visitor()
        .await
        .login(login("HANAKO@example.jp", "correct horse battery"))
        .await
        .expect("login")
        .into_inner()
        .user
        .expect("user");
    assert!(user.last_login_at.is_some());
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_email_and_wrong_password_get_the_same_answer() {
    let app = spawn_app().await;
    app.verified_user("hanako@example.jp", "hanako").await;
    let mut client = app.visitor().await;
    let wrong = client.login(login("hanako@example.jp", "wrong password")).await.expect_err("wrong");
    let unknown = client.login(login("nobody@example.jp", "correct horse battery")).await.expect_err("unknown");
    assert_eq!((wrong.code(), code_of(&wrong)), (tonic::Code::Unauthenticated, "INVALID_CREDENTIALS"));
    assert_eq!((unknown.code(), code_of(&unknown)), (wrong.code(), code_of(&wrong)));
    assert_eq!(unknown.message(), wrong.message());
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unverified_account_is_refused_only_after_its_password_matched() {
    let app = spawn_app().await;
    app.sign_up("hanako@example.jp", "hanako").await;
    let mut client = app.visitor().await;
    let right = client.login(login("hanako@example.jp", "correct horse battery")).await.expect_err("unverified");
    assert_eq!((right.code(), code_of(&right)), (tonic::Code::PermissionDenied, "EMAIL_NOT_VERIFIED"));
    let wrong = client.login(login("hanako@example.jp", "wrong password")).await.expect_err("wrong");
    assert_eq!(code_of(&wrong), "INVALID_CREDENTIALS");
}
