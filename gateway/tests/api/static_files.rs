use std::path::PathBuf;

use crate::helpers::spawn_app_with;

fn write_spa() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("meguri-static-{}", uuid::Uuid::new_v4().simple()));
    for (path, content) in [
        ("app/index.html", "<html>app</html>"),
        ("app/assets/main.js", "console.log('app')"),
        ("admin/index.html", "<html>admin</html>"),
    ] {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        std::fs::write(file, content).expect("write");
    }
    dir
}

#[tokio::test]
async fn the_spa_is_served_with_an_index_fallback_for_client_routes() {
    let dir = write_spa();
    let app = spawn_app_with(|c| c.static_dir = Some(dir.clone())).await;

    let root = app.get("/").await.text().await.expect("body");
    let client_route = app.get("/home").await.text().await.expect("body");
    let asset = app.get("/assets/main.js").await.text().await.expect("body");
    let admin = app.get("/admin/tickets/42").await.text().await.expect("body");
    let api_miss = app.get("/api/nothing").await;

    assert_eq!(root, "<html>app</html>");
    assert_eq!(client_route, "<html>app</html>");
    assert_eq!(asset, "console.log('app')");
    assert_eq!(admin, "<html>admin</html>");
    assert_eq!(api_miss.status(), 404, "API paths never fall back to the SPA");
    std::fs::remove_dir_all(dir).expect("cleanup");
}
