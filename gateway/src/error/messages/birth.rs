//! Birth data (the gateway's checks and bazi-engine's).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "INVALID_DATE" => "存在しない日付です（例: 2月30日）。生年月日を確認してください",
        "DATE_OUT_OF_RANGE" => "生年月日は1900年から2100年の間で入力してください",
        "INVALID_TIME" => "出生時刻はHH:MM形式（00:00〜23:59）で入力してください",
        "NONEXISTENT_LOCAL_TIME" => "その時刻はサマータイムの切り替えで存在しない時刻です。時刻を確認してください",
        "AMBIGUOUS_LOCAL_TIME" => "その時刻はサマータイムの終了で2回ある時刻です。時刻を確認してください",
        "INVALID_DST_CHOICE" => "サマータイムの読み方は earlier・later・standard のいずれかで指定してください",
        "UNKNOWN_TIME_ZONE" => "タイムゾーンが正しくありません",
        "INVALID_COORDINATES" => "緯度・経度の値が正しくありません",
        "PLACE_NOT_FOUND" => "指定された地名が見つかりませんでした",
        "INVALID_ARGUMENT" => "入力内容が正しくありません",
        _ => return None,
    })
}
