use std::time::Duration;

use meguri_proto::identity as pb;
use meguri_proto::notify::mail_requested::{Kind as MailKind, Welcome};

use crate::helpers::{code_of, sign_up_request, spawn_app};

fn wrong(code: &str) -> String {
    let digit = (code.as_bytes()[0] - b'0' + 1) % 10;
    format!("{digit}{}", &code[1..])
}

#[tokio::test(flavor = "multi_thread")]
async fn the_mailed_code_verifies_once_and_a_replay_is_refused() {
    let app = spawn_app().await;
    app.sign_up("hanako@example.jp", "hanako").await;
    let code = app.code_for("hanako@example.jp").await;
    let mut client = app.visitor().await;
    let request = pb::VerifyEmailRequest { email: "hanako@example.jp".into(), code: code.clone() };

    let user = client.verify_email(request.clone()).await.expect("verified").into_inner().user.expect("user");
    assert!(user.is_email_verified);
    // A replay of the same request (a second click, a copied request) signs nobody in again.
    let replay = client.verify_email(request).await.expect_err("a used code signs in only once");
    assert_eq!(code_of(&replay), "CODE_ALREADY_USED");
    // A welcome mail follows.
    let mails = app.wait_mails("hanako@example.jp", 2).await;
    assert!(mails.iter().any(|m| m.kind == Some(MailKind::Welcome(Welcome {}))));
}

#[tokio::test(flavor = "multi_thread")]
async fn five_wrong_codes_void_the_code_even_the_right_one() {
    let app = spawn_app().await;
    app.sign_up("hanako@example.jp", "hanako").await;
    let code = app.code_for("hanako@example.jp").await;
    let mut client = app.visitor().await;
    let attempt = |c: String| pb::VerifyEmailRequest { email: "hanako@example.jp".into(), code: c };

    for _ in 0..4 {
        let status = client.verify_email(attempt(wrong(&code))).await.expect_err("wrong");
        assert_eq!(code_of(&status), "CODE_INVALID");
    }
    let fifth = client.verify_email(attempt(wrong(&code))).await.expect_err("wrong");
    assert_eq!(code_of(&fifth), "CODE_EXHAUSTED");
    let right = client.verify_email(attempt(code)).await.expect_err("void");
    assert_eq!(code_of(&right), "CODE_EXHAUSTED");
    assert_eq!(right.code(), tonic::Code::FailedPrecondition);

    // A new code works again (after the resend cooldown).
    app.service.clock.advance(Duration::from_secs(61));
    client
        .resend_verification_code(pb::ResendVerificationCodeRequest { email: "hanako@example.jp".into() })
        .await
        .expect("resend");
    let mails = app.wait_mails("hanako@example.jp", 2).await;
    let Some(MailKind::VerificationCode(fresh)) = &mails[1].kind else { panic!("a code mail") };
    client.verify_email(attempt(fresh.code.clone())).await.expect("the new code verifies");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_code_expires_and_resending_has_a_cooldown() {
    let app = spawn_app().await;
    app.sign_up("hanako@example.jp", "hanako").await;
    let code = app.code_for("hanako@example.jp").await;
    let mut client = app.visitor().await;

    // Within the cooldown nothing is sent, answered as for any other address (the gateway's
    // per-address cooldown is what a caller sees).
    client
        .resend_verification_code(pb::ResendVerificationCodeRequest { email: "hanako@example.jp".into() })
        .await
        .expect("answered like any address");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.mails().await.iter().filter(|m| m.to == "hanako@example.jp").count(), 1, "no second code");

    app.service.clock.advance(Duration::from_secs(16 * 60));
    let late = client
        .verify_email(pb::VerifyEmailRequest { email: "hanako@example.jp".into(), code })
        .await
        .expect_err("expired");
    assert_eq!(code_of(&late), "CODE_EXPIRED");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sign_up_reports_the_resend_cooldown_for_a_new_and_a_taken_address_alike() {
    let app = spawn_app().await;
    let mut client = app.visitor().await;

    let new = client.sign_up(sign_up_request("hanako@example.jp", "hanako")).await.expect("new").into_inner();
    let taken = client.sign_up(sign_up_request("hanako@example.jp", "hanako2")).await.expect("taken").into_inner();

    assert_eq!((new.existing_account, new.resend_cooldown_seconds), (false, 60));
    assert_eq!((taken.existing_account, taken.resend_cooldown_seconds), (true, 60));
}

#[tokio::test(flavor = "multi_thread")]
async fn resending_to_an_unknown_address_answers_alike_and_sends_nothing() {
    let app = spawn_app().await;
    let answer = app
        .visitor()
        .await
        .resend_verification_code(pb::ResendVerificationCodeRequest { email: "nobody@example.jp".into() })
        .await
        .expect("same answer")
        .into_inner();
    assert_eq!(answer.cooldown_seconds, 60);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(app.mails().await.is_empty());
}
