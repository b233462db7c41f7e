//! Readings (fortune-gen).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "CHART_NOT_READY" => "命式を準備しています。しばらくしてからもう一度お試しください",
        "PROFILE_INCOMPLETE" => "生年月日が登録されていません。プロフィールから登録してください",
        "INVALID_TIMEZONE_OFFSET" => "タイムゾーンの指定が正しくありません",
        "INVALID_FORTUNE_TYPE" => "評価する占いの種類が正しくありません",
        "INVALID_RATING" => "評価は positive または negative で指定してください",
        "INVALID_CONTENT_HASH" => "評価する内容の指定が正しくありません",
        "FEEDBACK_TOO_LONG" => "ご意見は1000文字以内で入力してください",
        "INVALID_CONTEXT" => "評価に添える情報の形式が正しくありません",
        "RATING_NOT_FOUND" => "先に評価を選んでください",
        "INVALID_LIMIT" => "件数の指定が正しくありません",
        "SOCIAL_UNAVAILABLE" => "フレンド情報を取得できませんでした。しばらくしてからお試しください",
        _ => return None,
    })
}
