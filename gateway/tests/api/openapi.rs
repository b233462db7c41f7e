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
    // Query parameters are declared as such, under the names clients send.
    for (path, name) in [
        ("/api/fortune/daily", "timezoneOffset"),
        ("/api/day-info", "timezoneOffset"),
        ("/api/fortune/yearly", "timezoneOffset"),
        ("/api/places/search", "query"),
        ("/api/almanac", "from"),
    ] {
        let params = paths[path]["get"]["parameters"].as_array().unwrap_or_else(|| panic!("{path}: no parameters"));
        let param = params.iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{path}: no {name}"));
        assert_eq!(param["in"], "query", "{path} {name}");
    }
    // No route declares a path parameter its path has no placeholder for.
    for (path, item) in paths {
        for (method, operation) in item.as_object().expect("path item") {
            for param in operation["parameters"].as_array().into_iter().flatten() {
                if param["in"] == "path" {
                    let name = param["name"].as_str().expect("name");
                    assert!(path.contains(&format!("{{{name}}}")), "{method} {path}: path parameter {name}");
                }
            }
        }
    }
    let schemas = document["components"]["schemas"].as_object().expect("schemas");
    assert!(schemas.contains_key("CalculateBaziRequest"));
    assert!(schemas.contains_key("ErrorBody"));
}
