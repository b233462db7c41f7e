//! Screenshots: up to three PNG or JPEG files with a member's message, checked by content and kept
//! as clean copies; any refusal stores nothing (no ticket, no row, no file); each is served only to
//! its member and to staff.

use meguri_ids::UserId;
use meguri_proto::meguri::support::v1 as pb;
use tonic::Code;
use uuid::Uuid;

use crate::helpers::{code_of, count_rows, open, request_id, spawn_app};

fn png(width: u32, height: u32) -> Vec<u8> {
    meguri_image::testing::png(width, height)
}

/// A PNG whose `tEXt` chunk says where it was taken: the clean copy must not keep it.
fn png_with_text(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png(width, height);
    let text = b"Comment\0GPS 35.6812N 139.7671E";
    let mut chunk = Vec::new();
    chunk.extend_from_slice(&u32::try_from(text.len()).expect("short").to_be_bytes());
    chunk.extend_from_slice(b"tEXt");
    chunk.extend_from_slice(text);
    // The CRC is not checked by every reader; a wrong one makes the decoder refuse, so compute it.
    chunk.extend_from_slice(&crc32(&[&b"tEXt"[..], &text[..]].concat()).to_be_bytes());
    // Right after the IHDR chunk (8 signature + 25 IHDR bytes).
    bytes.splice(33..33, chunk);
    bytes
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFF_u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ticket_keeps_clean_copies_of_its_screenshots_served_only_to_its_member_and_staff() {
    let app = spawn_app().await;
    let (hanako, taro) = (UserId::new(), UserId::new());
    let mut me = app.member(hanako);

    let request = pb::OpenTicketRequest {
        attachments: vec![png_with_text(3, 2), png(4, 5)],
        ..open("画面が白い", "スクショです")
    };
    let thread = me.open_ticket(request.clone()).await.expect("opened").into_inner();
    let shots = &thread.messages[0].attachments;
    assert_eq!(shots.len(), 2);
    assert_eq!((shots[0].content_type.as_str(), shots[0].width, shots[0].height), ("image/png", 3, 2));
    assert_eq!((shots[1].width, shots[1].height), (4, 5));
    // A double click: the same ticket, nothing stored twice.
    let again = me.open_ticket(request).await.expect("repeat").into_inner();
    assert_eq!(again.messages[0].attachments, *shots);
    assert_eq!(app.stored_files().len(), 2);
    assert_eq!(count_rows(&app, "support_attachments").await, 2);

    // The member reads a clean copy: a PNG without the text chunk.
    let file = me
        .get_attachment(pb::AttachmentRef { attachment_id: shots[0].id.clone() })
        .await
        .expect("own screenshot")
        .into_inner();
    assert_eq!(file.content_type, "image/png");
    assert!(file.data.starts_with(b"\x89PNG"));
    assert!(!file.data.windows(4).any(|w| w == b"tEXt"), "metadata kept");
    assert!(!String::from_utf8_lossy(&file.data).contains("GPS"));

    // Another member, by id: not found. Staff: yes.
    let mut other = app.member(taro);
    let refused = other.get_attachment(pb::AttachmentRef { attachment_id: shots[0].id.clone() }).await.expect_err("B");
    assert_eq!((refused.code(), code_of(&refused)), (Code::NotFound, "ATTACHMENT_NOT_FOUND"));
    let unknown = me.get_attachment(pb::AttachmentRef { attachment_id: Uuid::now_v7().to_string() }).await;
    assert_eq!(code_of(&unknown.expect_err("unknown")), "ATTACHMENT_NOT_FOUND");
    let mut staff = app.admin(Uuid::now_v7());
    let seen = staff.get_attachment(pb::AttachmentRef { attachment_id: shots[1].id.clone() }).await.expect("staff");
    assert_eq!(seen.into_inner().content_type, "image/png");

    // A later message carries its own.
    let ticket_id = thread.ticket.expect("ticket").id;
    let message = me
        .post_message(pb::PostMessageRequest {
            ticket_id,
            request_id: request_id(),
            body: "もう一枚".into(),
            attachments: vec![png(2, 2)],
        })
        .await
        .expect("posted")
        .into_inner();
    assert_eq!(message.attachments.len(), 1);
    assert_eq!(app.stored_files().len(), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bad_file_a_fourth_file_or_bad_words_store_nothing() {
    let app = spawn_app().await;
    let mut me = app.member(UserId::new());
    let opened = me.open_ticket(open("既存", "本文")).await.expect("opened").into_inner();
    let ticket_id = opened.ticket.expect("ticket").id;

    let pdf = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n".to_vec();
    let mut fake_png = png(1, 1)[..16].to_vec();
    fake_png.extend((0..4000_u32).map(|i| u8::try_from(i * 7919 % 251).expect("byte")));
    let huge = {
        let mut bytes = png(8, 8);
        bytes.resize(2 * 1024 * 1024 + 1, 0);
        bytes
    };
    let cases: Vec<(&str, pb::OpenTicketRequest)> = vec![
        (
            "IMAGE_TYPE_NOT_ALLOWED",
            pb::OpenTicketRequest { attachments: vec![png(1, 1), pdf.clone()], ..open("件名", "本文") },
        ),
        ("IMAGE_CORRUPT", pb::OpenTicketRequest { attachments: vec![fake_png.clone()], ..open("件名", "本文") }),
        ("IMAGE_TOO_LARGE", pb::OpenTicketRequest { attachments: vec![huge], ..open("件名", "本文") }),
        ("IMAGE_EMPTY", pb::OpenTicketRequest { attachments: vec![Vec::new()], ..open("件名", "本文") }),
        ("TOO_MANY_ATTACHMENTS", pb::OpenTicketRequest { attachments: vec![png(1, 1); 4], ..open("件名", "本文") }),
        ("TICKET_SUBJECT_REQUIRED", pb::OpenTicketRequest { attachments: vec![png(1, 1)], ..open("  ", "本文") }),
        (
            "TICKET_MESSAGE_TOO_LONG",
            pb::OpenTicketRequest { attachments: vec![png(1, 1)], ..open("件名", &"あ".repeat(100_000)) },
        ),
    ];
    for (code, request) in cases {
        let refused = me.open_ticket(request).await.expect_err(code);
        assert_eq!((refused.code(), code_of(&refused)), (Code::InvalidArgument, code));
    }
    let post = |attachments: Vec<Vec<u8>>| pb::PostMessageRequest {
        ticket_id: ticket_id.clone(),
        request_id: request_id(),
        body: "追記".into(),
        attachments,
    };
    assert_eq!(code_of(&me.post_message(post(vec![pdf])).await.expect_err("pdf")), "IMAGE_TYPE_NOT_ALLOWED");
    assert_eq!(code_of(&me.post_message(post(vec![png(1, 1); 4])).await.expect_err("4")), "TOO_MANY_ATTACHMENTS");
    // Someone else's ticket: not found, and the checked file is not kept either.
    let mut other = app.member(UserId::new());
    assert_eq!(code_of(&other.post_message(post(vec![png(1, 1)])).await.expect_err("B")), "TICKET_NOT_FOUND");

    assert_eq!(count_rows(&app, "support_tickets").await, 1);
    assert_eq!(count_rows(&app, "support_ticket_messages").await, 1);
    assert_eq!(count_rows(&app, "support_attachments").await, 0);
    assert!(app.stored_files().is_empty(), "{:?}", app.stored_files());
}
