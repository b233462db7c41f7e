//! A member's support tickets through the gateway in front of real identity and support services:
//! open (a double click opens one), list, read, write again; another member's ticket is not found;
//! refusals in Japanese with nothing stored; support down answers 503 and the rest of the app works.

use serde_json::{Value, json};

use crate::accounts::{Accounts, spawn_with, spawn_with_keys};
use crate::helpers::{SECRET, json};

async fn get(app: &Accounts, path: &str, cookie: Option<&str>) -> (u16, Value) {
    let mut request = app.gateway.client.get(app.gateway.url(path));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    json(request.send().await.expect("request")).await
}

async fn post(app: &Accounts, path: &str, body: Value, cookie: &str) -> (u16, Value) {
    json(app.post(path, body, Some(cookie)).await).await
}

fn request_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_opens_reads_and_answers_a_ticket_and_no_other_member_reaches_it() {
    let keys = meguri_testkit::RedisKeys::new();
    let support = support::testkit::spawn(SECRET, keys.prefix()).await;
    let addr = support.addr();
    let app = spawn_with_keys(keys, move |c| c.support_addr = addr).await;
    let hanako = app.signed_up("hanako@example.jp", "hanako").await;
    let taro = app.signed_up("taro@example.jp", "taro").await;

    let opening = json!({"requestId": request_id(), "subject": "ログインできません", "message": "パスワードを変えても\n入れません"});
    let (status, first) = post(&app, "/api/support/tickets", opening.clone(), &hanako).await;
    assert_eq!(status, 201, "{first}");
    let (status, again) = post(&app, "/api/support/tickets", opening, &hanako).await;
    assert_eq!((status, &again["ticket"]["id"]), (201, &first["ticket"]["id"]), "a double click opens one ticket");
    let id = first["ticket"]["id"].as_str().expect("id").to_owned();
    assert_eq!(first["ticket"]["status"], "open");
    assert_eq!(first["ticket"]["priority"], "normal");
    assert_eq!(first["ticket"]["messageCount"], 1);
    assert_eq!(first["ticket"]["closedAt"], Value::Null);
    assert_eq!(first["messages"][0]["authorType"], "member");
    assert_eq!(first["messages"][0]["authorName"], Value::Null);
    assert_eq!(first["messages"][0]["via"], "web");
    assert!(first["ticket"].get("userId").is_none() && first["ticket"].get("assignedTo").is_none(), "{first}");

    let (status, more) = post(
        &app,
        &format!("/api/support/tickets/{id}/messages"),
        json!({"requestId": request_id(), "message": "追記です"}),
        &hanako,
    )
    .await;
    assert_eq!((status, more["body"].as_str()), (201, Some("追記です")), "{more}");
    // The longest message allowed, in Japanese (15 KB of UTF-8): past the app's usual body limit.
    let longest = json!({"requestId": request_id(), "message": "長".repeat(5000)});
    let (status, long) = post(&app, &format!("/api/support/tickets/{id}/messages"), longest, &hanako).await;
    assert_eq!(status, 201, "{long}");
    let more_again = post(
        &app,
        &format!("/api/support/tickets/{id}/messages"),
        json!({"requestId": request_id(), "message": "追記です"}),
        &hanako,
    )
    .await;
    assert_eq!(more_again.0, 201);
    let (_, list) = get(&app, "/api/support/tickets", Some(&hanako)).await;
    assert_eq!(list["tickets"].as_array().map(Vec::len), Some(1), "{list}");
    assert_eq!(list["tickets"][0]["lastMessagePreview"], "追記です");
    let (status, thread) = get(&app, &format!("/api/support/tickets/{id}"), Some(&hanako)).await;
    assert_eq!((status, thread["messages"].as_array().map(Vec::len)), (200, Some(4)), "{thread}");
    assert_eq!(thread["ticket"]["messageCount"], 4);

    // Another member: not found, whatever they try; their list is empty.
    let (status, read) = get(&app, &format!("/api/support/tickets/{id}"), Some(&taro)).await;
    assert_eq!((status, read["code"].as_str()), (404, Some("TICKET_NOT_FOUND")), "{read}");
    assert_eq!(read["message"], "お問い合わせが見つかりません");
    let (status, wrote) = post(
        &app,
        &format!("/api/support/tickets/{id}/messages"),
        json!({"requestId": request_id(), "message": "横から"}),
        &taro,
    )
    .await;
    assert_eq!((status, wrote["code"].as_str()), (404, Some("TICKET_NOT_FOUND")));
    let (_, theirs) = get(&app, "/api/support/tickets", Some(&taro)).await;
    assert_eq!(theirs["tickets"], json!([]));
    let (status, _) = get(&app, "/api/support/tickets/not-an-id", Some(&taro)).await;
    assert_eq!(status, 404);
    let (status, _) = get(&app, "/api/support/tickets", None).await;
    assert_eq!(status, 401, "signed out");

    // Refusals: each a Japanese message and a code; nothing stored.
    for (body, code, message) in [
        (
            json!({"requestId": request_id(), "subject": " ", "message": "本文"}),
            "TICKET_SUBJECT_REQUIRED",
            "件名を入力してください",
        ),
        (
            json!({"requestId": request_id(), "subject": "件名", "message": "x".repeat(100_000)}),
            "TICKET_MESSAGE_TOO_LONG",
            "お問い合わせ内容は5000文字以内で入力してください",
        ),
        (
            json!({"requestId": "1", "subject": "件名", "message": "本文"}),
            "INVALID_REQUEST_ID",
            "送信内容を確認できませんでした。もう一度お試しください",
        ),
    ] {
        let (status, refused) = post(&app, "/api/support/tickets", body, &taro).await;
        assert_eq!((status, refused["code"].as_str(), refused["message"].as_str()), (400, Some(code), Some(message)));
    }
    let (_, theirs) = get(&app, "/api/support/tickets", Some(&taro)).await;
    assert_eq!(theirs["tickets"], json!([]), "nothing was opened");
}

#[tokio::test(flavor = "multi_thread")]
async fn support_down_answers_503_in_japanese_and_the_rest_of_the_app_works() {
    // support_addr stays at the test config's address where nothing listens.
    let app = spawn_with(|_| {}).await;
    let cookie = app.signed_up("hanako@example.jp", "hanako").await;
    let (status, refused) = post(
        &app,
        "/api/support/tickets",
        json!({"requestId": request_id(), "subject": "件名", "message": "本文"}),
        &cookie,
    )
    .await;
    assert_eq!((status, refused["code"].as_str()), (503, Some("SUPPORT_UNAVAILABLE")), "{refused}");
    assert_eq!(refused["message"], "サポートに接続できません。しばらくしてからもう一度お試しください");
    let (status, user) = app.user(&cookie).await;
    assert_eq!(status, 200, "{user}");
}

/// A `multipart/form-data` body: text fields, then files (`attachments`, with a file name).
fn form(fields: &[(&str, &str)], files: &[(&str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = format!("meguri-{}", uuid::Uuid::now_v7().simple());
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").bytes(),
        );
    }
    for (file_name, bytes) in files {
        body.extend(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"{file_name}\"\r\nContent-Type: image/png\r\n\r\n")
                .bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend(b"\r\n");
    }
    body.extend(format!("--{boundary}--\r\n").bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn post_form(app: &Accounts, path: &str, form: (String, Vec<u8>), cookie: &str) -> (u16, Value) {
    let request = app
        .gateway
        .client
        .post(app.gateway.url(path))
        .header("origin", crate::helpers::ORIGIN)
        .header("cookie", cookie)
        .header("content-type", form.0)
        .body(form.1);
    json(request.send().await.expect("request")).await
}

#[tokio::test(flavor = "multi_thread")]
async fn screenshots_upload_as_a_form_and_a_staff_reply_link_answers_signed_out() {
    use meguri_proto::notify::MailRequested;
    use meguri_proto::notify::mail_requested::Kind as MailKind;
    use meguri_proto::support as pb;

    let keys = meguri_testkit::RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let support = support::testkit::spawn(SECRET, &prefix).await;
    let addr = support.addr();
    let app = spawn_with_keys(keys, move |c| c.support_addr = addr).await;
    let hanako = app.signed_up("hanako@example.jp", "hanako").await;
    let taro = app.signed_up("taro@example.jp", "taro").await;
    let png = meguri_image::testing::png(6, 4);

    // Refusals first: each a 400 with its code in Japanese; no ticket, no file.
    let pdf: &[u8] = b"%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n";
    let mut random = png[..16].to_vec();
    random.extend((0..3000_u32).map(|i| u8::try_from(i * 31 % 251).expect("byte")));
    let big = vec![0_u8; 2 * 1024 * 1024 + 1];
    let fields = [("requestId", "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a01"), ("subject", "画面"), ("message", "本文")];
    for (files, code, message) in [
        (vec![("shot.png", pdf)], "IMAGE_TYPE_NOT_ALLOWED", "添付できるのはPNGかJPEGの画像だけです"),
        (
            vec![("shot.png", random.as_slice())],
            "IMAGE_CORRUPT",
            "画像を読み込めませんでした。別の画像を選んでください",
        ),
        (vec![("big.png", big.as_slice())], "IMAGE_TOO_LARGE", "画像は1枚2MBまでです"),
        (vec![("a.png", png.as_slice()); 4], "TOO_MANY_ATTACHMENTS", "添付できる画像は3枚までです"),
    ] {
        let (status, refused) = post_form(&app, "/api/support/tickets", form(&fields, &files), &hanako).await;
        assert_eq!((status, refused["code"].as_str(), refused["message"].as_str()), (400, Some(code), Some(message)));
    }
    let (_, none) = get(&app, "/api/support/tickets", Some(&hanako)).await;
    assert_eq!(none["tickets"], json!([]));
    let stored = || walk(&support.attachment_dir);
    assert!(stored().is_empty());

    // A ticket with a screenshot; the member fetches it, another member cannot.
    let (status, opened) =
        post_form(&app, "/api/support/tickets", form(&fields, &[("shot.png", png.as_slice())]), &hanako).await;
    assert_eq!(status, 201, "{opened}");
    let shot = &opened["messages"][0]["attachments"][0];
    assert_eq!((shot["contentType"].as_str(), shot["width"].as_i64()), (Some("image/png"), Some(6)), "{opened}");
    let shot_url = format!("/api/support/attachments/{}", shot["id"].as_str().expect("id"));
    let own = app.gateway.client.get(app.gateway.url(&shot_url)).header("cookie", &hanako).send().await.expect("get");
    assert_eq!(own.status(), 200);
    assert_eq!(own.headers()["content-type"], "image/png");
    assert_eq!(own.headers()["x-content-type-options"], "nosniff");
    assert!(own.bytes().await.expect("bytes").starts_with(b"\x89PNG"));
    let (status, theirs) = get(&app, &shot_url, Some(&taro)).await;
    assert_eq!((status, theirs["code"].as_str()), (404, Some("ATTACHMENT_NOT_FOUND")));
    assert_eq!(stored().len(), 1);
    let id = opened["ticket"]["id"].as_str().expect("id").to_owned();

    // Staff replies (the admin SPA's call); the mail request carries the link's token.
    let channel = meguri_testkit::connect(&support.addr()).await;
    let minter = meguri_auth::TokenMinter::new(
        &secrecy::SecretString::from(SECRET.to_owned()),
        std::time::Duration::from_secs(60),
    )
    .expect("minter");
    let subject = meguri_auth::Subject::User(meguri_ids::UserId::new());
    let bearer = meguri_testkit::Bearer { minter, subject, role: meguri_auth::Role::Admin };
    let mut staff = pb::support_client::SupportClient::with_interceptor(channel, bearer);
    let reply = pb::StaffReplyRequest {
        ticket_id: id.clone(),
        request_id: request_id(),
        body: "ご連絡ありがとうございます".into(),
        internal: false,
        author_name: "佐藤".into(),
    };
    staff.staff_reply(reply).await.expect("staff reply");
    let config = meguri_events::EventsConfig::new(&prefix);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let token = loop {
        let mails: Vec<MailRequested> =
            meguri_events::testkit::read_all(&meguri_testkit::redis_url(), &config).await.expect("mail stream");
        let reply = mails.into_iter().find_map(|m| match m.kind {
            Some(MailKind::SupportReply(mail)) => Some(mail.token),
            _ => None,
        });
        if let Some(token) = reply {
            break token;
        }
        assert!(std::time::Instant::now() < deadline, "no reply mail");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };

    // Signed out: the thread, the screenshot, the answer (via email).
    let (status, page) = get(&app, &format!("/api/public/support/reply/{token}"), None).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(
        (page["ticket"]["id"].as_str(), page["messages"][1]["authorName"].as_str()),
        (Some(id.as_str()), Some("佐藤"))
    );
    let linked_shot = format!("/api/public/support/reply/{token}/attachments/{}", shot["id"].as_str().expect("id"));
    let image = app.gateway.client.get(app.gateway.url(&linked_shot)).send().await.expect("get");
    assert_eq!(image.status(), 200);
    let answer = json!({"requestId": request_id(), "message": "メールから返信します"});
    let sent = app
        .gateway
        .client
        .post(app.gateway.url(&format!("/api/public/support/reply/{token}")))
        .header("origin", crate::helpers::ORIGIN)
        .json(&answer)
        .send()
        .await
        .expect("post");
    let (status, message) = json(sent).await;
    assert_eq!((status, message["via"].as_str()), (201, Some("email")), "{message}");
    let (_, thread) = get(&app, &format!("/api/support/tickets/{id}"), Some(&hanako)).await;
    assert_eq!(thread["messages"][2]["via"], "email");

    // A forged or malformed link: one answer, in Japanese.
    let mut forged = token.clone();
    let last = if forged.ends_with('A') { "B" } else { "A" };
    forged.replace_range(42.., last);
    for bad in [forged.as_str(), "not-a-token"] {
        let (status, refused) = get(&app, &format!("/api/public/support/reply/{bad}"), None).await;
        assert_eq!((status, refused["code"].as_str()), (404, Some("REPLY_LINK_INVALID")), "{bad}");
        assert_eq!(refused["message"], "このリンクは使えません。リンクが正しくないか、有効期限が切れています");
    }
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}
