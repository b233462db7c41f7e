//! Account flows through the gateway against a real identity service (PostgreSQL + Redis).

use std::time::{Duration, Instant};

use identity::testkit::TestIdentity;
use meguri_events::EventsConfig;
use meguri_proto::notify::MailRequested;
use meguri_proto::notify::mail_requested::Kind as MailKind;
use meguri_testkit::RedisKeys;
use serde_json::{Value, json};

use crate::helpers::{ORIGIN, SECRET, TestApp, json, redis_url, spawn_app_with};

pub struct Accounts {
    pub gateway: TestApp,
    pub identity: TestIdentity,
    prefix: String,
    // Last: the keys go once both services have stopped.
    _keys: RedisKeys,
}

async fn spawn() -> Accounts {
    spawn_with(|_| {}).await
}

/// The gateway (with `customise` applied to its config) in front of a real identity service.
pub async fn spawn_with(customise: impl FnOnce(&mut gateway::config::Config)) -> Accounts {
    spawn_with_keys(RedisKeys::new(), customise).await
}

/// [`spawn_with`] on the event streams of `keys` (services the test started before share them).
pub async fn spawn_with_keys(keys: RedisKeys, customise: impl FnOnce(&mut gateway::config::Config)) -> Accounts {
    let prefix = keys.prefix().to_owned();
    let identity = identity::testkit::spawn(SECRET, &prefix).await;
    let port = identity.grpc_port;
    let p = prefix.clone();
    let gateway = spawn_app_with(move |c| {
        c.identity_addr = format!("http://127.0.0.1:{port}");
        c.redis.key_prefix = p;
        customise(c);
    })
    .await;
    Accounts { gateway, identity, prefix, _keys: keys }
}

/// The `meguri_session=<id>` pair of a response's session Set-Cookie, and the whole header.
pub fn session_cookie(response: &reqwest::Response) -> Option<(String, String)> {
    let header = crate::helpers::set_cookie(response, gateway::session::COOKIE_NAME)?;
    let pair = header.split(';').next()?.trim().to_owned();
    Some((pair, header))
}

impl Accounts {
    /// The Redis key prefix of the fleet's event streams.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    pub async fn post(&self, path: &str, body: Value, cookie: Option<&str>) -> reqwest::Response {
        let mut request = self.gateway.client.post(self.gateway.url(path)).header("origin", ORIGIN).json(&body);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        request.send().await.expect("request")
    }

    pub async fn user(&self, cookie: &str) -> (u16, Value) {
        json(
            self.gateway
                .client
                .get(self.gateway.url("/api/auth/user"))
                .header("cookie", cookie)
                .send()
                .await
                .expect("request"),
        )
        .await
    }

    pub async fn mails(&self) -> Vec<MailRequested> {
        meguri_events::testkit::read_all(&redis_url(), &EventsConfig::new(&self.prefix)).await.expect("the mail stream")
    }

    pub async fn wait_mail<T>(&self, to: &str, pick: impl Fn(&MailKind) -> Option<T>) -> T {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(found) =
                self.mails().await.iter().rev().filter(|m| m.to == to).find_map(|m| m.kind.as_ref().and_then(&pick))
            {
                return found;
            }
            assert!(Instant::now() < deadline, "no such mail to {to}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Signs up (password `correct horse battery`) without verifying; returns the mailed code.
    pub async fn signed_up_unverified(&self, email: &str, username: &str) -> String {
        let response = self
            .post(
                "/api/auth/signup",
                json!({"email": email, "password": "correct horse battery", "username": username,
                       "birthDate": "1990-05-15", "privacyPolicyAccepted": true,
                       "analyticsConsent": false, "marketingConsent": false}),
                None,
            )
            .await;
        assert_eq!(response.status(), 201);
        self.wait_mail(email, |m| match m {
            MailKind::VerificationCode(mail) => Some(mail.code.clone()),
            _ => None,
        })
        .await
    }

    /// Signs up and verifies; returns the session cookie pair.
    pub async fn signed_up(&self, email: &str, username: &str) -> String {
        let code = self.signed_up_unverified(email, username).await;
        let verified = self.post("/api/auth/verify-email", json!({"email": email, "code": code}), None).await;
        assert_eq!(verified.status(), 200);
        session_cookie(&verified).expect("verification signs in").0
    }

    pub async fn login(&self, email: &str, password: &str, cookie: Option<&str>) -> reqwest::Response {
        self.post("/api/auth/login", json!({"email": email, "password": password}), cookie).await
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_up_then_verification_signs_in_with_the_spec_user_object() {
    let app = spawn().await;
    let cookie = app.signed_up("hanako@example.jp", "hanako").await;
    let (status, user) = app.user(&cookie).await;
    assert_eq!(status, 200);
    assert_eq!(user["email"], "hanako@example.jp");
    assert_eq!(user["username"], "hanako");
    assert_eq!(user["birthDate"], "1990-05-15");
    // A skipped time: the 12:00 used, and the fact that it was not given.
    assert_eq!(user["birthTime"], "12:00");
    assert_eq!(user["birthTimeUnknown"], true);
    assert_eq!(user["timezoneOffset"], Value::Null, "no browser has reported one yet");
    assert_eq!(user["birthLocation"], "東京, 日本");
    assert_eq!(user["baziChartStatus"], "pending");
    assert_eq!(user["hasCompletedOnboarding"], false);
    assert_eq!(user["isEmailVerified"], true);
    // billing is not running in this test: the user object still answers, without a balance.
    assert_eq!(user["credits"], Value::Null);
    drop(app.identity);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_registered_address_gets_the_same_sign_up_answer_and_its_owner_a_notice() {
    let app = spawn().await;
    app.signed_up("hanako@example.jp", "hanako").await;
    let sign_up = |email: &'static str, username: &'static str| {
        app.post(
            "/api/auth/signup",
            json!({"email": email, "password": "correct horse battery", "username": username,
                   "privacyPolicyAccepted": true}),
            None,
        )
    };
    let registered = json(sign_up("Hanako@example.jp", "other").await).await;
    let fresh = json(sign_up("Jiro@example.jp", "jiro").await).await;
    assert_eq!(registered.0, 201);
    assert_eq!(registered.1, json!({"message": "メール認証コードを送信しました", "email": "hanako@example.jp"}));
    assert_eq!(fresh.1, json!({"message": "メール認証コードを送信しました", "email": "jiro@example.jp"}));
    app.wait_mail("hanako@example.jp", |m| match m {
        MailKind::SecurityNotice(notice) if notice.what() == meguri_proto::notify::SecurityChange::SignUpAttempted => {
            Some(())
        }
        _ => None,
    })
    .await;
    let no_consent = app
        .post(
            "/api/auth/signup",
            json!({"email": "taro@example.jp", "password": "correct horse battery", "username": "taro",
                   "privacyPolicyAccepted": false}),
            None,
        )
        .await;
    let (status, body) = json(no_consent).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "プライバシーポリシーの同意が必要です");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_kana_username_signs_up_and_a_look_alike_is_refused_in_japanese() {
    let app = spawn().await;
    let cookie = app.signed_up("kanako@example.jp", "ｶﾅｺ").await;
    let (_, user) = app.user(&cookie).await;
    assert_eq!(user["username"], "カナコ", "stored as NFKC makes it");

    let signup = |username: &str| {
        json!({"email": "other@example.jp", "password": "correct horse battery", "username": username,
               "privacyPolicyAccepted": true})
    };
    // 力 (the kanji chikara) for カ.
    let (status, body) = json(app.post("/api/auth/signup", signup("力ナコ"), None).await).await;
    assert_eq!(status, 409);
    assert_eq!(
        body,
        json!({"message": "よく似たユーザー名がすでに使われています。別のユーザー名をお選びください",
               "code": "USERNAME_LOOKALIKE"})
    );
    let (status, body) = json(app.post("/api/auth/signup", signup("カナコ"), None).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("USERNAME_TAKEN")));
    let (status, body) = json(app.post("/api/auth/signup", signup("カナ コ"), None).await).await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({"message": "ユーザー名は3〜20文字の英数字・ひらがな・カタカナ・漢字・_で入力してください",
               "code": "INVALID_USERNAME"})
    );

    // The same rule in settings.
    let other = app.signed_up("taro@example.jp", "たろう").await;
    let patch = app
        .gateway
        .client
        .patch(app.gateway.url("/api/settings/username"))
        .header("origin", ORIGIN)
        .header("cookie", &other)
        .json(&json!({"username": "力ナコ"}))
        .send()
        .await
        .expect("request");
    let (status, body) = json(patch).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("USERNAME_LOOKALIKE")));
}

#[tokio::test(flavor = "multi_thread")]
async fn login_rotates_the_session_id_and_logout_ends_it() {
    let app = spawn().await;
    let first = app.signed_up("hanako@example.jp", "hanako").await;

    let response = app.login("hanako@example.jp", "correct horse battery", Some(&first)).await;
    assert_eq!(response.status(), 200);
    let (second, header) = session_cookie(&response).expect("a new cookie");
    assert_ne!(first, second, "login issues a new session id");
    assert!(header.contains("HttpOnly") && header.contains("SameSite=Lax"), "{header}");
    assert_eq!(app.user(&first).await.0, 401, "the old id is void");
    assert_eq!(app.user(&second).await.0, 200);

    let out = app.post("/api/auth/logout", json!({}), Some(&second)).await;
    assert_eq!(out.status(), 200);
    assert!(session_cookie(&out).is_some_and(|(_, h)| h.contains("Max-Age=0")));
    assert_eq!(app.user(&second).await.0, 401, "gone after logout");
}

#[tokio::test(flavor = "multi_thread")]
async fn repeated_failed_logins_get_429_even_with_the_right_password() {
    let app = spawn().await;
    app.signed_up("hanako@example.jp", "hanako").await;
    for _ in 0..10 {
        let (status, body) = json(app.login("hanako@example.jp", "wrong password", None).await).await;
        assert_eq!(status, 401);
        assert_eq!(body["code"], "INVALID_CREDENTIALS");
    }
    let (status, body) = json(app.login("hanako@example.jp", "correct horse battery", None).await).await;
    assert_eq!(status, 429);
    assert_eq!(body["code"], "LOGIN_RATE_LIMITED");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("しばらくしてから")));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_email_and_a_wrong_password_answer_the_same() {
    let app = spawn().await;
    app.signed_up("hanako@example.jp", "hanako").await;
    let wrong = json(app.login("hanako@example.jp", "wrong password", None).await).await;
    let unknown = json(app.login("nobody@example.jp", "correct horse battery", None).await).await;
    assert_eq!(wrong, unknown);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_password_reset_ends_every_session_and_the_link_works_once() {
    let app = spawn().await;
    let browser_a = app.signed_up("hanako@example.jp", "hanako").await;
    let browser_b = session_cookie(&app.login("hanako@example.jp", "correct horse battery", None).await).expect("b").0;

    let forgot = app.post("/api/auth/forgot-password", json!({"email": "hanako@example.jp"}), None).await;
    let (status, body) = json(forgot).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("パスワードリセットのリンクをメールでお送りしました")));
    let unknown = json(app.post("/api/auth/forgot-password", json!({"email": "nobody@example.jp"}), None).await).await;
    assert_eq!(unknown, (status, body), "the same answer for an unknown address");

    let token = app
        .wait_mail("hanako@example.jp", |m| match m {
            MailKind::PasswordReset(mail) => Some(mail.token.clone()),
            _ => None,
        })
        .await;
    let reset = json!({"token": token, "email": "hanako@example.jp", "password": "a new password"});
    assert_eq!(app.post("/api/auth/reset-password", reset.clone(), None).await.status(), 200);
    assert_eq!(app.user(&browser_a).await.0, 401);
    assert_eq!(app.user(&browser_b).await.0, 401);
    let (status, body) = json(app.post("/api/auth/reset-password", reset, None).await).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("RESET_TOKEN_INVALID")));

    assert_eq!(app.login("hanako@example.jp", "correct horse battery", None).await.status(), 401);
    assert_eq!(app.login("hanako@example.jp", "a new password", None).await.status(), 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_password_change_keeps_this_session_and_ends_the_others() {
    let app = spawn().await;
    let here = app.signed_up("hanako@example.jp", "hanako").await;
    let elsewhere = session_cookie(&app.login("hanako@example.jp", "correct horse battery", None).await).expect("b").0;
    let wrong = app
        .post("/api/settings/password", json!({"currentPassword": "nope", "newPassword": "another one"}), Some(&here))
        .await;
    assert_eq!(json(wrong).await.1["code"], "WRONG_PASSWORD");
    let changed = app
        .post(
            "/api/settings/password",
            json!({"currentPassword": "correct horse battery", "newPassword": "another one"}),
            Some(&here),
        )
        .await;
    assert_eq!(changed.status(), 200);
    assert_eq!(app.user(&here).await.0, 200);
    assert_eq!(app.user(&elsewhere).await.0, 401);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_account_is_signed_out_and_cannot_log_in() {
    let app = spawn().await;
    let cookie = app.signed_up("hanako@example.jp", "hanako").await;
    let deleted = app
        .gateway
        .client
        .delete(app.gateway.url("/api/account"))
        .header("origin", ORIGIN)
        .header("cookie", &cookie)
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .expect("request");
    assert_eq!(deleted.status(), 200);
    assert_eq!(app.user(&cookie).await.0, 401);
    let (status, body) = json(app.login("hanako@example.jp", "correct horse battery", None).await).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("INVALID_CREDENTIALS")));
}

#[tokio::test(flavor = "multi_thread")]
async fn settings_and_onboarding_update_the_user() {
    let app = spawn().await;
    let cookie = app.signed_up("hanako@example.jp", "hanako").await;
    let patch = app
        .gateway
        .client
        .patch(app.gateway.url("/api/settings/username"))
        .header("origin", ORIGIN)
        .header("cookie", &cookie)
        .json(&json!({"username": "hanako_2"}))
        .send()
        .await
        .expect("request");
    assert_eq!(json(patch).await.1["username"], "hanako_2");
    let put = app
        .gateway
        .client
        .put(app.gateway.url("/api/settings/birth-data"))
        .header("origin", ORIGIN)
        .header("cookie", &cookie)
        .json(&json!({"gender": "other", "birthTime": "07:45"}))
        .send()
        .await
        .expect("request");
    let (status, body) = json(put).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("生年月日を入力してください")));
    let done = app.post("/api/onboarding/complete", json!({}), Some(&cookie)).await;
    assert_eq!(json(done).await.1["hasCompletedOnboarding"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cross_origin_sign_up_is_refused() {
    let app = spawn().await;
    let response = app
        .gateway
        .client
        .post(app.gateway.url("/api/auth/signup"))
        .header("origin", "https://evil.example")
        .json(&json!({"email": "a@example.jp"}))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 403);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_signs_in_for_fifteen_minutes_and_an_inactive_one_is_refused() {
    let app = spawn().await;
    app.identity.create_admin("ops@example.jp", "admin password 1").await;

    let (status, body) = json(
        app.post("/api/admin/login", json!({"email": "ops@example.jp", "password": "admin password 1"}), None).await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["admin"]["email"].as_str(), body["admin"]["role"].as_str()),
        (Some("ops@example.jp"), Some("admin"))
    );
    let token = body["token"].as_str().expect("a token");
    let claims = gateway::admin_token::AdminTokens::new(&secrecy::SecretString::from(
        "admin-secret-for-tests-only-0123456789".to_owned(),
    ))
    .verify(token)
    .expect("signed with ADMIN_JWT_SECRET");
    assert_eq!(claims.role, "admin");
    let expires_at =
        chrono::DateTime::parse_from_rfc3339(body["expiresAt"].as_str().expect("expiresAt")).expect("RFC 3339");
    let ttl = expires_at.timestamp() - chrono::Utc::now().timestamp();
    assert!((890..=900).contains(&ttl), "the token lives 15 minutes, not {ttl} s");

    let (status, body) = json(
        app.post("/api/admin/login", json!({"email": "ops@example.jp", "password": "wrong password"}), None).await,
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (401, Some("INVALID_CREDENTIALS")));
    // A user account is not an admin account.
    app.signed_up("hanako@example.jp", "hanako").await;
    let (status, _) = json(
        app.post("/api/admin/login", json!({"email": "hanako@example.jp", "password": "correct horse battery"}), None)
            .await,
    )
    .await;
    assert_eq!(status, 401);

    app.identity.deactivate_admin("ops@example.jp").await;
    let (status, body) = json(
        app.post("/api/admin/login", json!({"email": "ops@example.jp", "password": "admin password 1"}), None).await,
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (403, Some("ADMIN_INACTIVE")));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_resend_within_the_cooldown_says_when_to_try_again_for_any_address() {
    let app = spawn_with(|c| c.rate_limit.enabled = true).await;
    app.signed_up("hanako@example.jp", "hanako").await;
    let signed_up = app
        .post(
            "/api/auth/signup",
            json!({"email": "taro@example.jp", "password": "correct horse battery", "username": "taro",
                   "privacyPolicyAccepted": true}),
            None,
        )
        .await;
    assert_eq!(signed_up.status(), 201);
    // A sign-up with a registered address is answered alike, and so is the resend after it.
    let registered = app
        .post(
            "/api/auth/signup",
            json!({"email": "hanako@example.jp", "password": "correct horse battery", "username": "hanako2",
                   "privacyPolicyAccepted": true}),
            None,
        )
        .await;
    assert_eq!(registered.status(), 201);
    // The sign-up just sent a code (or a notice): a resend waits, whichever it was.
    for address in ["taro@example.jp", "hanako@example.jp"] {
        let resend = app.post("/api/auth/resend-verification", json!({"email": address}), None).await;
        let retry_after: u64 = resend
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok())
            .expect("a Retry-After header");
        assert!((1..=60).contains(&retry_after), "{retry_after}");
        let (status, body) = json(resend).await;
        assert_eq!((status, body["code"].as_str()), (429, Some("RESEND_COOLDOWN")), "{address}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_gateway_cooldown_on_resend_also_says_when_to_try_again() {
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let identity = identity::testkit::spawn(SECRET, &prefix).await;
    let port = identity.grpc_port;
    let gateway = spawn_app_with(move |c| {
        c.identity_addr = format!("http://127.0.0.1:{port}");
        c.redis.key_prefix = prefix;
        c.rate_limit.enabled = true;
    })
    .await;
    let send = || async {
        gateway
            .client
            .post(gateway.url("/api/auth/resend-verification"))
            .header("origin", ORIGIN)
            .json(&json!({"email": "nobody@example.jp"}))
            .send()
            .await
            .expect("request")
    };
    assert_eq!(send().await.status(), 200, "the first resend goes through (unknown addresses answer the same)");
    let second = send().await;
    assert_eq!(second.status(), 429);
    let retry_after: u64 = second
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("a Retry-After header");
    assert!((55..=60).contains(&retry_after), "{retry_after}");
    assert_eq!(json(second).await.1["code"], "RESEND_COOLDOWN");
}
