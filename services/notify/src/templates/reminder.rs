//! The inactivity reminder.

use serde_json::json;

use super::{Block, Message};

/// Seven days without a visit: an invitation back to the day's flow.
pub(super) fn inactivity_reminder(base: &str) -> Message {
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::render;
    use super::super::testing::{BASE, TOKEN, request};
    use crate::domain::{MailKind, MailType};

    #[test]
    fn the_inactivity_reminder_invites_back_to_the_app() {
        let r = render(&request(MailKind::InactivityReminder, None), BASE, Some(TOKEN));

        assert_eq!(r.mail_type, MailType::InactivityReminder);
        assert_eq!(r.subject, "【巡り】最近の流れを見に来ませんか");
        assert!(r.text.contains("https://meguri.example/\n"), "{}", r.text);
        assert_eq!(r.metadata, json!({}));
    }
}
