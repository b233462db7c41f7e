//! Support tickets (services/support).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "TICKET_SUBJECT_REQUIRED" => "件名を入力してください",
        "TICKET_SUBJECT_TOO_LONG" => "件名は100文字以内・1行で入力してください",
        "TICKET_MESSAGE_REQUIRED" => "お問い合わせ内容を入力してください",
        "TICKET_MESSAGE_TOO_LONG" => "お問い合わせ内容は5000文字以内で入力してください",
        "TOO_MANY_ATTACHMENTS" => "添付できる画像は3枚までです",
        "INVALID_REQUEST_ID" => "送信内容を確認できませんでした。もう一度お試しください",
        "TICKET_NOT_FOUND" => "お問い合わせが見つかりません",
        "IMAGE_EMPTY" => "画像ファイルが空です。別の画像を選んでください",
        "IMAGE_TOO_LARGE" => "画像は1枚2MBまでです",
        "IMAGE_TYPE_NOT_ALLOWED" => "添付できるのはPNGかJPEGの画像だけです",
        "IMAGE_CORRUPT" => "画像を読み込めませんでした。別の画像を選んでください",
        "IMAGE_TOO_LARGE_DIMENSIONS" => "画像の縦横が大きすぎます。縮小してから添付してください",
        "ATTACHMENT_NOT_FOUND" => "画像が見つかりません",
        "REPLY_LINK_INVALID" => "このリンクは使えません。リンクが正しくないか、有効期限が切れています",
        "SUPPORT_UNAVAILABLE" => "サポートに接続できません。しばらくしてからもう一度お試しください",
        // The staff inbox (PERMISSION_DENIED is access's, INVALID_CURSOR diary's, INVALID_LIMIT
        // readings': a code has one message).
        "AUTHOR_NAME_TOO_LONG" => "担当者名は50文字以内・1行で入力してください",
        "INVALID_STATUS" => "ステータスの指定が正しくありません",
        "INVALID_PRIORITY" => "優先度の指定が正しくありません",
        "INVALID_ADMIN_ID" => "担当者の指定が正しくありません",
        _ => return None,
    })
}
