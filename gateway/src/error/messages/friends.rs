//! Friends (social; the gateway checks the form of ids).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "MEMBER_NOT_FOUND" => "ユーザーが見つかりませんでした",
        "FRIEND_REQUEST_NOT_FOUND" => "フレンド申請が見つかりませんでした",
        "FRIEND_NOT_FOUND" => "フレンドが見つかりませんでした",
        "CANNOT_FRIEND_SELF" => "自分自身にフレンド申請はできません",
        "CANNOT_BLOCK_SELF" => "自分自身はブロックできません",
        "INVALID_SEARCH_QUERY" => "ユーザー名を30文字以内で入力してください",
        "ALREADY_FRIENDS" => "すでにフレンドです",
        "FRIEND_REQUEST_LIMIT" => "フレンド申請の上限に達しました。しばらくしてからお試しください",
        "FRIEND_LIMIT" => "フレンドの上限に達しています",
        "INVALID_INVITER_ID" => "招待リンクが正しくありません。リンクを確認してください",
        _ => return None,
    })
}
