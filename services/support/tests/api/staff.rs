//! The staff inbox: the list's filters, search and paging; a ticket with its notes (which the member
//! never sees); assignment; status and priority with closed_at; staff replies read and unread; the
//! counters under concurrent staff and member messages; who may call.

use std::collections::HashSet;
use std::time::Duration;

use chrono::{DateTime, Utc};
use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::meguri::support::v1 as pb;
use tonic::Code;
use uuid::Uuid;

use crate::helpers::{Client, TestApp, code_of, count_rows, open, request_id, spawn_app};

/// Opens a ticket for a new member; answers the ticket and that member's client.
async fn ticket_of_new_member(app: &TestApp, subject: &str) -> (pb::Ticket, Client) {
    let mut member = app.member(UserId::new());
    let thread = member.open_ticket(open(subject, "本文です")).await.expect("opened").into_inner();
    (thread.ticket.expect("ticket"), member)
}

async fn subjects(staff: &mut Client, request: pb::ListTicketsRequest) -> Vec<String> {
    let mut out: Vec<String> = staff
        .list_tickets(request)
        .await
        .expect("listed")
        .into_inner()
        .tickets
        .into_iter()
        .map(|t| t.subject)
        .collect();
    out.sort();
    out
}

fn reply(ticket: &str, body: &str, internal: bool) -> pb::StaffReplyRequest {
    pb::StaffReplyRequest {
        ticket_id: ticket.to_owned(),
        request_id: request_id(),
        body: body.to_owned(),
        internal,
        author_name: String::new(),
    }
}

fn update(ticket: &str, status: pb::TicketStatus, priority: pb::TicketPriority) -> pb::UpdateTicketRequest {
    pb::UpdateTicketRequest { ticket_id: ticket.to_owned(), status: status as i32, priority: priority as i32 }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_list_filters_by_status_priority_assignee_and_subject_alone_and_combined() {
    // Arrange: four tickets in different states, two admins.
    let app = spawn_app().await;
    let (alice, bob) = (Uuid::now_v7(), Uuid::now_v7());
    let mut staff = app.admin(alice);
    let (login, _) = ticket_of_new_member(&app, "LOGIN できません").await;
    let (refund, _) = ticket_of_new_member(&app, "返金について").await;
    let (chart, _) = ticket_of_new_member(&app, "命式の表示").await;
    let (_quiet, _) = ticket_of_new_member(&app, "その他").await;
    staff.update_ticket(update(&login.id, pb::TicketStatus::InProgress, pb::TicketPriority::High)).await.expect("u");
    staff.update_ticket(update(&refund.id, pb::TicketStatus::Closed, pb::TicketPriority::High)).await.expect("u");
    staff.update_ticket(update(&chart.id, pb::TicketStatus::Unspecified, pb::TicketPriority::Urgent)).await.expect("u");
    for (ticket, admin) in [(&login, alice), (&refund, bob), (&chart, alice)] {
        let assign = pb::AssignTicketRequest { ticket_id: ticket.id.clone(), admin_id: Some(admin.to_string()) };
        staff.assign_ticket(assign).await.expect("assigned");
    }
    let all = pb::ListTicketsRequest::default();

    // Act + assert: each filter alone…
    assert_eq!(subjects(&mut staff, all.clone()).await.len(), 4);
    let open_ones = pb::ListTicketsRequest { status: pb::TicketStatus::Open as i32, ..all.clone() };
    assert_eq!(subjects(&mut staff, open_ones).await, ["その他", "命式の表示"]);
    let high = pb::ListTicketsRequest { priority: pb::TicketPriority::High as i32, ..all.clone() };
    assert_eq!(subjects(&mut staff, high).await, ["LOGIN できません", "返金について"]);
    let alices = pb::ListTicketsRequest { assigned_to: Some(alice.to_string()), ..all.clone() };
    assert_eq!(subjects(&mut staff, alices).await, ["LOGIN できません", "命式の表示"]);
    let nobodys = pb::ListTicketsRequest { assigned_to: Some("none".into()), ..all.clone() };
    assert_eq!(subjects(&mut staff, nobodys).await, ["その他"]);
    let search = pb::ListTicketsRequest { query: " login ".into(), ..all.clone() };
    assert_eq!(subjects(&mut staff, search).await, ["LOGIN できません"], "case-insensitive");
    // …and combined.
    let combined = pb::ListTicketsRequest {
        priority: pb::TicketPriority::High as i32,
        assigned_to: Some(alice.to_string()),
        ..all.clone()
    };
    assert_eq!(subjects(&mut staff, combined).await, ["LOGIN できません"]);
    let none_match = pb::ListTicketsRequest {
        status: pb::TicketStatus::Closed as i32,
        assigned_to: Some(alice.to_string()),
        ..all.clone()
    };
    assert!(subjects(&mut staff, none_match).await.is_empty());
    let closed_refunds = pb::ListTicketsRequest {
        status: pb::TicketStatus::Closed as i32,
        query: "返金".into(),
        assigned_to: Some(bob.to_string()),
        ..all.clone()
    };
    assert_eq!(subjects(&mut staff, closed_refunds).await, ["返金について"]);

    // Bad filters are refused with their codes.
    let cases = [
        (pb::ListTicketsRequest { status: 99, ..all.clone() }, "INVALID_STATUS"),
        (pb::ListTicketsRequest { priority: -1, ..all.clone() }, "INVALID_PRIORITY"),
        (pb::ListTicketsRequest { assigned_to: Some("alice".into()), ..all.clone() }, "INVALID_ADMIN_ID"),
        (pb::ListTicketsRequest { limit: 101, ..all.clone() }, "INVALID_LIMIT"),
    ];
    for (request, code) in cases {
        let refused = staff.list_tickets(request).await.expect_err(code);
        assert_eq!((refused.code(), code_of(&refused)), (Code::InvalidArgument, code));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_search_matches_percent_and_underscore_literally() {
    let app = spawn_app().await;
    let mut staff = app.admin(Uuid::now_v7());
    for subject in ["100%返金", "100円返金", "a_b の件", "axb の件", r"C:\path の件", "Cxpath の件"] {
        ticket_of_new_member(&app, subject).await;
    }
    let search = |query: &str| pb::ListTicketsRequest { query: query.to_owned(), ..Default::default() };

    assert_eq!(subjects(&mut staff, search("100%")).await, ["100%返金"]);
    assert_eq!(subjects(&mut staff, search("%")).await, ["100%返金"]);
    assert_eq!(subjects(&mut staff, search("a_b")).await, ["a_b の件"]);
    assert_eq!(subjects(&mut staff, search("_")).await, ["a_b の件"]);
    assert_eq!(subjects(&mut staff, search(r"C:\p")).await, [r"C:\path の件"]);
    assert_eq!(subjects(&mut staff, search("返金")).await, ["100%返金", "100円返金"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn paging_over_120_tickets_covers_each_exactly_once_newest_first() {
    // Arrange: 120 tickets, three at each instant, so the id breaks ties.
    let app = spawn_app().await;
    let start = DateTime::parse_from_rfc3339("2026-11-29T09:00:00Z").expect("time").with_timezone(&Utc);
    app.service.clock.set(start);
    let mut opened = Vec::new();
    for i in 0..120 {
        if i % 3 == 0 {
            app.service.clock.advance(Duration::from_millis(1));
        }
        opened.push(ticket_of_new_member(&app, &format!("件名{i}")).await.0);
    }
    let mut expected: Vec<(String, String)> =
        opened.iter().map(|t| (t.last_message_at.clone(), t.id.clone())).collect();
    expected.sort_by(|a, b| b.cmp(a));
    let expected: Vec<String> = expected.into_iter().map(|(_, id)| id).collect();
    let mut staff = app.admin(Uuid::now_v7());

    // Act: pages of 25 until the cursor runs out.
    let mut seen = Vec::new();
    let mut cursor = String::new();
    let mut pages = 0;
    loop {
        let page = staff
            .list_tickets(pb::ListTicketsRequest { cursor: cursor.clone(), limit: 25, ..Default::default() })
            .await
            .expect("page")
            .into_inner();
        pages += 1;
        seen.extend(page.tickets.into_iter().map(|t| t.id));
        if page.next_cursor.is_empty() {
            break;
        }
        cursor = page.next_cursor;
        assert!(pages < 10, "the paging does not end");
    }

    // Assert: every ticket once, in (last_message_at, id) descending order, in 5 pages.
    assert_eq!(pages, 5);
    assert_eq!(seen.iter().collect::<HashSet<_>>().len(), 120);
    assert_eq!(seen, expected);
    let first = staff.list_tickets(pb::ListTicketsRequest::default()).await.expect("default").into_inner();
    assert_eq!(first.tickets.len(), 50, "50 by default");
    assert!(!first.next_cursor.is_empty());
    for bad in ["garbage", "MTIz", "!!"] {
        let refused = staff
            .list_tickets(pb::ListTicketsRequest { cursor: bad.into(), ..Default::default() })
            .await
            .expect_err("bad cursor");
        assert_eq!((refused.code(), code_of(&refused)), (Code::InvalidArgument, "INVALID_CURSOR"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_sees_internal_notes_and_the_member_never_does() {
    // Arrange: a ticket with a staff reply and a note.
    let app = spawn_app().await;
    let (ticket, mut member) = ticket_of_new_member(&app, "表示がおかしい").await;
    let mut staff = app.admin(Uuid::now_v7());
    let listed = staff.list_tickets(pb::ListTicketsRequest::default()).await.expect("list").into_inner().tickets;
    assert_eq!(listed[0].unread_count, 1, "the member's first message is new to staff");
    staff.staff_reply(reply(&ticket.id, "確認いたします", false)).await.expect("reply");
    staff.staff_reply(reply(&ticket.id, "社内メモ: 再現できた", true)).await.expect("note");

    // Act
    let seen_by_staff = staff.get_ticket(pb::TicketRef { ticket_id: ticket.id.clone() }).await.expect("get");
    let seen_by_member = member.get_my_ticket(pb::TicketRef { ticket_id: ticket.id.clone() }).await.expect("mine");

    // Assert: staff sees all three, the note marked; the member two, counted two.
    let staff_thread = seen_by_staff.into_inner();
    let bodies: Vec<_> = staff_thread.messages.iter().map(|m| (m.body.as_str(), m.internal)).collect();
    assert_eq!(bodies, [("本文です", false), ("確認いたします", false), ("社内メモ: 再現できた", true)]);
    let staff_ticket = staff_thread.ticket.expect("ticket");
    assert_eq!(staff_ticket.message_count, 2, "notes are not counted");
    assert_eq!(staff_ticket.last_message_preview, "確認いたします", "a note moves nothing");
    assert_eq!(staff_ticket.unread_count, 1, "the answer still marks what was new");
    let member_thread = seen_by_member.into_inner();
    assert!(member_thread.messages.iter().all(|m| !m.internal));
    assert_eq!(member_thread.messages.len(), 2);
    assert_eq!(member_thread.ticket.expect("ticket").message_count, 2);
    let mine = member.list_my_tickets(pb::ListMyTicketsRequest {}).await.expect("list").into_inner().tickets;
    assert_eq!((mine[0].message_count, mine[0].last_message_preview.as_str()), (2, "確認いたします"));
    // GetTicket marked the member's message read by staff.
    let listed = staff.list_tickets(pb::ListTicketsRequest::default()).await.expect("list").into_inner().tickets;
    assert_eq!(listed[0].unread_count, 0);
    let again = staff.get_ticket(pb::TicketRef { ticket_id: ticket.id.clone() }).await.expect("get").into_inner();
    assert!(again.messages[0].is_read);
    let missing = staff.get_ticket(pb::TicketRef { ticket_id: Uuid::now_v7().to_string() }).await.expect_err("none");
    assert_eq!((missing.code(), code_of(&missing)), (Code::NotFound, "TICKET_NOT_FOUND"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ticket_is_assigned_reassigned_and_unassigned() {
    let app = spawn_app().await;
    let (ticket, _) = ticket_of_new_member(&app, "担当の件").await;
    let (alice, bob) = (Uuid::now_v7(), Uuid::now_v7());
    let mut staff = app.admin(alice);
    let assign = |admin_id: Option<String>| pb::AssignTicketRequest { ticket_id: ticket.id.clone(), admin_id };

    let assigned = staff.assign_ticket(assign(Some(alice.to_string()))).await.expect("assign").into_inner();
    assert_eq!(assigned.assigned_to, Some(alice.to_string()));
    let reassigned = staff.assign_ticket(assign(Some(bob.to_string()))).await.expect("reassign").into_inner();
    assert_eq!(reassigned.assigned_to, Some(bob.to_string()));
    let cleared = staff.assign_ticket(assign(None)).await.expect("unassign").into_inner();
    assert_eq!(cleared.assigned_to, None);
    staff.assign_ticket(assign(Some(alice.to_string()))).await.expect("assign");
    let cleared = staff.assign_ticket(assign(Some(String::new()))).await.expect("empty clears").into_inner();
    assert_eq!(cleared.assigned_to, None);

    let refused = staff.assign_ticket(assign(Some("bob".into()))).await.expect_err("not an id");
    assert_eq!((refused.code(), code_of(&refused)), (Code::InvalidArgument, "INVALID_ADMIN_ID"));
    let missing = staff
        .assign_ticket(pb::AssignTicketRequest { ticket_id: Uuid::now_v7().to_string(), admin_id: None })
        .await
        .expect_err("no ticket");
    assert_eq!(code_of(&missing), "TICKET_NOT_FOUND");
    let unassigned = pb::ListTicketsRequest { assigned_to: Some("none".into()), ..Default::default() };
    assert_eq!(subjects(&mut staff, unassigned).await, ["担当の件"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn closing_sets_closed_at_reopening_clears_it_and_a_member_message_reopens() {
    let app = spawn_app().await;
    let (ticket, mut member) = ticket_of_new_member(&app, "状態の件").await;
    let mut staff = app.admin(Uuid::now_v7());
    let id = ticket.id.clone();
    let (unset, closed) = (pb::TicketPriority::Unspecified, pb::TicketStatus::Closed);

    // Closing stamps closed_at; closing again keeps the first time.
    let done = staff.update_ticket(update(&id, closed, unset)).await.expect("close").into_inner();
    assert_eq!(done.status, closed as i32);
    let closed_at = done.closed_at.clone().expect("closed_at set");
    app.service.clock.advance(Duration::from_secs(60));
    let again = staff.update_ticket(update(&id, closed, unset)).await.expect("close again").into_inner();
    assert_eq!(again.closed_at.as_deref(), Some(closed_at.as_str()));
    // The priority alone leaves the status as it is.
    let urgent = staff
        .update_ticket(update(&id, pb::TicketStatus::Unspecified, pb::TicketPriority::Urgent))
        .await
        .expect("priority")
        .into_inner();
    assert_eq!((urgent.status, urgent.priority), (closed as i32, pb::TicketPriority::Urgent as i32));
    assert!(urgent.closed_at.is_some());
    // A staff reply on a closed ticket leaves it closed.
    staff.staff_reply(reply(&id, "最後にひとこと", false)).await.expect("reply");
    let after_reply = staff.get_ticket(pb::TicketRef { ticket_id: id.clone() }).await.expect("get").into_inner();
    assert_eq!(after_reply.ticket.expect("t").status, closed as i32);

    // Reopening clears closed_at.
    let reopened =
        staff.update_ticket(update(&id, pb::TicketStatus::InProgress, unset)).await.expect("reopen").into_inner();
    assert_eq!((reopened.status, reopened.closed_at), (pb::TicketStatus::InProgress as i32, None));

    // A member's message reopens a closed ticket.
    staff.update_ticket(update(&id, closed, unset)).await.expect("close");
    member
        .post_message(pb::PostMessageRequest {
            ticket_id: id.clone(),
            request_id: request_id(),
            body: "まだです".into(),
            ..Default::default()
        })
        .await
        .expect("posted");
    let back = staff.get_ticket(pb::TicketRef { ticket_id: id.clone() }).await.expect("get").into_inner();
    let back = back.ticket.expect("t");
    assert_eq!((back.status, back.closed_at), (pb::TicketStatus::Open as i32, None));

    let bad = staff.update_ticket(pb::UpdateTicketRequest { ticket_id: id.clone(), status: 7, priority: 0 }).await;
    assert_eq!(code_of(&bad.expect_err("bad status")), "INVALID_STATUS");
    let bad = staff.update_ticket(pb::UpdateTicketRequest { ticket_id: id, status: 0, priority: 9 }).await;
    assert_eq!(code_of(&bad.expect_err("bad priority")), "INVALID_PRIORITY");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_staff_reply_is_unread_for_the_member_until_they_open_it_and_a_replay_stores_one() {
    // Arrange
    let app = spawn_app().await;
    let (ticket, mut member) = ticket_of_new_member(&app, "返信の件").await;
    let admin = Uuid::now_v7();
    let mut staff = app.admin(admin);
    app.service.clock.advance(Duration::from_secs(5));

    // Act: a reply, sent twice with one request id.
    let request = pb::StaffReplyRequest {
        author_name: "  佐藤 ".into(),
        ..reply(&ticket.id, "お待たせしました", false)
    };
    let first = staff.staff_reply(request.clone()).await.expect("reply").into_inner();
    let replayed = staff.staff_reply(request).await.expect("replayed").into_inner();

    // Assert: one message, by the admin, unread for the member until they open the ticket.
    assert_eq!(first, replayed);
    assert_eq!(count_rows(&app, "support_ticket_messages").await, 2);
    assert_eq!(
        (first.author_type, first.author_id.as_deref(), first.author_name.as_deref()),
        (pb::AuthorType::Staff as i32, Some(admin.to_string().as_str()), Some("佐藤"))
    );
    let mine = member.list_my_tickets(pb::ListMyTicketsRequest {}).await.expect("list").into_inner().tickets;
    assert_eq!((mine[0].unread_count, mine[0].message_count), (1, 2));
    assert_eq!(mine[0].last_message_at, first.created_at);
    assert_eq!(mine[0].last_message_preview, "お待たせしました");
    let opened = member.get_my_ticket(pb::TicketRef { ticket_id: ticket.id.clone() }).await.expect("get").into_inner();
    assert!(!opened.messages[1].is_read, "new when first shown");
    let reread = member.get_my_ticket(pb::TicketRef { ticket_id: ticket.id.clone() }).await.expect("get").into_inner();
    assert!(reread.messages[1].is_read);
    assert_eq!(reread.ticket.expect("t").unread_count, 0);

    // A blank name is サポート担当; bad input is refused and stores nothing.
    let default_name = staff.staff_reply(reply(&ticket.id, "ほかに", false)).await.expect("reply").into_inner();
    assert_eq!(default_name.author_name.as_deref(), Some("サポート担当"));
    let cases = [
        (
            pb::StaffReplyRequest { author_name: "名".repeat(51), ..reply(&ticket.id, "本文", false) },
            "AUTHOR_NAME_TOO_LONG",
        ),
        (reply(&ticket.id, " ", false), "TICKET_MESSAGE_REQUIRED"),
        (reply(&ticket.id, &"x".repeat(5001), true), "TICKET_MESSAGE_TOO_LONG"),
        (pb::StaffReplyRequest { request_id: "nope".into(), ..reply(&ticket.id, "本文", false) }, "INVALID_REQUEST_ID"),
    ];
    for (request, code) in cases {
        let refused = staff.staff_reply(request).await.expect_err(code);
        assert_eq!((refused.code(), code_of(&refused)), (Code::InvalidArgument, code));
    }
    let missing = staff.staff_reply(reply(&Uuid::now_v7().to_string(), "本文", false)).await.expect_err("no ticket");
    assert_eq!(code_of(&missing), "TICKET_NOT_FOUND");
    assert_eq!(count_rows(&app, "support_ticket_messages").await, 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn fifty_concurrent_staff_replies_and_member_messages_keep_the_counts_exact() {
    // Arrange
    let app = spawn_app().await;
    let (ticket, member) = ticket_of_new_member(&app, "同時の件").await;
    let staff = app.admin(Uuid::now_v7());

    // Act: 50 staff replies, 50 member messages and 10 notes at once, the clock moving meanwhile.
    let mut tasks = Vec::new();
    for i in 0..110u64 {
        let (mut staff, mut member) = (staff.clone(), member.clone());
        let clock = app.service.clock.clone();
        let ticket_id = ticket.id.clone();
        tasks.push(tokio::spawn(async move {
            clock.advance(Duration::from_millis(i % 5));
            match i % 11 {
                0 => staff.staff_reply(reply(&ticket_id, &format!("メモ{i}"), true)).await.map(|_| ()),
                n if n % 2 == 1 => staff.staff_reply(reply(&ticket_id, &format!("返信{i}"), false)).await.map(|_| ()),
                _ => member
                    .post_message(pb::PostMessageRequest {
                        ticket_id,
                        request_id: request_id(),
                        body: format!("質問{i}"),
                        ..Default::default()
                    })
                    .await
                    .map(|_| ()),
            }
        }));
    }
    for task in tasks {
        task.await.expect("task").expect("stored");
    }

    // Assert: 1 + 100 visible messages counted, 10 notes not; the newest time and preview are the
    // newest visible message's.
    let thread = staff.clone().get_ticket(pb::TicketRef { ticket_id: ticket.id.clone() }).await.expect("get");
    let thread = thread.into_inner();
    let after = thread.ticket.expect("t");
    let visible: Vec<_> = thread.messages.iter().filter(|m| !m.internal).collect();
    let staff_replies = visible.iter().filter(|m| m.author_type == pb::AuthorType::Staff as i32).count();
    assert_eq!((thread.messages.len(), visible.len(), staff_replies), (111, 101, 50));
    assert_eq!(after.message_count, 101);
    let newest = visible.last().expect("messages");
    assert_eq!(after.last_message_at, visible.iter().map(|m| m.created_at.clone()).max().expect("max"));
    assert_eq!(after.last_message_at, newest.created_at);
    assert_eq!(after.last_message_preview, newest.body);
    assert_eq!(after.unread_count, 51, "the member's 51 messages were new to staff");
    let mine = member.clone().list_my_tickets(pb::ListMyTicketsRequest {}).await.expect("list").into_inner();
    assert_eq!((mine.tickets[0].message_count, mine.tickets[0].unread_count), (101, 50));
}

#[tokio::test(flavor = "multi_thread")]
async fn only_an_admin_may_call_the_staff_rpcs() {
    let app = spawn_app().await;
    let (ticket, mut member) = ticket_of_new_member(&app, "権限の件").await;
    let id = ticket.id.clone();

    for (mut caller, code) in [
        (member.clone(), "PERMISSION_DENIED"),
        (app.as_caller(Subject::Anonymous, Role::Service), "PERMISSION_DENIED"),
        (app.as_caller(Subject::Anonymous, Role::Visitor), "UNAUTHENTICATED"),
        (app.as_caller(Subject::Anonymous, Role::Admin), "UNAUTHENTICATED"),
    ] {
        let grpc = if code == "PERMISSION_DENIED" { Code::PermissionDenied } else { Code::Unauthenticated };
        let refusals = [
            caller.list_tickets(pb::ListTicketsRequest::default()).await.map(|_| ()),
            caller.get_ticket(pb::TicketRef { ticket_id: id.clone() }).await.map(|_| ()),
            caller
                .assign_ticket(pb::AssignTicketRequest {
                    ticket_id: id.clone(),
                    admin_id: Some(Uuid::now_v7().to_string()),
                })
                .await
                .map(|_| ()),
            caller.update_ticket(update(&id, pb::TicketStatus::Closed, pb::TicketPriority::Urgent)).await.map(|_| ()),
            caller.staff_reply(reply(&id, "なりすまし", false)).await.map(|_| ()),
        ];
        for refusal in refusals {
            let refused = refusal.expect_err(code);
            assert_eq!((refused.code(), code_of(&refused)), (grpc, code));
        }
    }

    // Nothing changed.
    let mine = member.get_my_ticket(pb::TicketRef { ticket_id: id }).await.expect("mine").into_inner();
    let t = mine.ticket.expect("t");
    assert_eq!((t.status, t.priority, t.assigned_to, t.message_count), (1, 2, None, 1));
    assert_eq!(count_rows(&app, "support_ticket_messages").await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_staff_change_is_audited_once_and_a_change_to_the_same_value_not_at_all() {
    let app = spawn_app().await;
    let (alice, bob) = (Uuid::now_v7(), Uuid::now_v7());
    let mut staff = app.admin(alice);
    let (ticket, _member) = ticket_of_new_member(&app, "ログインできません").await;
    let assign = |to: Option<Uuid>| pb::AssignTicketRequest {
        ticket_id: ticket.id.clone(),
        admin_id: to.map(|a| a.to_string()),
    };

    staff.assign_ticket(assign(Some(alice))).await.expect("assigned");
    staff.assign_ticket(assign(Some(alice))).await.expect("the same again: no change");
    staff.assign_ticket(assign(Some(bob))).await.expect("reassigned");
    staff
        .update_ticket(update(&ticket.id, pb::TicketStatus::InProgress, pb::TicketPriority::Urgent))
        .await
        .expect("updated");
    staff
        .update_ticket(update(&ticket.id, pb::TicketStatus::InProgress, pb::TicketPriority::Urgent))
        .await
        .expect("the same again: no change");
    let note = reply(&ticket.id, "社内メモ", true);
    let noted = staff.staff_reply(note.clone()).await.expect("note").into_inner();
    staff.staff_reply(note).await.expect("a double click: the same note");
    let replied = staff.staff_reply(reply(&ticket.id, "ご連絡ありがとうございます", false)).await.expect("reply");
    let replied = replied.into_inner();

    let records = app.wait_audit(6).await;
    let seen: Vec<(&str, Option<&str>, Option<&str>)> =
        records.iter().map(|r| (r.action.as_str(), r.before.as_deref(), r.after.as_deref())).collect();
    let (alice_s, bob_s) = (alice.to_string(), bob.to_string());
    assert_eq!(
        seen,
        [
            ("ticket.assign", None, Some(alice_s.as_str())),
            ("ticket.assign", Some(alice_s.as_str()), Some(bob_s.as_str())),
            ("ticket.status", Some("open"), Some("in_progress")),
            ("ticket.priority", Some("normal"), Some("urgent")),
            ("ticket.note", None, Some(noted.id.as_str())),
            ("ticket.reply", None, Some(replied.id.as_str())),
        ]
    );
    assert!(records.iter().all(|r| r.actor_id == alice_s && r.target_type == "ticket" && r.target_id == ticket.id));
    assert!(records.iter().all(|r| !r.occurred_at.is_empty() && r.reason.is_none()));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_list_can_name_one_member() {
    let app = spawn_app().await;
    let mut staff = app.admin(Uuid::now_v7());
    let member = UserId::new();
    let mut client = app.member(member);
    client.open_ticket(open("一つ目", "本文")).await.expect("opened");
    client.open_ticket(open("二つ目", "本文")).await.expect("opened");
    ticket_of_new_member(&app, "他の会員").await;
    let theirs = pb::ListTicketsRequest { user_id: member.to_string(), ..Default::default() };
    assert_eq!(subjects(&mut staff, theirs).await, ["一つ目", "二つ目"]);
    let bad = pb::ListTicketsRequest { user_id: "someone".into(), ..Default::default() };
    let refused = staff.list_tickets(bad).await.expect_err("not an id");
    assert_eq!(code_of(&refused), "INVALID_USER_ID");
}
