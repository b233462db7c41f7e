//! Security mail: a notice to the account's address about something done to (or tried on) it.

use serde_json::json;

use super::{Block, Message};
use crate::domain::SecurityChange;

/// A notice to the account's address about something done to (or tried on) the account.
pub(super) fn security_notice(what: SecurityChange, base: &str) -> Message {
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
            Block::Footnote { text: SUPPORT_LINE, url: format!("{base}/settings#support") },
        ],
        json!({ "what": key }),
    )
}

/// Where "contact support" leads: the お問い合わせ section of /settings (after signing in).
pub(super) const SUPPORT_LINE: &str =
    "サポートへのお問い合わせは、ログイン後の「設定」の「お問い合わせ」から送れます。";

/// To the owner of an address someone tried to sign up with: nothing happened, and where to go.
pub(super) fn sign_up_attempted(base: &str) -> Message {
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::render;
    use super::super::testing::{BASE, request};
    use crate::domain::{MailKind, MailType, SecurityChange};

    #[test]
    fn security_notices_name_what_changed() {
        let email = render(&request(MailKind::SecurityNotice { what: SecurityChange::EmailChanged }, None), BASE, None);
        assert_eq!(email.subject, "【巡り】メールアドレスが変更されました");
        assert!(email.text.contains("https://meguri.example/auth/forgot-password"));
        // "Contact support" leads to the real support window.
        assert!(email.text.contains("https://meguri.example/settings#support"), "{}", email.text);
        assert!(email.html.contains("https://meguri.example/settings#support"));
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
}
