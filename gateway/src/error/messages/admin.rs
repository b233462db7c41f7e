//! The admin SPA's staff accounts, member search, credit adjustments, chart retries, figures and
//! audit log (identity, billing, fortune-gen, notify and the gateway's own checks).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "STAFF_EMAIL_TAKEN" => "このメールアドレスのスタッフアカウントはすでにあります",
        "STAFF_SELF_CHANGE" => "自分自身のアカウントは無効化や権限の変更ができません",
        "INVALID_ROLE" => "権限は「管理者」か「サポート」を選んでください",
        "SEARCH_TOO_LONG" => "検索語は100文字以内で入力してください",
        "INVALID_AUDIT_ACTION" => "操作の種類の指定が正しくありません",
        "INVALID_TARGET_TYPE" => "対象の指定が正しくありません",
        "INVALID_INSTANT" => "日時の指定が正しくありません",
        "INVALID_AUDIT_DATE" => "期間はYYYY-MM-DD形式で、開始日を終了日以前にしてください",
        "INVALID_SINCE" => "集計の起点の指定が正しくありません",
        "INVALID_CREDIT_DELTA" => "調整するクレジットは1〜100000（減算は-1〜-100000）で入力してください",
        "ADJUSTMENT_REASON_REQUIRED" => "調整の理由を入力してください",
        "ADJUSTMENT_REASON_TOO_LONG" => "調整の理由は200文字以内で入力してください",
        "CHART_NOT_FAILED" => "この命式は作成に失敗していないため、再作成できません",
        _ => return None,
    })
}
