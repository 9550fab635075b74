//! The API serves the built UI on its own port (client routes fall back to
//! index.html, hashed assets are cached for good, the rest revalidated) and
//! the brand configuration the UI is drawn from.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use pixmart_tests::{TestApp, TestDatabase};

fn fake_dist() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html><div id=root></div>").unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/index-3f2a9c.js"), "console.log(1)").unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ui_is_served_with_spa_fallback_and_cache_headers() {
    let dist = fake_dist();
    let path = dist.path().to_path_buf();
    let app = TestApp::start_with(TestDatabase::sqlite(), move |s| s.server.web_dist_dir = path).await;
    let http = reqwest::Client::new();
    let get = |p: &str| http.get(format!("{}{p}", app.base_url)).send();

    let asset = get("/assets/index-3f2a9c.js").await.unwrap();
    assert_eq!(asset.status(), 200);
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");

    for route in ["/", "/ai-cutout", "/personal-center", "/no/such/page"] {
        let page = get(route).await.unwrap();
        assert_eq!(page.status(), 200, "{route}");
        assert_eq!(page.headers()["cache-control"], "no-cache", "{route}");
        assert!(page.text().await.unwrap().contains("id=root"), "{route}");
    }
    // Unknown API paths stay JSON errors, not the UI.
    let api = get("/api/nope").await.unwrap();
    assert_eq!(api.status(), 404);
    let body: serde_json::Value = api.json().await.unwrap();
    assert_eq!(body["error"], "NOT_FOUND");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn config_serves_the_selected_brand() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = app.client();
    let (s, b) = c.get("/api/config").await;
    assert_eq!(s, 200, "{b}");
    let d = &b["data"];
    assert_eq!(d["brand"]["id"], "pixmart");
    assert_eq!(d["brand"]["primaryColor"], "#2352d8");
    assert!(d["routes"].as_array().unwrap().iter().any(|r| r == "/ai-cutout"));
    assert_eq!(d["referrers"]["partner-x"]["hideSidebar"], true);
    assert_eq!(d["flags"]["customizedImage"], false);

    let (_, b) = c.get("/api/config?brand=modi-demo").await;
    let d = &b["data"];
    assert_eq!(d["brand"]["name"], "MODI Demo");
    assert_eq!(d["menuGroups"], serde_json::json!(["home", "ai-photo"]));
    assert_eq!(d["flags"]["customizedImage"], true);

    let (_, b) = c.get("/api/config?brand=unknown").await;
    assert_eq!(b["data"]["brand"]["id"], "pixmart", "unknown brands fall back to the default");
}
