//! `POST /api/articles/fetch`: an article's text by its link, fetched only
//! from public addresses. The test's page server listens on 127.0.0.2,
//! a network the test's settings allow (as an operator may allow an
//! intranet); everything else on this machine stays refused, redirects
//! included.

use std::time::{Duration, Instant};

use actix_web::{web, App, HttpResponse, HttpServer};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

const PARAGRAPH: &str = "这款保温杯采用316不锈钢内胆，保温十二小时，杯身轻巧，适合通勤和户外使用。我们连续测试了一周，早上灌的热水到晚上依然烫口。";

fn article_html() -> String {
    let body: String = (1..=6).map(|i| format!("<p>{i}. {PARAGRAPH}</p>")).collect();
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>保温杯一周测评</title></head><body>\
         <nav><a href=\"/\">首页</a> <a href=\"/c\">分类</a></nav><article><h1>保温杯一周测评</h1>{body}</article>\
         <footer>版权所有 联系我们</footer></body></html>"
    )
}

/// Serves pages on `ip`:random port; answers its base URL.
fn page_server(ip: &str, private_target: String) -> String {
    let listener = std::net::TcpListener::bind(format!("{ip}:0")).unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            HttpServer::new(move || {
                let target = private_target.clone();
                App::new()
                    .route(
                        "/article",
                        web::get().to(|| async {
                            HttpResponse::Ok().content_type("text/html; charset=utf-8").body(article_html())
                        }),
                    )
                    .route(
                        "/gbk",
                        web::get().to(|| async {
                            let page = article_html().replace("utf-8", "gbk");
                            let (bytes, _, _) = encoding_rs::GBK.encode(&page);
                            HttpResponse::Ok().content_type("text/html").body(bytes.into_owned())
                        }),
                    )
                    .route(
                        "/moved",
                        web::get()
                            .to(|| async { HttpResponse::Found().insert_header(("Location", "/article")).finish() }),
                    )
                    .route(
                        "/to-private",
                        web::get().to(move || {
                            let target = target.clone();
                            async move { HttpResponse::Found().insert_header(("Location", target)).finish() }
                        }),
                    )
                    .route(
                        "/loop",
                        web::get().to(|| async { HttpResponse::Found().insert_header(("Location", "/loop")).finish() }),
                    )
                    .route(
                        "/picture",
                        web::get().to(|| async { HttpResponse::Ok().content_type("image/png").body(vec![0u8; 64]) }),
                    )
                    .route(
                        "/slow",
                        web::get().to(|| async {
                            tokio::time::sleep(Duration::from_secs(30)).await;
                            HttpResponse::Ok().body("late")
                        }),
                    )
            })
            .workers(1)
            .listen(listener)
            .unwrap()
            .run()
            .await
            .unwrap();
        });
    });
    base
}

async fn fetch(c: &TestClient, url: &str) -> (u16, Value) {
    c.post_json("/api/articles/fetch", json!({ "url": url })).await
}

async fn refused(c: &TestClient, url: &str, code: &str) {
    let (status, body) = fetch(c, url).await;
    assert_eq!((status, body["error"].as_str()), (400, Some(code)), "{url}: {body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn article_links_are_fetched_only_from_permitted_addresses() {
    // Something that must never be reached: a page on plain loopback.
    let loopback = page_server("127.0.0.1", String::new());
    let allowed = page_server("127.0.0.2", format!("{loopback}/article"));
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.articles.allow_private_networks = vec!["127.0.0.2/32".into()];
        s.articles.timeout_secs = 2;
    })
    .await;
    let mut c = app.client();
    let (status, _) = fetch(&c, &format!("{allowed}/article")).await;
    assert_eq!(status, 401, "signed-in users only");
    c.register_random().await;

    // A permitted page: its article, without the page furniture.
    let (status, body) = fetch(&c, &format!("{allowed}/article")).await;
    assert_eq!(status, 200, "{body}");
    let article = &body["data"];
    assert_eq!(article["title"], "保温杯一周测评");
    assert!(article["text"].as_str().unwrap().contains("316不锈钢内胆"), "{article}");
    assert!(!article["text"].as_str().unwrap().contains("版权所有"), "{article}");
    assert_eq!(article["truncated"], false);
    // GBK pages are decoded; a redirect within permitted addresses is followed.
    let (_, body) = fetch(&c, &format!("{allowed}/gbk")).await;
    assert!(body["data"]["text"].as_str().unwrap().contains("316不锈钢内胆"), "{body}");
    let (_, body) = fetch(&c, &format!("{allowed}/moved")).await;
    assert_eq!(body["data"]["url"], format!("{allowed}/article"));

    // Loopback, private, link-local, shared and mapped addresses: refused
    // before any connection (the loopback server would have answered).
    let port = loopback.rsplit(':').next().unwrap();
    for url in [
        format!("{loopback}/article"),
        format!("http://localhost:{port}/article"),
        format!("http://[::1]:{port}/article"),
        format!("http://[::ffff:127.0.0.1]:{port}/article"),
        format!("http://2130706433:{port}/article"),
        "http://10.0.0.1/".to_owned(),
        "http://172.16.5.4/".to_owned(),
        "http://192.168.1.1/".to_owned(),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        "http://[fe80::1]/".to_owned(),
        "http://100.64.0.1/".to_owned(),
        "http://0.0.0.0/".to_owned(),
    ] {
        refused(&c, &url, "ARTICLE_LINK_NOT_ALLOWED").await;
    }
    // A permitted page that redirects to a refused address: refused too.
    refused(&c, &format!("{allowed}/to-private"), "ARTICLE_LINK_NOT_ALLOWED").await;

    // Not http(s), or not a link.
    for url in [
        "ftp://127.0.0.2/a",
        "file:///etc/passwd",
        "javascript:alert(1)",
        "gopher://x/",
        "127.0.0.2/article",
        "http://user:pw@127.0.0.2/",
    ] {
        refused(&c, url, "ARTICLE_LINK_INVALID").await;
    }

    // Not a page, endless redirects, too slow.
    let (status, body) = fetch(&c, &format!("{allowed}/picture")).await;
    assert_eq!((status, body["error"].as_str()), (422, Some("ARTICLE_NO_TEXT")), "{body}");
    let (status, body) = fetch(&c, &format!("{allowed}/loop")).await;
    assert_eq!((status, body["error"].as_str()), (422, Some("ARTICLE_FETCH_FAILED")), "{body}");
    let t0 = Instant::now();
    let (status, body) = fetch(&c, &format!("{allowed}/slow")).await;
    assert_eq!((status, body["error"].as_str()), (422, Some("ARTICLE_FETCH_FAILED")), "{body}");
    assert!(t0.elapsed() < Duration::from_secs(10), "the time limit holds: {:?}", t0.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn by_default_no_private_network_is_reachable() {
    let page = page_server("127.0.0.2", String::new());
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    refused(&c, &format!("{page}/article"), "ARTICLE_LINK_NOT_ALLOWED").await;
}
