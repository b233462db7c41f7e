//! A mention through the fleet: social resolves `@handles` to accepted friends only, asks notify for
//! the mail, notify mails the friend with a one-click unsubscribe that a mail client posts to the
//! gateway without a session or an origin; after it the friend is still notified, but not mailed.

use serde_json::{Value, json};

use crate::helpers::{DiaryFleet, MENTION_MAIL, WAIT, header};

/// POSTs to `url` (the mail's List-Unsubscribe) as a mail client does (RFC 8058): no session, no
/// Origin, the one-click form body.
async fn one_click(fleet: &DiaryFleet, url: &str) -> (u16, Value) {
    let path = url.strip_prefix("https://meguri.example").unwrap_or_else(|| panic!("a link of APP_BASE_URL: {url}"));
    let response = fleet
        .gateway
        .client
        .post(fleet.gateway.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("request");
    gateway::testkit::json(response).await
}

/// `url` with one character of the token's signature changed.
fn forged(url: &str) -> String {
    let mut chars: Vec<char> = url.chars().collect();
    let at = chars.len() - 10;
    chars[at] = if chars[at] == 'A' { 'B' } else { 'A' };
    chars.into_iter().collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_mention_mails_the_friend_only_and_its_unsubscribe_link_stops_the_next_mail() {
    // Arrange: a and b are friends; c is not a's friend
    let (fleet, members) = crate::helpers::spawn(&["author", "friend", "other"]).await;
    let (a, b, c) = (&members[0], &members[1], &members[2]);
    fleet.befriend(a, b).await;

    // Act
    let requests = fleet.mail_requests_made().await;
    let content = format!("@{} と @{} のことを考えた", b.username, c.username);
    let entry = fleet.entry(a, &content).await;

    // Assert: b is notified and mailed once, c gets nothing and stays plain text
    assert_eq!(entry["mentions"].as_array().map(Vec::len), Some(1), "{entry}");
    assert_eq!(entry["mentions"][0]["userId"], json!(b.id), "{entry}");
    let notifications = meguri_testkit::eventually("b's mention notification", WAIT, || async {
        Some(fleet.mention_notifications(b).await).filter(|n| !n.is_empty())
    })
    .await;
    assert_eq!(notifications.len(), 1, "{notifications:?}");
    assert_eq!(notifications[0]["diaryEntry"]["id"], entry["id"]);
    assert_eq!(notifications[0]["mentioner"]["username"], json!(a.username));
    let mail = fleet.exactly_mails(b, MENTION_MAIL, 1).await;
    assert!(mail[0].contains(&format!("@{}", a.username)), "{}", mail[0]);
    assert!(!mail[0].contains("のことを考えた"), "a mention mail never carries the text: {}", mail[0]);
    fleet.mail_requests_handled_after(requests).await;
    assert!(fleet.mails_to(c, MENTION_MAIL).is_empty(), "c is not a's friend");
    assert!(fleet.mention_notifications(c).await.is_empty());
    let (status, body) = fleet.get(&format!("/api/diary/{}", entry["id"].as_str().expect("id")), c).await;
    assert_eq!(status, 404, "{body}");

    // Act: b's mail client posts the one-click link
    let list_unsubscribe = header(&mail[0], "List-Unsubscribe").expect("List-Unsubscribe");
    assert_eq!(header(&mail[0], "List-Unsubscribe-Post").as_deref(), Some("List-Unsubscribe=One-Click"));
    let url = list_unsubscribe.trim_start_matches('<').trim_end_matches('>').to_owned();
    let (status, body) = one_click(&fleet, &url).await;

    // Assert: mentionedInDiary is off for b, and only it
    assert_eq!(
        (status, &body),
        (200, &json!({"preference": "mentionedInDiary", "label": "日記でメンションされたとき"}))
    );
    let (status, preferences) = fleet.get("/api/settings/email-preferences", b).await;
    assert_eq!(status, 200, "{preferences}");
    assert_eq!(preferences["mentionedInDiary"], json!(false), "{preferences}");
    assert_eq!(preferences["futureDiaryDelivery"], json!(true), "{preferences}");
    let (status, preferences) = fleet.get("/api/settings/email-preferences", a).await;
    assert_eq!((status, &preferences["mentionedInDiary"]), (200, &json!(true)), "{preferences}");

    // the same link again, and a forged one, are refused
    let (status, body) = one_click(&fleet, &url).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("UNSUBSCRIBE_TOKEN_USED")), "{body}");
    assert_eq!(body["message"], json!("この配信停止リンクはすでに使われています"));
    let (status, body) = one_click(&fleet, &forged(&url)).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("INVALID_UNSUBSCRIBE_TOKEN")), "{body}");
    assert_eq!(body["message"], json!("配信停止リンクが正しくないか、有効期限が切れています"));

    // Act: a mentions b again
    let requests = fleet.mail_requests_made().await;
    let again = fleet.entry(a, &format!("また @{} に会った", b.username)).await;

    // Assert: a second notification, no second mail
    let notifications = meguri_testkit::eventually("b's second mention notification", WAIT, || async {
        Some(fleet.mention_notifications(b).await).filter(|n| n.len() >= 2)
    })
    .await;
    assert_eq!(notifications.len(), 2, "{notifications:?}");
    assert_eq!(notifications[1]["diaryEntry"]["id"], again["id"]);
    fleet.mail_requests_handled_after(requests).await;
    fleet.exactly_mails(b, MENTION_MAIL, 1).await;
}
