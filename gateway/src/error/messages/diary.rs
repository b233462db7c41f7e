//! The diary, mentions and letters (social), and one-click unsubscribe (notify).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "INVALID_DIARY_CONTENT" => "日記の内容を1〜1000文字で入力してください",
        "INVALID_DIARY_DATE" => "日付が正しくありません（未来の日付は選べません）",
        "INVALID_DELIVERY_DATE" => "届ける日は明日から10年後までの日付を選んでください",
        "INVALID_CLIENT_ID" => "リクエストが正しくありません。ページを再読み込みしてください",
        "INVALID_CURSOR" => "ページの指定が正しくありません",
        "DIARY_LIMIT" => "日記は24時間に100件まで書けます。しばらくしてからお試しください",
        "DIARY_ENTRY_NOT_FOUND" => "日記が見つかりません",
        "LETTER_SEALED" => "未来への手紙は届くまで編集できません",
        "LUCKY_DAY_NOT_FOUND" => "60日以内に吉日が見つかりませんでした。別の日付をお選びください",
        "MENTION_NOT_FOUND" => "メンションが見つかりません",
        "INVALID_UNSUBSCRIBE_TOKEN" => "配信停止リンクが正しくないか、有効期限が切れています",
        "UNSUBSCRIBE_TOKEN_USED" => "この配信停止リンクはすでに使われています",
        _ => return None,
    })
}
