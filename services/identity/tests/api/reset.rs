use std::time::Duration;

use meguri_proto::identity as pb;

use crate::helpers::{code_of, spawn_app};

fn reset(token: &str, password: &str) -> pb::ResetPasswordRequest {
    pb::ResetPasswordRequest { token: token.into(), email: "hanako@example.jp".into(), password: password.into() }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reset_link_works_once_and_the_old_password_stops_working() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    let mut client = app.visitor().await;
    client.forgot_password(pb::ForgotPasswordRequest { email: "hanako@example.jp".into() }).await.expect("forgot");
    let token = app.reset_token_for("hanako@example.jp", 0).await;

    let done = client.reset_password(reset(&token, "new password 123")).await.expect("reset").into_inner();
    assert_eq!(done.user_id, id);
    let again = client.reset_password(reset(&token, "another password")).await.expect_err("spent");
    assert_eq!(code_of(&again), "RESET_TOKEN_INVALID");

    let old = client
        .login(pb::LoginRequest { email: "hanako@example.jp".into(), password: "correct horse battery".into() })
        .await
        .expect_err("old password");
    assert_eq!(code_of(&old), "INVALID_CREDENTIALS");
    client
        .login(pb::LoginRequest { email: "hanako@example.jp".into(), password: "new password 123".into() })
        .await
        .expect("new password");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reset_link_expires_after_an_hour() {
    let app = spawn_app().await;
    app.verified_user("hanako@example.jp", "hanako").await;
    let mut client = app.visitor().await;
    client.forgot_password(pb::ForgotPasswordRequest { email: "hanako@example.jp".into() }).await.expect("forgot");
    let token = app.reset_token_for("hanako@example.jp", 0).await;
    app.service.clock.advance(Duration::from_secs(3601));
    let late = client.reset_password(reset(&token, "new password 123")).await.expect_err("expired");
    assert_eq!(code_of(&late), "RESET_TOKEN_INVALID");
}

#[tokio::test(flavor = "multi_thread")]
async fn forgot_answers_alike_for_an_unknown_address() {
    let app = spawn_app().await;
    let answer = app
        .visitor()
        .await
        .forgot_password(pb::ForgotPasswordRequest { email: "nobody@example.jp".into() })
        .await
        .expect("same answer")
        .into_inner();
    // The window a caller holds before another reset mail: identity's, reported for any address.
    assert_eq!(answer.cooldown_seconds, 60);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(app.mails().await.is_empty());
}
