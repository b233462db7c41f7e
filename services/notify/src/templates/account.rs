//! Account mail: the verification code, the password-reset and address-change links, welcome.

use serde_json::json;

use super::{Block, Message, NOT_MINE, url_encode};

/// The code that verifies the address, with how long it is valid.
pub(super) fn verification_code(code: &str, expires_in_minutes: u32) -> Message {
    (
        "【巡り】メールアドレスの確認コード".to_owned(),
        vec![
            Block::Paragraph("巡りにご登録いただき、ありがとうございます。\n下記の確認コードを画面に入力して、メールアドレスの確認を完了してください。".to_owned()),
            Block::Code(code.to_owned()),
            Block::Paragraph(format!("このコードの有効期限は{expires_in_minutes}分です。\n{NOT_MINE}")),
        ],
        json!({ "expiresInMinutes": expires_in_minutes }),
    )
}

/// The link that sets a new password (its token and the address `to`, encoded).
pub(super) fn password_reset(token: &str, expires_in_minutes: u32, to: &str, base: &str) -> Message {
    (
        "【巡り】パスワード再設定のご案内".to_owned(),
        vec![
            Block::Paragraph("パスワード再設定のお申し込みを受け付けました。\n下記のリンクを開いて、新しいパスワードを設定してください。".to_owned()),
            Block::Link {
                url: format!("{base}/reset-password?token={}&email={}", url_encode(token), url_encode(to)),
                label: "パスワードを再設定する",
            },
            Block::Paragraph(format!(
                "このリンクの有効期限は{expires_in_minutes}分です。\n{NOT_MINE}パスワードは変更されません。"
            )),
        ],
        json!({ "expiresInMinutes": expires_in_minutes }),
    )
}

/// The link, sent to the new address, that confirms a change of address.
pub(super) fn email_change(token: &str, expires_in_minutes: u32, base: &str) -> Message {
    (
        "【巡り】メールアドレス変更の確認".to_owned(),
        vec![
            Block::Paragraph("巡りに登録するメールアドレスを、このアドレスに変更するお申し込みを受け付けました。\n下記のリンクを開くと変更が完了します。".to_owned()),
            Block::Link { url: format!("{base}/auth/confirm-email?token={}", url_encode(token)), label: "メールアドレスを確認する" },
            Block::Paragraph(format!(
                "このリンクの有効期限は{expires_in_minutes}分です。\n{NOT_MINE}メールアドレスは変更されません。"
            )),
        ],
        json!({ "expiresInMinutes": expires_in_minutes }),
    )
}

/// The address is verified: welcome.
pub(super) fn welcome(base: &str) -> Message {
    (
        "【巡り】ようこそ、巡りへ".to_owned(),
        vec![
            Block::Paragraph("メールアドレスの確認が完了しました。巡りへようこそ。\n生まれた日時から読み解く四柱推命の命式や、毎日の運勢をお楽しみください。".to_owned()),
            Block::Link { url: format!("{base}/"), label: "巡りを開く" },
        ],
        json!({}),
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::render;
    use super::super::testing::{BASE, request};
    use crate::domain::{MailKind, MailType};

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
}
