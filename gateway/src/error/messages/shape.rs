//! The form of a request (the gateway's own checks).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "INVALID_REQUEST" => "リクエストの形式が正しくありません",
        "INVALID_CHARACTERS" => "使用できない文字（NUL文字）が含まれています",
        "BIRTH_DATE_REQUIRED" => "生年月日を入力してください",
        "INVALID_DATE_FORMAT" => "生年月日はYYYY-MM-DD形式で入力してください",
        "INVALID_GENDER" => "性別は male または female で指定してください",
        "INVALID_TIME_MODE" => "時刻の補正方法は standard・mean・apparent のいずれかで指定してください",
        "INVALID_ZI_CONVENTION" => "子の刻の扱いは split または next_day で指定してください",
        "INVALID_LOCATION" => "出生地は100文字以内で入力してください",
        "LOCATION_REQUIRED" => "地名を入力してください",
        "INVALID_QUERY" => "検索語は100文字以内で入力してください",
        "INVALID_DATE_RANGE" => "期間の指定が正しくありません（YYYY-MM-DD、最大366日）",
        "NOT_FOUND" => "ページが見つかりません",
        "METHOD_NOT_ALLOWED" => "この操作は許可されていません",
        "PAYLOAD_TOO_LARGE" => "リクエストが大きすぎます",
        "URI_TOO_LONG" => "URLが長すぎます。短くしてもう一度お試しください",
        "HEADERS_TOO_LARGE" => "リクエストヘッダーが大きすぎます。このサイトのCookieを削除してもう一度お試しください",
        _ => return None,
    })
}
