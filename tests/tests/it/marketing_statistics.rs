//! The workbench's statistics through the API, with a real worker: a
//! finished cutout counts with what it cost, a stopped one as failed and
//! free (its charge was refunded), per type and day, as JSON and CSV; a
//! user without a tenant cannot ask for the team's figures.

use std::time::Duration;

use chrono::Utc;
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::TaskId;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestDatabase};
use serde_json::json;

async fn statistics(db: TestDatabase) {
    let mut app = TestApp::start(db).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;

    // One cutout stopped while a worker holds it: refunded, so it costs nothing.
    let stopped = c.submit_cutout(&url, None).await;
    let db = app.db().await;
    let id: TaskId = stopped.parse().unwrap();
    task_store::claim_task(&db, id, "busy-worker", chrono::Duration::minutes(10)).await.unwrap().unwrap();
    let (s, b) = c.post_json(&format!("/api/tasks/{stopped}/stop"), json!({})).await;
    assert_eq!(s, 200, "{b}");
    // One that a real worker finishes.
    app.start_worker();
    let done = c.submit_cutout(&url, None).await;
    let finished = c.wait_task(&done, Duration::from_secs(180)).await;
    assert_eq!(finished["status"], "SUCCESS", "{finished}");

    let today = Utc::now().date_naive().to_string();
    let (s, b) = c.get("/api/marketing/statistics").await;
    assert_eq!(s, 200, "{b}");
    let d = &b["data"];
    assert_eq!((d["to"].as_str(), d["scope"].as_str()), (Some(today.as_str()), Some("mine")));
    assert_eq!(d["daily"].as_array().unwrap().len(), 30);
    let totals = &d["totals"];
    assert_eq!(
        (
            totals["generations"].as_u64(),
            totals["succeeded"].as_u64(),
            totals["failed"].as_u64(),
            totals["lingshiSpent"].as_i64()
        ),
        (Some(2), Some(1), Some(1), Some(5)),
        "{totals}"
    );
    assert_eq!(totals["likeRate"], serde_json::Value::Null);
    assert_eq!(
        d["byType"],
        json!([{ "bizType": "MATTING_IMAGE", "generations": 2, "succeeded": 1, "failed": 1, "lingshiSpent": 5 }])
    );
    let last = d["daily"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((last["date"].as_str(), last["generations"].as_u64()), (Some(today.as_str()), Some(2)));
    // The spend agrees with the balance: 500 to start, one cutout kept.
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 495);

    let (s, csv) = c.get_bytes(&format!("/api/marketing/statistics.csv?from={today}&to={today}")).await;
    assert_eq!(s, 200);
    let csv = String::from_utf8(csv).unwrap();
    assert_eq!(
        csv.lines().collect::<Vec<_>>(),
        vec![
            "date,bizType,generations,succeeded,failed,lingshiSpent".to_owned(),
            format!("{today},MATTING_IMAGE,2,1,1,5")
        ]
    );

    // Another user sees only their own (none).
    let mut other = app.client();
    other.register_random().await;
    let (_, theirs) = other.get("/api/marketing/statistics").await;
    assert_eq!(theirs["data"]["totals"]["generations"], 0);
    let (s, b) = other.get("/api/marketing/statistics?scope=tenant").await;
    assert_eq!(
        (s, b["error"].as_str(), b["msg"].as_str()),
        (400, Some("MARKETING_NO_TENANT"), Some("加入企业后才能查看团队数据"))
    );
    for bad in ["from=2026-12-01&to=2026-11-01", "from=2024-01-01&to=2026-01-01", "to=yesterday", "scope=all"] {
        let (s, b) = c.get(&format!("/api/marketing/statistics?{bad}")).await;
        assert_eq!((s, b["error"].as_str()), (400, Some("INVALID_PARAM")), "{bad}");
    }
    let (s, _) = app.client().get("/api/marketing/statistics").await;
    assert_eq!(s, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn statistics_count_tasks_and_what_the_ledger_kept() {
    statistics(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn statistics_on_postgres() {
    statistics(TestDatabase::postgres().await).await;
}
