//! Batch generation: many tasks in one request, charged all or nothing,
//! with progress by status; a flagship benefit; outside the 10-task cap.

use crate::support;

use std::time::Duration;

use pixmart_shared::db::store::{ledger, membership};
use pixmart_shared::domain::{Bucket, Tier};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};
use support::fleet::{self, Worker};

fn batch_body(url: &str, n: usize) -> Value {
    let items: Vec<Value> = (0..n).map(|_| json!({ "params": { "imageUrl": url, "model": "u2netp" } })).collect();
    json!({ "bizType": "MATTING_IMAGE", "items": items })
}

async fn lingshi(c: &TestClient) -> i64 {
    let (_, info) = c.get("/api/user/info").await;
    info["data"]["points"].as_i64().unwrap()
}

async fn batch_submit_is_atomic_and_reports_progress(db: TestDatabase) {
    let app = TestApp::start_with(db, |s| {
        s.tasks.max_batch_items = 200;
        s.tasks.max_open_batches = 1;
    })
    .await;
    let db = app.db().await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;

    // Free plan: batches are a flagship benefit.
    let (s, b) = c.post_json("/api/batches", batch_body(&url, 2)).await;
    assert_eq!((s, b["error"].as_str(), b["code"].as_i64()), (403, Some("BATCH_NOT_ALLOWED"), Some(3201)), "{b}");

    // Flagship, but with only the free gift left (the plan's lingshi
    // expired): 101 × 5 > 500, so nothing is created or charged.
    let me = fleet::user_id(&c).await;
    membership::activate(&db, me, Tier::Flagship, 1, "test-order", chrono::Utc::now()).await.unwrap();
    ledger::expire(&db, me, Bucket::Plan, "test-expire").await.unwrap();
    assert_eq!(lingshi(&c).await, 500);
    let (s, b) = c.post_json("/api/batches", batch_body(&url, 101)).await;
    assert_eq!((s, b["error"].as_str()), (402, Some("INSUFFICIENT_LINGSHI")), "{b}");
    assert_eq!(lingshi(&c).await, 500, "nothing charged");
    let (_, list) = c.get("/api/tasks").await;
    assert_eq!(list["data"]["total"], 0, "no task created: {list}");

    // Sizes outside 1..=max are refused.
    let (s, b) = c.post_json("/api/batches", batch_body(&url, 0)).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("BATCH_SIZE")), "{b}");
    let (s, b) = c.post_json("/api/batches", batch_body(&url, 201)).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("BATCH_SIZE")), "{b}");

    // Twelve tasks: more than the single-task cap of 10, which batches do
    // not count against; charged 60 at once.
    let (s, b) = c.post_json("/api/batches", batch_body(&url, 12)).await;
    assert_eq!(s, 200, "{b}");
    let batch_id = b["data"]["batchId"].as_str().unwrap().to_owned();
    let task_ids: Vec<String> =
        b["data"]["taskIds"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect();
    assert_eq!((b["data"]["total"].as_u64(), task_ids.len()), (Some(12), 12));
    assert_eq!(lingshi(&c).await, 440);
    let (s, p) = c.get(&format!("/api/batches/{batch_id}")).await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(p["data"]["total"], 12);
    assert_eq!(p["data"]["counts"]["NEW"], 12, "{p}");
    assert_eq!(p["data"]["finished"], 0);
    let (_, t) = c.get(&format!("/api/tasks/{}", task_ids[0])).await;
    assert_eq!(t["data"]["batchId"], batch_id.as_str());
    // A single task still fits under the cap; a second batch does not fit
    // while the first is open.
    let single = c.submit_cutout(&url, Some("u2netp")).await;
    let (s, b) = c.post_json("/api/batches", batch_body(&url, 1)).await;
    assert_eq!((s, b["error"].as_str(), b["code"].as_i64()), (429, Some("BATCH_LIMIT"), Some(3203)), "{b}");

    // Another user cannot see it.
    let mut other = app.client();
    other.register_random().await;
    let (s, b) = other.get(&format!("/api/batches/{batch_id}")).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("BATCH_NOT_FOUND")));

    // A worker runs them all; progress follows.
    let _worker = Worker::real(&app.settings, "default", 1);
    fleet::wait_all(&c, &task_ids, Duration::from_secs(300)).await;
    fleet::wait_all(&c, std::slice::from_ref(&single), Duration::from_secs(60)).await;
    let (_, p) = c.get(&format!("/api/batches/{batch_id}")).await;
    assert_eq!((p["data"]["counts"]["SUCCESS"].as_u64(), p["data"]["finished"].as_u64()), (Some(12), Some(12)), "{p}");
    assert_eq!(p["data"]["taskIds"].as_array().unwrap().len(), 12);
    assert_eq!(lingshi(&c).await, 435, "12 + 1 tasks settled at 5 each");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batches_on_sqlite() {
    batch_submit_is_atomic_and_reports_progress(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batches_on_postgres() {
    batch_submit_is_atomic_and_reports_progress(TestDatabase::postgres().await).await;
}

/// A batch passes the same admission as a single submission: the default
/// brand does not offer custom pet images, so a flagship member's batch of
/// them is refused like a single one, and nothing is charged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batches_pass_the_brand_gate_of_single_submissions() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let db = app.db().await;
    let mut c = app.client();
    c.register_random().await;
    let me = fleet::user_id(&c).await;
    membership::activate(&db, me, Tier::Flagship, 1, "test-order", chrono::Utc::now()).await.unwrap();
    let before = lingshi(&c).await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let pet = json!({ "petImageId": url });
    let (_, single) = c.post_json("/api/tasks", json!({ "bizType": "PET_IMAGE_CUSTOMIZED", "params": pet })).await;
    assert_eq!(single["error"], "CUSTOMIZED_IMAGE_DISABLED", "{single}");
    let (_, batch) = c
        .post_json(
            "/api/batches",
            json!({ "bizType": "PET_IMAGE_CUSTOMIZED", "items": [{ "params": pet }, { "params": pet }] }),
        )
        .await;
    assert_eq!(batch["error"], "CUSTOMIZED_IMAGE_DISABLED", "{batch}");
    assert_eq!(lingshi(&c).await, before, "nothing charged");
}
