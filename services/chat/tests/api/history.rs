//! Reading: the history by pages (newest first), one message, the status.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use meguri_proto::meguri::chat::v1 as pb;

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread")]
async fn the_history_pages_newest_first() {
    let app = spawn_app().await;
    let user = app.member(5);
    let other = app.member(1);
    let mut ids = Vec::new();
    for text in ["一通目", "二通目", "三通目", "四通目", "五通目"] {
        ids.push(app.say(user, text).await.message().id);
        app.chat.clock.advance(Duration::from_secs(1));
    }
    let theirs = app.say(other, "ほかの人").await.message().id;
    let list = |limit, before: Option<String>| {
        let mut client = app.user(user);
        async move { client.list_messages(pb::ListMessagesRequest { limit, before }).await.map(|r| r.into_inner()) }
    };

    let first = list(2, None).await.unwrap();
    assert_eq!(first.messages.iter().map(|m| m.message.as_str()).collect::<Vec<_>>(), ["五通目", "四通目"]);
    let second = list(2, first.next_before.clone()).await.unwrap();
    assert_eq!(second.messages.iter().map(|m| m.message.as_str()).collect::<Vec<_>>(), ["三通目", "二通目"]);
    let last = list(2, second.next_before.clone()).await.unwrap();
    assert_eq!(last.messages.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(), [ids[0].as_str()]);
    assert_eq!(last.next_before, None);
    assert_eq!(list(0, None).await.unwrap().messages.len(), 5, "0 means the default page");

    let too_many = list(51, None).await.expect_err("limit");
    assert_eq!(meguri_status::code_of(&too_many), Some("INVALID_LIMIT"));
    let foreign = list(2, Some(theirs.clone())).await.expect_err("another user's cursor");
    assert_eq!(meguri_status::code_of(&foreign), Some("MESSAGE_NOT_FOUND"));
    let hidden = app.get(user, &theirs).await.expect_err("another user's message");
    assert_eq!(hidden.code(), tonic::Code::NotFound);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_status_gives_the_cost_the_length_and_the_balance() {
    let app = spawn_app().await;
    let user = app.member(3);

    let status = app.user(user).get_chat_status(pb::GetChatStatusRequest {}).await.unwrap().into_inner();

    assert_eq!(status, pb::GetChatStatusResponse { credits_per_message: 1, max_message_length: 500, balance: 3 });
}
