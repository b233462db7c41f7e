//! One-click unsubscribe: the headers and link every optional mail carries (over real SMTP), and
//! the Unsubscribe RPC (a visitor's call) turning that one preference off, once.

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::identity::AccountDeleted;
use meguri_proto::notify as pb;
use notify::domain::{Preference, UnsubscribeKey};
use tonic::Code;
use uuid::Uuid;

use crate::helpers::{
    Client, Delivery, SECRET, SmtpSink, TestApp, eventually, friend_request_accepted as accepted,
    mentioned_in_diary as mention, spawn_app, text_part,
};

/// The value of header `name` in a raw message.
fn header(raw: &str, name: &str) -> Option<String> {
    raw.split("\r\n").find_map(|line| line.strip_prefix(&format!("{name}: ")).map(str::to_owned))
}

async fn unsubscribe(client: &mut Client, token: &str) -> Result<pb::UnsubscribeResponse, tonic::Status> {
    client.unsubscribe(pb::UnsubscribeRequest { token: token.to_owned() }).await.map(tonic::Response::into_inner)
}

fn code(status: &tonic::Status) -> (Code, Option<&str>) {
    (status.code(), status.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()))
}

/// The token of the one message in `sink`, checked against its headers and body link.
async fn token_of_the_mail(sink: &SmtpSink) -> String {
    let files = sink.dir.wait_for_emails(1).await;
    let raw = String::from_utf8(std::fs::read(&files[0]).expect("read")).expect("7-bit over SMTP");
    let list = header(&raw, "List-Unsubscribe").expect("a List-Unsubscribe header");
    assert_eq!(header(&raw, "List-Unsubscribe-Post").as_deref(), Some("List-Unsubscribe=One-Click"), "RFC 8058");
    let token = list
        .strip_prefix("<https://meguri.example/api/unsubscribe?token=")
        .and_then(|rest| rest.strip_suffix('>'))
        .unwrap_or_else(|| panic!("the one-click URL: {list}"))
        .to_owned();
    let text = text_part(raw.as_bytes()).replace("\r\n", "\n");
    assert!(text.contains(&format!("https://meguri.example/unsubscribe?token={token}\n")), "the body link: {text}");
    token
}

async fn preferences(app: &TestApp, user: UserId) -> pb::EmailPreferences {
    app.user(user)
        .await
        .get_email_preferences(pb::GetEmailPreferencesRequest {})
        .await
        .expect("preferences")
        .into_inner()
        .preferences
        .expect("present")
}

/// notify over real SMTP, taro, and the token of the accepted-request mail he got.
async fn taros_accepted_mail() -> (SmtpSink, TestApp, UserId, String) {
    let sink = SmtpSink::start(0);
    let app = spawn_app(Delivery::smtp(sink.url())).await;
    let taro = app.member("taro");
    app.request_mail(&accepted(taro)).await;
    let token = token_of_the_mail(&sink).await;
    (sink, app, taro, token)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_mails_unsubscribe_link_turns_that_kind_off_without_sign_in_once() {
    let (_sink, app, taro, token) = taros_accepted_mail().await;
    let mut visitor = app.visitor().await;

    let answer = unsubscribe(&mut visitor, &token).await.expect("unsubscribed");

    assert_eq!(answer.preference(), pb::Preference::FriendRequestAccepted);
    assert_eq!(answer.label, "友達リクエストが承認されたとき");
    let now = preferences(&app, taro).await;
    assert!(!now.friend_request_accepted);
    assert!(now.friend_request_received && now.mentioned_in_diary && now.future_diary_delivery, "only that kind");

    let again = unsubscribe(&mut visitor, &token).await.expect_err("used");
    assert_eq!(code(&again), (Code::FailedPrecondition, Some("UNSUBSCRIBE_TOKEN_USED")));
    let by_the_user = unsubscribe(&mut app.user(taro).await, &token).await.expect_err("used");
    assert_eq!(code(&by_the_user), (Code::FailedPrecondition, Some("UNSUBSCRIBE_TOKEN_USED")));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_mention_mail_links_to_the_entry_and_its_token_turns_mentions_off() {
    let sink = SmtpSink::start(0);
    let app = spawn_app(Delivery::smtp(sink.url())).await;
    let taro = app.member("taro");
    let entry = Uuid::now_v7();

    let event = app.request_mail(&mention(taro, entry)).await;

    let token = token_of_the_mail(&sink).await;
    let raw = std::fs::read(&sink.dir.emails()[0]).expect("read");
    let text = text_part(&raw).replace("\r\n", "\n");
    assert!(text.contains("花子（@hanako）さんが、2026年12月3日の日記であなたをメンションしました。"), "{text}");
    assert!(text.contains(&format!("https://meguri.example/diary/{entry}\n")), "{text}");
    assert_eq!(app.wait_for_status(event, "sent").await.r#type, "mentioned_in_diary");
    let answer = unsubscribe(&mut app.visitor().await, &token).await.expect("unsubscribed");
    assert_eq!(
        (answer.preference(), answer.label.as_str()),
        (pb::Preference::MentionedInDiary, "日記でメンションされたとき")
    );

    // Off now: the next mention sends nothing.
    let unwanted = app.request_mail(&mention(taro, Uuid::now_v7())).await;
    eventually("the request handled", || async {
        (app.stream_len(meguri_events::MAIL_STREAM).await == 0).then_some(())
    })
    .await;
    assert!(app.notification(unwanted).await.is_none());
}

#[tokio::test(flavor = "multi_thread")]
async fn forged_mangled_or_redirected_tokens_and_tokens_of_deleted_members_are_refused() {
    let (_sink, app, taro, token) = taros_accepted_mail().await;
    let id = notify::domain::unsubscribe::parse(&token).expect("well formed").id;
    let key = UnsubscribeKey::derive(&secrecy::SecretString::from(SECRET.to_owned()));
    let other_key =
        UnsubscribeKey::derive(&secrecy::SecretString::from("another-secret-another-secret-0123".to_owned()));
    let mut flipped = token.clone().into_bytes();
    flipped[10] = if flipped[10] == b'A' { b'B' } else { b'A' };
    let forged = [
        String::new(),
        "not-a-token".to_owned(),
        String::from_utf8(flipped).expect("ascii"),
        key.token(id, taro, Preference::InactivityReminder), // pointed at another switch
        key.token(id, UserId::new(), Preference::FriendRequestAccepted), // at another member
        other_key.token(id, taro, Preference::FriendRequestAccepted), // signed with another key
        key.token(Uuid::new_v4(), taro, Preference::FriendRequestAccepted), // never issued
    ];
    let mut visitor = app.visitor().await;

    for bad in &forged {
        let refused = unsubscribe(&mut visitor, bad).await.expect_err("refused");
        assert_eq!(code(&refused), (Code::InvalidArgument, Some("INVALID_UNSUBSCRIBE_TOKEN")), "{bad}");
    }
    assert!(preferences(&app, taro).await.friend_request_accepted, "nothing changed");

    let mut service = app.client_as(Subject::Anonymous, Role::Service).await;
    assert_eq!(unsubscribe(&mut service, &token).await.expect_err("refused").code(), Code::PermissionDenied);

    app.publish(Uuid::now_v7(), &AccountDeleted { user_id: taro.to_string() }).await;
    let tokens = "SELECT count(*) AS n FROM unsubscribe_tokens WHERE user_id = $1";
    eventually("the tokens gone", || async { (app.count(tokens, taro).await == 0).then_some(()) }).await;
    let gone = unsubscribe(&mut visitor, &token).await.expect_err("the member is gone");
    assert_eq!(code(&gone), (Code::InvalidArgument, Some("INVALID_UNSUBSCRIBE_TOKEN")));
}
