//! Credits and the shop (billing; the gateway checks itemId, quantity and attemptId first).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "INVALID_USER_ID" => "ユーザーIDの形式が正しくありません",
        "INVALID_AMOUNT" => "クレジット数は1〜1,000,000の範囲で指定してください",
        "INVALID_IDEMPOTENCY_KEY" => "リクエストの識別キーの形式が正しくありません",
        "INVALID_REASON" => "理由の指定が正しくありません",
        "IDEMPOTENCY_KEY_REUSED" => "この識別キーはすでに別の操作で使われています",
        "INSUFFICIENT_CREDITS" => "クレジットが足りません",
        "BALANCE_LIMIT_EXCEEDED" => "クレジット残高の上限を超えるため、追加できません",
        "SPEND_NOT_FOUND" => "該当するクレジットの利用が見つかりません",
        "CONFLICT" => "ほかの操作と重なりました。もう一度お試しください",
        "INVALID_ITEM" => "商品を選んでください",
        "INVALID_QUANTITY" => "数量は1〜10の範囲で指定してください",
        "INVALID_ATTEMPT_ID" => "購入の手続きが正しくありません。ページを再読み込みしてください",
        "ITEM_NOT_FOUND" => "この商品は現在購入できません",
        "PURCHASE_NOT_FOUND" => "購入履歴が見つかりません",
        "STRIPE_UNAVAILABLE" => "決済サービスに接続できません。しばらくしてからお試しください",
        "DEV_CHECKOUT_DISABLED" => "この決済ページは利用できません",
        "INVALID_SIGNATURE" | "INVALID_PAYLOAD" => "不正なリクエストです",
        _ => return None,
    })
}
