//! A staff reply to the recipient's support ticket (always sent: the member asked). The mail
//! carries the ticket's subject, the start of the reply and the link to `/support/reply/{token}`,
//! which opens the thread without signing in; never the whole thread, never a screenshot.

use serde_json::json;

use super::friends::clean;
use super::{Block, Message, url_encode};
use crate::domain::SupportReply;

/// The longest subject the mail's subject line repeats (the ticket's subject is up to 100).
const SUBJECT_IN_TITLE: usize = 40;

fn shortened(text: &str, max: usize) -> String {
    let one_line = clean(text);
    if one_line.chars().count() <= max {
        return one_line;
    }
    let mut out: String = one_line.chars().take(max).collect();
    out.push('…');
    out
}

/// The mail of a staff reply: the subject, the start of the reply, the link (and how long it
/// works), and the way in when the link has expired (sign in → settings → お問い合わせ).
pub(super) fn support_reply(r: &SupportReply, base: &str) -> Message {
    let subject = clean(&r.subject);
    (
        format!("【巡り】お問い合わせ「{}」に返信がありました", shortened(&r.subject, SUBJECT_IN_TITLE)),
        vec![
            Block::Paragraph(format!("お問い合わせ「{subject}」に、サポート担当から返信がありました。")),
            Block::Paragraph(format!("――\n{}\n――", clean(&r.preview))),
            Block::Paragraph(format!(
                "続きは次のリンクから読めます。ログインしなくても、そのまま返信できます（このリンクは{}日間有効です）。",
                r.expires_in_days
            )),
            Block::Link { url: format!("{base}/support/reply/{}", url_encode(&r.token)), label: "返信を読む" },
            Block::Paragraph(
                "リンクの有効期限が切れた場合は、ログインして「設定」の「お問い合わせ」から続きをご覧ください。\nこのメールに直接返信しても届きません。"
                    .to_owned(),
            ),
        ],
        json!({ "ticketId": r.ticket_id }),
    )
}

#[cfg(test)]
mod tests {
    use super::super::render;
    use super::super::testing::{BASE, request};
    use crate::domain::{MailKind, MailType, SupportReply};

    fn reply(subject: &str) -> SupportReply {
        SupportReply {
            ticket_id: uuid::Uuid::now_v7(),
            subject: subject.into(),
            preview: "お問い合わせありがとうございます。パスワードの再設定は".into(),
            token: "tok-EN_123".into(),
            expires_in_days: 30,
        }
    }

    #[test]
    fn a_staff_reply_names_the_ticket_quotes_the_start_and_links_to_the_reply_page() {
        let r = reply("ログインできません");
        let rendered = render(&request(MailKind::SupportReply(r.clone()), Some("hanako")), BASE, Some("unused"));

        assert_eq!(rendered.mail_type, MailType::SupportReply);
        assert_eq!(rendered.subject, "【巡り】お問い合わせ「ログインできません」に返信がありました");
        for body in [&rendered.text, &rendered.html] {
            assert!(body.contains("https://meguri.example/support/reply/tok-EN_123"), "{body}");
            assert!(body.contains("パスワードの再設定は"), "{body}");
            assert!(body.contains("30日間有効"), "{body}");
        }
        // Transactional: no unsubscribe line, no List-Unsubscribe.
        assert_eq!(rendered.list_unsubscribe, None);
        assert!(!rendered.text.contains("配信を停止"));
        // The token never goes into the stored metadata.
        assert_eq!(rendered.metadata, serde_json::json!({ "ticketId": r.ticket_id }));
    }

    #[test]
    fn a_long_or_multi_line_subject_is_one_short_line_in_the_title_and_escaped_in_html() {
        let long = format!("{}\n<b>二行目</b>", "あ".repeat(60));
        let rendered = render(&request(MailKind::SupportReply(reply(&long)), None), BASE, None);

        assert!(!rendered.subject.contains('\n'));
        assert!(rendered.subject.contains(&format!("{}…", "あ".repeat(40))), "{}", rendered.subject);
        assert!(!rendered.html.contains("<b>二行目</b>"));
        assert!(rendered.html.contains("&lt;b&gt;"));
    }
}
