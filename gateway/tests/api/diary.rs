//! The diary, letter and mention routes against a social double: what the gateway sends (caller,
//! ids, paging, offsets), how it answers (the contract's JSON and statuses), and what it refuses
//! before calling anyone.

use meguri_auth::{Role, Subject};
use reqwest::Method;
use serde_json::{Value, json};
use tonic::Code;

use crate::doubles::{AUTHOR, MENTIONED, diary_entry};
use crate::friends::{FriendsApp, spawn_friends_app};
use crate::helpers::{ORIGIN, coded_status, json};

const ENTRY: &str = "0191b7e4-0000-7000-8000-0000000000c1";
const MENTION: &str = "0191b7e4-0000-7000-8000-0000000000d1";
const CLIENT_ID: &str = "0191b7e4-0000-7000-8000-0000000000e1";

fn create_body(client_id: &str) -> Value {
    json!({"clientId": client_id, "content": "@hanako と散歩した", "date": "2026-11-26", "timezoneOffset": -540})
}

/// Every diary and mention route with a valid id in it, and the RPC it calls.
fn routes() -> Vec<(Method, String, Option<Value>, &'static str)> {
    vec![
        (Method::GET, "/api/diary".to_owned(), None, "ListDiaryEntries"),
        (Method::POST, "/api/diary".to_owned(), Some(create_body(CLIENT_ID)), "CreateDiaryEntry"),
        (Method::GET, "/api/diary/lucky-day?from=2026-12-01".to_owned(), None, "FindLuckyDay"),
        (Method::GET, "/api/diary/letters".to_owned(), None, "ListDeliveredLetters"),
        (Method::POST, format!("/api/diary/letters/{ENTRY}/mark-shown"), None, "MarkLetterShown"),
        (Method::GET, format!("/api/diary/{ENTRY}"), None, "GetDiaryEntry"),
        (
            Method::PUT,
            format!("/api/diary/{ENTRY}"),
            Some(json!({"content": "書き直した", "date": "2026-11-25"})),
            "UpdateDiaryEntry",
        ),
        (Method::DELETE, format!("/api/diary/{ENTRY}"), None, "DeleteDiaryEntry"),
        (Method::GET, "/api/mentions/notifications".to_owned(), None, "ListMentionNotifications"),
        (Method::POST, format!("/api/mentions/{MENTION}/mark-shown"), None, "MarkMentionShown"),
    ]
}

/// The JSON of the double's plain entry `id` (text as given).
fn entry_json(id: &str, content: &str, date: &str) -> Value {
    json!({
        "id": id,
        "author": {"userId": AUTHOR, "username": "taro", "firstName": "花子", "profileImageUrl": null},
        "date": date,
        "content": content,
        "publishToFuture": false,
        "deliveryDate": null,
        "authoredDate": null,
        "sealed": false,
        "delivered": false,
        "hasBeenShown": false,
        "emailSent": false,
        "mentions": [{"userId": MENTIONED, "username": "hanako", "firstName": "花子", "profileImageUrl": null}],
        "createdAt": "2026-11-26T12:00:00Z",
        "updatedAt": "2026-11-26T12:30:00Z",
    })
}

/// The status and raw body of a request as the member's browser sends it.
async fn send_raw(f: &FriendsApp, method: Method, path: &str, body: Option<Value>) -> (u16, String) {
    let mut request =
        f.app.client.request(method, f.app.url(path)).header("cookie", &f.cookie).header("origin", ORIGIN);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("request");
    (response.status().as_u16(), response.text().await.expect("body"))
}

#[tokio::test]
async fn every_diary_route_needs_a_session_and_calls_nobody_without_one() {
    let f = spawn_friends_app(|_| {}).await;

    for (method, path, body, _) in routes() {
        let mut request = f.app.client.request(method.clone(), f.app.url(&path)).header("origin", ORIGIN);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let (status, body) = json(request.send().await.expect("request")).await;

        assert_eq!(status, 401, "{method} {path}");
        assert_eq!(body, json!({"message": "ログインが必要です", "code": "UNAUTHENTICATED"}), "{method} {path}");
    }
    assert!(f.social.recorder.seen().is_empty());
}

#[tokio::test]
async fn every_diary_route_calls_its_rpc_as_the_session_user() {
    let f = spawn_friends_app(|_| {}).await;

    for (method, path, body, rpc) in routes() {
        let (status, answer) = send_raw(&f, method.clone(), &path, body).await;

        assert!([200, 201, 204].contains(&status), "{method} {path}: {status} {answer}");
        let seen = f.social.recorder.last();
        assert_eq!(seen.rpc, rpc, "{method} {path}");
        assert_eq!(seen.claims.sub, Subject::User(f.user), "{method} {path}");
        assert_eq!(seen.claims.role, Role::User, "{method} {path}");
    }
}

#[tokio::test]
async fn an_id_that_is_not_a_uuid_is_the_routes_not_found_and_social_is_not_asked() {
    let f = spawn_friends_app(|_| {}).await;
    let entry_not_found = json!({"message": "日記が見つかりません", "code": "DIARY_ENTRY_NOT_FOUND"});
    let mention_not_found = json!({"message": "メンションが見つかりません", "code": "MENTION_NOT_FOUND"});
    let cases = [
        (Method::GET, "/api/diary/abc", None, &entry_not_found),
        (Method::GET, "/api/diary/1", None, &entry_not_found),
        (Method::PUT, "/api/diary/not-a-uuid", Some(json!({"content": "x", "date": "2026-11-26"})), &entry_not_found),
        (Method::DELETE, "/api/diary/lucky-day", None, &entry_not_found),
        (Method::DELETE, "/api/diary/0191b7e4-0000-7000-8000-0000000000c", None, &entry_not_found),
        (Method::POST, "/api/diary/letters/abc/mark-shown", None, &entry_not_found),
        (Method::POST, "/api/mentions/abc/mark-shown", None, &mention_not_found),
        (Method::POST, "/api/mentions/..%2F..%2Fetc/mark-shown", None, &mention_not_found),
    ];

    for (method, path, body, expected) in cases {
        let (status, body) = f.send(method.clone(), path, body).await;

        assert_eq!(status, 404, "{method} {path}");
        assert_eq!(&body, expected, "{method} {path}");
    }
    assert!(f.social.recorder.seen().is_empty());
}

#[tokio::test]
async fn a_page_of_entries_is_the_contract_shape_and_a_sealed_letter_has_no_content() {
    let f = spawn_friends_app(|_| {}).await;

    let (status, body) = f.get("/api/diary?cursor=MjAyNi0xMS0yNg&limit=5").await;
    let paged = f.social.recorder.last();
    let (_, _) = f.get("/api/diary").await;
    let first_page = f.social.recorder.last();

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({
            "entries": [
                {
                    "id": "0191b7e4-0000-7000-8000-0000000000c2",
                    "author": {"userId": AUTHOR, "username": "taro", "firstName": "花子", "profileImageUrl": null},
                    "date": "2027-01-01",
                    "content": null,
                    "publishToFuture": true,
                    "deliveryDate": "2027-01-01",
                    "authoredDate": "2026-11-26",
                    "sealed": true,
                    "delivered": false,
                    "hasBeenShown": false,
                    "emailSent": false,
                    "mentions": [],
                    "createdAt": "2026-11-26T12:00:00Z",
                    "updatedAt": "2026-11-26T12:30:00Z",
                },
                entry_json(ENTRY, "@hanako と散歩した", "2026-11-26"),
            ],
            "nextCursor": "MjAyNi0xMS0yNg",
        })
    );
    assert_eq!(paged.subject.as_deref(), Some("MjAyNi0xMS0yNg"));
    assert_eq!(paged.limit, Some(5));
    assert_eq!(first_page.subject, None, "no cursor on the first page");
    assert_eq!(first_page.limit, Some(20), "the default page");
}

#[tokio::test]
async fn a_page_limit_outside_one_to_fifty_is_refused_before_social_is_asked() {
    let f = spawn_friends_app(|_| {}).await;

    for limit in ["0", "51"] {
        let (status, body) = f.get(&format!("/api/diary?limit={limit}")).await;

        assert_eq!(status, 400, "{limit}");
        assert_eq!(body, json!({"message": "件数の指定が正しくありません", "code": "INVALID_LIMIT"}));
    }
    let (status, _) = f.get("/api/diary?limit=many").await;
    assert_eq!(status, 400);
    assert!(f.social.recorder.seen().is_empty());
}

#[tokio::test]
async fn a_new_entry_is_201_and_the_same_client_id_again_is_200_with_the_same_entry() {
    let f = spawn_friends_app(|_| {}).await;

    let (first_status, first) = f.send(Method::POST, "/api/diary", Some(create_body(CLIENT_ID))).await;
    let sent = f.social.recorder.last();
    let (again_status, again) = f.send(Method::POST, "/api/diary", Some(create_body(CLIENT_ID))).await;
    let other = "0191b7e4-0000-7000-8000-0000000000e2";
    let (other_status, _) = f.send(Method::POST, "/api/diary", Some(create_body(other))).await;

    assert_eq!(first_status, 201);
    assert_eq!(first, entry_json(CLIENT_ID, "@hanako と散歩した", "2026-11-26"));
    assert_eq!(again_status, 200, "a replay");
    assert_eq!(again, first);
    assert_eq!(other_status, 201, "another draft is another entry");
    assert_eq!(sent.subject.as_deref(), Some(CLIENT_ID));
    assert_eq!(sent.offset, Some(-540));
    assert_eq!(sent.detail.as_deref(), Some("@hanako と散歩した|2026-11-26|false|None"));
}

#[tokio::test]
async fn a_letter_is_sent_with_its_delivery_date() {
    let f = spawn_friends_app(|_| {}).await;

    let (status, _) = f
        .send(
            Method::POST,
            "/api/diary",
            Some(json!({
                "clientId": CLIENT_ID, "content": "一年後の私へ", "date": "2026-11-26",
                "publishToFuture": true, "deliveryDate": "2027-11-26",
            })),
        )
        .await;

    assert_eq!(status, 201);
    let seen = f.social.recorder.last();
    assert_eq!(seen.detail.as_deref(), Some("一年後の私へ|2026-11-26|true|Some(\"2027-11-26\")"));
    assert_eq!(seen.offset, None, "no offset sent: social applies stored, else Japan");
}

#[tokio::test]
async fn an_offset_out_of_range_is_refused_before_social_is_asked() {
    let f = spawn_friends_app(|_| {}).await;
    let mut body = create_body(CLIENT_ID);
    body["timezoneOffset"] = json!(900);
    let expected = json!({"message": "タイムゾーンの指定が正しくありません", "code": "INVALID_TIMEZONE_OFFSET"});

    let (create_status, create) = f.send(Method::POST, "/api/diary", Some(body)).await;
    let (update_status, update) = f
        .send(
            Method::PUT,
            &format!("/api/diary/{ENTRY}"),
            Some(json!({"content": "x", "date": "2026-11-26", "timezoneOffset": -900})),
        )
        .await;
    let (lucky_status, lucky) = f.get("/api/diary/lucky-day?from=2026-12-01&timezoneOffset=721").await;

    for (status, body) in [(create_status, create), (update_status, update), (lucky_status, lucky)] {
        assert_eq!(status, 400);
        assert_eq!(body, expected);
    }
    assert!(f.social.recorder.seen().is_empty());
}

#[tokio::test]
async fn socials_refusals_of_an_entry_reach_the_member_in_japanese() {
    // Every code's message is checked in the gateway's table (error.rs); here, that they get there.
    let f = spawn_friends_app(|_| {}).await;
    let cases = [
        (Code::InvalidArgument, "INVALID_DIARY_CONTENT", 400, "日記の内容を1〜1000文字で入力してください"),
        (
            Code::ResourceExhausted,
            "DIARY_LIMIT",
            429,
            "日記は24時間に100件まで書けます。しばらくしてからお試しください",
        ),
    ];

    for (code, stable, http, message) in cases {
        f.social.recorder.fail_with(coded_status(code, stable));

        let (status, body) = f.send(Method::POST, "/api/diary", Some(create_body(CLIENT_ID))).await;

        assert_eq!(status, http, "{stable}");
        assert_eq!(body, json!({"message": message, "code": stable}));
    }
}

#[tokio::test]
async fn an_edit_answers_the_entry_and_a_sealed_letter_is_a_409() {
    let f = spawn_friends_app(|_| {}).await;
    let path = format!("/api/diary/{}", ENTRY.to_uppercase());

    let (status, body) = f.send(Method::PUT, &path, Some(json!({"content": "書き直した", "date": "2026-11-25"}))).await;
    let seen = f.social.recorder.last();
    f.social.recorder.fail_with(coded_status(Code::FailedPrecondition, "LETTER_SEALED"));
    let (sealed_status, sealed) = f.send(Method::PUT, &path, Some(json!({"content": "x", "date": "2026-11-25"}))).await;

    assert_eq!(status, 200);
    assert_eq!(body, entry_json(ENTRY, "書き直した", "2026-11-25"));
    assert_eq!(seen.subject.as_deref(), Some(ENTRY), "the id in its canonical form");
    assert_eq!(seen.detail.as_deref(), Some("書き直した|2026-11-25"));
    assert_eq!(sealed_status, 409);
    assert_eq!(sealed, json!({"message": "未来への手紙は届くまで編集できません", "code": "LETTER_SEALED"}));
}

#[tokio::test]
async fn reading_another_members_entry_is_the_same_404_as_a_missing_one() {
    let f = spawn_friends_app(|_| {}).await;
    f.social.recorder.fail_with(coded_status(Code::NotFound, "DIARY_ENTRY_NOT_FOUND"));
    let not_found = json!({"message": "日記が見つかりません", "code": "DIARY_ENTRY_NOT_FOUND"});

    for (method, path) in [
        (Method::GET, format!("/api/diary/{ENTRY}")),
        (Method::DELETE, format!("/api/diary/{ENTRY}")),
        (Method::POST, format!("/api/diary/letters/{ENTRY}/mark-shown")),
    ] {
        let (status, body) = f.send(method.clone(), &path, None).await;

        assert_eq!(status, 404, "{method} {path}");
        assert_eq!(body, not_found, "{method} {path}");
    }
}

#[tokio::test]
async fn one_entry_delete_and_mark_shown_answer_as_the_contract_says() {
    let f = spawn_friends_app(|_| {}).await;

    let (get_status, entry) = f.get(&format!("/api/diary/{ENTRY}")).await;
    let (delete_status, deleted) = send_raw(&f, Method::DELETE, &format!("/api/diary/{ENTRY}"), None).await;
    let deleted_id = f.social.recorder.last().subject;
    let (letter_status, letter) =
        send_raw(&f, Method::POST, &format!("/api/diary/letters/{ENTRY}/mark-shown"), None).await;
    let (mention_status, mention) =
        send_raw(&f, Method::POST, &format!("/api/mentions/{MENTION}/mark-shown"), None).await;
    let marked_id = f.social.recorder.last().subject;

    assert_eq!(get_status, 200);
    assert_eq!(entry, entry_json(ENTRY, "@hanako と散歩した", "2026-11-26"));
    assert_eq!((delete_status, deleted.as_str()), (204, ""));
    assert_eq!(deleted_id.as_deref(), Some(ENTRY));
    assert_eq!((letter_status, letter.as_str()), (204, ""));
    assert_eq!((mention_status, mention.as_str()), (204, ""));
    assert_eq!(marked_id.as_deref(), Some(MENTION));
}

#[tokio::test]
async fn a_sealed_entry_from_get_has_no_content() {
    let f = spawn_friends_app(|_| {}).await;
    f.social.answers.lock().expect("lock").diary.entry = diary_entry(ENTRY, true);

    let (status, body) = f.get(&format!("/api/diary/{ENTRY}")).await;

    assert_eq!(status, 200);
    assert_eq!(body["content"], Value::Null);
    assert_eq!(body["sealed"], true);
    assert_eq!(body["deliveryDate"], "2027-01-01");
}

#[tokio::test]
async fn delivered_letters_are_listed_with_their_letter_fields() {
    let f = spawn_friends_app(|_| {}).await;

    let (status, body) = f.get("/api/diary/letters").await;

    assert_eq!(status, 200);
    let mut letter = entry_json("0191b7e4-0000-7000-8000-0000000000c3", "@hanako と散歩した", "2026-11-26");
    letter["publishToFuture"] = json!(true);
    letter["deliveryDate"] = json!("2026-11-26");
    letter["authoredDate"] = json!("2025-11-26");
    letter["delivered"] = json!(true);
    letter["emailSent"] = json!(true);
    assert_eq!(body, json!({"letters": [letter]}));
}

#[tokio::test]
async fn mention_notifications_are_a_plain_array_of_the_spec_shape() {
    let f = spawn_friends_app(|_| {}).await;

    let (status, body) = f.get("/api/mentions/notifications").await;

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!([{
            "id": MENTION,
            "mentioner": {"userId": AUTHOR, "username": "taro", "profileImageUrl": null},
            "diaryEntry": {"id": ENTRY, "date": "2026-11-26", "content": "@hanako と散歩した"},
            "createdAt": "2026-11-26T12:00:01Z",
        }])
    );
}

#[tokio::test]
async fn someone_elses_mention_is_a_404() {
    let f = spawn_friends_app(|_| {}).await;
    f.social.recorder.fail_with(coded_status(Code::NotFound, "MENTION_NOT_FOUND"));

    let (status, body) = f.send(Method::POST, &format!("/api/mentions/{MENTION}/mark-shown"), None).await;

    assert_eq!(status, 404);
    assert_eq!(body, json!({"message": "メンションが見つかりません", "code": "MENTION_NOT_FOUND"}));
}

#[tokio::test]
async fn the_lucky_day_says_which_day_and_why() {
    let f = spawn_friends_app(|_| {}).await;

    let (status, body) = f.get("/api/diary/lucky-day?from=2026-12-01&timezoneOffset=-540").await;
    let seen = f.social.recorder.last();

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({"date": "2026-12-03", "reasons": [
            {"id": "tensha", "name": "天赦日", "description": "天が万物の罪を赦す日"},
            {"id": "taian", "name": "大安", "description": "万事に吉"},
        ]})
    );
    assert_eq!(seen.subject.as_deref(), Some("2026-12-01"));
    assert_eq!(seen.offset, Some(-540));
}

#[tokio::test]
async fn a_lucky_day_search_without_a_date_is_refused_and_none_found_is_a_404() {
    let f = spawn_friends_app(|_| {}).await;
    let invalid =
        json!({"message": "届ける日は明日から10年後までの日付を選んでください", "code": "INVALID_DELIVERY_DATE"});

    for path in ["/api/diary/lucky-day", "/api/diary/lucky-day?from=2026-02-30", "/api/diary/lucky-day?from=soon"] {
        let (status, body) = f.get(path).await;

        assert_eq!(status, 400, "{path}");
        assert_eq!(body, invalid, "{path}");
    }
    assert!(f.social.recorder.seen().is_empty());
    f.social.recorder.fail_with(coded_status(Code::NotFound, "LUCKY_DAY_NOT_FOUND"));
    let (status, body) = f.get("/api/diary/lucky-day?from=2026-12-01").await;
    assert_eq!(status, 404);
    assert_eq!(
        body,
        json!({"message": "60日以内に吉日が見つかりませんでした。別の日付をお選びください", "code": "LUCKY_DAY_NOT_FOUND"})
    );
}

#[tokio::test]
async fn a_forged_origin_is_still_refused_on_the_diary_writes() {
    let f = spawn_friends_app(|_| {}).await;

    for (method, path, body) in [
        (Method::POST, "/api/diary".to_owned(), Some(create_body(CLIENT_ID))),
        (Method::PUT, format!("/api/diary/{ENTRY}"), Some(json!({"content": "x", "date": "2026-11-26"}))),
        (Method::DELETE, format!("/api/diary/{ENTRY}"), None),
        (Method::POST, format!("/api/mentions/{MENTION}/mark-shown"), None),
    ] {
        let mut request = f
            .app
            .client
            .request(method.clone(), f.app.url(&path))
            .header("cookie", &f.cookie)
            .header("origin", "https://evil.example");
        if let Some(body) = body {
            request = request.json(&body);
        }
        let (status, body) = json(request.send().await.expect("request")).await;

        assert_eq!(status, 403, "{method} {path}");
        assert_eq!(body["code"], "FORBIDDEN_ORIGIN", "{method} {path}");
    }
    assert!(f.social.recorder.seen().is_empty());
}

#[tokio::test]
async fn social_down_is_a_503_on_the_diary() {
    let f = spawn_friends_app(|c| c.social_addr = gateway::testkit::NOBODY.to_owned()).await;

    let (status, body) = f.get("/api/diary").await;

    assert_eq!(status, 503);
    assert_eq!(body["code"], "SERVICE_UNAVAILABLE");
}
