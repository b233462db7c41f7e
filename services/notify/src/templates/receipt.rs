//! The receipt of a credit-pack purchase (always sent).

use serde_json::json;

use super::friends::clean;
use super::{Block, Message, japanese_date};
use crate::domain::Receipt;

/// `¥2,400`: yen with thousands separators.
pub(super) fn yen(amount: i64) -> String {
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
pub(super) fn japanese_date_time(at: chrono::DateTime<chrono::Utc>) -> String {
    use chrono::Timelike as _;
    let local = at.with_timezone(&meguri_japan_day::offset());
    format!("{} {}:{:02}", japanese_date(local.date_naive()), local.hour(), local.minute())
}

/// The receipt of a credit-pack purchase: what was bought, for how much (tax included), the
/// credits granted, when, and where the history is (/purchase-history). Always sent.
pub(super) fn purchase_receipt(r: &Receipt, base: &str) -> Message {
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
            Block::Footnote { text: super::security::SUPPORT_LINE, url: format!("{base}/settings#support") },
        ],
        json!({
            "purchaseId": r.purchase_id,
            "amountYen": r.amount_yen,
            "quantity": r.quantity,
            "creditsGranted": r.credits_granted,
        }),
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::render;
    use super::super::testing::{BASE, TOKEN, request};
    use super::yen;
    use crate::domain::{MailKind, MailType, Receipt};

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
        assert!(r.text.contains("https://meguri.example/settings#support"), "{}", r.text);
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
}
