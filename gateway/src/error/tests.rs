//! The mapping of a gRPC status to HTTP and each area's codes as a person reads them.

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
        (Code::NotFound, "LUCKY_DAY_NOT_FOUND", 404, "60日以内に吉日が見つかりませんでした。別の日付をお選びください"),
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
        (Code::Unavailable, "STRIPE_UNAVAILABLE", 503, "決済サービスに接続できません。しばらくしてからお試しください"),
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
        (Code::InvalidArgument, "INVALID_COMPATIBILITY_TARGET", 400, "相手の生年月日と性別を正しく入力してください"),
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
    assert_eq!(unavailable.body().message, "ただいまサービスに接続できません。しばらくしてから再度お試しください。");
    assert_eq!(deadline.status_code(), StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(deadline.body().code, "GATEWAY_TIMEOUT");
}
