//! The Japanese e-mail templates: pure functions from a mail request to a subject, a plain-text
//! body and a simple HTML body. Each message is written once as a list of blocks and rendered to
//! both forms, so the two always say the same thing.
//!
//! Interpolated values (the name, the code, links) are HTML-escaped in the HTML body, and link
//! parameters are percent-encoded.
//!
//! Optional mail (the five preference kinds) ends with its one-click unsubscribe link
//! (`{APP_BASE_URL}/unsubscribe?token=T`) and carries `List-Unsubscribe:
//! <{APP_BASE_URL}/api/unsubscribe?token=T>` ([`Rendered::list_unsubscribe`], RFC 8058); transactional
//! mail has neither: it cannot be turned off.
//!
//! One module per kind of mail: [`account`] (the code, the reset and change links, welcome),
//! [`security`] (notices about the account), [`friends`], [`diary`] (mentions, letters to the
//! future), [`receipt`], [`reminder`] and [`support`] (staff replies); each gives its subject, blocks and metadata, and this
//! module renders them.

mod account;
mod diary;
mod friends;
mod receipt;
mod reminder;
mod security;
mod support;
#[cfg(test)]
mod testing;

use chrono::{Datelike as _, NaiveDate};

use crate::domain::{MailKind, MailRequest, MailType};

/// A rendered message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub mail_type: MailType,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Non-secret facts for the `metadata` column (never a code, a token or a link).
    pub metadata: serde_json::Value,
    /// The `List-Unsubscribe` URL (one-click, RFC 8058) of an optional mail; `None` for
    /// transactional mail.
    pub list_unsubscribe: Option<String>,
}

/// One piece of a message.
enum Block {
    Paragraph(String),
    /// A one-time code, shown large.
    Code(String),
    /// A call to action: a button in HTML, the bare URL in text.
    Link {
        url: String,
        label: &'static str,
    },
    /// Small print with a plain link (the unsubscribe line).
    Footnote {
        text: &'static str,
        url: String,
    },
}

/// What a kind of mail says: its subject, its blocks and the facts for the `metadata` column.
type Message = (String, Vec<Block>, serde_json::Value);

/// What an optional mail says about switching it off when it has no token (never in production:
/// every optional mail gets one).
const SWITCH_OFF_IN_SETTINGS: &str = "このお知らせが不要な場合は、設定の「メール通知設定」でオフにできます。";
/// The unsubscribe line of an optional mail.
const UNSUBSCRIBE_LINE: &str =
    "このお知らせが不要な場合は、次のリンクから配信を停止できます（設定の「メール通知設定」でも変更できます）。";

const SERVICE_NAME: &str = "巡り（Meguri）";
const NOT_MINE: &str = "心当たりがない場合は破棄してください。";

/// Renders `request`; links start with `base_url` (`APP_BASE_URL`, e.g. `https://meguri.jp`). An
/// optional mail with `unsubscribe_token` ends with its unsubscribe link and names its
/// `List-Unsubscribe` URL; transactional mail ignores the token.
#[must_use]
pub fn render(request: &MailRequest, base_url: &str, unsubscribe_token: Option<&str>) -> Rendered {
    let base = base_url.trim_end_matches('/');
    let mail_type = MailType::from(&request.mail);
    let (subject, blocks, metadata) = match &request.mail {
        MailKind::VerificationCode { code, expires_in_minutes } => {
            account::verification_code(code, *expires_in_minutes)
        }
        MailKind::PasswordReset { token, expires_in_minutes } => {
            account::password_reset(token, *expires_in_minutes, &request.to, base)
        }
        MailKind::EmailChange { token, expires_in_minutes } => account::email_change(token, *expires_in_minutes, base),
        MailKind::Welcome => account::welcome(base),
        MailKind::SecurityNotice { what } => security::security_notice(*what, base),
        MailKind::FriendRequestReceived { from } => friends::friend_request_received(from, base),
        MailKind::FriendRequestAccepted { by } => friends::friend_request_accepted(by, base),
        MailKind::MentionedInDiary { from, entry_id, entry_date } => {
            diary::mentioned_in_diary(from, *entry_id, *entry_date, base)
        }
        MailKind::FutureDiaryDelivery { authored_date, delivery_date } => {
            diary::future_diary_delivery(*authored_date, *delivery_date, base)
        }
        MailKind::InactivityReminder => reminder::inactivity_reminder(base),
        MailKind::PurchaseReceipt(receipt) => receipt::purchase_receipt(receipt, base),
        MailKind::SupportReply(reply) => support::support_reply(reply, base),
    };
    let mut blocks = blocks;
    let mut list_unsubscribe = None;
    if request.mail.preference().is_some() {
        match unsubscribe_token.map(url_encode) {
            Some(token) => {
                blocks
                    .push(Block::Footnote { text: UNSUBSCRIBE_LINE, url: format!("{base}/unsubscribe?token={token}") });
                list_unsubscribe = Some(format!("{base}/api/unsubscribe?token={token}"));
            }
            None => blocks.push(Block::Paragraph(SWITCH_OFF_IN_SETTINGS.to_owned())),
        }
    }
    let greeting = greeting(request.name.as_deref());
    Rendered {
        mail_type,
        text: text_body(&greeting, &blocks, base),
        html: html_body(&subject, &greeting, &blocks),
        subject,
        metadata,
        list_unsubscribe,
    }
}

/// `2026年12月3日`.
pub(super) fn japanese_date(date: NaiveDate) -> String {
    format!("{}年{}月{}日", date.year(), date.month(), date.day())
}

/// `hanako さん` when a name is known.
fn greeting(name: Option<&str>) -> String {
    match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => format!("{} さん", name.replace(['\r', '\n'], " ")),
        None => "こんにちは。".to_owned(),
    }
}

fn text_body(greeting: &str, blocks: &[Block], base: &str) -> String {
    let mut out = format!("{greeting}\n\n");
    for block in blocks {
        match block {
            Block::Paragraph(p) => out.push_str(p),
            Block::Code(code) => out.push_str(&format!("確認コード：{code}")),
            Block::Link { url, .. } => out.push_str(url),
            Block::Footnote { text, url } => out.push_str(&format!("{text}\n{url}")),
        }
        out.push_str("\n\n");
    }
    out.push_str(&format!(
        "――――――――――\n{SERVICE_NAME}\n{base}/\nこのメールは送信専用のアドレスからお送りしています。ご返信いただいてもお答えできません。\n"
    ));
    out
}

fn html_body(subject: &str, greeting: &str, blocks: &[Block]) -> String {
    let mut body = String::new();
    for block in blocks {
        match block {
            Block::Paragraph(p) => {
                body.push_str(&format!("<p style=\"margin:0 0 16px\">{}</p>\n", escape(p).replace('\n', "<br>")));
            }
            Block::Code(code) => body.push_str(&format!(
                "<p style=\"margin:0 0 8px;color:#666;font-size:13px\">確認コード</p>\n<p style=\"margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:Menlo,Consolas,monospace\">{}</p>\n",
                escape(code)
            )),
            Block::Link { url, label } => {
                let url = escape(url);
                body.push_str(&format!(
                    "<p style=\"margin:0 0 24px\"><a href=\"{url}\" style=\"display:inline-block;padding:12px 24px;background:#6b4fa3;color:#ffffff;text-decoration:none;border-radius:8px\">{label}</a></p>\n<p style=\"margin:0 0 16px;font-size:12px;color:#666\">ボタンが開けない場合は、次のURLをブラウザに貼り付けてください。<br><span style=\"word-break:break-all\">{url}</span></p>\n"
                ));
            }
            Block::Footnote { text, url } => {
                let url = escape(url);
                body.push_str(&format!(
                    "<p style=\"margin:0 0 16px;font-size:12px;color:#666\">{}<br><a href=\"{url}\" style=\"color:#6b4fa3;word-break:break-all\">配信を停止する</a></p>\n",
                    escape(text)
                ));
            }
        }
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"ja\">\n<head><meta charset=\"utf-8\"><title>{title}</title></head>\n<body style=\"margin:0;padding:24px;background:#f6f3ee;color:#2b2b2b;line-height:1.8;font-family:'Hiragino Sans','Noto Sans JP',sans-serif\">\n<div style=\"max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px\">\n<p style=\"margin:0 0 16px\">{greeting}</p>\n{body}<hr style=\"border:none;border-top:1px solid #e5e0d8;margin:24px 0 16px\">\n<p style=\"margin:0;font-size:12px;color:#888\">{SERVICE_NAME}<br>このメールは送信専用のアドレスからお送りしています。ご返信いただいてもお答えできません。</p>\n</div>\n</body>\n</html>\n",
        title = escape(subject),
        greeting = escape(greeting),
    )
}

/// Escapes text for HTML element content and double-quoted attributes.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Percent-encodes everything but RFC 3986's unreserved characters, for a query parameter value.
#[must_use]
pub fn url_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::testing::{BASE, TOKEN, hanako, request};
    use super::*;
    use crate::domain::SecurityChange;

    #[test]
    fn without_a_name_the_greeting_is_generic() {
        let r = render(&request(MailKind::Welcome, None), BASE, None);
        assert!(r.text.starts_with("こんにちは。\n\n"));
        assert_eq!(r.subject, "【巡り】ようこそ、巡りへ");
        assert!(r.text.contains("https://meguri.example/\n"));
        let blank = render(&request(MailKind::Welcome, Some("  ")), BASE, None);
        assert!(blank.text.starts_with("こんにちは。"));
    }

    #[test]
    fn every_optional_mail_ends_with_its_unsubscribe_link_and_names_the_one_click_url() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 3).expect("date");
        let optional = [
            MailKind::FriendRequestReceived { from: hanako(None) },
            MailKind::FriendRequestAccepted { by: hanako(None) },
            MailKind::MentionedInDiary { from: hanako(None), entry_id: uuid::Uuid::now_v7(), entry_date: day },
            MailKind::FutureDiaryDelivery { authored_date: day, delivery_date: day },
            MailKind::InactivityReminder,
        ];
        for mail in optional {
            let r = render(&request(mail, None), BASE, Some(TOKEN));
            assert_eq!(
                r.list_unsubscribe.as_deref(),
                Some("https://meguri.example/api/unsubscribe?token=abc-DEF_123"),
                "{:?}",
                r.mail_type
            );
            assert!(r.text.contains("https://meguri.example/unsubscribe?token=abc-DEF_123\n"), "{}", r.text);
            assert!(r.text.contains("配信を停止できます"), "{}", r.text);
            assert!(r.html.contains("href=\"https://meguri.example/unsubscribe?token=abc-DEF_123\""), "{}", r.html);
            assert!(!r.metadata.to_string().contains(TOKEN), "no token in metadata");
        }
    }

    #[test]
    fn transactional_mail_has_no_unsubscribe_even_when_given_a_token() {
        for mail in [
            MailKind::Welcome,
            MailKind::VerificationCode { code: "123456".into(), expires_in_minutes: 15 },
            MailKind::SecurityNotice { what: SecurityChange::PasswordChanged },
        ] {
            let r = render(&request(mail, None), BASE, Some(TOKEN));
            assert_eq!(r.list_unsubscribe, None);
            assert!(!r.text.contains("unsubscribe") && !r.text.contains("配信を停止"), "{}", r.text);
        }
    }

    #[test]
    fn interpolated_values_are_html_escaped() {
        let r = render(
            &request(
                MailKind::VerificationCode { code: "<1&2>".into(), expires_in_minutes: 15 },
                Some("<script>alert('x')</script>"),
            ),
            BASE,
            None,
        );
        assert!(!r.html.contains("<script>"), "{}", r.html);
        assert!(r.html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; さん"));
        assert!(r.html.contains("&lt;1&amp;2&gt;"));
        assert!(r.text.contains("<script>alert('x')</script> さん"), "the text body is not HTML");
    }

    #[test]
    fn url_encoding_keeps_only_unreserved_characters() {
        assert_eq!(url_encode("aZ09-._~"), "aZ09-._~");
        assert_eq!(url_encode("a b+c@d/é"), "a%20b%2Bc%40d%2F%C3%A9");
    }
}
