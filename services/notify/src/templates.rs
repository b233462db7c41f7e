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

use chrono::{Datelike as _, NaiveDate};
use serde_json::json;

use crate::domain::{MailKind, MailRequest, MailType, Person, Receipt, SecurityChange};

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
        MailKind::VerificationCode { code, expires_in_minutes } => (
            "【巡り】メールアドレスの確認コード".to_owned(),
            vec![
                Block::Paragraph("巡りにご登録いただき、ありがとうございます。\n下記の確認コードを画面に入力して、メールアドレスの確認を完了してください。".to_owned()),
                Block::Code(code.clone()),
                Block::Paragraph(format!("このコードの有効期限は{expires_in_minutes}分です。\n{NOT_MINE}")),
            ],
            json!({ "expiresInMinutes": expires_in_minutes }),
        ),
        MailKind::PasswordReset { token, expires_in_minutes } => (
            "【巡り】パスワード再設定のご案内".to_owned(),
            vec![
                Block::Paragraph("パスワード再設定のお申し込みを受け付けました。\n下記のリンクを開いて、新しいパスワードを設定してください。".to_owned()),
                Block::Link {
                    url: format!("{base}/reset-password?token={}&email={}", url_encode(token), url_encode(&request.to)),
                    label: "パスワードを再設定する",
                },
                Block::Paragraph(format!(
                    "このリンクの有効期限は{expires_in_minutes}分です。\n{NOT_MINE}パスワードは変更されません。"
                )),
            ],
            json!({ "expiresInMinutes": expires_in_minutes }),
        ),
        MailKind::EmailChange { token, expires_in_minutes } => (
            "【巡り】メールアドレス変更の確認".to_owned(),
            vec![
                Block::Paragraph("巡りに登録するメールアドレスを、このアドレスに変更するお申し込みを受け付けました。\n下記のリンクを開くと変更が完了します。".to_owned()),
                Block::Link { url: format!("{base}/auth/confirm-email?token={}", url_encode(token)), label: "メールアドレスを確認する" },
                Block::Paragraph(format!(
                    "このリンクの有効期限は{expires_in_minutes}分です。\n{NOT_MINE}メールアドレスは変更されません。"
                )),
            ],
            json!({ "expiresInMinutes": expires_in_minutes }),
        ),
        MailKind::Welcome => (
            "【巡り】ようこそ、巡りへ".to_owned(),
            vec![
                Block::Paragraph("メールアドレスの確認が完了しました。巡りへようこそ。\n生まれた日時から読み解く四柱推命の命式や、毎日の運勢をお楽しみください。".to_owned()),
                Block::Link { url: format!("{base}/"), label: "巡りを開く" },
            ],
            json!({}),
        ),
        MailKind::SecurityNotice { what } => security_notice(*what, base),
        MailKind::FriendRequestReceived { from } => friend_request_received(from, base),
        MailKind::FriendRequestAccepted { by } => friend_request_accepted(by, base),
        MailKind::MentionedInDiary { from, entry_id, entry_date } => mentioned_in_diary(from, *entry_id, *entry_date, base),
        MailKind::FutureDiaryDelivery { authored_date, delivery_date } => {
            future_diary_delivery(*authored_date, *delivery_date, base)
        }
        MailKind::InactivityReminder => inactivity_reminder(base),
        MailKind::PurchaseReceipt(receipt) => purchase_receipt(receipt, base),
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
fn japanese_date(date: NaiveDate) -> String {
    format!("{}年{}月{}日", date.year(), date.month(), date.day())
}

/// A friend mentioned the recipient: who, which day's entry, and the link to that entry (which
/// the mentioned friend may read). Never the entry's text.
fn mentioned_in_diary(
    from: &Person,
    entry_id: uuid::Uuid,
    entry_date: NaiveDate,
    base: &str,
) -> (String, Vec<Block>, serde_json::Value) {
    let username = clean(&from.username);
    (
        format!("【巡り】@{username}さんが日記であなたをメンションしました"),
        vec![
            Block::Paragraph(format!(
                "{}さんが、{}の日記であなたをメンションしました。",
                person(from),
                japanese_date(entry_date)
            )),
            Block::Paragraph("日記は巡りで読むことができます。".to_owned()),
            Block::Link { url: format!("{base}/diary/{entry_id}"), label: "日記を読む" },
        ],
        json!({ "entryId": entry_id, "entryDate": entry_date.to_string() }),
    )
}

/// The recipient's letter to the future arrived: when it was written, and where to read it.
/// notify never has the letter's text.
fn future_diary_delivery(
    authored_date: NaiveDate,
    delivery_date: NaiveDate,
    base: &str,
) -> (String, Vec<Block>, serde_json::Value) {
    (
        "【巡り】過去のあなたから手紙が届きました".to_owned(),
        vec![
            Block::Paragraph(format!(
                "{}に書いた未来への手紙が、今日届きました。\n過去のあなたが、今日のあなたに宛てた言葉です。",
                japanese_date(authored_date)
            )),
            Block::Link { url: format!("{base}/diary"), label: "手紙を読む" },
        ],
        json!({ "authoredDate": authored_date.to_string(), "deliveryDate": delivery_date.to_string() }),
    )
}

/// `¥2,400`: yen with thousands separators.
fn yen(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("{}¥{out}", if amount < 0 { "-" } else { "" })
}

/// `2026年12月3日 14:06` in Japan time (the app's users are in Japan; the stored time is UTC).
fn japanese_date_time(at: chrono::DateTime<chrono::Utc>) -> String {
    use chrono::Timelike as _;
    let jst = chrono::FixedOffset::east_opt(9 * 3600).unwrap_or_else(|| unreachable!("a valid offset"));
    let local = at.with_timezone(&jst);
    format!("{} {}:{:02}", japanese_date(local.date_naive()), local.hour(), local.minute())
}

/// The receipt of a credit-pack purchase: what was bought, for how much (tax included), the
/// credits granted, when, and where the history is (/purchase-history). Always sent.
fn purchase_receipt(r: &Receipt, base: &str) -> (String, Vec<Block>, serde_json::Value) {
    let title = clean(&r.item_title);
    (
        "【巡り】ご購入ありがとうございます".to_owned(),
        vec![
            Block::Paragraph(
                "巡りのクレジットをご購入いただき、ありがとうございます。\nご購入の内容は次のとおりです。".to_owned(),
            ),
            Block::Paragraph(format!(
                "商品：{title}\n数量：{}\nお支払い金額：{}（税込）\n付与クレジット：{}クレジット\nご購入日時：{}\nご購入番号：{}",
                r.quantity,
                yen(r.amount_yen),
                r.credits_granted,
                japanese_date_time(r.completed_at),
                r.purchase_id,
            )),
            Block::Paragraph(
                "クレジットはすでにアカウントに反映されています。1クレジットでメグと1回お話しできます。".to_owned(),
            ),
            Block::Link { url: format!("{base}/purchase-history"), label: "購入履歴を見る" },
            Block::Paragraph("お心当たりのないご購入の場合は、お手数ですがサポートまでご連絡ください。".to_owned()),
        ],
        json!({
            "purchaseId": r.purchase_id,
            "amountYen": r.amount_yen,
            "quantity": r.quantity,
            "creditsGranted": r.credits_granted,
        }),
    )
}

/// Seven days without a visit: an invitation back to the day's flow.
fn inactivity_reminder(base: &str) -> (String, Vec<Block>, serde_json::Value) {
    (
        "【巡り】最近の流れを見に来ませんか".to_owned(),
        vec![
            Block::Paragraph(
                "しばらく巡りでお会いしていませんね。\n今日の運勢や、フレンドの最近の流れをのぞいてみませんか。"
                    .to_owned(),
            ),
            Block::Link { url: format!("{base}/"), label: "巡りを開く" },
        ],
        json!({}),
    )
}

/// How a social mail names another member: `花子（@hanako）` with a first name, else `@hanako`.
/// Public fields only; line breaks a name might smuggle in become spaces.
fn person(p: &Person) -> String {
    let username = clean(&p.username);
    match p.first_name.as_deref().map(clean).filter(|n| !n.is_empty()) {
        Some(first) => format!("{first}（@{username}）"),
        None => format!("@{username}"),
    }
}

/// A member's name on one line: line breaks become spaces.
fn clean(s: &str) -> String {
    s.replace(['\r', '\n'], " ").trim().to_owned()
}

/// Someone asked the recipient to be friends: who, and where to answer (/friends).
fn friend_request_received(from: &Person, base: &str) -> (String, Vec<Block>, serde_json::Value) {
    let who = person(from);
    (
        format!("【巡り】{who}さんからフレンド申請が届きました"),
        vec![
            Block::Paragraph(format!("{who}さんから、巡りでフレンド申請が届きました。")),
            Block::Paragraph("フレンドになると、おたがいの相性や、毎日のフレンドの運勢の流れを見られるようになります。\n申請を承認するか見送るかは、フレンドページで選べます。".to_owned()),
            Block::Link { url: format!("{base}/friends"), label: "フレンド申請を確認する" },
        ],
        json!({}),
    )
}

/// The recipient's request was accepted: by whom, and where the pair's compatibility is (/friends).
fn friend_request_accepted(by: &Person, base: &str) -> (String, Vec<Block>, serde_json::Value) {
    let who = person(by);
    (
        format!("【巡り】{who}さんとフレンドになりました"),
        vec![
            Block::Paragraph(format!("{who}さんが、あなたのフレンド申請を承認しました。")),
            Block::Paragraph("ふたりの相性の分析ができしだい、フレンドページでご覧いただけます。".to_owned()),
            Block::Link { url: format!("{base}/friends"), label: "フレンドを見る" },
        ],
        json!({}),
    )
}

/// A notice to the account's address about something done to (or tried on) the account.
fn security_notice(what: SecurityChange, base: &str) -> (String, Vec<Block>, serde_json::Value) {
    let (subject, what_changed, key) = match what {
        SecurityChange::EmailChanged => (
            "【巡り】メールアドレスが変更されました",
            "巡りのアカウントに登録されたメールアドレスが変更されました。\n（このメールは変更前のアドレスにお送りしています。）",
            "email_changed",
        ),
        SecurityChange::PasswordChanged => {
            ("【巡り】パスワードが変更されました", "巡りのアカウントのパスワードが変更されました。", "password_changed")
        }
        // Nothing changed: its own text, not "someone changed your account".
        SecurityChange::SignUpAttempted => return sign_up_attempted(base),
    };
    (
        subject.to_owned(),
        vec![
            Block::Paragraph(what_changed.to_owned()),
            Block::Paragraph("お心当たりがない場合は、第三者による操作の可能性があります。\nすぐにパスワードを再設定し、サポートまでご連絡ください。".to_owned()),
            Block::Link { url: format!("{base}/auth/forgot-password"), label: "パスワードを再設定する" },
        ],
        json!({ "what": key }),
    )
}

/// To the owner of an address someone tried to sign up with: nothing happened, and where to go.
fn sign_up_attempted(base: &str) -> (String, Vec<Block>, serde_json::Value) {
    (
        "【巡り】このメールアドレスで新規登録のお申し込みがありました".to_owned(),
        vec![
            Block::Paragraph("このメールアドレスで巡りへの新規登録のお申し込みがありましたが、このアドレスはすでに登録されています。\n新しいアカウントは作成されていません。".to_owned()),
            Block::Paragraph("ご本人の場合は、今のアカウントでログインしてください。パスワードをお忘れの場合は、下記から再設定できます。".to_owned()),
            Block::Link { url: format!("{base}/auth/forgot-password"), label: "パスワードを再設定する" },
            Block::Paragraph("お心当たりがない場合は、このメールは破棄してください。アカウントに変更はありません。".to_owned()),
        ],
        json!({ "what": "sign_up_attempted" }),
    )
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
    use meguri_ids::UserId;

    use super::*;

    const BASE: &str = "https://meguri.example/";

    fn request(mail: MailKind, name: Option<&str>) -> MailRequest {
        MailRequest {
            user_id: Some(UserId::new()),
            to: "hanako+jp@example.jp".into(),
            name: name.map(Into::into),
            mail,
        }
    }

    #[test]
    fn the_verification_code_is_shown_with_its_validity() {
        let r = render(
            &request(MailKind::VerificationCode { code: "123456".into(), expires_in_minutes: 15 }, Some("hanako")),
            BASE,
            None,
        );
        assert_eq!(r.mail_type, MailType::VerificationCode);
        assert_eq!(r.subject, "【巡り】メールアドレスの確認コード");
        assert!(r.text.starts_with("hanako さん\n\n"), "{}", r.text);
        assert!(r.text.contains("確認コード：123456"), "{}", r.text);
        assert!(r.text.contains("このコードの有効期限は15分です。"));
        assert!(r.text.contains("心当たりがない場合は破棄してください"));
        assert!(r.html.contains(">123456</p>"), "the code stands out in HTML");
        assert!(r.html.contains("hanako さん"));
        assert_eq!(r.metadata, json!({ "expiresInMinutes": 15 }));
    }

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
    fn the_reset_link_carries_the_encoded_token_and_email() {
        let token = "ab+c/d=e&f";
        let r =
            render(&request(MailKind::PasswordReset { token: token.into(), expires_in_minutes: 60 }, None), BASE, None);
        let link = "https://meguri.example/reset-password?token=ab%2Bc%2Fd%3De%26f&email=hanako%2Bjp%40example.jp";
        assert!(r.text.contains(link), "{}", r.text);
        assert!(r.html.contains(&link.replace('&', "&amp;")), "the href is HTML-escaped: {}", r.html);
        assert!(r.text.contains("このリンクの有効期限は60分です。"));
        assert_eq!(r.subject, "【巡り】パスワード再設定のご案内");
        assert!(!r.metadata.to_string().contains("ab+c"), "no token in metadata");
    }

    #[test]
    fn the_email_change_link_confirms_the_new_address() {
        let r = render(
            &request(MailKind::EmailChange { token: "tok en".into(), expires_in_minutes: 30 }, None),
            BASE,
            None,
        );
        assert!(r.text.contains("https://meguri.example/auth/confirm-email?token=tok%20en\n"), "{}", r.text);
        assert!(!r.text.contains("email="), "the address is not part of this link");
        assert_eq!(r.mail_type, MailType::EmailChange);
    }

    #[test]
    fn security_notices_name_what_changed() {
        let email = render(&request(MailKind::SecurityNotice { what: SecurityChange::EmailChanged }, None), BASE, None);
        assert_eq!(email.subject, "【巡り】メールアドレスが変更されました");
        assert!(email.text.contains("https://meguri.example/auth/forgot-password"));
        assert_eq!(email.metadata, json!({ "what": "email_changed" }));
        let password =
            render(&request(MailKind::SecurityNotice { what: SecurityChange::PasswordChanged }, None), BASE, None);
        assert_eq!(password.subject, "【巡り】パスワードが変更されました");
        assert_eq!(password.mail_type, MailType::SecurityNotice);
    }

    #[test]
    fn a_sign_up_attempt_notice_says_nothing_changed_and_where_to_go() {
        let r = render(&request(MailKind::SecurityNotice { what: SecurityChange::SignUpAttempted }, None), BASE, None);

        assert_eq!(r.subject, "【巡り】このメールアドレスで新規登録のお申し込みがありました");
        assert!(r.text.contains("新しいアカウントは作成されていません"));
        assert!(r.text.contains("https://meguri.example/auth/forgot-password"));
        assert!(!r.text.contains("変更されました"), "{}", r.text);
        assert_eq!(r.metadata, json!({ "what": "sign_up_attempted" }));
        assert_eq!(r.mail_type, MailType::SecurityNotice);
    }

    fn hanako(first_name: Option<&str>) -> Person {
        Person { username: "hanako".into(), first_name: first_name.map(Into::into) }
    }

    #[test]
    fn a_received_friend_request_names_the_sender_and_links_to_friends() {
        let r =
            render(&request(MailKind::FriendRequestReceived { from: hanako(Some("花子")) }, Some("taro")), BASE, None);

        assert_eq!(r.mail_type, MailType::FriendRequestReceived);
        assert_eq!(r.subject, "【巡り】花子（@hanako）さんからフレンド申請が届きました");
        assert!(r.text.starts_with("taro さん\n\n"), "{}", r.text);
        assert!(r.text.contains("花子（@hanako）さんから、巡りでフレンド申請が届きました。"), "{}", r.text);
        assert!(r.text.contains("https://meguri.example/friends\n"), "{}", r.text);
        assert!(r.html.contains("href=\"https://meguri.example/friends\""), "{}", r.html);
        assert!(r.html.contains(">フレンド申請を確認する</a>"));
        assert!(r.text.contains("「メール通知設定」"), "says how to turn it off");
        assert_eq!(r.metadata, json!({}), "no names in metadata");
    }

    #[test]
    fn an_accepted_request_names_who_accepted_by_username_without_a_first_name() {
        let r = render(&request(MailKind::FriendRequestAccepted { by: hanako(None) }, None), BASE, None);

        assert_eq!(r.mail_type, MailType::FriendRequestAccepted);
        assert_eq!(r.subject, "【巡り】@hanakoさんとフレンドになりました");
        assert!(r.text.contains("@hanakoさんが、あなたのフレンド申請を承認しました。"), "{}", r.text);
        assert!(r.text.contains("https://meguri.example/friends\n"));
        assert!(r.html.contains(">フレンドを見る</a>"));
        let blank = render(&request(MailKind::FriendRequestAccepted { by: hanako(Some("  ")) }, None), BASE, None);
        assert_eq!(blank.subject, r.subject, "a blank first name is no name");
    }

    #[test]
    fn a_members_name_cannot_break_the_subject_or_the_markup() {
        let sneaky = Person { username: "x\r\nBcc: y".into(), first_name: Some("<b>花</b>".into()) };
        let r = render(&request(MailKind::FriendRequestReceived { from: sneaky }, None), BASE, None);

        assert!(!r.subject.contains('\n') && !r.subject.contains('\r'), "{:?}", r.subject);
        assert!(!r.html.contains("<b>花</b>"), "{}", r.html);
        assert!(r.html.contains("&lt;b&gt;花&lt;/b&gt;"));
    }

    const TOKEN: &str = "abc-DEF_123";

    #[test]
    fn a_mention_names_the_friend_and_the_day_and_links_to_the_entry_never_its_text() {
        let entry_id = uuid::Uuid::now_v7();
        let entry_date = NaiveDate::from_ymd_opt(2026, 12, 3).expect("date");
        let mail = MailKind::MentionedInDiary { from: hanako(Some("花子")), entry_id, entry_date };
        let r = render(&request(mail, Some("taro")), BASE, Some(TOKEN));

        assert_eq!(r.mail_type, MailType::MentionedInDiary);
        assert_eq!(r.subject, "【巡り】@hanakoさんが日記であなたをメンションしました");
        assert!(
            r.text.contains("花子（@hanako）さんが、2026年12月3日の日記であなたをメンションしました。"),
            "{}",
            r.text
        );
        assert!(r.text.contains(&format!("https://meguri.example/diary/{entry_id}\n")), "{}", r.text);
        assert!(r.html.contains(&format!("href=\"https://meguri.example/diary/{entry_id}\"")));
        assert_eq!(r.metadata, json!({ "entryId": entry_id, "entryDate": "2026-12-03" }));
    }

    #[test]
    fn a_delivered_letter_says_when_it_was_written_and_links_to_the_diary() {
        let authored_date = NaiveDate::from_ymd_opt(2026, 1, 15).expect("date");
        let delivery_date = NaiveDate::from_ymd_opt(2027, 1, 15).expect("date");
        let r = render(
            &request(MailKind::FutureDiaryDelivery { authored_date, delivery_date }, Some("taro")),
            BASE,
            Some(TOKEN),
        );

        assert_eq!(r.mail_type, MailType::FutureDiaryDelivery);
        assert_eq!(r.subject, "【巡り】過去のあなたから手紙が届きました");
        assert!(r.text.contains("2026年1月15日に書いた未来への手紙が、今日届きました。"), "{}", r.text);
        assert!(r.text.contains("https://meguri.example/diary\n"), "{}", r.text);
        assert!(r.html.contains(">手紙を読む</a>"));
    }

    #[test]
    fn the_inactivity_reminder_invites_back_to_the_app() {
        let r = render(&request(MailKind::InactivityReminder, None), BASE, Some(TOKEN));

        assert_eq!(r.mail_type, MailType::InactivityReminder);
        assert_eq!(r.subject, "【巡り】最近の流れを見に来ませんか");
        assert!(r.text.contains("https://meguri.example/\n"), "{}", r.text);
        assert_eq!(r.metadata, json!({}));
    }

    #[test]
    fn a_purchase_receipt_states_the_pack_quantity_amount_credits_and_date_and_links_to_the_history() {
        let purchase_id = uuid::Uuid::now_v7();
        let completed_at = chrono::DateTime::parse_from_rfc3339("2026-12-03T05:06:07Z").expect("time").to_utc();
        let receipt = Receipt {
            purchase_id,
            item_title: "30クレジット".into(),
            amount_yen: 2400,
            quantity: 2,
            credits_granted: 60,
            completed_at,
        };
        let r = render(&request(MailKind::PurchaseReceipt(receipt), Some("taro")), BASE, Some(TOKEN));

        assert_eq!(r.mail_type, MailType::PurchaseReceipt);
        assert_eq!(r.subject, "【巡り】ご購入ありがとうございます");
        assert!(r.text.starts_with("taro さん\n\n"), "{}", r.text);
        for line in [
            "商品：30クレジット\n",
            "数量：2\n",
            "お支払い金額：¥2,400（税込）\n",
            "付与クレジット：60クレジット\n",
            "ご購入日時：2026年12月3日 14:06\n",
            &format!("ご購入番号：{purchase_id}"),
        ] {
            assert!(r.text.contains(line), "{line:?} in {}", r.text);
        }
        assert!(r.text.contains("https://meguri.example/purchase-history\n"), "{}", r.text);
        assert!(r.html.contains("href=\"https://meguri.example/purchase-history\""), "{}", r.html);
        assert!(r.html.contains(">購入履歴を見る</a>"));
        assert_eq!(r.list_unsubscribe, None, "a receipt is transactional");
        assert!(!r.text.contains("配信を停止"), "{}", r.text);
        assert_eq!(
            r.metadata,
            json!({ "purchaseId": purchase_id, "amountYen": 2400, "quantity": 2, "creditsGranted": 60 })
        );
    }

    #[test]
    fn yen_amounts_have_thousands_separators() {
        assert_eq!(yen(480), "¥480");
        assert_eq!(yen(1200), "¥1,200");
        assert_eq!(yen(60000), "¥60,000");
        assert_eq!(yen(1_234_567), "¥1,234,567");
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
