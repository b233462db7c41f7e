//! The reply link: a staff reply (not a note) mails the member a link through notify's stream; the
//! token opens that one ticket's thread signed out and takes an answer (via = email); an unknown,
//! expired, forged or malformed token, or one of a note, is one refusal; the token is kept hashed.

use meguri_ids::UserId;
use meguri_proto::meguri::support::v1 as pb;
use meguri_proto::notify::MailRequested;
use meguri_proto::notify::mail_requested::Kind as MailKind;
use tonic::Code;
use uuid::Uuid;

use crate::helpers::{Client, TestApp, code_of, count_rows, open, request_id, spawn_app};

fn staff_reply(ticket: &str, body: &str, internal: bool) -> pb::StaffReplyRequest {
    pb::StaffReplyRequest {
        ticket_id: ticket.to_owned(),
        request_id: request_id(),
        body: body.to_owned(),
        internal,
        author_name: String::new(),
    }
}

fn token_of(mail: &MailRequested) -> (String, String, String) {
    let Some(MailKind::SupportReply(reply)) = &mail.kind else { panic!("a support reply mail: {mail:?}") };
    (reply.token.clone(), reply.subject.clone(), reply.ticket_id.clone())
}

/// A visitor: no signed-in person (the reply page's calls).
fn visitor(app: &TestApp) -> Client {
    app.as_caller(meguri_auth::Subject::Anonymous, meguri_auth::Role::Visitor)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_staff_reply_mails_a_link_that_opens_and_answers_only_its_ticket() {
    let app = spawn_app().await;
    let user = UserId::new();
    let mut member = app.member(user);
    let first = member.open_ticket(open("ログインできません", "入れません")).await.expect("opened").into_inner();
    let other = member.open_ticket(open("別件", "こちらも")).await.expect("opened").into_inner();
    let (ticket_id, other_id) = (first.ticket.expect("t").id, other.ticket.expect("t").id);
    let mut staff = app.admin(Uuid::now_v7());

    // A note mails nothing; a reply mails once (a repeated request too).
    staff.staff_reply(staff_reply(&ticket_id, "社内メモ", true)).await.expect("note");
    let request = staff_reply(&ticket_id, "パスワードを再設定してください", false);
    staff.staff_reply(request.clone()).await.expect("reply");
    staff.staff_reply(request).await.expect("repeat");
    let mails = app.wait_mails(1).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.mails().await.len(), 1, "one mail for one reply");
    let mail = &mails[0];
    assert_eq!((mail.user_id.as_deref(), mail.to.as_str()), (Some(user.to_string().as_str()), ""));
    let (token, subject, mailed_ticket) = token_of(mail);
    assert_eq!((subject.as_str(), mailed_ticket.as_str()), ("ログインできません", ticket_id.as_str()));
    let Some(MailKind::SupportReply(reply)) = &mail.kind else { unreachable!() };
    assert_eq!((reply.preview.as_str(), reply.expires_in_days), ("パスワードを再設定してください", 30));
    // Only the hash is stored.
    assert_eq!(count_rows(&app, &format!("support_ticket_messages WHERE reply_token = '{token}'")).await, 0);
    assert_eq!(count_rows(&app, "support_ticket_messages WHERE reply_token IS NOT NULL").await, 1);

    // Signed out, the token opens the thread as the member sees it (no note).
    let mut page = visitor(&app);
    let linked = page.get_reply_thread(pb::ReplyLinkRef { token: token.clone() }).await.expect("thread").into_inner();
    let thread = linked.thread.expect("thread");
    assert_eq!(thread.ticket.expect("ticket").id, ticket_id);
    assert_eq!(thread.messages.len(), 2);
    assert!(thread.messages.iter().all(|m| !m.internal));
    assert!(!linked.expires_at.is_empty());

    // The answer is the member's, via email; a repeat stores it once; the ticket opens again.
    staff
        .update_ticket(pb::UpdateTicketRequest {
            ticket_id: ticket_id.clone(),
            status: pb::TicketStatus::Closed as i32,
            priority: 0,
        })
        .await
        .expect("closed");
    let answer =
        pb::ReplyByLinkRequest { token: token.clone(), request_id: request_id(), body: "できました".into() };
    let stored = page.reply_by_link(answer.clone()).await.expect("answered").into_inner();
    assert_eq!(page.reply_by_link(answer).await.expect("repeat").into_inner(), stored);
    assert_eq!(stored.via, pb::Via::Email as i32);
    assert_eq!(stored.author_type, pb::AuthorType::Member as i32);
    assert_eq!(stored.author_id, Some(user.to_string()));
    let mine = member.get_my_ticket(pb::TicketRef { ticket_id: ticket_id.clone() }).await.expect("read").into_inner();
    let ticket = mine.ticket.expect("ticket");
    assert_eq!((ticket.status, ticket.message_count), (pb::TicketStatus::Open as i32, 3));
    assert_eq!(mine.messages.last().map(|m| m.via), Some(pb::Via::Email as i32));

    // The token answers nothing else: another ticket's screenshot, a forged or malformed token.
    let shot = member
        .post_message(pb::PostMessageRequest {
            ticket_id: other_id,
            request_id: request_id(),
            body: "画像".into(),
            attachments: vec![meguri_image::testing::png(2, 2)],
        })
        .await
        .expect("posted")
        .into_inner();
    let elsewhere = page
        .get_reply_attachment(pb::ReplyAttachmentRef {
            token: token.clone(),
            attachment_id: shot.attachments[0].id.clone(),
        })
        .await
        .expect_err("another ticket's screenshot");
    assert_eq!(code_of(&elsewhere), "ATTACHMENT_NOT_FOUND");
    let mut forged = token.clone();
    let last = if forged.ends_with('A') { "B" } else { "A" };
    forged.replace_range(42.., last);
    for bad in [forged, "x".repeat(43), String::new(), format!("{token}x")] {
        let refused = page.get_reply_thread(pb::ReplyLinkRef { token: bad.clone() }).await.expect_err("dead link");
        assert_eq!((refused.code(), code_of(&refused)), (Code::NotFound, "REPLY_LINK_INVALID"), "{bad}");
        let answer = pb::ReplyByLinkRequest { token: bad, request_id: request_id(), body: "x".into() };
        assert_eq!(code_of(&page.reply_by_link(answer).await.expect_err("dead link")), "REPLY_LINK_INVALID");
    }

    // Thirty days later the same link is refused the same way.
    app.service.clock.advance(std::time::Duration::from_secs(30 * 86_400 + 1));
    let expired = page.get_reply_thread(pb::ReplyLinkRef { token }).await.expect_err("expired");
    assert_eq!((expired.code(), code_of(&expired)), (Code::NotFound, "REPLY_LINK_INVALID"));
}
