use serde_json::json;

use crate::helpers::{json, spawn_app};

#[tokio::test]
async fn a_blank_query_returns_no_suggestions_without_calling_the_engine() {
    let app = spawn_app().await;

    for path in ["/api/places/search?query=", "/api/places/search?query=%20%20", "/api/places/search"] {
        let (status, body) = json(app.get(path).await).await;

        assert_eq!(status, 200, "{path}");
        assert_eq!(body, json!({"suggestions": []}), "{path}");
    }
    assert!(app.engine().calls().is_empty());
}

#[tokio::test]
async fn suggestions_are_labels_and_at_most_five() {
    let app = spawn_app().await;

    let (status, body) = json(app.get("/api/places/search?query=%E5%A4%A7%E9%98%AA").await).await;

    assert_eq!(status, 200);
    let suggestions = body["suggestions"].as_array().expect("a list");
    assert_eq!(suggestions.len(), 5);
    assert_eq!(suggestions[0], "大阪1, 日本");
    assert_eq!(app.engine().last_call().query.as_deref(), Some("大阪"));
    app.engine().assert_every_call_was_authenticated();
}

#[tokio::test]
async fn coordinates_of_a_known_place() {
    let app = spawn_app().await;

    let (status, body) =
        json(app.get("/api/places/coordinates?location=%E5%A4%A7%E9%98%AA%2C%20%E6%97%A5%E6%9C%AC").await).await;

    assert_eq!(status, 200);
    assert_eq!(body, json!({"coordinates": {"longitude": 135.5023, "latitude": 34.6937}}));
}

#[tokio::test]
async fn an_unknown_place_is_a_404_in_japanese() {
    let app = spawn_app().await;

    let (status, body) = json(app.get("/api/places/coordinates?location=Atlantis").await).await;

    assert_eq!(status, 404);
    assert_eq!(body, json!({"message": "指定された地名が見つかりませんでした", "code": "PLACE_NOT_FOUND"}));
}

#[tokio::test]
async fn a_missing_location_is_a_400() {
    let app = spawn_app().await;

    let (status, body) = json(app.get("/api/places/coordinates").await).await;

    assert_eq!(status, 400);
    assert_eq!(body["code"], "LOCATION_REQUIRED");
    assert!(app.engine().calls().is_empty());
}
