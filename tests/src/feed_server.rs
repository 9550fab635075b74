//! A local stand-in for the outside world's hot lists: an HTTP server on
//! 127.0.0.1 serving an RSS feed and a JSON hot list whose contents the
//! test changes between refreshes, plus the ways real feeds fail: garbage
//! labelled as XML, a feed far larger than the limit, and (by its address)
//! a server that is down.

use std::sync::{Arc, Mutex};

use actix_web::{web, App, HttpResponse, HttpServer};

/// One hot list entry: title and heat.
pub type Entry = (String, i64);

#[derive(Default)]
struct Lists {
    rss: Vec<Entry>,
    json: Vec<Entry>,
}

pub struct FeedServer {
    pub base_url: String,
    lists: Arc<Mutex<Lists>>,
}

fn rss(entries: &[Entry]) -> String {
    let items: String = entries
        .iter()
        .map(|(title, _)| {
            // The link names the item, so it stays the same when the order changes.
            let id: String = title.bytes().map(|b| format!("{b:02x}")).collect();
            format!("<item><title>{title}</title><link>https://news.example.com/item/{id}</link><description>{title}的讨论</description></item>")
        })
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>测试热榜</title>{items}</channel></rss>"#
    )
}

fn json_list(entries: &[Entry]) -> String {
    let list: Vec<serde_json::Value> = entries
        .iter()
        .map(|(title, heat)| serde_json::json!({ "word": title, "hot": format!("{}", heat), "desc": format!("{title}相关") }))
        .collect();
    serde_json::json!({ "data": { "list": list } }).to_string()
}

impl FeedServer {
    pub fn start() -> Self {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let lists = Arc::new(Mutex::new(Lists::default()));
        let shared = lists.clone();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                HttpServer::new(move || {
                    let lists = shared.clone();
                    let lists2 = shared.clone();
                    App::new()
                        .route(
                            "/rss.xml",
                            web::get().to(move || {
                                let body = rss(&lists.lock().unwrap().rss);
                                async move {
                                    HttpResponse::Ok().content_type("application/rss+xml; charset=utf-8").body(body)
                                }
                            }),
                        )
                        .route(
                            "/hot.json",
                            web::get().to(move || {
                                let body = json_list(&lists2.lock().unwrap().json);
                                async move { HttpResponse::Ok().content_type("application/json").body(body) }
                            }),
                        )
                        .route(
                            "/garbage.xml",
                            web::get().to(|| async {
                                HttpResponse::Ok().content_type("text/xml").body("<<<&&& this is not a feed \u{0}\u{1}")
                            }),
                        )
                        .route(
                            "/huge.xml",
                            web::get().to(|| async {
                                let item = "<item><title>很长的热榜</title><description>".to_owned()
                                    + &"填充".repeat(500)
                                    + "</description></item>";
                                let body = format!(
                                    r#"<rss version="2.0"><channel><title>大</title>{}</channel></rss>"#,
                                    item.repeat(2000)
                                );
                                HttpResponse::Ok().content_type("application/rss+xml").body(body)
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
        FeedServer { base_url, lists }
    }

    pub fn set_rss(&self, entries: &[(&str, i64)]) {
        self.lists.lock().unwrap().rss = entries.iter().map(|(t, h)| ((*t).to_owned(), *h)).collect();
    }

    pub fn set_json(&self, entries: &[(&str, i64)]) {
        self.lists.lock().unwrap().json = entries.iter().map(|(t, h)| ((*t).to_owned(), *h)).collect();
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }
}

/// An address where nothing listens (a feed server that is down).
pub fn down_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}/feed.xml")
}
