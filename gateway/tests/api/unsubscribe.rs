//! `POST /api/unsubscribe` against a notify double: public (no session, no origin check), the
//! token from the link or the body, a visitor's internal token, notify's refusals in Japanese, and
//! the per-address limit.

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use serde_json::json;
use tonic::Code;

use crate::doubles::{NotifyDouble, Running, spawn_notify};
use crate::helpers::{TestApp, coded_status, json, spawn_app_with};

const TOKEN: &str = "AZG35IpOfDqbVT8dLE5aaw.dGhlLWhtYWMtb2YtdGhlLXRva2Vu";

async fn unsubscribe_app(customise: impl FnOnce(&mut gateway::config::Config)) -> (TestApp, Running<NotifyDouble>) {
    let notify = spawn_notify().await;
    let port = notify.port;
    let app = spawn_app_with(|c| {
        c.notify_addr = format!("http://127.0.0.1:{port}");
        customise(c);
    })
    .await;
    (app, notify)
}

/// A mail client's RFC 8058 one-click POST: the link's URL, the form body, no cookie, no Origin.
async fn one_click(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/unsubscribe?token={token}")))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("request")
}

#[tokio::test]
async fn a_mail_clients_one_click_post_turns_the_preference_off_without_a_session() {
    let (app, notify) = unsubscribe_app(|_| {}).await;

    let response = one_click(&app, TOKEN).await;
    assert!(response.headers().get("set-cookie").is_none(), "no session is made for it");
    let (status, body) = json(response).await;

    assert_eq!(status, 200);
    assert_eq!(body, json!({"preference": "mentionedInDiary", "label": "日記でメンションされたとき"}));
    let seen = notify.recorder.last();
    assert_eq!(seen.rpc, "Unsubscribe");
    assert_eq!(seen.subject.as_deref(), Some(TOKEN));
    assert_eq!(seen.claims.sub, Subject::Anonymous);
    assert_eq!(seen.claims.role, Role::Visitor);
}

#[tokio::test]
async fn the_apps_page_sends_the_token_as_json_and_a_session_does_not_change_who_calls() {
    let (app, notify) = unsubscribe_app(|_| {}).await;
    let (_, cookie) = app.session_cookie_for(UserId::new(), Role::User).await;

    let response = app
        .client
        .post(app.url("/api/unsubscribe"))
        .header("cookie", cookie)
        .header("origin", gateway::testkit::ORIGIN)
        .json(&json!({"token": TOKEN}))
        .send()
        .await
        .expect("request");
    let (status, body) = json(response).await;

    assert_eq!(status, 200);
    assert_eq!(body["preference"], "mentionedInDiary");
    let seen = notify.recorder.last();
    assert_eq!(seen.subject.as_deref(), Some(TOKEN));
    assert_eq!(seen.claims.role, Role::Visitor, "the token, not the session, is the authority");
}

#[tokio::test]
async fn a_foreign_origin_does_not_stop_it_but_still_stops_every_other_post() {
    let (app, notify) = unsubscribe_app(|_| {}).await;

    let unsubscribe = app
        .client
        .post(app.url(&format!("/api/unsubscribe?token={TOKEN}")))
        .header("origin", "https://mail.example")
        .header("sec-fetch-site", "cross-site")
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("request");
    let other = app
        .client
        .put(app.url("/api/settings/email-preferences"))
        .header("origin", "https://mail.example")
        .json(&json!({}))
        .send()
        .await
        .expect("request");

    assert_eq!(unsubscribe.status(), 200);
    assert_eq!(other.status(), 403);
    assert_eq!(notify.recorder.seen().len(), 1);
}

#[tokio::test]
async fn no_token_or_a_malformed_one_is_refused_before_notify_is_asked() {
    let (app, notify) = unsubscribe_app(|_| {}).await;
    let expected =
        json!({"message": "配信停止リンクが正しくないか、有効期限が切れています", "code": "INVALID_UNSUBSCRIBE_TOKEN"});

    let bare = app
        .client
        .post(app.url("/api/unsubscribe"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("request");
    let malformed = one_click(&app, "%3Cscript%3E").await;
    let empty_json =
        app.client.post(app.url("/api/unsubscribe")).json(&json!({"token": ""})).send().await.expect("request");

    for response in [bare, malformed, empty_json] {
        let (status, body) = json(response).await;
        assert_eq!(status, 400);
        assert_eq!(body, expected);
    }
    assert!(notify.recorder.seen().is_empty());
}

#[tokio::test]
async fn a_used_or_forged_token_gets_notifys_answer_in_japanese() {
    let (app, notify) = unsubscribe_app(|_| {}).await;

    notify.recorder.fail_with(coded_status(Code::FailedPrecondition, "UNSUBSCRIBE_TOKEN_USED"));
    let (used_status, used) = json(one_click(&app, TOKEN).await).await;
    notify.recorder.fail_with(coded_status(Code::InvalidArgument, "INVALID_UNSUBSCRIBE_TOKEN"));
    let (forged_status, forged) = json(one_click(&app, TOKEN).await).await;

    assert_eq!(used_status, 409);
    assert_eq!(used, json!({"message": "この配信停止リンクはすでに使われています", "code": "UNSUBSCRIBE_TOKEN_USED"}));
    assert_eq!(forged_status, 400);
    assert_eq!(forged["code"], "INVALID_UNSUBSCRIBE_TOKEN");
}

#[tokio::test]
async fn it_is_limited_per_client_address() {
    let (app, notify) = unsubscribe_app(|c| {
        c.rate_limit.enabled = true;
        c.rate_limit.auth_per_window = 2;
    })
    .await;

    assert_eq!(one_click(&app, TOKEN).await.status(), 200);
    assert_eq!(one_click(&app, TOKEN).await.status(), 200);
    let limited = one_click(&app, TOKEN).await;
    let retry_after = limited.headers().get("retry-after").cloned();
    let (status, body) = json(limited).await;

    assert_eq!(status, 429);
    assert_eq!(body["code"], "RATE_LIMITED");
    assert!(retry_after.is_some());
    assert_eq!(notify.recorder.seen().len(), 2, "the limited request never reached notify");
}

#[tokio::test]
async fn notify_down_is_a_503() {
    let (app, _notify) = unsubscribe_app(|c| c.notify_addr = gateway::testkit::NOBODY.to_owned()).await;

    let (status, body) = json(one_click(&app, TOKEN).await).await;

    assert_eq!(status, 503);
    assert_eq!(body["code"], "SERVICE_UNAVAILABLE");
}

#[tokio::test]
async fn a_body_is_read_only_without_a_link_token_and_never_past_the_json_limit() {
    let (app, notify) = unsubscribe_app(|_| {}).await;
    let huge = format!("{{\"token\": \"{TOKEN}\", \"pad\": \"{}\"}}", "x".repeat(20 * 1024));

    let too_large = app
        .client
        .post(app.url("/api/unsubscribe"))
        .header("content-type", "application/json")
        .body(huge.clone())
        .send()
        .await
        .expect("request");
    let (status, body) = json(too_large).await;

    assert_eq!(status, 413);
    assert_eq!(body["code"], "PAYLOAD_TOO_LARGE");
    assert!(notify.recorder.seen().is_empty());
}
