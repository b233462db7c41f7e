use meguri_proto::identity as pb;
use meguri_proto::notify::SecurityChange;
use meguri_proto::notify::mail_requested::{Kind as MailKind, SecurityNotice};

use crate::helpers::{code_of, sign_up_request, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn sign_up_creates_an_unverified_account_with_defaults_and_mails_a_code() {
    let app = spawn_app().await;
    let id = app.sign_up("Hanako@Example.jp", "hanako").await;

    let user = app.user(&id).await.get_user(pb::GetUserRequest {}).await.expect("get").into_inner().user.expect("user");
    assert_eq!(user.email, "hanako@example.jp");
    assert!(!user.is_email_verified);
    let birth = user.birth.expect("birth");
    // A skipped time reads as the 12:00 used (spec §2), marked as not given.
    assert_eq!(birth.birth_time.as_deref(), Some("12:00"));
    assert!(user.birth_time_unknown);
    assert_eq!(user.timezone_offset, None, "no offset reported yet");
    assert_eq!(birth.birth_location.as_deref(), Some("東京, 日本"));
    assert_eq!((birth.longitude, birth.latitude), (Some(139.6503), Some(35.6762)));
    let code = app.code_for("hanako@example.jp").await;
    assert_eq!(code.len(), 6);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_taken_email_or_username_is_refused_and_leaves_no_half_made_account() {
    let app = spawn_app().await;
    app.sign_up("hanako@example.jp", "hanako").await;
    let mut client = app.visitor().await;

    // A registered address is not an error the caller could tell apart: nothing is created and
    // the owner is told by mail.
    let same_email =
        client.sign_up(sign_up_request("HANAKO@example.jp", "other")).await.expect("answered alike").into_inner();
    assert!(same_email.existing_account);
    assert_eq!(same_email.email, "hanako@example.jp");
    assert!(same_email.user_id.is_empty());
    let mails = app.wait_mails("hanako@example.jp", 2).await;
    assert!(
        mails.iter().any(|m| m.kind
            == Some(MailKind::SecurityNotice(SecurityNotice { what: SecurityChange::SignUpAttempted.into() })))
    );
    // The name of the refused attempt was not taken by it.
    client.sign_up(sign_up_request("jiro@example.jp", "other")).await.expect("the name is still free");

    let same_name = client.sign_up(sign_up_request("taro@example.jp", "HANAKO")).await.expect_err("taken");
    assert_eq!(code_of(&same_name), "USERNAME_TAKEN");

    // Neither refused sign-up left a row behind: the address and name are still free.
    client.sign_up(sign_up_request("taro@example.jp", "taro")).await.expect("free");
    let mails = app.mails().await;
    assert!(mails.iter().all(|m| m.to != "taro@example.jp" || mails.iter().filter(|n| n.to == m.to).count() == 1));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_rules_of_sign_up_give_their_codes() {
    let app = spawn_app().await;
    let mut client = app.visitor().await;
    let cases: Vec<(pb::SignUpRequest, &str)> = vec![
        (sign_up_request("not-an-email", "hanako"), "INVALID_EMAIL"),
        (
            pb::SignUpRequest { password: "short".into(), ..sign_up_request("a@example.jp", "hanako") },
            "PASSWORD_TOO_SHORT",
        ),
        (sign_up_request("a@example.jp", "ab"), "INVALID_USERNAME"),
        (
            pb::SignUpRequest { privacy_policy_accepted: false, ..sign_up_request("a@example.jp", "hanako") },
            "PRIVACY_POLICY_REQUIRED",
        ),
        (
            pb::SignUpRequest {
                birth: Some(pb::BirthData { birth_date: Some("1990-02-30".into()), ..Default::default() }),
                ..sign_up_request("a@example.jp", "hanako")
            },
            "INVALID_DATE",
        ),
    ];
    for (request, code) in cases {
        let status = client.sign_up(request).await.expect_err(code);
        assert_eq!(status.code(), tonic::Code::InvalidArgument, "{code}");
        assert_eq!(code_of(&status), code);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn user_scoped_calls_need_a_user_token() {
    let app = spawn_app().await;
    let status = app.visitor().await.get_user(pb::GetUserRequest {}).await.expect_err("no user");
    assert_eq!(status.code(), tonic::Code::Unauthenticated);
}
