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

/// Runs `sql` as the superuser of the tests.
async fn as_admin(sql: &str) {
    use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
    use secrecy::ExposeSecret as _;
    let url = identity::testkit::admin_url();
    let mut conn = diesel_async::AsyncPgConnection::establish(url.expose_secret()).await.expect("admin connection");
    diesel::sql_query(sql).execute(&mut conn).await.expect("admin statement");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_database_outage_is_unavailable_not_internal_and_heals() {
    let app = spawn_app().await;
    app.verified_user("hanako@example.jp", "hanako").await;
    let role = app.service.db.role.clone();
    // The database goes away for this service: no new connection, the open ones cut.
    as_admin(&format!("ALTER ROLE \"{role}\" NOLOGIN")).await;
    as_admin(&format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{role}'")).await;

    let down = app.visitor().await.login(login("hanako@example.jp", "correct horse battery")).await.expect_err("down");

    as_admin(&format!("ALTER ROLE \"{role}\" LOGIN")).await;
    assert_eq!((down.code(), code_of(&down)), (tonic::Code::Unavailable, "SERVICE_UNAVAILABLE"));
    assert!(!down.message().contains(&role), "no internal detail: {}", down.message());
    let back = app.visitor().await.login(login("hanako@example.jp", "correct horse battery")).await;
    assert!(back.is_ok(), "heals once the database is back: {back:?}");
}
