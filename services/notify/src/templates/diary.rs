//! Diary mail: a friend's mention, a letter to the future delivered. Never an entry's text.

use chrono::NaiveDate;
use serde_json::json;

use super::friends::{clean, person};
use super::{Block, Message, japanese_date};
use crate::domain::Person;

/// A friend mentioned the recipient: who, which day's entry, and the link to that entry (which
/// the mentioned friend may read). Never the entry's text.
pub(super) fn mentioned_in_diary(from: &Person, entry_id: uuid::Uuid, entry_date: NaiveDate, base: &str) -> Message {
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
pub(super) fn future_diary_delivery(authored_date: NaiveDate, delivery_date: NaiveDate, base: &str) -> Message {
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

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use serde_json::json;

    use super::super::render;
    use super::super::testing::{BASE, TOKEN, hanako, request};
    use crate::domain::{MailKind, MailType};

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
}
