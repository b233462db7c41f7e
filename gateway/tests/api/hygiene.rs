//! What every answer has in common: JSON error bodies on every path, no caching of API answers,
//! objects only where objects are expected, and no NUL characters getting through.

use serde_json::json;

use crate::helpers::{ORIGIN, json, spawn_app};

#[tokio::test]
async fn a_json_array_where_an_object_is_expected_is_a_400() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("origin", ORIGIN)
        .json(&json!(["1990-05-15", "14:30"]))
        .send()
        .await
        .expect("request");

    let (status, body) = json(response).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("INVALID_REQUEST")));
    assert!(app.engine().calls().is_empty(), "nothing reached the engine");
}

#[tokio::test]
async fn a_nul_character_in_a_body_or_a_query_is_a_400_with_a_japanese_message() {
    let app = spawn_app().await;

    let in_body = app
        .client
        .post(app.url("/api/public/calculate-bazi"))
        .header("origin", ORIGIN)
        .json(&json!({"birthDate": "1990-05-15", "birthLocation": "東京\u{0}"}))
        .send()
        .await
        .expect("request");
    let in_query = app.get("/api/places/search?query=%E5%A4%A7%00").await;

    for response in [in_body, in_query] {
        let (status, body) = json(response).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("INVALID_CHARACTERS")));
        assert!(body["message"].as_str().is_some_and(|m| m.contains("NUL")), "{body}");
    }
    assert!(app.engine().calls().is_empty());
}

#[tokio::test]
async fn a_write_to_a_page_of_the_spa_is_a_json_405_not_a_text_one() {
    let dir = std::env::temp_dir().join(format!("meguri-static-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dir.join("app")).expect("mkdir");
    std::fs::write(dir.join("app/index.html"), "<html>app</html>").expect("write");
    let app = crate::helpers::spawn_app_with(|c| c.static_dir = Some(dir.clone())).await;

    let response = app.client.post(app.url("/home")).header("origin", ORIGIN).send().await.expect("request");

    let (status, body) = json(response).await;
    assert_eq!(status, 405);
    assert_eq!(body, json!({"message": "この操作は許可されていません", "code": "METHOD_NOT_ALLOWED"}));
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn api_answers_are_never_stored_by_a_cache() {
    let app = spawn_app().await;

    for path in ["/api/places/search?query=osaka", "/api/auth/user", "/api/no-such-route"] {
        let response = app.get(path).await;
        assert_eq!(
            response.headers().get("cache-control").and_then(|v| v.to_str().ok()),
            Some("no-store"),
            "{path} ({})",
            response.status()
        );
    }
}

#[tokio::test]
async fn trace_and_unknown_methods_are_a_json_405_with_allow_on_any_path() {
    let app = spawn_app().await;

    for (method, path) in
        [("TRACE", "/api/auth/user"), ("TRACE", "/"), ("CONNECT", "/api/places/search"), ("PROPFIND", "/api/diary")]
    {
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
        let response = app.client.request(method.clone(), app.url(path)).send().await.expect("request");
        let allow = response.headers().get("allow").and_then(|v| v.to_str().ok()).map(str::to_owned);
        let (status, body) = json(response).await;
        assert_eq!((status, body["code"].as_str()), (405, Some("METHOD_NOT_ALLOWED")), "{method} {path}");
        let allow = allow.unwrap_or_else(|| panic!("{method} {path}: no Allow header"));
        assert!(allow.contains("GET") && !allow.contains("TRACE"), "{method} {path}: Allow {allow}");
    }
}

#[tokio::test]
async fn a_known_route_with_another_method_names_the_methods_it_takes() {
    let app = spawn_app().await;

    let response = app.client.delete(app.url("/api/auth/user")).header("origin", ORIGIN).send().await.expect("request");

    let allow = response.headers().get("allow").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let (status, body) = json(response).await;
    assert_eq!((status, body["code"].as_str()), (405, Some("METHOD_NOT_ALLOWED")));
    assert_eq!(allow.as_deref(), Some("GET, HEAD"));
}

#[tokio::test]
async fn a_url_or_a_header_over_the_limit_is_the_json_error_with_its_code() {
    let app = spawn_app().await;

    let long_query = format!("/api/places/search?query={}", "a".repeat(20 * 1024));
    let response = app.get(&long_query).await;
    let (status, body) = json(response).await;
    assert_eq!((status, body["code"].as_str()), (414, Some("URI_TOO_LONG")), "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("URL")), "{body}");

    let response = app
        .client
        .get(app.url("/api/auth/user"))
        .header("x-padding", "b".repeat(20 * 1024))
        .send()
        .await
        .expect("request");
    let (status, body) = json(response).await;
    assert_eq!((status, body["code"].as_str()), (431, Some("HEADERS_TOO_LARGE")), "{body}");
}

#[tokio::test]
async fn an_idle_connection_is_kept_longer_than_a_proxy_keeps_its_own_idle_ones() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let app = spawn_app().await;
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address).await.expect("connect");
    let request = format!("GET /healthz HTTP/1.1\r\nHost: {address}\r\n\r\n");
    let mut answer = [0_u8; 1024];

    stream.write_all(request.as_bytes()).await.expect("first request");
    let n = stream.read(&mut answer).await.expect("first answer");
    assert!(answer[..n].starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&answer[..n]));

    // Past actix's default keep-alive (5 s), which a proxy keeping its idle connections for 60 s
    // would race into a reset and a 502; the gateway keeps them for 75 s.
    tokio::time::sleep(std::time::Duration::from_secs(6)).await;
    stream.write_all(request.as_bytes()).await.expect("second request on the same connection");
    let n = stream.read(&mut answer).await.expect("second answer");
    assert!(answer[..n].starts_with(b"HTTP/1.1 200"), "the connection was closed: {:?}", &answer[..n]);
    assert_eq!(gateway::startup::HTTP_KEEP_ALIVE.as_secs(), 75);
}
