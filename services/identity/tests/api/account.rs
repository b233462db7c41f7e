use meguri_proto::identity as pb;
use meguri_proto::notify::mail_requested::Kind as MailKind;

use crate::helpers::{code_of, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_account_cannot_log_in_and_its_address_is_free_again() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    let mut me = app.user(&id).await;
    let wrong = me.delete_account(pb::DeleteAccountRequest { password: "nope".into() }).await.expect_err("wrong");
    assert_eq!(code_of(&wrong), "WRONG_PASSWORD");
    me.delete_account(pb::DeleteAccountRequest { password: "correct horse battery".into() }).await.expect("deleted");

    let login = app
        .visitor()
        .await
        .login(pb::LoginRequest { email: "hanako@example.jp".into(), password: "correct horse battery".into() })
        .await
        .expect_err("gone");
    assert_eq!(code_of(&login), "INVALID_CREDENTIALS");
    let gone = me.get_user(pb::GetUserRequest {}).await.expect_err("gone");
    assert_eq!(gone.code(), tonic::Code::NotFound);
    // Scrubbed: the address and the username can be used again.
    app.sign_up("hanako@example.jp", "hanako").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_email_change_applies_when_its_link_is_followed() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    let mut me = app.user(&id).await;
    me.request_email_change(pb::RequestEmailChangeRequest {
        new_email: "hanako@new.example.jp".into(),
        current_password: "correct horse battery".into(),
    })
    .await
    .expect("requested");
    let mails = app.wait_mails("hanako@new.example.jp", 1).await;
    let Some(MailKind::EmailChange(change)) = &mails[0].kind else { panic!("an e-mail change mail") };
    let user = me.get_user(pb::GetUserRequest {}).await.expect("get").into_inner().user.expect("user");
    assert_eq!(user.pending_email.as_deref(), Some("hanako@new.example.jp"));

    let done = app
        .visitor()
        .await
        .confirm_email_change(pb::ConfirmEmailChangeRequest { token: change.token.clone() })
        .await
        .expect("confirmed")
        .into_inner();
    assert_eq!(done.email, "hanako@new.example.jp");
    let again = app
        .visitor()
        .await
        .confirm_email_change(pb::ConfirmEmailChangeRequest { token: change.token.clone() })
        .await
        .expect_err("spent");
    assert_eq!(code_of(&again), "EMAIL_CHANGE_TOKEN_INVALID");
    // The old address is told.
    let old = app.wait_mails("hanako@example.jp", 3).await;
    assert!(old.iter().any(|m| matches!(m.kind, Some(MailKind::SecurityNotice(_)))));
}

#[tokio::test(flavor = "multi_thread")]
async fn birth_data_in_settings_needs_a_date_and_a_gender() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    let mut me = app.user(&id).await;
    let no_date = me
        .update_birth_data(pb::UpdateBirthDataRequest {
            gender: pb::Gender::Other as i32,
            birth: Some(pb::BirthData::default()),
        })
        .await
        .expect_err("no date");
    assert_eq!(code_of(&no_date), "BIRTH_DATE_REQUIRED");
    let birth =
        pb::BirthData { birth_date: Some("1985-01-02".into()), birth_time: Some("06:15".into()), ..Default::default() };
    let no_gender = me
        .update_birth_data(pb::UpdateBirthDataRequest {
            gender: pb::Gender::Unspecified as i32,
            birth: Some(birth.clone()),
        })
        .await
        .expect_err("no gender");
    assert_eq!(code_of(&no_gender), "GENDER_REQUIRED");
    let done = me
        .update_birth_data(pb::UpdateBirthDataRequest { gender: pb::Gender::Other as i32, birth: Some(birth) })
        .await
        .expect("updated")
        .into_inner();
    assert!(done.birth_data_changed);
    assert_eq!(done.user.expect("user").birth.expect("birth").birth_time.as_deref(), Some("06:15"));
}
