//! Standard and 2K downloads of a task result, through the API, Redis and a
//! real worker with the real Real-ESRGAN x4plus model: tier gate (6010),
//! "try again later" while a preparation runs, output long side exactly
//! 2048 with alpha kept, and the cache (asking again enqueues nothing).
//! A small source keeps the upscale to a few seconds: uploads must be at
//! least 256 px and 500 KB, so instead of a real cutout run the test writes
//! a finished cutout task with a 160×120 RGBA result through the task store
//! (the cutout itself is covered by cutout_end_to_end).

use std::time::Instant;

use chrono::Utc;
use pixmart_shared::db::store::membership;
use pixmart_shared::domain::{ResultKind, Tier, UserId};
use pixmart_shared::fast_jobs::fast_queue;
use pixmart_tests::fixtures::{cutout_image, finished_cutout, wait_download_ready};
use pixmart_tests::{TestApp, TestDatabase};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn standard_and_2k_downloads_with_real_esrgan() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let (_, info) = c.get("/api/user/info").await;
    let user = UserId(info["data"]["user"]["id"].as_i64().unwrap());

    // A finished cutout task with a 160×120 transparent PNG result.
    let id = finished_cutout(&app, user, &[(ResultKind::Image, "cutout.png", cutout_image(160, 120))]).await;
    let db = app.db().await;
    let task = id.to_string();
    let result_url = format!("/api/files/results/{task}/cutout.png");

    // Now a real worker (it loads Real-ESRGAN and consumes fast jobs).
    app.start_worker();
    app.wait_workers(1).await;
    let post = |q: &str| json!({ "index": 0, "quality": q });

    // Standard definition: a 160-px result is its own download, every tier.
    let (status, body) = c.post_json(&format!("/api/tasks/{task}/downloads"), post("standard")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "READY");
    assert_eq!(body["data"]["url"], result_url.as_str());

    // 2K on the free plan: the benefits-centre prompt.
    let (status, body) = c.post_json(&format!("/api/tasks/{task}/downloads"), post("2k")).await;
    assert_eq!((status, body["code"].as_u64()), (403, Some(6010)), "{body}");
    assert!(body["msg"].as_str().unwrap().contains("权益中心"), "{body}");

    // Professional: the first request starts the work, a second one while
    // it runs is told to try again later.
    let txn = sea_orm::TransactionTrait::begin(&db).await.unwrap();
    membership::activate(&txn, user, Tier::Professional, 1, "PMTEST", Utc::now()).await.unwrap();
    txn.commit().await.unwrap();
    let started = Instant::now();
    let (status, body) = c.post_json(&format!("/api/tasks/{task}/downloads"), post("2k")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "PREPARING");
    assert_eq!(body["data"]["longSide"], 2048);
    let (status, body) = c.post_json(&format!("/api/tasks/{task}/downloads"), post("2k")).await;
    assert_eq!((status, body["error"].as_str()), (429, Some("DOWNLOAD_IN_PROGRESS")), "{body}");

    let ready = wait_download_ready(&c, &task, 0, "2k").await;
    eprintln!("2K download of a 160x120 cutout prepared in {:?}", started.elapsed());
    let file_url = ready["url"].as_str().unwrap().to_owned();
    assert!(file_url.starts_with(&format!("/api/files/downloads/{task}/")), "{ready}");
    let (status, png) = c.get_bytes(&file_url).await;
    assert_eq!(status, 200);
    let img = image::load_from_memory(&png).unwrap();
    assert_eq!((img.width(), img.height()), (2048, 1536), "long side exactly 2048, ratio kept");
    assert!(img.color().has_alpha(), "a cutout stays transparent at 2K");

    // Cached: asking again answers READY at once and enqueues nothing.
    let (status, body) = c.post_json(&format!("/api/tasks/{task}/downloads"), post("2k")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "READY");
    assert_eq!(body["data"]["url"], file_url.as_str());
    let redis = redis::Client::open(app.redis.as_ref().unwrap().url()).unwrap();
    let mut conn = redis.get_multiplexed_async_connection().await.unwrap();
    let queued: i64 = redis::cmd("LLEN")
        .arg(fast_queue(&app.settings.redis.namespace, "default"))
        .query_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(queued, 0, "a cached download must not be prepared again");

    // Nobody else gets it.
    let mut mallory = app.client();
    mallory.register_random().await;
    assert_eq!(mallory.get_bytes(&file_url).await.0, 404);
    let (status, _) = mallory.post_json(&format!("/api/tasks/{task}/downloads"), post("standard")).await;
    assert_eq!(status, 404);
}

/// A 2K download of a larger result through the fast model: the status
/// call reports the worker's progress, a cancel stops it (nothing stored,
/// the state goes back to NONE), and asking again prepares it afresh.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_2k_preparation_reports_progress_and_can_be_cancelled() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let (_, info) = c.get("/api/user/info").await;
    let user = UserId(info["data"]["user"]["id"].as_i64().unwrap());
    let db = app.db().await;
    let txn = sea_orm::TransactionTrait::begin(&db).await.unwrap();
    membership::activate(&txn, user, Tier::Professional, 1, "PMTEST", Utc::now()).await.unwrap();
    txn.commit().await.unwrap();
    // 900×600: ×2.3 to 2K, so it goes through the model in 12 tiles.
    let id = finished_cutout(&app, user, &[(ResultKind::Image, "cutout.png", cutout_image(900, 600))]).await;
    let task = id.to_string();
    app.start_worker();
    app.wait_workers(1).await;
    let url = format!("/api/tasks/{task}/downloads");
    let status_url = format!("{url}?index=0&quality=2k");

    let (status, body) = c.post_json(&url, json!({ "index": 0, "quality": "2k" })).await;
    assert_eq!((status, body["data"]["state"].as_str()), (200, Some("PREPARING")), "{body}");
    // Progress shows once the first tiles are done.
    let deadline = Instant::now() + std::time::Duration::from_secs(120);
    let progress = loop {
        let (_, body) = c.get(&status_url).await;
        assert_eq!(body["data"]["state"], "PREPARING", "finished before any progress was seen: {body}");
        let p = body["data"]["progress"].as_f64().unwrap();
        if p > 0.0 {
            break p;
        }
        assert!(Instant::now() < deadline, "no progress reported");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert!(progress < 1.0, "{progress}");

    let (status, body) = c.delete(&status_url).await;
    assert_eq!((status, body["data"]["state"].as_str()), (200, Some("NONE")), "{body}");
    let (_, body) = c.get(&status_url).await;
    assert_eq!(body["data"]["state"], "NONE", "{body}");
    // The worker stops between tiles and stores nothing.
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let (_, body) = c.get(&status_url).await;
    assert_eq!(body["data"]["state"], "NONE", "a cancelled preparation must not finish: {body}");

    // Asking again starts afresh and finishes.
    let (status, body) = c.post_json(&url, json!({ "index": 0, "quality": "2k" })).await;
    assert_eq!((status, body["data"]["state"].as_str()), (200, Some("PREPARING")), "{body}");
    let ready = wait_download_ready(&c, &task, 0, "2k").await;
    let (_, png) = c.get_bytes(ready["url"].as_str().unwrap()).await;
    let img = image::load_from_memory(&png).unwrap();
    assert_eq!((img.width(), img.height()), (2048, 1365));
}
