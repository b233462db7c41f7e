use crate::helpers::{json, spawn_app};

#[tokio::test]
async fn almanac_days_for_a_range() {
    let app = spawn_app().await;
    app.engine().set_almanac("2025-01-01", &["taian"]);

    let (status, body) = json(app.get("/api/almanac?from=2025-01-01&to=2025-01-07").await).await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["days"][0]["date"], "2025-01-01");
    assert_eq!(body["days"][0]["rokuyo"], "大安");
    assert_eq!(body["days"][0]["lunar"]["label"], "旧1月2日");
    assert_eq!(body["days"][0]["dayPillar"]["heavenlyStem"], "甲");
    assert_eq!(body["days"][0]["items"][0]["id"], "taian");
    assert_eq!(app.engine().last_call().query.as_deref(), Some("2025-01-01..2025-01-07"));
}

#[tokio::test]
async fn an_oversized_or_backwards_range_is_a_400() {
    let app = spawn_app().await;

    for path in [
        "/api/almanac?from=2025-01-01&to=2026-06-01",
        "/api/almanac?from=2025-02-01&to=2025-01-01",
        "/api/almanac?from=2025-13-01",
    ] {
        let (status, body) = json(app.get(path).await).await;

        assert_eq!(status, 400, "{path}");
        assert_eq!(body["code"], "INVALID_DATE_RANGE", "{path}");
    }
    assert!(app.engine().calls().is_empty());
}
