//! Usage analytics: the SPA's batches of page views, the visitor's consent, the dashboard's range
//! (the gateway's own checks and support's).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "TOO_MANY_ANALYTICS_EVENTS" => "一度に送れる記録は50件までです",
        "UNKNOWN_ANALYTICS_EVENT" => "記録できない種類のイベントです",
        "INVALID_ANALYTICS_PATH" => "ページの指定が正しくありません",
        "ANALYTICS_UNAVAILABLE" => "ただいま利用状況を記録できません。しばらくしてからもう一度お試しください",
        "INVALID_ANALYTICS_DATE" => "日付はYYYY-MM-DD形式（2000〜9999年）で指定してください",
        "INVALID_ANALYTICS_RANGE" => "期間は開始日を終了日以前にし、366日以内で指定してください",
        _ => return None,
    })
}
