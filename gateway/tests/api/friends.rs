//! The friends, blocks, invite and friend-updates routes against social and fortune-gen doubles:
//! what the gateway sends (caller, member, limit), how it answers (the contract's JSON), and what
//! it refuses before calling anyone.

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::fortune as fortune_pb;
use meguri_proto::social as pb;
use serde_json::{Value, json};
use tonic::Code;

use crate::doubles::{DiaryAnswers, Running, SocialAnswers, SocialDouble, member, spawn_fortune, spawn_social};
use crate::helpers::{ORIGIN, TestApp, coded_status, json, spawn_app_with};

const FRIEND: &str = "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f";

fn answers() -> SocialAnswers {
    SocialAnswers {
        state: pb::FriendshipState::Outgoing,
        friends: pb::ListFriendsResponse {
            friends: vec![pb::Friend {
                member: Some(member(FRIEND, "hanako")),
                compatibility_status: pb::CompatibilityStatus::Ready as i32,
                compatibility_score: Some(82),
                since: "2026-11-20T09:00:00Z".to_owned(),
            }],
            incoming: vec![pb::FriendRequest {
                member: Some(pb::Member {
                    user_id: "0190f5c2-0000-7000-8000-000000000002".to_owned(),
                    username: "taro".to_owned(),
                    first_name: None,
                    profile_image_url: Some("https://img.example/t.png".to_owned()),
                }),
                created_at: "2026-11-25T09:00:00Z".to_owned(),
            }],
            outgoing: vec![],
        },
        results: vec![pb::SearchResult {
            member: Some(member(FRIEND, "hanako")),
            state: pb::FriendshipState::Incoming as i32,
        }],
        compatibility: pb::Compatibility {
            friend: Some(member(FRIEND, "hanako")),
            status: pb::CompatibilityStatus::Ready as i32,
            score: Some(82),
            summary: "支え合える二人です".to_owned(),
            factors: vec![pb::CompatibilityFactor {
                key: "dayMaster".to_owned(),
                label: "日主の関係".to_owned(),
                score: 90.0,
                detail: "丙と辛は干合".to_owned(),
            }],
            you_bring: "あなたは火の明るさを".to_owned(),
            friend_brings: "相手は水の落ち着きを".to_owned(),
            computed_at: Some("2026-11-20T09:00:05Z".to_owned()),
        },
        blocks: vec![member(FRIEND, "hanako")],
        invite_state: pb::FriendshipState::Friends,
        diary: DiaryAnswers::sample(),
    }
}

/// The gateway with a social double (friends and diary answers) and a signed-in member; the diary
/// tests use it too.
pub struct FriendsApp {
    pub app: TestApp,
    pub social: Running<SocialDouble>,
    pub user: UserId,
    pub cookie: String,
}

pub async fn spawn_friends_app(customise: impl FnOnce(&mut gateway::config::Config)) -> FriendsApp {
    let social = spawn_social(answers()).await;
    let port = social.port;
    let app = spawn_app_with(|c| {
        c.social_addr = format!("http://127.0.0.1:{port}");
        customise(c);
    })
    .await;
    let user = UserId::new();
    let (_, cookie) = app.session_cookie_for(user, Role::User).await;
    FriendsApp { app, social, user, cookie }
}

impl FriendsApp {
    /// A request as the member's browser sends it (cookie and our origin).
    pub async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request =
            self.app.client.request(method, self.app.url(path)).header("cookie", &self.cookie).header("origin", ORIGIN);
        if let Some(body) = body {
            request = request.json(&body);
        }
        json(request.send().await.expect("request")).await
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.send(reqwest::Method::GET, path, None).await
    }
}

/// Every friends route, with a valid member id in it.
fn routes() -> Vec<(reqwest::Method, String, Option<Value>)> {
    use reqwest::Method;
    vec![
        (Method::GET, "/api/friends".to_owned(), None),
        (Method::GET, "/api/friends/search?q=hana".to_owned(), None),
        (Method::POST, "/api/friends/requests".to_owned(), Some(json!({"userId": FRIEND}))),
        (Method::POST, format!("/api/friends/requests/{FRIEND}/accept"), None),
        (Method::POST, format!("/api/friends/requests/{FRIEND}/decline"), None),
        (Method::DELETE, format!("/api/friends/requests/{FRIEND}"), None),
        (Method::DELETE, format!("/api/friends/{FRIEND}"), None),
        (Method::GET, format!("/api/friends/{FRIEND}/compatibility"), None),
        (Method::GET, "/api/blocks".to_owned(), None),
        (Method::POST, "/api/blocks".to_owned(), Some(json!({"userId": FRIEND}))),
        (Method::DELETE, format!("/api/blocks/{FRIEND}"), None),
    ]
}

#[tokio::test]
async fn every_friends_route_needs_a_session_and_calls_nobody_without_one() {
    let f = spawn_friends_app(|_| {}).await;

    for (method, path, body) in routes() {
        let mut request = f.app.client.request(method.clone(), f.app.url(&path)).header("origin", ORIGIN);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let (status, body) = json(request.send().await.expect("request")).await;

        assert_eq!(status, 401, "{method} {path}");
        assert_eq!(body["code"], "UNAUTHENTICATED", "{method} {path}");
    }
    assert!(f.social.recorder.seen().is_empty());
}

#[tokio::test]
async fn every_change_is_made_as_the_session_user_about_the_member_named() {
    let f = spawn_friends_app(|_| {}).await;
    let cases = [
        ("SendFriendRequest", "outgoing"),
        ("AcceptFriendRequest", "outgoing"),
        ("DeclineFriendRequest", "outgoing"),
        ("CancelFriendRequest", "outgoing"),
        ("RemoveFriend", "outgoing"),
        ("Block", "blocked"),
        ("Unblock", "none"),
    ];
    let changes: Vec<_> = routes().into_iter().filter(|(m, _, _)| *m != reqwest::Method::GET).collect();
    assert_eq!(changes.len(), cases.len());

    for ((method, path, body), (rpc, state)) in changes.into_iter().zip(cases) {
        let (status, answer) = f.send(method.clone(), &path, body).await;

        assert_eq!(status, 200, "{method} {path}: {answer}");
        assert_eq!(answer, json!({"state": state}), "{method} {path}");
        let seen = f.social.recorder.last();
        assert_eq!(seen.rpc, rpc, "{method} {path}");
        assert_eq!(seen.subject.as_deref(), Some(FRIEND), "{method} {path}");
        assert_eq!(seen.claims.sub, Subject::User(f.user));
        assert_eq!(seen.claims.role, Role::User);
    }
}

#[tokio::test]
async fn an_id_that_is_not_a_uuid_is_an_unknown_member_and_social_is_not_asked() {
    let f = spawn_friends_app(|_| {}).await;
    use reqwest::Method;
    let cases = [
        (Method::POST, "/api/friends/requests".to_owned(), Some(json!({"userId": "hanako"}))),
        (Method::POST, "/api/friends/requests/hanako/accept".to_owned(), None),
        (Method::POST, "/api/friends/requests/1/decline".to_owned(), None),
        (Method::DELETE, "/api/friends/requests/x".to_owned(), None),
        (Method::DELETE, "/api/friends/not-a-uuid".to_owned(), None),
        (Method::GET, "/api/friends/abc/compatibility".to_owned(), None),
        (Method::POST, "/api/blocks".to_owned(), Some(json!({}))),
        (Method::DELETE, "/api/blocks/abc".to_owned(), None),
        (Method::GET, "/api/invites/abc".to_owned(), None),
    ];

    for (method, path, body) in cases {
        let (status, body) = f.send(method.clone(), &path, body).await;

        assert_eq!(status, 404, "{method} {path}");
        assert_eq!(body, json!({"message": "ユーザーが見つかりませんでした", "code": "MEMBER_NOT_FOUND"}));
    }
    assert!(f.social.recorder.seen().is_empty());
}

#[tokio::test]
async fn the_friends_list_is_the_contract_shape() {
    let f = spawn_friends_app(|_| {}).await;

    let (status, body) = f.get("/api/friends").await;

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({
            "friends": [{
                "userId": FRIEND, "username": "hanako", "firstName": "花子", "profileImageUrl": null,
                "compatibilityStatus": "ready", "compatibilityScore": 82, "since": "2026-11-20T09:00:00Z",
            }],
            "incoming": [{
                "userId": "0190f5c2-0000-7000-8000-000000000002", "username": "taro", "firstName": null,
                "profileImageUrl": "https://img.example/t.png", "createdAt": "2026-11-25T09:00:00Z",
            }],
            "outgoing": [],
        })
    );
    assert_eq!(f.social.recorder.last().claims.sub, Subject::User(f.user));
}

#[tokio::test]
async fn the_compatibility_and_the_blocks_are_the_contract_shapes() {
    let f = spawn_friends_app(|_| {}).await;

    let (status, compatibility) = f.get(&format!("/api/friends/{FRIEND}/compatibility")).await;
    let (blocks_status, blocks) = f.get("/api/blocks").await;

    assert_eq!(status, 200);
    assert_eq!(
        compatibility,
        json!({
            "friend": {"userId": FRIEND, "username": "hanako", "firstName": "花子", "profileImageUrl": null},
            "status": "ready",
            "score": 82,
            "summary": "支え合える二人です",
            "factors": [{"key": "dayMaster", "label": "日主の関係", "score": 90.0, "detail": "丙と辛は干合"}],
            "youBring": "あなたは火の明るさを",
            "friendBrings": "相手は水の落ち着きを",
            "computedAt": "2026-11-20T09:00:05Z",
        })
    );
    assert_eq!(blocks_status, 200);
    assert_eq!(
        blocks,
        json!({"blocked": [{"userId": FRIEND, "username": "hanako", "firstName": "花子", "profileImageUrl": null}]})
    );
}

#[tokio::test]
async fn the_search_passes_the_query_and_limit_and_answers_each_state() {
    let f = spawn_friends_app(|_| {}).await;

    let (status, body) = f.get("/api/friends/search?q=%EF%BC%A8ana&limit=5").await;
    let (_, _) = f.get("/api/friends/search?q=hana").await;
    let default_limit = f.social.recorder.last().limit;

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({"results": [{
            "userId": FRIEND, "username": "hanako", "firstName": "花子", "profileImageUrl": null, "state": "incoming",
        }]})
    );
    let first = &f.social.recorder.seen()[0];
    assert_eq!(first.subject.as_deref(), Some("Ｈana"), "social normalises, the gateway passes it as typed");
    assert_eq!(first.limit, Some(5));
    assert_eq!(default_limit, Some(10));
}

#[tokio::test]
async fn a_search_limit_outside_one_to_twenty_is_refused() {
    let f = spawn_friends_app(|_| {}).await;

    for limit in ["0", "21", "-1", "many"] {
        let (status, body) = f.get(&format!("/api/friends/search?q=hana&limit={limit}")).await;

        assert_eq!(status, 400, "{limit}");
        assert!(["INVALID_LIMIT", "INVALID_REQUEST"].contains(&body["code"].as_str().unwrap_or_default()), "{body}");
    }
    assert!(f.social.recorder.seen().is_empty());
}

#[tokio::test]
async fn the_search_is_limited_per_member_not_per_address() {
    let f = spawn_friends_app(|c| {
        c.rate_limit.enabled = true;
        c.rate_limit.friend_search_per_window = 2;
    })
    .await;
    let (_, other_cookie) = f.app.session_cookie_for(UserId::new(), Role::User).await;

    assert_eq!(f.get("/api/friends/search?q=a").await.0, 200);
    assert_eq!(f.get("/api/friends/search?q=b").await.0, 200);
    let limited = f
        .app
        .client
        .get(f.app.url("/api/friends/search?q=c"))
        .header("cookie", &f.cookie)
        .send()
        .await
        .expect("request");
    let retry_after = limited.headers().get("retry-after").cloned();
    let (status, body) = json(limited).await;
    let other = f
        .app
        .client
        .get(f.app.url("/api/friends/search?q=c"))
        .header("cookie", &other_cookie)
        .send()
        .await
        .expect("request");

    assert_eq!(status, 429);
    assert_eq!(
        body,
        json!({"message": "リクエストが多すぎます。しばらくしてから再度お試しください。", "code": "RATE_LIMITED"})
    );
    assert!(retry_after.is_some());
    assert_eq!(other.status(), 200, "another member on the same address still searches");
    assert_eq!(f.social.recorder.seen().len(), 3, "the refused search never reached social");
}

#[tokio::test]
async fn social_codes_reach_the_member_in_japanese_without_internal_text() {
    let f = spawn_friends_app(|_| {}).await;
    f.social.recorder.fail_with(coded_status(Code::ResourceExhausted, "FRIEND_REQUEST_LIMIT"));

    let (status, body) = f.send(reqwest::Method::POST, "/api/friends/requests", Some(json!({"userId": FRIEND}))).await;

    assert_eq!(status, 429);
    assert_eq!(
        body,
        json!({"message": "フレンド申請の上限に達しました。しばらくしてからお試しください", "code": "FRIEND_REQUEST_LIMIT"})
    );
}

#[tokio::test]
async fn social_down_is_a_503() {
    let f = spawn_friends_app(|c| c.social_addr = gateway::testkit::NOBODY.to_owned()).await;

    let (status, body) = f.get("/api/friends").await;

    assert_eq!(status, 503);
    assert_eq!(body["code"], "SERVICE_UNAVAILABLE");
}

#[tokio::test]
async fn an_invite_card_is_public_and_the_state_depends_on_who_looks() {
    let f = spawn_friends_app(|_| {}).await;
    let (_, own_cookie) = f.app.session_cookie_for(FRIEND.parse().expect("uuid"), Role::User).await;
    let path = format!("/api/invites/{FRIEND}");

    let (signed_out_status, signed_out) = json(f.app.get(&path).await).await;
    let visitor = f.social.recorder.last();
    let (_, member) = f.get(&path).await;
    let (_, own) =
        json(f.app.client.get(f.app.url(&path)).header("cookie", own_cookie).send().await.expect("request")).await;

    assert_eq!(signed_out_status, 200);
    assert_eq!(
        signed_out,
        json!({
            "inviter": {"userId": FRIEND, "username": "inviter", "firstName": "花子", "profileImageUrl": null},
            "state": null,
        })
    );
    assert_eq!(visitor.claims.role, Role::Visitor);
    assert_eq!(member["state"], "friends");
    assert_eq!(own["state"], "self");
}

#[tokio::test]
async fn an_unknown_inviter_is_a_404_with_the_member_message() {
    let f = spawn_friends_app(|_| {}).await;
    f.social.recorder.fail_with(coded_status(Code::NotFound, "MEMBER_NOT_FOUND"));

    let (status, body) = json(f.app.get(&format!("/api/invites/{FRIEND}")).await).await;

    assert_eq!(status, 404);
    assert_eq!(body, json!({"message": "ユーザーが見つかりませんでした", "code": "MEMBER_NOT_FOUND"}));
}

#[tokio::test]
async fn a_malformed_inviter_on_sign_up_is_refused_before_identity_is_asked() {
    // identity is at NOBODY: reaching it would be a 503.
    let app = spawn_app_with(|_| {}).await;

    let response = app
        .client
        .post(app.url("/api/auth/signup"))
        .header("origin", ORIGIN)
        .json(&json!({
            "email": "new@example.jp", "password": "correct horse battery", "username": "newbie",
            "privacyPolicyAccepted": true, "inviterId": "not-a-uuid",
        }))
        .send()
        .await
        .expect("request");
    let (status, body) = json(response).await;

    assert_eq!(status, 400);
    assert_eq!(body["code"], "INVALID_INVITER_ID");
    assert_eq!(body["message"], "招待リンクが正しくありません。リンクを確認してください");
}

async fn friend_updates_app(
    updates: fortune_pb::GetFriendUpdatesResponse,
) -> (TestApp, Running<crate::doubles::FortuneDouble>, UserId, String) {
    let fortune = spawn_fortune(updates).await;
    let port = fortune.port;
    let app = spawn_app_with(|c| c.fortune_addr = format!("http://127.0.0.1:{port}")).await;
    let user = UserId::new();
    let (_, cookie) = app.session_cookie_for(user, Role::User).await;
    (app, fortune, user, cookie)
}

#[tokio::test]
async fn friend_updates_come_from_fortune_gen_for_the_session_user_and_offset() {
    let updates = fortune_pb::GetFriendUpdatesResponse {
        date: "2026-11-26".to_owned(),
        updates: vec![fortune_pb::FriendUpdate {
            id: "u1".to_owned(),
            text: "はなこさんの今日は「人とつながる」日\n- 午前は連絡が吉\n- 夜は早めに".to_owned(),
            friends: vec![fortune_pb::FriendRef {
                user_id: FRIEND.to_owned(),
                username: "hanako".to_owned(),
                first_name: None,
                profile_image_url: None,
            }],
        }],
    };
    let (app, fortune, user, cookie) = friend_updates_app(updates).await;

    let response = app
        .client
        .get(app.url("/api/friend-updates?timezoneOffset=720"))
        .header("cookie", cookie)
        .send()
        .await
        .expect("request");
    let (status, body) = json(response).await;

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({"date": "2026-11-26", "updates": [{
            "id": "u1",
            "text": "はなこさんの今日は「人とつながる」日\n- 午前は連絡が吉\n- 夜は早めに",
            "friends": [{"userId": FRIEND, "username": "hanako", "firstName": null, "profileImageUrl": null}],
        }]})
    );
    let seen = fortune.recorder.seen().into_iter().find(|s| s.rpc == "GetFriendUpdates").expect("asked");
    assert_eq!(seen.claims.sub, Subject::User(user));
    assert_eq!(seen.offset, Some(720));
}

#[tokio::test]
async fn friend_updates_say_so_when_social_is_down() {
    let (app, fortune, _, cookie) = friend_updates_app(fortune_pb::GetFriendUpdatesResponse::default()).await;
    fortune.recorder.fail_with(coded_status(Code::Unavailable, "SOCIAL_UNAVAILABLE"));

    let response =
        app.client.get(app.url("/api/friend-updates")).header("cookie", cookie).send().await.expect("request");
    let (status, body) = json(response).await;

    assert_eq!(status, 503);
    assert_eq!(
        body,
        json!({"message": "フレンド情報を取得できませんでした。しばらくしてからお試しください", "code": "SOCIAL_UNAVAILABLE"})
    );
}

#[tokio::test]
async fn friend_updates_need_a_session_and_a_valid_offset() {
    let (app, fortune, _, cookie) = friend_updates_app(fortune_pb::GetFriendUpdatesResponse::default()).await;

    let signed_out = app.get("/api/friend-updates").await.status();
    let bad_offset = app
        .client
        .get(app.url("/api/friend-updates?timezoneOffset=900"))
        .header("cookie", cookie)
        .send()
        .await
        .expect("request");

    assert_eq!(signed_out, 401);
    assert_eq!(bad_offset.status(), 400);
    assert!(fortune.recorder.seen().is_empty());
}
