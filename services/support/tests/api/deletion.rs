//! A deleted account (identity's `identity.account_deleted`): the member's tickets stay for staff,
//! with no member id, no author id on their messages, no screenshot (row or file) and no live link.

use std::time::Duration;

use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_proto::identity::AccountDeleted;
use meguri_proto::meguri::support::v1 as pb;
use meguri_proto::notify::mail_requested::Kind as MailKind;
use uuid::Uuid;

use crate::helpers::{code_of, count_rows, open, request_id, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_member_leaves_anonymous_tickets_and_no_screenshot_or_link() {
    let app = spawn_app().await;
    let (gone, stays) = (UserId::new(), UserId::new());
    let mut member = app.member(gone);
    let request = pb::OpenTicketRequest {
        attachments: vec![meguri_image::testing::png(3, 3)],
        ..open("退会前の質問", "本文")
    };
    let ticket_id = member.open_ticket(request).await.expect("opened").into_inner().ticket.expect("t").id;
    let mut other = app.member(stays);
    let kept =
        pb::OpenTicketRequest { attachments: vec![meguri_image::testing::png(2, 2)], ..open("残る人", "本文") };
    other.open_ticket(kept).await.expect("other member's ticket");
    let mut staff = app.admin(Uuid::now_v7());
    let reply = pb::StaffReplyRequest {
        ticket_id: ticket_id.clone(),
        request_id: request_id(),
        body: "回答です".into(),
        internal: false,
        author_name: String::new(),
    };
    staff.staff_reply(reply).await.expect("reply");
    let Some(MailKind::SupportReply(mail)) = app.wait_mails(1).await.remove(0).kind else { panic!("reply mail") };
    assert_eq!(app.stored_files().len(), 2);

    // identity publishes the deletion (twice: a redelivery changes nothing more).
    let mut redis = redis::Client::open(meguri_testkit::redis_url())
        .expect("client")
        .get_multiplexed_async_connection()
        .await
        .expect("redis");
    let config = EventsConfig::new(&app.prefix);
    let event = AccountDeleted { user_id: gone.to_string() };
    let id = Uuid::now_v7();
    meguri_events::testkit::publish(&mut redis, &config, id, &event).await.expect("published");
    meguri_events::testkit::publish(&mut redis, &config, id, &event).await.expect("again");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while count_rows(&app, "support_tickets WHERE user_id IS NULL").await == 0 {
        assert!(std::time::Instant::now() < deadline, "the deletion was not applied");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Staff still sees the ticket and its thread, anonymised.
    let thread = staff.get_ticket(pb::TicketRef { ticket_id: ticket_id.clone() }).await.expect("kept").into_inner();
    let ticket = thread.ticket.expect("ticket");
    assert_eq!((ticket.user_id, ticket.subject.as_str()), (None, "退会前の質問"));
    let first = &thread.messages[0];
    assert_eq!((first.author_id.as_deref(), first.attachments.len()), (None, 0));
    assert_eq!(count_rows(&app, "support_tickets WHERE attachments <> '[]'::jsonb AND user_id IS NULL").await, 0);
    // Their screenshot is gone, the other member's stays; the link is dead.
    assert_eq!(count_rows(&app, "support_attachments").await, 1);
    assert_eq!(app.stored_files().len(), 1);
    let mut page = app.as_caller(meguri_auth::Subject::Anonymous, meguri_auth::Role::Visitor);
    let dead = page.get_reply_thread(pb::ReplyLinkRef { token: mail.token }).await.expect_err("dead link");
    assert_eq!(code_of(&dead), "REPLY_LINK_INVALID");
    assert_eq!(count_rows(&app, "processed_events").await, 1);
}
