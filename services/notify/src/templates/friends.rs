//! Friend mail: a request received, a request accepted; and how social mail names a member.

use serde_json::json;

use super::{Block, Message};
use crate::domain::Person;

/// How a social mail names another member: `花子（@hanako）` with a first name, else `@hanako`.
/// Public fields only; line breaks a name might smuggle in become spaces.
pub(super) fn person(p: &Person) -> String {
    let username = clean(&p.username);
    match p.first_name.as_deref().map(clean).filter(|n| !n.is_empty()) {
        Some(first) => format!("{first}（@{username}）"),
        None => format!("@{username}"),
    }
}

/// A member's name on one line: line breaks become spaces.
pub(super) fn clean(s: &str) -> String {
    s.replace(['\r', '\n'], " ").trim().to_owned()
}

/// Someone asked the recipient to be friends: who, and where to answer (/friends).
pub(super) fn friend_request_received(from: &Person, base: &str) -> Message {
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
pub(super) fn friend_request_accepted(by: &Person, base: &str) -> Message {
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::render;
    use super::super::testing::{BASE, hanako, request};
    use crate::domain::{MailKind, MailType, Person};

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
}
