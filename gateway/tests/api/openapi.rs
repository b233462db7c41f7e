use crate::helpers::{json, spawn_app};

#[tokio::test]
async fn the_openapi_document_lists_every_route() {
    let app = spawn_app().await;

    let (status, document) = json(app.get("/api/openapi.json").await).await;

    assert_eq!(status, 200);
    let paths = document["paths"].as_object().expect("paths");
    for (path, method) in [
        ("/api/public/calculate-bazi", "post"),
        ("/api/places/search", "get"),
        ("/api/places/coordinates", "get"),
        ("/api/auth/user", "get"),
        ("/api/almanac", "get"),
        ("/api/openapi.json", "get"),
        ("/healthz", "get"),
        ("/readyz", "get"),
        ("/metrics", "get"),
    ] {
        assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "{method} {path} missing");
    }
    let schemas = document["components"]["schemas"].as_object().expect("schemas");
    assert!(schemas.contains_key("CalculateBaziRequest"));
    assert!(schemas.contains_key("ErrorBody"));
}
