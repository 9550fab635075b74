//! Hotspots end to end: the worker fleet refreshes configured sources from
//! a local feed server (one down, one garbage, one too large: each records
//! its error and the others go on); rising, ranking and hot words computed
//! from a known history; users' own saves; admins' imports; the computed
//! calendar through the API; the demonstration set.

use std::time::{Duration, Instant};

use chrono::Utc;
use pixmart_shared::db::store::hotspot_demo::{self, DemoLoad};
use pixmart_shared::db::store::hotspots::{self as store, Sighting};
use pixmart_shared::domain::hotspot::{HotspotKind, HotspotOrigin, HotspotPlatform};
use pixmart_tests::feed_server::{down_url, FeedServer};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

async fn admin(app: &TestApp) -> TestClient {
    let mut c = app.client();
    let phone = c.register_random().await;
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, true).await.unwrap();
    c
}

async fn user(app: &TestApp) -> TestClient {
    let mut c = app.client();
    c.register_random().await;
    c
}

fn titles(page: &Value) -> Vec<String> {
    page["data"]["list"].as_array().unwrap().iter().map(|h| h["title"].as_str().unwrap().to_owned()).collect()
}

async fn sources(c: &TestClient) -> Vec<Value> {
    let (s, b) = c.get("/api/admin/hotspot-sources").await;
    assert_eq!(s, 200, "{b}");
    b["data"]["list"].as_array().unwrap().clone()
}

/// Waits until every source has been tried since `since` (ms).
async fn wait_all_tried(c: &TestClient, since: i64) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let list = sources(c).await;
        let tried = |s: &Value| {
            let ok = s["lastOkAt"].as_i64().unwrap_or(0);
            let failed = s["lastError"].is_string() && s["lastFetchAt"].as_i64().unwrap_or(0) >= since;
            ok >= since || failed
        };
        if list.iter().all(tried) {
            return list;
        }
        assert!(Instant::now() < deadline, "sources not all refreshed: {list:#?}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

async fn feeds_refresh(db: TestDatabase) {
    let feeds = FeedServer::start();
    feeds.set_rss(&[("双11预售开启", 0), ("围炉煮茶走红", 0), ("露营装备清单", 0)]);
    feeds.set_json(&[("保温杯测评", 40_000), ("冬季护肤", 1_000), ("城市漫步", 500)]);
    let mut app = TestApp::start_with(db, |s| {
        s.marketing.refresh_poll_secs = 1;
        s.marketing.feeds_allow_private_networks = vec!["127.0.0.0/8".into()];
        s.marketing.feed_max_bytes = 64 * 1024;
    })
    .await;
    app.start_worker();
    let admin = admin(&app).await;
    let mapping = json!({ "items": "/data/list", "title": "/word", "heat": "/hot", "summary": "/desc" });
    let started = Utc::now().timestamp_millis();
    for (name, url, extra) in [
        ("测试微博", feeds.url("/rss.xml"), json!({ "platform": "weibo" })),
        ("测试JSON", feeds.url("/hot.json"), json!({ "format": "json", "mapping": mapping, "platform": "tiktok" })),
        ("已停机", down_url(), json!({})),
        ("乱码", feeds.url("/garbage.xml"), json!({})),
        ("过大", feeds.url("/huge.xml"), json!({})),
    ] {
        let mut body = json!({ "name": name, "url": url, "intervalMinutes": 60 });
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let (s, b) = admin.post_json("/api/admin/hotspot-sources", body).await;
        assert_eq!(s, 200, "{b}");
    }
    let list = wait_all_tried(&admin, started).await;
    let by_name = |n: &str| list.iter().find(|s| s["name"] == n).unwrap().clone();
    for good in ["测试微博", "测试JSON"] {
        let s = by_name(good);
        assert_eq!((s["lastItemCount"].as_u64(), s["lastError"].is_null()), (Some(3), true), "{s}");
        assert!(s["nextFetchAt"].as_i64().unwrap() > started + 50 * 60 * 1000, "next in an hour: {s}");
    }
    let error = |n: &str| by_name(n)["lastError"].as_str().unwrap_or_default().to_owned();
    assert!(!error("已停机").is_empty());
    assert!(error("乱码").contains("not a feed"), "{}", error("乱码"));
    assert!(error("过大").contains("larger than"), "{}", error("过大"));

    let reader = user(&app).await;
    let (s, page) = reader.get("/api/hotspots?origin=feed&sort=ranking&pageSize=50").await;
    assert_eq!(s, 200, "{page}");
    assert_eq!(page["data"]["total"], 6, "{page}");
    let tiktok = page["data"]["list"].as_array().unwrap().iter().find(|h| h["title"] == "保温杯测评").unwrap().clone();
    assert_eq!((tiktok["platform"].as_str(), tiktok["sourceName"].as_str()), (Some("tiktok"), Some("测试JSON")));
    assert_eq!((tiktok["heat"].as_i64(), tiktok["rank"].as_u64()), (Some(40_000), Some(1)));
    let weibo = page["data"]["list"].as_array().unwrap().iter().find(|h| h["title"] == "围炉煮茶走红").unwrap().clone();
    assert_eq!(weibo["heat"], 50_000, "second place without a source heat: 100000 / 2");

    // A second refresh: the same items are the same hotspots, seen again;
    // a new item joins; the feed's new order is the new rank.
    feeds.set_rss(&[("新品发布会", 0), ("双11预售开启", 0), ("围炉煮茶走红", 0)]);
    let since = Utc::now().timestamp_millis();
    for s in list.iter().filter(|s| s["name"] == "测试微博") {
        let (code, b) = admin
            .post_json(&format!("/api/admin/hotspot-sources/{}/refresh", s["id"].as_str().unwrap()), json!({}))
            .await;
        assert_eq!(code, 200, "{b}");
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    while sources(&admin).await.iter().find(|s| s["name"] == "测试微博").unwrap()["lastOkAt"].as_i64().unwrap_or(0)
        < since
    {
        assert!(Instant::now() < deadline, "the refresh did not happen");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let (_, page) = reader.get("/api/hotspots?origin=feed&platform=weibo&sort=ranking").await;
    assert_eq!(page["data"]["total"], 4, "{page}");
    let mentions: Vec<(String, u64)> = page["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["title"].as_str().unwrap().to_owned(), h["mentions"].as_u64().unwrap()))
        .collect();
    assert_eq!(&mentions[..2], &[("双11预售开启".to_owned(), 2), ("围炉煮茶走红".to_owned(), 2)], "{mentions:?}");
    let (_, fresh) = reader.get("/api/hotspots?platform=weibo&sort=latest&pageSize=1").await;
    assert_eq!((titles(&fresh), fresh["data"]["list"][0]["rank"].as_u64()), (vec!["新品发布会".to_owned()], Some(1)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn feeds_refresh_on_schedule_and_failing_sources_stop_nothing() {
    feeds_refresh(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn feeds_refresh_on_postgres() {
    feeds_refresh(TestDatabase::postgres().await).await;
}

/// A history written through the store with known times and heats.
async fn known_history(app: &TestApp) {
    let db = app.db().await;
    let now = Utc::now();
    let h = |hours: i64| now - chrono::Duration::hours(hours);
    // (key, title, platform, [(hours ago, heat)])
    type Series<'a> = (&'a str, &'a str, HotspotPlatform, &'a [(i64, i64)]);
    let series: [Series<'_>; 4] = [
        ("x", "露营装备清单", HotspotPlatform::Weibo, &[(30, 800), (20, 1_000), (1, 9_000)]),
        ("y", "露营咖啡", HotspotPlatform::Redbook, &[(30, 50_000), (20, 50_000), (1, 51_000)]),
        ("z", "围炉煮茶", HotspotPlatform::Weibo, &[(3, 5_000)]),
        (
            "w",
            "保温杯 测评",
            HotspotPlatform::Weibo,
            &[(30, 3_000), (20, 3_000), (15, 3_000), (10, 3_000), (5, 3_000), (1, 3_000)],
        ),
    ];
    let mut sightings: Vec<Sighting<'_>> = Vec::new();
    for (key, title, platform, points) in &series {
        for (ago, heat) in points.iter() {
            sightings.push(Sighting {
                dedupe_key: format!("test:{key}"),
                source: None,
                origin: HotspotOrigin::Feed,
                kind: HotspotKind::Topic,
                platform: *platform,
                title,
                summary: "",
                url: None,
                pic_url: None,
                rank: None,
                heat: *heat,
                at: h(*ago),
            });
        }
    }
    sightings.sort_by_key(|s| s.at);
    for one in sightings.chunks(1) {
        store::record_sightings(&db, one).await.unwrap();
    }
}

async fn rankings(db: TestDatabase) {
    let app = TestApp::start(db).await;
    known_history(&app).await;
    let c = user(&app).await;
    // Rising: heat gained inside the last 24 hours; a newcomer gains all.
    let (s, page) = c.get("/api/hotspots?sort=rising&pageSize=2").await;
    assert_eq!(s, 200, "{page}");
    assert_eq!(titles(&page), vec!["露营装备清单", "围炉煮茶"]);
    assert_eq!(page["data"]["total"], 4);
    assert_eq!(
        (page["data"]["list"][0]["growth"].as_i64(), page["data"]["list"][1]["growth"].as_i64()),
        (Some(8_000), Some(5_000))
    );
    let (_, page2) = c.get("/api/hotspots?sort=rising&pageSize=2&pageNum=2").await;
    assert_eq!(titles(&page2), vec!["露营咖啡", "保温杯 测评"]);
    // Ranking: mentions inside the window, then heat.
    let (_, ranked) = c.get("/api/hotspots?sort=ranking").await;
    assert_eq!(titles(&ranked), vec!["保温杯 测评", "露营咖啡", "露营装备清单", "围炉煮茶"]);
    assert_eq!(ranked["data"]["list"][0]["mentions"], 5);
    // A window of 2 hours: only what was seen in it.
    let (_, short) = c.get("/api/hotspots?sort=ranking&windowHours=2").await;
    assert_eq!(short["data"]["total"], 3, "{short}");
    // Filters.
    let (_, weibo) = c.get("/api/hotspots?sort=rising&platform=weibo&keyword=露营").await;
    assert_eq!(titles(&weibo), vec!["露营装备清单"]);
    let (_, none) = c.get("/api/hotspots?kind=video").await;
    assert_eq!(none["data"]["total"], 0);
    for bad in ["sort=hottest", "pageSize=0", "windowHours=999", "platform=myspace"] {
        let (s, b) = c.get(&format!("/api/hotspots?{bad}")).await;
        assert_eq!((s, b["error"].as_str()), (400, Some("INVALID_PARAM")), "{bad}: {b}");
    }
    // One hotspot with its history.
    let id = ranked["data"]["list"][0]["id"].as_str().unwrap().to_owned();
    let (_, detail) = c.get(&format!("/api/hotspots/{id}")).await;
    assert_eq!(detail["data"]["history"].as_array().unwrap().len(), 6, "{detail}");
    assert_eq!(detail["data"]["title"], "保温杯 测评");

    // Hot words: the last 24 hours against the 24 before.
    let (_, words) = c.get("/api/hot-words?windowHours=24").await;
    let list = words["data"]["list"].as_array().unwrap();
    let get = |w: &str| list.iter().find(|t| t["word"] == w).cloned();
    let camp = get("露营").unwrap_or_else(|| panic!("露营 in {words}"));
    assert_eq!(
        (camp["recent"].as_u64(), camp["earlier"].as_u64(), camp["growth"].as_i64()),
        (Some(4), Some(2), Some(2))
    );
    let cup = get("保温杯").unwrap();
    assert_eq!((cup["recent"].as_u64(), cup["earlier"].as_u64(), cup["growth"].as_i64()), (Some(5), Some(1), Some(4)));
    assert_eq!(list[0]["word"], "保温杯", "{words}");
    assert!(get("围炉").is_none() && get("煮茶").is_none(), "one mention is below the floor: {words}");

    // A user's own hotspot: only they see it, only they remove it, and it
    // never feeds the hot words.
    let (s, saved) = c
        .post_json(
            "/api/hotspots",
            json!({ "title": "我的露营热点", "summary": "自己整理的", "xhsUrl": "https://www.xiaohongshu.com/explore/abc" }),
        )
        .await;
    assert_eq!(s, 200, "{saved}");
    assert_eq!(
        (saved["data"]["origin"].as_str(), saved["data"]["platform"].as_str(), saved["data"]["mine"].as_bool()),
        (Some("custom"), Some("redbook"), Some(true))
    );
    let mine = saved["data"]["id"].as_str().unwrap().to_owned();
    let (_, custom) = c.get("/api/hotspots?origin=custom&sort=latest").await;
    assert_eq!(titles(&custom), vec!["我的露营热点"]);
    let other = user(&app).await;
    let (_, theirs) = other.get("/api/hotspots?origin=custom&sort=latest").await;
    assert_eq!(theirs["data"]["total"], 0);
    let (s, b) = other.get(&format!("/api/hotspots/{mine}")).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("HOTSPOT_NOT_FOUND")));
    let (s, b) = other.delete(&format!("/api/hotspots/{mine}")).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("HOTSPOT_NOT_FOUND")));
    let (s, b) = c.delete(&format!("/api/hotspots/{id}")).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("HOTSPOT_NOT_YOURS")), "a listed hotspot is no one's to remove");
    let (s, b) = c.post_json("/api/hotspots", json!({ "title": "  " })).await;
    assert_eq!(
        (s, b["error"].as_str(), b["msg"].as_str()),
        (400, Some("HOTSPOT_TITLE_REQUIRED"), Some("请输入热点标题"))
    );
    let (s, _) = c.delete(&format!("/api/hotspots/{mine}")).await;
    assert_eq!(s, 200);
    let (_, custom) = c.get("/api/hotspots?origin=custom").await;
    assert_eq!(custom["data"]["total"], 0);
    let (s, _) = app.client().get("/api/hotspots").await;
    assert_eq!(s, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rising_ranking_and_hot_words_come_from_the_history() {
    rankings(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rising_ranking_and_hot_words_on_postgres() {
    rankings(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_import_files_and_bad_rows_are_reported() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let admin = admin(&app).await;
    let csv = "title,summary,url,kind,platform,heat\n双11预售,开始了,https://e.com/a,topic,weibo,12万\n,空标题,,,,\n围炉煮茶,\"冬天, 暖\",,note,redbook,\n";
    let (s, b) = admin.upload_to("/api/admin/hotspots/import", "hot.csv", "text/csv", csv.as_bytes().to_vec()).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["data"]["imported"].as_u64(), b["data"]["skipped"].as_u64()), (Some(2), Some(0)));
    assert_eq!(b["data"]["errors"], json!([{ "row": 2, "message": "title is empty" }]));
    // The same rows again are skipped; JSON works too.
    let (_, again) =
        admin.upload_to("/api/admin/hotspots/import", "hot.csv", "text/csv", csv.as_bytes().to_vec()).await;
    assert_eq!((again["data"]["imported"].as_u64(), again["data"]["skipped"].as_u64()), (Some(0), Some(2)));
    let json_file = r#"[{"title":"保温杯","heat":5000,"platform":"tiktok","kind":"video"}]"#;
    let (_, b) = admin
        .upload_to("/api/admin/hotspots/import", "hot.json", "application/json", json_file.as_bytes().to_vec())
        .await;
    assert_eq!(b["data"]["imported"], 1, "{b}");
    let (s, b) =
        admin.upload_to("/api/admin/hotspots/import", "x.bin", "application/octet-stream", vec![0xff, 0xfe, 0]).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("HOTSPOT_IMPORT_INVALID")), "{b}");
    let reader = user(&app).await;
    let (s, b) = reader.upload_to("/api/admin/hotspots/import", "hot.csv", "text/csv", csv.as_bytes().to_vec()).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("ADMIN_ONLY")));
    let (_, page) = reader.get("/api/hotspots?origin=import&sort=latest").await;
    assert_eq!(page["data"]["total"], 3, "{page}");
    let (_, videos) = reader.get("/api/hotspots?origin=import&kind=video&sort=rising").await;
    assert_eq!((titles(&videos), videos["data"]["list"][0]["heat"].as_i64()), (vec!["保温杯".to_owned()], Some(5_000)));

    // Sources: checked at the edge; a json source needs its mapping.
    let (s, b) = admin.post_json("/api/admin/hotspot-sources", json!({ "name": "x", "url": "ftp://e.com/f" })).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("HOTSPOT_SOURCE_INVALID")), "{b}");
    let (s, b) = admin
        .post_json("/api/admin/hotspot-sources", json!({ "name": "x", "url": "https://e.com/f", "format": "json" }))
        .await;
    assert_eq!((s, b["error"].as_str()), (400, Some("HOTSPOT_SOURCE_INVALID")), "{b}");
    let (_, made) =
        admin.post_json("/api/admin/hotspot-sources", json!({ "name": "源", "url": "https://e.com/f" })).await;
    let id = made["data"]["id"].as_str().unwrap().to_owned();
    let (s, changed) = admin
        .patch_json(&format!("/api/admin/hotspot-sources/{id}"), json!({ "enabled": false, "intervalMinutes": 15 }))
        .await;
    assert_eq!(
        (s, changed["data"]["enabled"].as_bool(), changed["data"]["intervalMinutes"].as_u64()),
        (200, Some(false), Some(15))
    );
    let (s, _) = admin.delete(&format!("/api/admin/hotspot-sources/{id}")).await;
    assert_eq!(s, 200);
    let (s, b) = admin.delete(&format!("/api/admin/hotspot-sources/{id}")).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("HOTSPOT_SOURCE_NOT_FOUND")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_calendar_answers_signed_in_users_for_any_month() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let (s, _) = app.client().get("/api/calendar?year=2026&month=2").await;
    assert_eq!(s, 401);
    let c = user(&app).await;
    let (s, b) = c.get("/api/calendar?year=2026&month=2&showActivityDesc=true").await;
    assert_eq!(s, 200, "{b}");
    let days = b["data"]["list"].as_array().unwrap();
    assert_eq!(days.len(), 28);
    let spring = &days[16];
    assert_eq!((spring["date"].as_str(), spring["lunarDate"].as_str()), (Some("2026-02-17"), Some("正月初一")));
    assert_eq!(spring["holiday"], json!({ "name": "春节", "off": true }));
    let entry = spring["entries"].as_array().unwrap().iter().find(|e| e["name"] == "春节").unwrap();
    assert_eq!((entry["kind"].as_str(), entry["nameEn"].as_str()), (Some("festival"), Some("Spring Festival")));
    assert!(entry["description"].as_str().is_some_and(|d| !d.is_empty()));
    let (_, terms) = c.get("/api/calendar?year=2026&month=2&calendarMarketingTypes=solar_term").await;
    let names: Vec<&str> = terms["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["entries"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()))
        .collect();
    assert_eq!(names, vec!["立春", "雨水"]);
    for (query, field) in [
        ("year=2026&month=13", "month"),
        ("year=1800&month=1", "year"),
        ("year=2026&month=1&calendarMarketingTypes=x", "calendarMarketingTypes"),
    ] {
        let (s, b) = c.get(&format!("/api/calendar?{query}")).await;
        assert_eq!((s, b["error"].as_str()), (400, Some("INVALID_PARAM")), "{query}");
        assert!(b["msg"].as_str().unwrap().contains(field), "{query}: {b}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demonstration_set_fills_every_list_once() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let db = app.db().await;
    assert!(matches!(
        hotspot_demo::load(&db, Utc::now()).await.unwrap(),
        DemoLoad::Loaded { hotspots: 84, sources: 5 }
    ));
    assert_eq!(hotspot_demo::load(&db, Utc::now()).await.unwrap(), DemoLoad::NotEmpty);
    let c = user(&app).await;
    for kind in ["topic", "note", "video", "image"] {
        let (_, page) = c.get(&format!("/api/hotspots?kind={kind}&sort=rising&pageSize=10")).await;
        assert_eq!(page["data"]["list"].as_array().unwrap().len(), 10, "{kind}: {page}");
        assert!(page["data"]["list"][0]["sourceName"].as_str().unwrap().starts_with("示例"));
    }
    let (_, words) = c.get("/api/hot-words").await;
    assert!(words["data"]["list"].as_array().unwrap().len() >= 5, "{words}");
    let admin = admin(&app).await;
    assert!(sources(&admin).await.iter().all(|s| s["enabled"] == false));
}
