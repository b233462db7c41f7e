//! Every error the gateway answers with: an HTTP status and `{"message": "<Japanese>", "code": "SNAKE_CASE"}`.
//!
//! This file holds the ONE table from a stable code to the Japanese text a person reads
//! ([`message_for`]) and the ONE mapping from a gRPC status to HTTP ([`ApiError::from_status`],
//! per DESIGN "Contracts"). Services send the code in the `x-meguri-code` metadata entry
//! (`meguri-status`); their own text (short English for logs) never reaches a client. Every code a
//! service can send (`meguri_status::codes`) has a message here, checked by a test.

use std::borrow::Cow;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use tonic::Code;

/// The metadata entry in which a service names the stable code of an error.
pub use meguri_status::CODE_METADATA;
/// The gRPC metadata key in which a service says when a RESOURCE_EXHAUSTED call may be retried (seconds).
pub const RETRY_AFTER_METADATA: &str = "retry-after";

/// The Japanese message for a stable code; `None` for a code this gateway does not know.
#[must_use]
pub fn message_for(code: &str) -> Option<&'static str> {
    Some(match code {
        // --- request shape (gateway) ---
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
        // --- birth data (gateway checks and bazi-engine) ---
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
        // --- accounts (identity) ---
        "INVALID_EMAIL" => "メールアドレスの形式が正しくありません",
        "PASSWORD_TOO_SHORT" => "パスワードは8文字以上で入力してください",
        "PASSWORD_TOO_LONG" => "パスワードは128文字以内で入力してください",
        "INVALID_USERNAME" => "ユーザー名は3〜20文字の英数字・ひらがな・カタカナ・漢字・_で入力してください",
        "INVALID_NAME" => "名前は50文字以内で入力してください",
        "GENDER_REQUIRED" => "性別を選択してください",
        "PRIVACY_POLICY_REQUIRED" => "プライバシーポリシーの同意が必要です",
        "EMAIL_TAKEN" => "このメールアドレスはすでに登録されています",
        "USERNAME_TAKEN" => "このユーザー名はすでに使われています",
        "USERNAME_LOOKALIKE" => "よく似たユーザー名がすでに使われています。別のユーザー名をお選びください",
        "CODE_INVALID" => "認証コードが正しくありません",
        "CODE_EXPIRED" => "認証コードの有効期限が切れています。コードを再送信してください",
        "CODE_EXHAUSTED" => "認証コードの入力回数が上限に達しました。コードを再送信してください",
        "CODE_ALREADY_USED" => "この認証コードはすでに使われています。メールアドレスとパスワードでログインしてください",
        "RESEND_COOLDOWN" => "認証コードは少し時間をおいてから再送信してください",
        "INVALID_CREDENTIALS" => "メールアドレスまたはパスワードが正しくありません",
        "EMAIL_NOT_VERIFIED" => "メールアドレスの認証が完了していません。届いた認証コードを入力してください",
        "LOGIN_RATE_LIMITED" => "ログインの試行回数が多すぎます。しばらくしてから再度お試しください",
        "PASSWORD_CHECK_RATE_LIMITED" => {
            "パスワードの確認に失敗した回数が多すぎます。しばらくしてから再度お試しください"
        }
        "WRONG_PASSWORD" => "現在のパスワードが正しくありません",
        "RESET_TOKEN_INVALID" => "このリセットリンクは無効か、有効期限が切れています。もう一度お手続きください",
        "EMAIL_CHANGE_TOKEN_INVALID" => "この確認リンクは無効か、有効期限が切れています",
        "SAME_EMAIL" => "現在と同じメールアドレスです",
        "USER_NOT_FOUND" => "アカウントが見つかりません",
        "ADMIN_INACTIVE" => "この管理者アカウントは無効になっています",
        "ADMIN_DISABLED" => "管理画面へのログインは現在利用できません",
        // readings (fortune-gen)
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
        // --- friends (social; the gateway checks the form of ids) ---
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
        // --- diary, mentions and letters (social; the gateway checks the form of ids) ---
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
        // --- the mascot chat (chat; the gateway checks the form of the body and ids) ---
        "INVALID_MESSAGE_ID" => "リクエストが正しくありません",
        "MESSAGE_EMPTY" => "メッセージを入力してください",
        // The chat routes word it with the limit chat names in its refusal (`x-meguri-limit`).
        "MESSAGE_TOO_LONG" => "メッセージは500文字以内で入力してください",
        "INVALID_COMPATIBILITY_TARGET" => "相手の生年月日と性別を正しく入力してください",
        "MESSAGE_ID_TAKEN" => "このメッセージはすでに送信されています",
        "MESSAGE_NOT_FOUND" => "メッセージが見つかりません",
        "BILLING_UNAVAILABLE" | "CHAT_UNAVAILABLE" => {
            "チャットは現在ご利用いただけません。しばらくしてからお試しください"
        }
        "CHAT_RATE_LIMITED" => "送信が続いています。少し時間をおいてからお試しください",
        "REPLY_FAILED" => "返信を作れませんでした。使ったクレジットはお返ししました",
        "REPLY_TIMEOUT" => "返信に時間がかかりすぎたため中断しました。使ったクレジットはお返ししました",
        // --- one-click unsubscribe (notify) ---
        "INVALID_UNSUBSCRIBE_TOKEN" => "配信停止リンクが正しくないか、有効期限が切れています",
        "UNSUBSCRIBE_TOKEN_USED" => "この配信停止リンクはすでに使われています",
        // --- credits (billing) ---
        "INVALID_USER_ID" => "ユーザーIDの形式が正しくありません",
        "INVALID_AMOUNT" => "クレジット数は1〜1,000,000の範囲で指定してください",
        "INVALID_IDEMPOTENCY_KEY" => "リクエストの識別キーの形式が正しくありません",
        "INVALID_REASON" => "理由の指定が正しくありません",
        "IDEMPOTENCY_KEY_REUSED" => "この識別キーはすでに別の操作で使われています",
        "INSUFFICIENT_CREDITS" => "クレジットが足りません",
        "BALANCE_LIMIT_EXCEEDED" => "クレジット残高の上限を超えるため、追加できません",
        "SPEND_NOT_FOUND" => "該当するクレジットの利用が見つかりません",
        "CONFLICT" => "ほかの操作と重なりました。もう一度お試しください",
        // --- the shop (billing; the gateway checks itemId, quantity and attemptId first) ---
        "INVALID_ITEM" => "商品を選んでください",
        "INVALID_QUANTITY" => "数量は1〜10の範囲で指定してください",
        "INVALID_ATTEMPT_ID" => "購入の手続きが正しくありません。ページを再読み込みしてください",
        "ITEM_NOT_FOUND" => "この商品は現在購入できません",
        "PURCHASE_NOT_FOUND" => "購入履歴が見つかりません",
        "STRIPE_UNAVAILABLE" => "決済サービスに接続できません。しばらくしてからお試しください",
        "DEV_CHECKOUT_DISABLED" => "この決済ページは利用できません",
        "INVALID_SIGNATURE" | "INVALID_PAYLOAD" => "不正なリクエストです",
        // --- session and access ---
        "UNAUTHENTICATED" => "ログインが必要です",
        "PERMISSION_DENIED" => "この操作を行う権限がありません",
        "FORBIDDEN_ORIGIN" => "許可されていない送信元からのリクエストです",
        "RATE_LIMITED" => "リクエストが多すぎます。しばらくしてから再度お試しください。",
        // --- generic outcomes of a call ---
        "ALREADY_EXISTS" => "すでに登録されています",
        "FAILED_PRECONDITION" => "現在この操作は行えません",
        "SERVICE_UNAVAILABLE" => "ただいまサービスに接続できません。しばらくしてから再度お試しください。",
        "GATEWAY_TIMEOUT" => "応答に時間がかかっています。しばらくしてから再度お試しください。",
        "INTERNAL_ERROR" => "サーバーでエラーが発生しました。しばらくしてから再度お試しください。",
        _ => return None,
    })
}

/// The UNAVAILABLE codes a client sees as they are sent, because they say which part is down.
const PUBLIC_OUTAGE_CODES: &[&str] = &["SOCIAL_UNAVAILABLE", "STRIPE_UNAVAILABLE", "BILLING_UNAVAILABLE"];

/// The generic code of a gRPC status, used when the service named no code we know.
const fn generic_code(code: Code) -> &'static str {
    match code {
        Code::InvalidArgument | Code::OutOfRange => "INVALID_ARGUMENT",
        Code::Unauthenticated => "UNAUTHENTICATED",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::ResourceExhausted => "RATE_LIMITED",
        Code::Unavailable => "SERVICE_UNAVAILABLE",
        Code::DeadlineExceeded => "GATEWAY_TIMEOUT",
        _ => "INTERNAL_ERROR",
    }
}

/// DESIGN "Contracts": InvalidArgument 400, Unauthenticated 401, PermissionDenied 403, NotFound 404,
/// AlreadyExists 409, FailedPrecondition 409, ResourceExhausted 429, Unavailable 503,
/// DeadlineExceeded 504, anything else 500.
#[must_use]
pub const fn http_status_for(code: Code) -> StatusCode {
    match code {
        Code::InvalidArgument => StatusCode::BAD_REQUEST,
        Code::Unauthenticated => StatusCode::UNAUTHORIZED,
        Code::PermissionDenied => StatusCode::FORBIDDEN,
        Code::NotFound => StatusCode::NOT_FOUND,
        Code::AlreadyExists | Code::FailedPrecondition => StatusCode::CONFLICT,
        Code::ResourceExhausted => StatusCode::TOO_MANY_REQUESTS,
        Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Code::DeadlineExceeded => StatusCode::GATEWAY_TIMEOUT,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// A stable code as a service may send it: SNAKE_CASE ASCII, at most 64 characters.
fn is_stable_code(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= 64
        && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// The error body of every failed request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Japanese text for a person.
    #[schema(example = "リクエストの形式が正しくありません")]
    pub message: Cow<'static, str>,
    /// Stable SNAKE_CASE code for programs.
    #[schema(example = "INVALID_REQUEST")]
    pub code: Cow<'static, str>,
    /// With NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME only: the ways the birth time can be read;
    /// send one back as `dstChoice`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<crate::local_time::DstChoiceBody>>,
}

/// What a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A request that fails validation, with the code of what is wrong (400).
    #[error("invalid request: {0}")]
    Invalid(&'static str),
    /// No signed-in session (401).
    #[error("unauthenticated")]
    Unauthenticated,
    /// A state-changing request from a foreign origin (403).
    #[error("forbidden origin")]
    ForbiddenOrigin,
    /// A known code with its own status (404 PLACE_NOT_FOUND from the gateway, 404 NOT_FOUND…).
    #[error("{code} ({status})")]
    Coded { status: StatusCode, code: &'static str },
    /// A known code whose text depends on settings (`MESSAGE_TOO_LONG` with chat's length).
    #[error("{code} ({status})")]
    Worded { status: StatusCode, code: &'static str, message: String },
    /// Too many requests from one client; retry after the given time (429).
    #[error("rate limited")]
    RateLimited { retry_after: Duration },
    /// Something that may be done once per period was just done (429 with its own code, e.g.
    /// `RESEND_COOLDOWN`); retry after the given time.
    #[error("{code}: cooling down")]
    Cooldown { code: &'static str, retry_after: Duration },
    /// A gRPC call failed; mapped per DESIGN, the message taken from the table.
    #[error("upstream {rpc} failed: {status:?}")]
    Upstream { rpc: &'static str, status: tonic::Status },
    /// A dependency of the gateway itself (Redis) is unavailable (503).
    #[error("dependency unavailable: {0}")]
    Unavailable(&'static str),
    /// Anything else (500); logged with its cause chain, never shown.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ApiError {
    /// The error of a failed gRPC call.
    #[must_use]
    pub const fn from_status(rpc: &'static str, status: tonic::Status) -> Self {
        Self::Upstream { rpc, status }
    }

    /// The stable code and the status, without the body.
    fn code_and_status(&self) -> (Cow<'static, str>, StatusCode) {
        match self {
            Self::Invalid(code) => (Cow::Borrowed(code), StatusCode::BAD_REQUEST),
            Self::Unauthenticated => (Cow::Borrowed("UNAUTHENTICATED"), StatusCode::UNAUTHORIZED),
            Self::ForbiddenOrigin => (Cow::Borrowed("FORBIDDEN_ORIGIN"), StatusCode::FORBIDDEN),
            Self::Coded { status, code } | Self::Worded { status, code, .. } => (Cow::Borrowed(code), *status),
            Self::RateLimited { .. } => (Cow::Borrowed("RATE_LIMITED"), StatusCode::TOO_MANY_REQUESTS),
            Self::Cooldown { code, .. } => (Cow::Borrowed(code), StatusCode::TOO_MANY_REQUESTS),
            Self::Upstream { status, .. } => {
                let http = http_status_for(status.code());
                let sent =
                    status.metadata().get(CODE_METADATA).and_then(|v| v.to_str().ok()).filter(|c| is_stable_code(c));
                let code = match sent {
                    // A 5xx keeps its generic code: a service's internal code is not for clients.
                    // Except an outage the table words for people (fortune-gen's
                    // SOCIAL_UNAVAILABLE: the friend updates, not the whole service, are down).
                    Some(code)
                        if http.is_client_error()
                            || (status.code() == Code::Unavailable && PUBLIC_OUTAGE_CODES.contains(&code)) =>
                    {
                        Cow::Owned(code.to_owned())
                    }
                    _ => Cow::Borrowed(generic_code(status.code())),
                };
                (code, http)
            }
            Self::Unavailable(_) => (Cow::Borrowed("SERVICE_UNAVAILABLE"), StatusCode::SERVICE_UNAVAILABLE),
            Self::Unexpected(_) => (Cow::Borrowed("INTERNAL_ERROR"), StatusCode::INTERNAL_SERVER_ERROR),
        }
    }

    /// Whole seconds for a `Retry-After` header: our own limits, or a service's `retry-after`
    /// metadata on RESOURCE_EXHAUSTED (identity's resend cooldown).
    fn retry_after_seconds(&self) -> Option<u64> {
        match self {
            Self::RateLimited { retry_after } | Self::Cooldown { retry_after, .. } => {
                Some(retry_after.as_secs().max(1))
            }
            Self::Upstream { status, .. } if status.code() == Code::ResourceExhausted => status
                .metadata()
                .get(RETRY_AFTER_METADATA)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok())
                .map(|s| s.max(1)),
            _ => None,
        }
    }

    /// The body a client receives.
    #[must_use]
    pub fn body(&self) -> ErrorBody {
        let (code, status) = self.code_and_status();
        if let Self::Worded { message, .. } = self {
            return ErrorBody { message: Cow::Owned(message.clone()), code, choices: None };
        }
        let message = message_for(&code).unwrap_or_else(|| {
            // A code we do not know yet still gets the text of its class.
            let generic = match status {
                StatusCode::BAD_REQUEST => "INVALID_ARGUMENT",
                StatusCode::UNAUTHORIZED => "UNAUTHENTICATED",
                StatusCode::FORBIDDEN => "PERMISSION_DENIED",
                StatusCode::NOT_FOUND => "NOT_FOUND",
                StatusCode::CONFLICT => "FAILED_PRECONDITION",
                StatusCode::TOO_MANY_REQUESTS => "RATE_LIMITED",
                _ => "INTERNAL_ERROR",
            };
            message_for(generic).unwrap_or("エラーが発生しました")
        });
        let choices = match self {
            Self::Upstream { status, .. } => crate::local_time::choices_of(status),
            _ => None,
        };
        ErrorBody { message: Cow::Borrowed(message), code, choices }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code_and_status().1
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        match self {
            Self::Unexpected(e) => {
                tracing::error!(error.cause_chain = ?e, "gateway.error.unexpected: unexpected error");
            }
            Self::Upstream { rpc, status: s } if status.is_server_error() || s.code() == Code::Unauthenticated => {
                tracing::error!(
                    name: "gateway.error.upstream",
                    rpc,
                    grpc.code = ?s.code(),
                    grpc.message = s.message(),
                    "upstream call failed"
                );
            }
            Self::Unavailable(what) => {
                tracing::error!(name: "gateway.error.unavailable", dependency = what, "dependency unavailable");
            }
            _ => {}
        }
        let mut response = HttpResponse::build(status);
        if let Some(seconds) = self.retry_after_seconds()
            && let Ok(value) = HeaderValue::from_str(&seconds.to_string())
        {
            response.insert_header((header::RETRY_AFTER, value));
        }
        response.insert_header((header::CACHE_CONTROL, "no-store")).json(self.body())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status_with_code(code: Code, meguri_code: &str) -> tonic::Status {
        let mut status = tonic::Status::new(code, "internal detail that must not leak");
        status.metadata_mut().insert(CODE_METADATA, meguri_code.parse().expect("ascii"));
        status
    }

    #[test]
    fn grpc_codes_map_to_http_as_designed() {
        let cases = [
            (Code::InvalidArgument, 400),
            (Code::Unauthenticated, 401),
            (Code::PermissionDenied, 403),
            (Code::NotFound, 404),
            (Code::AlreadyExists, 409),
            (Code::FailedPrecondition, 409),
            (Code::ResourceExhausted, 429),
            (Code::Unavailable, 503),
            (Code::DeadlineExceeded, 504),
            (Code::Internal, 500),
            (Code::Unknown, 500),
            (Code::DataLoss, 500),
        ];
        for (code, http) in cases {
            assert_eq!(http_status_for(code).as_u16(), http, "{code:?}");
        }
    }

    #[test]
    fn every_code_a_service_can_send_has_a_japanese_message() {
        for (service, codes) in meguri_status::codes::ALL {
            for code in *codes {
                let message = message_for(code);
                assert!(message.is_some(), "{service} can send {code}, which has no Japanese message");
                assert!(message.is_some_and(|m| !m.is_ascii()), "{code}: not Japanese");
            }
        }
    }

    /// Each `(gRPC code, stable code)` a service sends reaches the client with that HTTP status and
    /// Japanese message.
    fn assert_each_answer(cases: &[(Code, &str, u16, &str)]) {
        for &(grpc, code, http, message) in cases {
            let error = ApiError::from_status("Service", status_with_code(grpc, code));

            let body = error.body();

            assert_eq!(error.status_code().as_u16(), http, "{code}");
            assert_eq!(body.code, code);
            assert_eq!(body.message, message, "{code}");
        }
    }

    /// The contract of issue 13: social's codes (and fortune-gen's SOCIAL_UNAVAILABLE) as a
    /// person reads them, with their HTTP statuses.
    #[test]
    fn every_friends_code_has_its_status_and_message() {
        let cases = [
            (Code::NotFound, "MEMBER_NOT_FOUND", 404, "ユーザーが見つかりませんでした"),
            (Code::NotFound, "FRIEND_REQUEST_NOT_FOUND", 404, "フレンド申請が見つかりませんでした"),
            (Code::NotFound, "FRIEND_NOT_FOUND", 404, "フレンドが見つかりませんでした"),
            (Code::InvalidArgument, "CANNOT_FRIEND_SELF", 400, "自分自身にフレンド申請はできません"),
            (Code::InvalidArgument, "CANNOT_BLOCK_SELF", 400, "自分自身はブロックできません"),
            (Code::InvalidArgument, "INVALID_SEARCH_QUERY", 400, "ユーザー名を30文字以内で入力してください"),
            (Code::AlreadyExists, "ALREADY_FRIENDS", 409, "すでにフレンドです"),
            (
                Code::ResourceExhausted,
                "FRIEND_REQUEST_LIMIT",
                429,
                "フレンド申請の上限に達しました。しばらくしてからお試しください",
            ),
            (Code::ResourceExhausted, "FRIEND_LIMIT", 429, "フレンドの上限に達しています"),
            (
                Code::Unavailable,
                "SOCIAL_UNAVAILABLE",
                503,
                "フレンド情報を取得できませんでした。しばらくしてからお試しください",
            ),
        ];
        assert_each_answer(&cases);
    }

    /// The contract of issue 14: the diary's, mentions' and unsubscribe's codes as a person reads
    /// them, with their HTTP statuses.
    #[test]
    fn every_diary_and_unsubscribe_code_has_its_status_and_message() {
        let cases = [
            (Code::InvalidArgument, "INVALID_DIARY_CONTENT", 400, "日記の内容を1〜1000文字で入力してください"),
            (Code::InvalidArgument, "INVALID_DIARY_DATE", 400, "日付が正しくありません（未来の日付は選べません）"),
            (Code::InvalidArgument, "INVALID_DELIVERY_DATE", 400, "届ける日は明日から10年後までの日付を選んでください"),
            (
                Code::InvalidArgument,
                "INVALID_CLIENT_ID",
                400,
                "リクエストが正しくありません。ページを再読み込みしてください",
            ),
            (Code::InvalidArgument, "INVALID_CURSOR", 400, "ページの指定が正しくありません"),
            (Code::InvalidArgument, "INVALID_TIMEZONE_OFFSET", 400, "タイムゾーンの指定が正しくありません"),
            (Code::InvalidArgument, "INVALID_LIMIT", 400, "件数の指定が正しくありません"),
            (
                Code::ResourceExhausted,
                "DIARY_LIMIT",
                429,
                "日記は24時間に100件まで書けます。しばらくしてからお試しください",
            ),
            (Code::NotFound, "DIARY_ENTRY_NOT_FOUND", 404, "日記が見つかりません"),
            (Code::FailedPrecondition, "LETTER_SEALED", 409, "未来への手紙は届くまで編集できません"),
            (
                Code::NotFound,
                "LUCKY_DAY_NOT_FOUND",
                404,
                "60日以内に吉日が見つかりませんでした。別の日付をお選びください",
            ),
            (Code::NotFound, "MENTION_NOT_FOUND", 404, "メンションが見つかりません"),
            (
                Code::InvalidArgument,
                "INVALID_UNSUBSCRIBE_TOKEN",
                400,
                "配信停止リンクが正しくないか、有効期限が切れています",
            ),
            (Code::FailedPrecondition, "UNSUBSCRIBE_TOKEN_USED", 409, "この配信停止リンクはすでに使われています"),
        ];
        assert_each_answer(&cases);
    }

    /// The contract of issue 16: the shop's codes as a person reads them, with their HTTP statuses.
    #[test]
    fn every_shop_code_has_its_status_and_message() {
        let cases = [
            (Code::InvalidArgument, "INVALID_ITEM", 400, "商品を選んでください"),
            (Code::InvalidArgument, "INVALID_QUANTITY", 400, "数量は1〜10の範囲で指定してください"),
            (
                Code::InvalidArgument,
                "INVALID_ATTEMPT_ID",
                400,
                "購入の手続きが正しくありません。ページを再読み込みしてください",
            ),
            (Code::NotFound, "ITEM_NOT_FOUND", 404, "この商品は現在購入できません"),
            (Code::NotFound, "PURCHASE_NOT_FOUND", 404, "購入履歴が見つかりません"),
            (
                Code::Unavailable,
                "STRIPE_UNAVAILABLE",
                503,
                "決済サービスに接続できません。しばらくしてからお試しください",
            ),
            (Code::FailedPrecondition, "DEV_CHECKOUT_DISABLED", 409, "この決済ページは利用できません"),
            (Code::InvalidArgument, "INVALID_SIGNATURE", 400, "不正なリクエストです"),
            (Code::InvalidArgument, "INVALID_PAYLOAD", 400, "不正なリクエストです"),
        ];
        assert_each_answer(&cases);
    }

    /// The contract of issue 15: chat's codes as a person reads them, with their HTTP statuses.
    #[test]
    fn every_chat_code_has_its_status_and_message() {
        let unavailable = "チャットは現在ご利用いただけません。しばらくしてからお試しください";
        let cases = [
            (Code::InvalidArgument, "INVALID_MESSAGE_ID", 400, "リクエストが正しくありません"),
            (Code::InvalidArgument, "MESSAGE_EMPTY", 400, "メッセージを入力してください"),
            (Code::InvalidArgument, "MESSAGE_TOO_LONG", 400, "メッセージは500文字以内で入力してください"),
            (
                Code::InvalidArgument,
                "INVALID_COMPATIBILITY_TARGET",
                400,
                "相手の生年月日と性別を正しく入力してください",
            ),
            (Code::FailedPrecondition, "INSUFFICIENT_CREDITS", 409, "クレジットが足りません"),
            (Code::AlreadyExists, "MESSAGE_ID_TAKEN", 409, "このメッセージはすでに送信されています"),
            (Code::NotFound, "MESSAGE_NOT_FOUND", 404, "メッセージが見つかりません"),
            (Code::Unavailable, "BILLING_UNAVAILABLE", 503, unavailable),
            (Code::InvalidArgument, "INVALID_LIMIT", 400, "件数の指定が正しくありません"),
        ];
        assert_each_answer(&cases);
        for (code, message) in [
            ("CHAT_UNAVAILABLE", unavailable),
            ("CHAT_RATE_LIMITED", "送信が続いています。少し時間をおいてからお試しください"),
            ("REPLY_FAILED", "返信を作れませんでした。使ったクレジットはお返ししました"),
            ("REPLY_TIMEOUT", "返信に時間がかかりすぎたため中断しました。使ったクレジットはお返ししました"),
        ] {
            assert_eq!(message_for(code), Some(message), "{code}");
        }
    }

    #[test]
    fn a_worded_error_keeps_its_code_and_says_its_own_text() {
        let error = ApiError::Worded {
            status: StatusCode::BAD_REQUEST,
            code: "MESSAGE_TOO_LONG",
            message: "メッセージは300文字以内で入力してください".to_owned(),
        };

        let body = error.body();

        assert_eq!(error.status_code(), StatusCode::BAD_REQUEST);
        assert_eq!(body.code, "MESSAGE_TOO_LONG");
        assert_eq!(body.message, "メッセージは300文字以内で入力してください");
    }

    #[test]
    fn another_unavailable_code_stays_generic() {
        let error = ApiError::from_status("X", status_with_code(Code::Unavailable, "DB_DOWN"));

        assert_eq!(error.body().code, "SERVICE_UNAVAILABLE");
    }

    #[test]
    fn a_known_engine_code_gets_its_japanese_message() {
        let error = ApiError::from_status("CalculateChart", status_with_code(Code::InvalidArgument, "INVALID_DATE"));

        let body = error.body();

        assert_eq!(error.status_code(), StatusCode::BAD_REQUEST);
        assert_eq!(body.code, "INVALID_DATE");
        assert!(body.message.starts_with("存在しない日付です"));
    }

    #[test]
    fn an_unknown_code_keeps_the_code_and_gets_the_generic_message() {
        let error = ApiError::from_status("X", status_with_code(Code::InvalidArgument, "SOMETHING_NEW"));

        let body = error.body();

        assert_eq!(body.code, "SOMETHING_NEW");
        assert_eq!(body.message, "入力内容が正しくありません");
    }

    #[test]
    fn internal_text_never_reaches_the_body() {
        for code in [Code::Internal, Code::InvalidArgument, Code::Unavailable, Code::NotFound] {
            let error = ApiError::from_status("X", tonic::Status::new(code, "secret sql text"));

            let body = serde_json::to_string(&error.body()).expect("json");

            assert!(!body.contains("secret"), "{body}");
        }
    }

    #[test]
    fn a_server_error_code_from_a_service_is_replaced_by_the_generic_one() {
        let error = ApiError::from_status("X", status_with_code(Code::Internal, "DB_POOL_EXHAUSTED"));

        assert_eq!(error.body().code, "INTERNAL_ERROR");
    }

    #[test]
    fn a_malformed_code_is_ignored() {
        let error = ApiError::from_status("X", status_with_code(Code::InvalidArgument, "lower case"));

        assert_eq!(error.body().code, "INVALID_ARGUMENT");
    }

    #[test]
    fn unavailable_and_deadline_have_their_own_messages() {
        let unavailable = ApiError::from_status("X", tonic::Status::unavailable("conn refused"));
        let deadline = ApiError::from_status("X", tonic::Status::deadline_exceeded("slow"));

        assert_eq!(unavailable.status_code(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            unavailable.body().message,
            "ただいまサービスに接続できません。しばらくしてから再度お試しください。"
        );
        assert_eq!(deadline.status_code(), StatusCode::GATEWAY_TIMEOUT);
        assert_eq!(deadline.body().code, "GATEWAY_TIMEOUT");
    }
}
