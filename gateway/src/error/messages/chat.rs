//! The mascot chat (chat; the gateway checks the form of the body and ids).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "INVALID_MESSAGE_ID" => "リクエストが正しくありません",
        "MESSAGE_EMPTY" => "メッセージを入力してください",
        // The chat routes word it with the limit chat names in its refusal (`x-meguri-limit`).
        "MESSAGE_TOO_LONG" => "メッセージは500文字以内で入力してください",
        "INVALID_COMPATIBILITY_TARGET" => "相手の生年月日と性別を正しく入力してください",
        "MESSAGE_ID_TAKEN" => "このメッセージはすでに送信されています",
        "MESSAGE_NOT_FOUND" => "メッセージが見つかりません",
        "BILLING_UNAVAILABLE" | "CHAT_UNAVAILABLE" => {
            "チャットは現在ご利用いただけません。しばらくしてからお試しください"
        }
        "CHAT_RATE_LIMITED" => "送信が続いています。少し時間をおいてからお試しください",
        "REPLY_FAILED" => "返信を作れませんでした。使ったクレジットはお返ししました",
        "REPLY_TIMEOUT" => "返信に時間がかかりすぎたため中断しました。使ったクレジットはお返ししました",
        _ => return None,
    })
}
