//! Account security through the gateway against a real identity service: committed changes that
//! answer success, credential limits that hold under parallel requests, no lock-out by strangers,
//! sessions that stay revocable, and a verification code that signs in once.

use std::time::Duration;

use futures_util::future::join_all;
use meguri_proto::notify::mail_requested::Kind as MailKind;
use serde_json::{Value, json};

use crate::accounts::{Accounts, session_cookie, spawn_with};
use crate::helpers::{ORIGIN, json, set_cookie};

const PASSWORD: &str = "correct horse battery";

/// Sends `method path` with a JSON body, from client address `ip` (the gateway trusts
/// X-Forwarded-For in these tests), with `cookie` if given.
async fn send(
    app: &Accounts,
    method: reqwest::Method,
    path: &str,
    body: Value,
    ip: &str,
    cookie: Option<&str>,
) -> reqwest::Response {
    let mut request = app
        .gateway
        .client
        .request(method, app.gateway.url(path))
        .header("origin", ORIGIN)
        .header("x-forwarded-for", ip)
        .json(&body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().await.expect("request")
}

async fn spawn() -> Accounts {
    spawn_with(|c| c.trust_forwarded_for = true).await
}

/// How many of `responses` had each status, as (status, count) sorted by status.
async fn tally(responses: Vec<reqwest::Response>, expected_code: &str) -> (usize, usize) {
    let (mut checked, mut refused) = (0, 0);
    for response in responses {
        let (status, body) = json(response).await;
        match status {
            429 => {
                assert!(body["code"].as_str().is_some_and(|c| c.ends_with("RATE_LIMITED")), "{body}");
                refused += 1;
            }
            _ => {
                assert_eq!(body["code"], expected_code, "{status} {body}");
                checked += 1;
            }
        }
    }
    (checked, refused)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_password_change_with_no_other_session_answers_success_and_the_new_password_works() {
    let app = spawn().await;
    let only_session = app.signed_up("hanako@example.jp", "hanako").await;

    let changed = send(
        &app,
        reqwest::Method::POST,
        "/api/settings/password",
        json!({"currentPassword": PASSWORD, "newPassword": "a brand new one"}),
        "203.0.113.1",
        Some(&only_session),
    )
    .await;

    let (status, body) = json(changed).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("パスワードを変更しました")));
    assert_eq!(app.user(&only_session).await.0, 200, "this session stays");
    assert_eq!(app.login("hanako@example.jp", "a brand new one", None).await.status(), 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reset_for_an_account_that_never_had_a_session_answers_success() {
    let app = spawn().await;
    // Signed up but never verified: no session was ever made.
    app.signed_up_unverified("taro@example.jp", "taro").await;
    assert_eq!(app.post("/api/auth/forgot-password", json!({"email": "taro@example.jp"}), None).await.status(), 200);
    let token = app
        .wait_mail("taro@example.jp", |m| match m {
            MailKind::PasswordReset(mail) => Some(mail.token.clone()),
            _ => None,
        })
        .await;

    let reset = app
        .post(
            "/api/auth/reset-password",
            json!({"token": token, "email": "taro@example.jp", "password": "new pass 1"}),
            None,
        )
        .await;

    let (status, body) = json(reset).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("パスワードを再設定しました")));
    // The link proved the address: the new password signs in, the old one does not.
    assert_eq!(app.login("taro@example.jp", PASSWORD, None).await.status(), 401);
    assert_eq!(app.login("taro@example.jp", "new pass 1", None).await.status(), 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn forty_parallel_wrong_passwords_for_one_member_are_at_most_ten_checked() {
    let app = spawn().await;
    app.signed_up("hanako@example.jp", "hanako").await;

    let body = json!({"email": "hanako@example.jp", "password": "wrong password"});
    let attempts =
        (0..40).map(|_| send(&app, reqwest::Method::POST, "/api/auth/login", body.clone(), "198.51.100.7", None));
    let (checked, refused) = tally(join_all(attempts).await, "INVALID_CREDENTIALS").await;

    assert!(checked <= 10, "{checked} guesses were checked");
    assert_eq!(checked + refused, 40);
    assert!(refused >= 30);
}

#[tokio::test(flavor = "multi_thread")]
async fn forty_parallel_wrong_passwords_for_one_admin_are_at_most_ten_checked() {
    let app = spawn().await;
    app.identity.create_admin("ops@example.jp", "admin password 1").await;

    let body = json!({"email": "ops@example.jp", "password": "wrong password"});
    let attempts =
        (0..40).map(|_| send(&app, reqwest::Method::POST, "/api/admin/login", body.clone(), "198.51.100.8", None));
    let (checked, refused) = tally(join_all(attempts).await, "INVALID_CREDENTIALS").await;

    assert!(checked <= 10, "{checked} guesses were checked");
    assert_eq!(checked + refused, 40);
    // The right password from elsewhere still works: the stranger's address is what is throttled.
    let ok = send(
        &app,
        reqwest::Method::POST,
        "/api/admin/login",
        json!({"email": "ops@example.jp", "password": "admin password 1"}),
        "203.0.113.9",
        None,
    )
    .await;
    assert_eq!(ok.status(), 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn forty_parallel_wrong_current_passwords_are_at_most_ten_checked_on_each_protected_route() {
    type Route = (reqwest::Method, &'static str, fn() -> Value);
    let routes: [Route; 3] = [
        (
            reqwest::Method::POST,
            "/api/settings/password",
            || json!({"currentPassword": "wrong password", "newPassword": "whatever 123"}),
        ),
        (
            reqwest::Method::POST,
            "/api/settings/email",
            || json!({"newEmail": "new@example.jp", "currentPassword": "wrong password"}),
        ),
        (reqwest::Method::DELETE, "/api/account", || json!({"password": "wrong password"})),
    ];
    for (method, path, body) in routes {
        let app = spawn().await;
        // A stolen cookie: every guess comes with the member's own session.
        let cookie = app.signed_up("hanako@example.jp", "hanako").await;

        let attempts = (0..40).map(|_| send(&app, method.clone(), path, body(), "198.51.100.9", Some(cookie.as_str())));
        let (checked, refused) = tally(join_all(attempts).await, "WRONG_PASSWORD").await;

        assert!(checked <= 10, "{path}: {checked} guesses were checked");
        assert_eq!(checked + refused, 40, "{path}");
        let (status, body) =
            json(send(&app, method.clone(), path, body(), "198.51.100.9", Some(cookie.as_str())).await).await;
        assert_eq!((status, body["code"].as_str()), (429, Some("PASSWORD_CHECK_RATE_LIMITED")), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_owners_signed_in_browser_still_signs_in_while_a_stranger_hammers_the_account() {
    let app = spawn().await;
    // The owner signs up and verifies in their browser, which is given a device cookie.
    let code = app.signed_up_unverified("hanako@example.jp", "hanako").await;
    let verified = app.post("/api/auth/verify-email", json!({"email": "hanako@example.jp", "code": code}), None).await;
    let device = set_cookie(&verified, gateway::device::COOKIE_NAME).expect("a device cookie at sign-in");
    let device = device.split(';').next().expect("pair").to_owned();
    let (session, _) = session_cookie(&verified).expect("signed in");
    assert_eq!(app.post("/api/auth/logout", json!({}), Some(&session)).await.status(), 200);

    // A stranger tries from eleven addresses until every budget they can reach is spent: ten
    // per address, and the account-wide budget (100) too.
    let wrong = json!({"email": "hanako@example.jp", "password": "wrong password"});
    for i in 0..11 {
        let ip = format!("198.51.100.{}", 20 + i);
        let attempts = (0..12).map(|_| send(&app, reqwest::Method::POST, "/api/auth/login", wrong.clone(), &ip, None));
        let (checked, _) = tally(join_all(attempts).await, "INVALID_CREDENTIALS").await;
        assert!(checked <= 10, "{ip}: {checked}");
    }
    let stranger = send(&app, reqwest::Method::POST, "/api/auth/login", wrong.clone(), "198.51.100.20", None).await;
    assert_eq!(stranger.status(), 429);

    // The owner's browser, even from the attacker's own network, is slowed down, not refused.
    let right = json!({"email": "hanako@example.jp", "password": PASSWORD});
    let owner =
        send(&app, reqwest::Method::POST, "/api/auth/login", right.clone(), "198.51.100.20", Some(&device)).await;
    assert_eq!(owner.status(), 200, "the owner's known browser signs in");
    let from_home = send(&app, reqwest::Method::POST, "/api/auth/login", right, "203.0.113.50", Some(&device)).await;
    assert_eq!(from_home.status(), 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stranger_from_one_address_does_not_lock_out_the_owner_elsewhere() {
    let app = spawn().await;
    app.signed_up("hanako@example.jp", "hanako").await;
    let wrong = json!({"email": "hanako@example.jp", "password": "wrong password"});
    for _ in 0..15 {
        send(&app, reqwest::Method::POST, "/api/auth/login", wrong.clone(), "198.51.100.40", None).await;
    }

    // A new browser of the owner (no device cookie) at another address.
    let right = json!({"email": "hanako@example.jp", "password": PASSWORD});
    let owner = send(&app, reqwest::Method::POST, "/api/auth/login", right.clone(), "203.0.113.60", None).await;
    let stranger = send(&app, reqwest::Method::POST, "/api/auth/login", right, "198.51.100.40", None).await;

    assert_eq!(owner.status(), 200);
    assert_eq!(stranger.status(), 429, "the guessing address stays throttled even with the right password");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_used_daily_for_31_simulated_days_is_still_ended_by_a_password_reset() {
    // One simulated day = 100 ms: a 30-day sliding lifetime is 3 s, the absolute one 90 days (9 s).
    let app = spawn_with(|c| {
        c.session.ttl = Duration::from_millis(3000);
        c.session.absolute_ttl = Duration::from_millis(9000);
    })
    .await;
    let cookie = app.signed_up("hanako@example.jp", "hanako").await;
    for day in 0..31 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(app.user(&cookie).await.0, 200, "day {day}");
    }

    assert_eq!(app.post("/api/auth/forgot-password", json!({"email": "hanako@example.jp"}), None).await.status(), 200);
    let token = app
        .wait_mail("hanako@example.jp", |m| match m {
            MailKind::PasswordReset(mail) => Some(mail.token.clone()),
            _ => None,
        })
        .await;
    let reset = json!({"token": token, "email": "hanako@example.jp", "password": "a new password"});
    assert_eq!(app.post("/api/auth/reset-password", reset, None).await.status(), 200);

    assert_eq!(app.user(&cookie).await.0, 401, "the reset ended the busy session");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_busy_session_ends_at_its_absolute_lifetime() {
    let app = spawn_with(|c| {
        c.session.ttl = Duration::from_secs(2);
        c.session.absolute_ttl = Duration::from_secs(3);
    })
    .await;
    let cookie = app.signed_up("hanako@example.jp", "hanako").await;
    assert_eq!(app.user(&cookie).await.0, 200);
    for _ in 0..5 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        app.user(&cookie).await;
    }
    tokio::time::sleep(Duration::from_millis(800)).await;

    assert_eq!(app.user(&cookie).await.0, 401, "used every half second, it still ends 3 s after sign-in");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_used_verification_code_signs_in_only_once() {
    let app = spawn().await;
    let code = app.signed_up_unverified("hanako@example.jp", "hanako").await;
    let body = json!({"email": "hanako@example.jp", "code": code});
    assert_eq!(app.post("/api/auth/verify-email", body.clone(), None).await.status(), 200);

    let replay = app.post("/api/auth/verify-email", body, None).await;

    assert!(session_cookie(&replay).is_none(), "no session for a replayed code");
    let (status, body) = json(replay).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("CODE_ALREADY_USED")));
}
