//! `GET /api/auth/user` tells notify the member visited (the inactivity reminder), without waiting
//! for it and without ever failing because of it.

use std::time::Duration;

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use tonic::Status;

use meguri_testkit::fake::FakeIdentity;

use crate::doubles::{NotifyDouble, Running, spawn_notify};
use crate::helpers::{SECRET, TestApp, json, spawn_app_with};

struct VisitApp {
    app: TestApp,
    notify: Running<NotifyDouble>,
    identity: FakeIdentity,
}

async fn visit_app(notify_reachable: bool) -> VisitApp {
    let identity = FakeIdentity::start(SECRET).await;
    let notify = spawn_notify().await;
    let (identity_addr, notify_port) = (identity.addr(), notify.port);
    let app = spawn_app_with(|c| {
        c.identity_addr = identity_addr;
        c.notify_addr = if notify_reachable {
            format!("http://127.0.0.1:{notify_port}")
        } else {
            gateway::testkit::NOBODY.to_owned()
        };
    })
    .await;
    VisitApp { app, notify, identity }
}

impl VisitApp {
    /// A member identity knows (hanako).
    fn member(&self) -> UserId {
        let user = UserId::new();
        self.identity.state.add(user, "hanako@example.jp", "hanako");
        user
    }
}

async fn current_user(app: &TestApp, cookie: Option<&str>) -> (u16, serde_json::Value) {
    let mut request = app.client.get(app.url("/api/auth/user"));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    json(request.send().await.expect("request")).await
}

#[tokio::test]
async fn the_current_user_records_a_visit_for_that_member() {
    let v = visit_app(true).await;
    let user = v.member();
    let (_, cookie) = v.app.session_cookie_for(user, Role::User).await;

    let (status, body) = current_user(&v.app, Some(&cookie)).await;
    let seen = meguri_testkit::eventually("RecordVisit", Duration::from_secs(5), || async {
        v.notify.recorder.seen().into_iter().find(|s| s.rpc == "RecordVisit")
    })
    .await;

    assert_eq!(status, 200);
    assert_eq!(body["id"], user.to_string());
    assert_eq!(seen.claims.sub, Subject::User(user));
    assert_eq!(seen.claims.role, Role::User);
}

#[tokio::test]
async fn a_failing_notify_does_not_fail_the_current_user() {
    let v = visit_app(true).await;
    v.notify.recorder.fail_with(Status::internal("notify is broken"));
    let (_, cookie) = v.app.session_cookie_for(v.member(), Role::User).await;

    let (status, body) = current_user(&v.app, Some(&cookie)).await;
    meguri_testkit::eventually("the failed RecordVisit", Duration::from_secs(5), || async {
        v.notify.recorder.seen().into_iter().find(|s| s.rpc == "RecordVisit")
    })
    .await;
    let (again, _) = current_user(&v.app, Some(&cookie)).await;

    assert_eq!(status, 200);
    assert_eq!(body["username"], "hanako");
    assert_eq!(again, 200);
}

#[tokio::test]
async fn an_unreachable_notify_does_not_fail_the_current_user() {
    let v = visit_app(false).await;
    let (_, cookie) = v.app.session_cookie_for(v.member(), Role::User).await;

    let (status, _) = current_user(&v.app, Some(&cookie)).await;

    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_signed_out_visitor_records_nothing() {
    let v = visit_app(true).await;

    let (status, _) = current_user(&v.app, None).await;
    tokio::time::sleep(Duration::from_millis(200)).await;

    assert_eq!(status, 401);
    assert!(v.notify.recorder.seen().is_empty());
}
