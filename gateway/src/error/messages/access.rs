//! The session, access and generic outcomes of a call.

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "UNAUTHENTICATED" => "ログインが必要です",
        "PERMISSION_DENIED" => "この操作を行う権限がありません",
        "FORBIDDEN_ORIGIN" => "許可されていない送信元からのリクエストです",
        "RATE_LIMITED" => "リクエストが多すぎます。しばらくしてから再度お試しください。",
        "ALREADY_EXISTS" => "すでに登録されています",
        "FAILED_PRECONDITION" => "現在この操作は行えません",
        "SERVICE_UNAVAILABLE" => "ただいまサービスに接続できません。しばらくしてから再度お試しください。",
        "GATEWAY_TIMEOUT" => "応答に時間がかかっています。しばらくしてから再度お試しください。",
        "INTERNAL_ERROR" => "サーバーでエラーが発生しました。しばらくしてから再度お試しください。",
        _ => return None,
    })
}
