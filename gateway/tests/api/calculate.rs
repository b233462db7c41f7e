use serde_json::json;

use crate::helpers::{coded_status, json, spawn_app};

#[tokio::test]
async fn a_full_birth_returns_the_spec_shape_and_reaches_the_engine_as_sent() {
    let app = spawn_app().await;
    let body = json!({
        "birthDate": "1990-05-15",
        "birthTime": "14:30",
        "birthLocation": "東京, 日本",
        "coordinates": {"longitude": 139.6503, "latitude": 35.6762},
        "gender": "female",
        "mode": "apparent",
    });

    let (status, chart) = json(app.post_calculate(&body).await).await;

    assert_eq!(status, 200, "{chart}");
    assert_eq!(
        chart["baziChart"]["year"],
        json!({"heavenlyStem": "庚", "earthlyBranch": "午", "stemElement": "metal", "branchElement": "fire"})
    );
    for pillar in ["year", "month", "day", "hour"] {
        assert!(chart["baziChart"][pillar]["heavenlyStem"].is_string(), "{pillar}");
        assert!(chart["baziChart"][pillar]["earthlyBranch"].is_string(), "{pillar}");
    }
    for element in ["wood", "fire", "earth", "metal", "water"] {
        assert!(chart["elements"][element].is_number(), "{element}");
    }
    assert_eq!(chart["elements"]["dominant"], "fire");
    assert_eq!(chart["analysis"]["dayMaster"], "丙");
    assert_eq!(chart["analysis"]["dayMasterElement"], "fire");
    assert_eq!(chart["analysis"]["dayMasterPolarity"], "yang");
    assert_eq!(chart["analysis"]["pillars"][0]["tenGod"], "偏財");
    assert_eq!(chart["analysis"]["pillars"][0]["hiddenStems"][0]["role"], "本気");
    assert_eq!(chart["analysis"]["pillars"][0]["nayin"], "路傍土");
    assert_eq!(chart["analysis"]["pillars"][0]["lifeStage"], "帝旺");
    assert_eq!(chart["analysis"]["favorableElements"], json!(["earth", "metal"]));
    assert_eq!(chart["analysis"]["timeKnown"], true);
    assert_eq!(chart["time"]["civilLocalTime"], "1990-05-15T14:30:00");
    assert_eq!(chart["time"]["equationOfTimeSeconds"], 220.0);

    let call = app.engine().last_call();
    assert_eq!(call.rpc, "CalculateChart");
    let birth = call.birth.expect("birth");
    assert_eq!(birth.birth_date, "1990-05-15");
    assert_eq!(birth.birth_time.as_deref(), Some("14:30"));
    assert_eq!(birth.place.as_deref(), Some("東京, 日本"));
    assert_eq!(birth.gender, meguri_proto::bazi_engine::Gender::Female as i32);
    assert_eq!(birth.mode, meguri_proto::bazi_engine::TimeMode::Apparent as i32);
    app.engine().assert_every_call_was_authenticated();
}

#[tokio::test]
async fn missing_time_and_place_get_the_spec_defaults() {
    let app = spawn_app().await;

    let (status, chart) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;

    assert_eq!(status, 200, "{chart}");
    let birth = app.engine().last_call().birth.expect("birth");
    // An unknown time travels as absent: the engine applies 12:00 and flags the hour results.
    assert_eq!(birth.birth_time, None);
    assert_eq!(birth.place.as_deref(), Some("東京, 日本"));
    assert_eq!(birth.longitude, Some(139.6503));
    assert_eq!(birth.latitude, Some(35.6762));
    assert_eq!(chart["analysis"]["timeKnown"], false);
    assert_eq!(chart["time"]["civilLocalTime"], "1990-05-15T12:00:00");
}

#[tokio::test]
async fn malformed_json_is_a_400_in_japanese() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("content-type", "application/json")
        .body("{\"birthDate\": ")
        .send()
        .await
        .expect("request");
    let (status, body) = json(response).await;

    assert_eq!(status, 400);
    assert_eq!(body, json!({"message": "リクエストの形式が正しくありません", "code": "INVALID_REQUEST"}));
    assert!(app.engine().calls().is_empty());
}

#[tokio::test]
async fn a_wrong_field_gets_its_own_message() {
    let app = spawn_app().await;
    let cases = [
        (json!({}), "BIRTH_DATE_REQUIRED", "生年月日を入力してください"),
        (json!({"birthDate": 19900515}), "INVALID_DATE_FORMAT", "生年月日はYYYY-MM-DD形式で入力してください"),
        (
            json!({"birthDate": "1990-05-15", "birthTime": "25:61"}),
            "INVALID_TIME",
            "出生時刻はHH:MM形式（00:00〜23:59）で入力してください",
        ),
        (
            json!({"birthDate": "1990-05-15", "coordinates": {"longitude": 500, "latitude": 0}}),
            "INVALID_COORDINATES",
            "緯度・経度の値が正しくありません",
        ),
        (
            json!({"birthDate": "1990-05-15", "gender": "unknown"}),
            "INVALID_GENDER",
            "性別は male または female で指定してください",
        ),
    ];

    for (body, code, message) in cases {
        let (status, error) = json(app.post_calculate(&body).await).await;

        assert_eq!(status, 400, "{body}");
        assert_eq!(error, json!({"message": message, "code": code}), "{body}");
    }
    assert!(app.engine().calls().is_empty());
}

#[tokio::test]
async fn an_engine_invalid_date_becomes_a_400_with_the_japanese_message() {
    let app = spawn_app().await;
    app.engine().fail_with(coded_status(tonic::Code::InvalidArgument, "INVALID_DATE"));

    let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-02-30"})).await).await;

    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({"message": "存在しない日付です（例: 2月30日）。生年月日を確認してください", "code": "INVALID_DATE"})
    );
    assert!(!body.to_string().contains("internal detail"));
}

#[tokio::test]
async fn the_other_engine_codes_keep_their_code_and_message() {
    let app = spawn_app().await;
    let cases = [
        ("DATE_OUT_OF_RANGE", "生年月日は1900年から2100年の間で入力してください"),
        ("NONEXISTENT_LOCAL_TIME", "その時刻はサマータイムの切り替えで存在しない時刻です。時刻を確認してください"),
        ("UNKNOWN_TIME_ZONE", "タイムゾーンが正しくありません"),
    ];

    for (code, message) in cases {
        app.engine().fail_with(coded_status(tonic::Code::InvalidArgument, code));

        let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;

        assert_eq!(status, 400);
        assert_eq!(body, json!({"message": message, "code": code}));
    }
}

#[tokio::test]
async fn an_engine_internal_error_is_a_500_without_its_text() {
    let app = spawn_app().await;
    app.engine().fail_with(tonic::Status::internal("panic at engine.rs:42"));

    let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;

    assert_eq!(status, 500);
    assert_eq!(body["code"], "INTERNAL_ERROR");
    assert!(!body.to_string().contains("engine.rs"));
}

#[tokio::test]
async fn a_slow_engine_is_a_504_at_the_deadline() {
    let app = crate::helpers::spawn_app_with(|c| c.grpc_timeout = std::time::Duration::from_millis(300)).await;
    app.engine().delay_by(std::time::Duration::from_secs(3));

    let started = std::time::Instant::now();
    let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;

    assert_eq!(status, 504);
    assert_eq!(body["code"], "GATEWAY_TIMEOUT");
    assert!(started.elapsed() < std::time::Duration::from_secs(2), "{:?}", started.elapsed());
}

#[tokio::test]
async fn every_call_carries_a_fresh_visitor_token_a_deadline_and_the_request_id() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("x-request-id", "req-abc-123")
        .json(&json!({"birthDate": "1990-05-15"}))
        .send()
        .await
        .expect("request");

    assert_eq!(response.status(), 200);
    assert_eq!(response.headers().get("x-request-id").and_then(|v| v.to_str().ok()), Some("req-abc-123"));
    let call = app.engine().last_call();
    assert_eq!(call.claims.sub, meguri_auth::Subject::Anonymous);
    assert_eq!(call.claims.role, meguri_auth::Role::Visitor);
    assert_eq!(call.claims.iss, "meguri-gateway");
    assert_eq!(call.claims.aud, "meguri-internal");
    assert!(call.claims.exp - call.claims.iat <= 60);
    assert_eq!(call.request_id.as_deref(), Some("req-abc-123"));
    assert!(call.grpc_timeout.is_some(), "a deadline travels with the call");
    app.engine().assert_every_call_was_authenticated();
}

#[tokio::test]
async fn a_generated_request_id_is_returned_when_none_is_sent() {
    let app = spawn_app().await;

    let response = app.post_calculate(&json!({"birthDate": "1990-05-15"})).await;

    let id = response.headers().get("x-request-id").and_then(|v| v.to_str().ok()).expect("a request id").to_owned();
    assert_eq!(app.engine().last_call().request_id, Some(id));
}

#[tokio::test]
async fn one_trace_id_spans_the_gateway_and_the_engine() {
    let app = spawn_app().await;
    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";

    let response = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("traceparent", format!("00-{trace_id}-00f067aa0ba902b7-01"))
        .json(&json!({"birthDate": "1990-05-15"}))
        .send()
        .await
        .expect("request");

    assert_eq!(response.status(), 200);
    let traceparent = app.engine().last_call().traceparent.expect("traceparent sent to the engine");
    assert!(traceparent.starts_with(&format!("00-{trace_id}-")), "{traceparent}");
    assert!(!traceparent.contains("00f067aa0ba902b7"), "the gateway's own span is the parent");
}

#[tokio::test]
async fn a_call_for_a_signed_in_user_carries_the_user_id() {
    let app = spawn_app().await;
    let user = meguri_ids::UserId::new();
    let (_, cookie) = app.session_cookie_for(user, meguri_auth::Role::User).await;

    let response = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("cookie", cookie)
        .json(&json!({"birthDate": "1990-05-15"}))
        .send()
        .await
        .expect("request");

    assert_eq!(response.status(), 200);
    let claims = app.engine().last_call().claims;
    assert_eq!(claims.sub, meguri_auth::Subject::User(user));
    assert_eq!(claims.role, meguri_auth::Role::User);
}
