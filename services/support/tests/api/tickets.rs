//! A member's own tickets: open, list, read, write again; the checks; another member's ticket is
//! not found; the counters under concurrent messages.

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::meguri::support::v1 as pb;
use tonic::Code;

use crate::helpers::{code_of, count_rows, open, request_id, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn a_member_opens_a_ticket_sees_it_listed_and_reads_its_thread() {
    let app = spawn_app().await;
    let user = UserId::new();
    let mut me = app.member(user);

    let thread = me
        .open_ticket(open("  ログインできません ", "パスワードを再設定しても\nログインできません。"))
        .await
        .expect("opened")
        .into_inner();
    let ticket = thread.ticket.expect("ticket");
    assert_eq!(ticket.subject, "ログインできません");
    assert_eq!(ticket.user_id.as_deref(), Some(user.to_string().as_str()));
    // Spec §9 defaults: open, normal, and the first message counted.
    assert_eq!((ticket.status, ticket.priority), (pb::TicketStatus::Open as i32, pb::TicketPriority::Normal as i32));
    assert_eq!(ticket.message_count, 1);
    assert_eq!(ticket.last_message_preview, "パスワードを再設定しても ログインできません。");
    assert_eq!(ticket.closed_at, None);
    assert_eq!(thread.messages.len(), 1);
    let first = &thread.messages[0];
    assert_eq!(first.body, "パスワードを再設定しても\nログインできません。");
    assert_eq!((first.author_type, first.via), (pb::AuthorType::Member as i32, pb::Via::Web as i32));
    assert_eq!(first.created_at, ticket.last_message_at);

    let listed = me.list_my_tickets(pb::ListMyTicketsRequest {}).await.expect("list").into_inner().tickets;
    assert_eq!(listed.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(), [ticket.id.as_str()]);
    let read = me.get_my_ticket(pb::TicketRef { ticket_id: ticket.id.clone() }).await.expect("read").into_inner();
    assert_eq!(read.messages, thread.messages);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_double_click_opens_one_ticket_and_a_repeated_message_is_stored_once() {
    let app = spawn_app().await;
    let mut me = app.member(UserId::new());
    let request = open("二重送信", "一度だけ届くはずです");
    let (mut first, mut second) = (me.clone(), me.clone());
    let (a, b) = tokio::join!(first.open_ticket(request.clone()), second.open_ticket(request.clone()));
    let (a, b) = (a.expect("first").into_inner(), b.expect("second").into_inner());
    assert_eq!(a.ticket.as_ref().map(|t| &t.id), b.ticket.as_ref().map(|t| &t.id));
    assert_eq!(count_rows(&app, "support_tickets").await, 1);

    let ticket_id = a.ticket.expect("ticket").id;
    let message = pb::PostMessageRequest {
        ticket_id: ticket_id.clone(),
        request_id: request_id(),
        body: "追記です".into(),
        ..Default::default()
    };
    let first = me.post_message(message.clone()).await.expect("posted").into_inner();
    let again = me.post_message(message).await.expect("replayed").into_inner();
    assert_eq!(first, again);
    let ticket = me.get_my_ticket(pb::TicketRef { ticket_id }).await.expect("read").into_inner().ticket.expect("t");
    assert_eq!(ticket.message_count, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_is_refused_with_its_code_and_nothing_is_stored() {
    let app = spawn_app().await;
    let mut me = app.member(UserId::new());
    let cases = [
        (open("", "本文"), "TICKET_SUBJECT_REQUIRED"),
        (open(&"件".repeat(101), "本文"), "TICKET_SUBJECT_TOO_LONG"),
        (open("件名", "  "), "TICKET_MESSAGE_REQUIRED"),
        (open("件名", &"x".repeat(100_000)), "TICKET_MESSAGE_TOO_LONG"),
        (pb::OpenTicketRequest { request_id: "not-a-uuid".into(), ..open("件名", "本文") }, "INVALID_REQUEST_ID"),
    ];
    for (request, code) in cases {
        let refused = me.open_ticket(request).await.expect_err(code);
        assert_eq!((refused.code(), code_of(&refused)), (Code::InvalidArgument, code));
    }
    assert_eq!(count_rows(&app, "support_tickets").await, 0);
    assert_eq!(count_rows(&app, "support_ticket_messages").await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn another_members_ticket_is_not_found_and_signed_out_callers_are_refused() {
    let app = spawn_app().await;
    let mut owner = app.member(UserId::new());
    let ticket =
        owner.open_ticket(open("私の件", "私だけのもの")).await.expect("opened").into_inner().ticket.expect("t");
    let mut other = app.member(UserId::new());

    let read = other.get_my_ticket(pb::TicketRef { ticket_id: ticket.id.clone() }).await.expect_err("not theirs");
    assert_eq!((read.code(), code_of(&read)), (Code::NotFound, "TICKET_NOT_FOUND"));
    let post = other
        .post_message(pb::PostMessageRequest {
            ticket_id: ticket.id.clone(),
            request_id: request_id(),
            body: "横から".into(),
            ..Default::default()
        })
        .await
        .expect_err("not theirs");
    assert_eq!(code_of(&post), "TICKET_NOT_FOUND");
    let garbage = other.get_my_ticket(pb::TicketRef { ticket_id: "../etc".into() }).await.expect_err("no id");
    assert_eq!(code_of(&garbage), "TICKET_NOT_FOUND");
    assert!(other.list_my_tickets(pb::ListMyTicketsRequest {}).await.expect("list").into_inner().tickets.is_empty());

    let mut visitor = app.as_caller(Subject::Anonymous, Role::Visitor);
    let refused = visitor.list_my_tickets(pb::ListMyTicketsRequest {}).await.expect_err("signed out");
    assert_eq!(refused.code(), Code::Unauthenticated);
    let thread = owner.get_my_ticket(pb::TicketRef { ticket_id: ticket.id }).await.expect("owner").into_inner();
    assert_eq!(thread.ticket.expect("t").message_count, 1, "nothing was added");
}

#[tokio::test(flavor = "multi_thread")]
async fn fifty_concurrent_messages_count_fifty_and_the_newest_time_is_the_last_message() {
    let app = spawn_app().await;
    let me = app.member(UserId::new());
    let ticket =
        me.clone().open_ticket(open("同時送信", "はじめ")).await.expect("opened").into_inner().ticket.expect("t");

    let sends = (0..50).map(|i| {
        let mut client = me.clone();
        let clock = app.service.clock.clone();
        let ticket_id = ticket.id.clone();
        tokio::spawn(async move {
            clock.advance(std::time::Duration::from_millis(i % 7));
            client
                .post_message(pb::PostMessageRequest {
                    ticket_id,
                    request_id: request_id(),
                    body: format!("{i}通目"),
                    ..Default::default()
                })
                .await
                .expect("posted")
                .into_inner()
        })
    });
    let posted = futures_join(sends).await;
    assert_eq!(posted.len(), 50);

    let thread = me.clone().get_my_ticket(pb::TicketRef { ticket_id: ticket.id }).await.expect("read").into_inner();
    let after = thread.ticket.expect("t");
    assert_eq!(after.message_count, 51);
    assert_eq!(thread.messages.len(), 51);
    let newest = thread.messages.iter().map(|m| m.created_at.clone()).max().expect("messages");
    assert_eq!(after.last_message_at, newest);
    let last = thread.messages.last().expect("last");
    assert_eq!(after.last_message_preview, last.body, "the preview is the newest message's");
}

async fn futures_join<T: Send + 'static>(handles: impl Iterator<Item = tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.expect("task"));
    }
    out
}
