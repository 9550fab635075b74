//! The API serves the built UI on its own port (client routes fall back to
//! index.html, hashed assets are cached for good, the rest revalidated) and
//! the brand configuration the UI is drawn from.

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

/// Every task type's price and option bounds, as the API charges and
/// checks them (the web shows these and keeps no copy).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn task_types_serve_the_prices_the_api_charges() {
    use pixmart_shared::domain::task_spec::limits_of;
    use pixmart_shared::domain::BizType;
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let (s, b) = app.client().get("/api/task-types").await;
    assert_eq!(s, 200, "{b}");
    let types = b["data"]["taskTypes"].as_object().unwrap();
    assert_eq!(types.len(), BizType::ALL.len());
    for biz in BizType::ALL {
        let t = &types[biz.as_str()];
        assert_eq!(t["price"], serde_json::to_value(biz.price()).unwrap(), "{biz}");
        assert_eq!(t["family"], biz.family().as_str(), "{biz}");
        for (name, value) in limits_of(biz) {
            assert_eq!(t["limits"][name], value, "{biz} {name}");
        }
    }
    assert_eq!(types["MATTING_IMAGE"]["price"], serde_json::json!({ "rule": "perTask", "lingshi": 5 }));
    assert_eq!(types["PRODUCT_IMAGE"]["price"], serde_json::json!({ "rule": "perImage", "lingshi": 5 }));
    assert_eq!(types["PRODUCT_IMAGE"]["limits"]["genNumMax"], 4);
    assert_eq!(types["PRODUCT_REPLACE_IMAGE"]["family"], "diffusion");
    assert_eq!(b["data"]["limits"]["maxBatchItems"], app.settings.tasks.max_batch_items);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let dist = fake_dist();
    let path = dist.path().to_path_buf();
    let app = TestApp::start_with(TestDatabase::sqlite(), move |s| s.server.web_dist_dir = path).await;
    let http = reqwest::Client::new();
    for p in ["/", "/ai-cutout", "/assets/index-3f2a9c.js", "/api/health", "/api/nope", "/api/user/info"] {
        let r = http.get(format!("{}{p}", app.base_url)).send().await.unwrap();
        let h = r.headers();
        let csp = h.get("content-security-policy").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{p}: {csp:?}");
        assert!(csp.contains("script-src 'self'"), "{p}: {csp:?}");
        assert_eq!(h.get("x-content-type-options").unwrap(), "nosniff", "{p}");
        assert_eq!(h.get("referrer-policy").unwrap(), "strict-origin-when-cross-origin", "{p}");
        assert_eq!(h.get("x-frame-options").unwrap(), "DENY", "{p}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_answer_only_the_bearer_of_the_metrics_token() {
    let token = "metrics-0123456789abcdef0123456789";
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.server.metrics_token = Some(secrecy::SecretString::from(token.to_owned()));
    })
    .await;
    let http = reqwest::Client::new();
    let url = format!("{}/metrics", app.base_url);
    assert_eq!(http.get(&url).send().await.unwrap().status(), 401);
    assert_eq!(http.get(&url).bearer_auth("wrong").send().await.unwrap().status(), 401);
    let ok = http.get(&url).bearer_auth(token).send().await.unwrap();
    assert_eq!(ok.status(), 200);
    // Prometheus text (an empty fleet has no samples yet).
    assert!(ok.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
}

/// The shipped brands with `modi-demo` served on its own partner host,
/// allowed to sign visitors in by a `?token=` link.
fn partner_brands() -> tempfile::NamedTempFile {
    let shipped = include_str!("../../../api/config/brands.toml");
    let at = shipped.find("id = \"modi-demo\"").unwrap();
    let (head, tail) = shipped.split_at(at);
    let tail = tail.replacen("hosts = []", "hosts = [\"modi.example\"]\nurl_token_login = true", 1);
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), format!("{head}{tail}")).unwrap();
    file
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_brand_follows_the_host_header_and_never_a_forwarded_one() {
    let brands = partner_brands();
    let path = brands.path().to_path_buf();
    let app = TestApp::start_with(TestDatabase::sqlite(), move |s| s.branding.file = Some(path)).await;
    let http = reqwest::Client::new();
    let config = |host: Option<&str>, forwarded: Option<&str>, query: &str| {
        let mut r = http.get(format!("{}/api/config{query}", app.base_url));
        if let Some(h) = host {
            r = r.header("Host", h);
        }
        if let Some(f) = forwarded {
            r = r.header("X-Forwarded-Host", f).header("Forwarded", format!("host={f}"));
        }
        async move { r.send().await.unwrap().json::<serde_json::Value>().await.unwrap()["data"].clone() }
    };
    let partner = config(Some("MODI.example:443"), None, "").await;
    assert_eq!(
        (partner["brand"]["id"].as_str(), partner["flags"]["urlTokenLogin"].as_bool()),
        (Some("modi-demo"), Some(true))
    );
    let spoofed = config(None, Some("modi.example"), "").await;
    assert_eq!(
        (spoofed["brand"]["id"].as_str(), spoofed["flags"]["urlTokenLogin"].as_bool()),
        (Some("pixmart"), Some(false))
    );
    // `?brand=` shows the brand but never lets a link sign a visitor in.
    let chosen = config(None, None, "?brand=modi-demo").await;
    assert_eq!(
        (chosen["brand"]["id"].as_str(), chosen["flags"]["urlTokenLogin"].as_bool()),
        (Some("modi-demo"), Some(false))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forwarded_host_does_not_open_a_brand_gate() {
    // modi-demo allows custom pet images; the default brand does not.
    let brands = partner_brands();
    let path = brands.path().to_path_buf();
    let app = TestApp::start_with(TestDatabase::sqlite(), move |s| s.branding.file = Some(path)).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(pixmart_tests::images::encode_png(&pixmart_tests::images::product_photo(700, 700).0)).await;
    let resp = reqwest::Client::new()
        .post(format!("{}/api/tasks", app.base_url))
        .bearer_auth(c.token.clone().unwrap())
        .header("X-Forwarded-Host", "modi.example")
        .json(&serde_json::json!({ "bizType": "PET_IMAGE_CUSTOMIZED", "params": { "petImageId": url } }))
        .send()
        .await
        .unwrap();
    let b: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(b["error"], "CUSTOMIZED_IMAGE_DISABLED", "{b}");
}
