//! Fleet administration through the HTTP API: only admins get in; an
//! admin sees nodes, queues and pools, pauses, drains and resumes a node
//! (the worker follows on its heartbeat), and cancels any task with one
//! refund. Also the task event stream (server-sent events).

use std::time::{Duration, Instant};

use pixmart_shared::db::store::workers::{self, WorkerNode};
use pixmart_shared::db::store::{ledger, tasks as task_store};
use pixmart_shared::domain::{BizType, TaskId};
use pixmart_tests::fixtures::wait_worker_accepting;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

async fn admin(app: &TestApp) -> (TestClient, String) {
    let mut c = app.client();
    let phone = c.register_random().await;
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, true).await.unwrap();
    (c, phone)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_endpoints_refuse_anonymous_and_non_admin_callers() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let mut user = app.client();
    let phone = user.register_random().await;
    let gets = ["/api/admin/nodes", "/api/admin/queues", "/api/admin/pools"];
    let posts = ["/api/admin/nodes/some-node/pause", "/api/admin/tasks/00000000-0000-0000-0000-000000000000/cancel"];
    for path in gets {
        let (s, b) = app.client().get(path).await;
        assert_eq!((s, b["error"].as_str()), (401, Some("UNAUTHORIZED")), "{path}: {b}");
        let (s, b) = user.get(path).await;
        assert_eq!((s, b["code"].as_u64(), b["error"].as_str()), (403, Some(8001), Some("ADMIN_ONLY")), "{path}: {b}");
        assert_eq!(b["msg"], "无权访问，仅限管理员");
    }
    for path in posts {
        let (s, b) = user.post_json(path, json!({})).await;
        assert_eq!((s, b["error"].as_str()), (403, Some("ADMIN_ONLY")), "{path}: {b}");
    }
    let mut en = user.clone();
    en.lang = Some("en");
    assert_eq!(en.get("/api/admin/nodes").await.1["msg"], "Access denied: administrators only");

    // The operator grants the role from the command line; then it works,
    // and revoking it closes the door again.
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, true).await.unwrap();
    for path in gets {
        let (s, b) = user.get(path).await;
        assert_eq!(s, 200, "{path}: {b}");
        assert!(b["data"]["list"].is_array(), "{b}");
    }
    let (s, b) = user.post_json("/api/admin/nodes/no-such-node/pause", json!({})).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("NODE_NOT_FOUND")), "{b}");
    let (s, b) = user.post_json("/api/admin/nodes/no-such-node/reboot", json!({})).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("INVALID_NODE_ACTION")), "{b}");
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, false).await.unwrap();
    assert_eq!(user.get("/api/admin/nodes").await.0, 403);
    // Granting an account that does not exist says so.
    assert!(pixmart_api::admin_cli::set_admin(&app.settings, "13900000000", true).await.is_err());
}

async fn only_node(admin: &TestClient) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, b) = admin.get("/api/admin/nodes").await;
        if let Some(n) = b["data"]["list"].as_array().and_then(|l| l.first()) {
            return n.clone();
        }
        assert!(Instant::now() < deadline, "no node registered");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// An app with one real worker (its metrics listener on), an admin, and
/// the worker's node as the admin sees it.
async fn one_worker_and_an_admin() -> (TestApp, TestClient, Value) {
    let mut app =
        TestApp::start_with(TestDatabase::sqlite(), |s| s.worker.metrics_addr = Some("127.0.0.1:0".into())).await;
    app.start_worker();
    let (admin, _) = admin(&app).await;
    let node = only_node(&admin).await;
    (app, admin, node)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_assigns_a_tenants_dedicated_pool_over_http() {
    use pixmart_shared::db::store::dispatch as dispatch_store;

    let app = TestApp::start(TestDatabase::sqlite()).await;
    let db = app.db().await;
    let tenant = crate::support::tenants::tenant(&db, "acme", true).await;
    let path = format!("/api/admin/tenants/{}/pool", tenant.id);
    let mut user = app.client();
    user.register_random().await;
    assert_eq!(user.put_json(&path, json!({ "pool": "acme-gpu" })).await.0, 403);

    let (admin, _) = admin(&app).await;
    let (s, b) = admin.get("/api/admin/tenants").await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["list"][0]["pool"], "default", "{b}");
    let (s, b) = admin.put_json(&path, json!({ "pool": "acme-gpu" })).await;
    assert_eq!((s, b["data"]["pool"].as_str()), (200, Some("acme-gpu")), "{b}");
    assert_eq!(dispatch_store::pool_of_tenant(&db, Some(tenant.id)).await.unwrap(), "acme-gpu");
    // Names that could never be a worker's `--pool` are refused.
    for bad in ["Acme GPU", "", "a:b"] {
        let (s, b) = admin.put_json(&path, json!({ "pool": bad })).await;
        assert_eq!((s, b["error"].as_str(), b["field"].as_str()), (400, Some("INVALID_PARAM"), Some("pool")), "{b}");
    }
    let (s, b) = admin.put_json("/api/admin/tenants/999999/pool", json!({ "pool": "x" })).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("TENANT_NOT_FOUND")), "{b}");
    // `null` sends the tenant back to the shared pool.
    let (s, b) = admin.put_json(&path, json!({ "pool": null })).await;
    assert_eq!((s, b["data"]["pool"].as_str()), (200, Some("default")), "{b}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pause_drain_and_resume_are_followed_by_the_worker() {
    let (app, admin, node) = one_worker_and_an_admin().await;
    let id = node["id"].as_str().unwrap().to_owned();
    let metrics = node["metricsAddr"].as_str().unwrap().to_owned();
    assert_eq!(node["status"], "live", "{node}");
    assert!(node["bizTypes"].as_array().unwrap().contains(&json!("MATTING_IMAGE")), "{node}");
    assert!(node["device"].as_str().unwrap().starts_with("CPU") || node["device"].as_str().unwrap().starts_with("GPU"));
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(800, 800).0)).await;
    let db = app.db().await;

    // Paused: the node takes nothing.
    let (s, b) = admin.post_json(&format!("/api/admin/nodes/{id}/pause"), json!({})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["data"]["status"].as_str(), b["data"]["desiredState"].as_str()), (Some("paused"), Some("paused")));
    wait_worker_accepting(&metrics, false).await;
    let waiting: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let t = task_store::get_task(&db, waiting).await.unwrap().unwrap();
    assert_eq!((t.status.as_str(), t.worker_id.as_deref()), ("NEW", None), "a paused node took a job");

    // Resumed: it takes the waiting task.
    let (_, b) = admin.post_json(&format!("/api/admin/nodes/{id}/resume"), json!({})).await;
    assert_eq!(b["data"]["status"], "live", "{b}");
    assert_eq!(c.wait_task(&waiting.to_string(), Duration::from_secs(120)).await["status"], "SUCCESS");

    // Drained while running a task: that task finishes, nothing new starts.
    let running: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while task_store::get_task(&db, running).await.unwrap().unwrap().status.as_str() == "NEW" {
        assert!(Instant::now() < deadline);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (_, b) = admin.post_json(&format!("/api/admin/nodes/{id}/drain"), json!({})).await;
    assert_eq!(b["data"]["status"], "draining", "{b}");
    wait_worker_accepting(&metrics, false).await;
    assert_eq!(c.wait_task(&running.to_string(), Duration::from_secs(120)).await["status"], "SUCCESS");
    let after: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(task_store::get_task(&db, after).await.unwrap().unwrap().status.as_str(), "NEW");
    let node = only_node(&admin).await;
    assert_eq!((node["status"].as_str(), node["currentJobs"].as_u64()), (Some("draining"), Some(0)), "{node}");
    assert_eq!(node["jobsDone"], 2, "{node}");
    assert!(node["throughputPerMin"].as_f64().unwrap() > 0.0, "{node}");

    admin.post_json(&format!("/api/admin/nodes/{id}/resume"), json!({})).await;
    assert_eq!(c.wait_task(&after.to_string(), Duration::from_secs(120)).await["status"], "SUCCESS");
    assert_eq!(only_node(&admin).await["jobsDone"], 3);
}

/// Length of one of the app's Redis lists.
async fn list_len(app: &TestApp, key: &str) -> i64 {
    let client = redis::Client::open(app.redis.as_ref().unwrap().url()).unwrap();
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    redis::cmd("LLEN").arg(key).query_async(&mut conn).await.unwrap()
}

async fn download_state(c: &TestClient, task: TaskId, quality: &str) -> String {
    let (s, b) = c.get(&format!("/api/tasks/{task}/downloads?index=0&quality={quality}")).await;
    assert_eq!(s, 200, "{b}");
    b["data"]["state"].as_str().unwrap().to_owned()
}

async fn request_download(c: &TestClient, task: TaskId, quality: &str) {
    let (s, b) = c.post_json(&format!("/api/tasks/{task}/downloads"), json!({ "index": 0, "quality": quality })).await;
    assert_eq!((s, b["data"]["state"].as_str()), (200, Some("PREPARING")), "{b}");
}

/// The fast jobs (downloads and cutout refinements: Redis lists outside
/// apalis) follow pause, drain and resume like the task queues.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fast_jobs_follow_pause_drain_and_resume() {
    use pixmart_shared::db::store::membership;
    use pixmart_shared::domain::{ResultKind, Tier};
    use pixmart_shared::fast_jobs::{fast_queue, refine_queue};
    use pixmart_tests::fixtures::{cutout_image, finished_cutout, wait_download_ready};

    let (app, admin, node) = one_worker_and_an_admin().await;
    let id = node["id"].as_str().unwrap().to_owned();
    let metrics = node["metricsAddr"].as_str().unwrap().to_owned();
    let mut c = app.client();
    c.register_random().await;
    let user = c.user_id().await;
    let db = app.db().await;
    membership::activate(&db, user, Tier::Professional, 1, "PMTEST", chrono::Utc::now()).await.unwrap();
    // Standard downloads of a 2000-px result are resized by the worker; a
    // 2K download of a small one is upscaled (seconds); the mask is for
    // click refinement.
    let large = || [(ResultKind::Image, "cutout.png", cutout_image(2000, 1000))];
    let (big, other_big) = (finished_cutout(&app, user, &large()).await, finished_cutout(&app, user, &large()).await);
    let small_cutout = cutout_image(160, 120);
    let rgba = small_cutout.to_rgba8();
    let small_mask = image::DynamicImage::ImageLuma8(image::GrayImage::from_fn(160, 120, |x, y| {
        image::Luma([rgba.get_pixel(x, y)[3]])
    }));
    let small = finished_cutout(
        &app,
        user,
        &[(ResultKind::Image, "cutout.png", small_cutout), (ResultKind::Mask, "mask.png", small_mask)],
    )
    .await;
    let ns = app.settings.redis.namespace.clone();
    let (downloads, refines) = (fast_queue(&ns, "default"), refine_queue(&ns, "default"));
    app.wait_workers(1).await;

    // Paused: a download waits in its list, a refinement is not answered.
    admin.post_json(&format!("/api/admin/nodes/{id}/pause"), json!({})).await;
    wait_worker_accepting(&metrics, false).await;
    request_download(&c, big, "standard").await;
    let (s, b) = c
        .post_json(&format!("/api/tasks/{small}/refine"), json!({ "clicks": [{ "x": 5, "y": 5, "keep": false }] }))
        .await;
    assert_eq!((s, b["error"].as_str()), (503, Some("SERVICE_UNAVAILABLE")), "a paused node refined: {b}");
    assert_eq!(download_state(&c, big, "standard").await, "PREPARING");
    assert_eq!((list_len(&app, &downloads).await, list_len(&app, &refines).await), (1, 1), "a paused node popped");

    // Resumed: both lists are served again.
    admin.post_json(&format!("/api/admin/nodes/{id}/resume"), json!({})).await;
    wait_download_ready(&c, &big.to_string(), 0, "standard").await;
    let res = reqwest::Client::new()
        .post(format!("{}/api/tasks/{small}/refine", app.base_url))
        .bearer_auth(c.token.as_deref().unwrap())
        .json(&json!({ "clicks": [{ "x": 5, "y": 5, "keep": false }] }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(list_len(&app, &refines).await, 0);

    // Drained while it upscales: that job finishes, the next one waits.
    request_download(&c, small, "2k").await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while list_len(&app, &downloads).await > 0 {
        assert!(Instant::now() < deadline, "the 2K job was never taken");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    admin.post_json(&format!("/api/admin/nodes/{id}/drain"), json!({})).await;
    wait_worker_accepting(&metrics, false).await;
    request_download(&c, other_big, "standard").await;
    wait_download_ready(&c, &small.to_string(), 0, "2k").await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(download_state(&c, other_big, "standard").await, "PREPARING");
    assert_eq!(list_len(&app, &downloads).await, 1, "a draining node popped");

    admin.post_json(&format!("/api/admin/nodes/{id}/resume"), json!({})).await;
    wait_download_ready(&c, &other_big.to_string(), 0, "standard").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_sees_waiting_work_and_cancels_any_task_with_one_refund_sqlite() {
    waiting_work_and_cancel(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_sees_waiting_work_and_cancels_any_task_with_one_refund_postgres() {
    waiting_work_and_cancel(TestDatabase::postgres().await).await;
}

async fn waiting_work_and_cancel(db: TestDatabase) {
    // No worker: the task waits, and its pool has no live worker.
    let app = TestApp::start(db).await;
    let (admin, _) = admin(&app).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(800, 800).0)).await;
    let task_id = c.submit_cutout(&url, None).await;

    let (_, q) = admin.get("/api/admin/queues").await;
    let row = q["data"]["list"].as_array().unwrap().iter().find(|r| r["bizType"] == "MATTING_IMAGE").unwrap().clone();
    assert_eq!((row["pool"].as_str(), row["lane"].as_str()), (Some("default"), Some("standard")), "{row}");
    assert_eq!(row["waiting"].as_u64().unwrap() + row["dispatched"].as_u64().unwrap(), 1, "{row}");
    assert_eq!(row["running"], 0);
    assert_eq!(row["redisDepth"].as_u64(), row["dispatched"].as_u64(), "{row}");
    let (_, p) = admin.get("/api/admin/pools").await;
    let pool = p["data"]["list"].as_array().unwrap().iter().find(|r| r["pool"] == "default").unwrap().clone();
    assert_eq!((pool["noLiveWorker"].as_bool(), pool["stranded"].as_bool()), (Some(true), Some(true)), "{pool}");

    // A node that registered and claimed it (as a worker process would):
    // the admin sees the job on the node.
    let db = app.db().await;
    let id: TaskId = task_id.parse().unwrap();
    let node = WorkerNode {
        id: "gpu-box-1-7-abcdef12".into(),
        name: "gpu-box-1-7-abcdef12".into(),
        host: "gpu-box-1".into(),
        version: "0.1.0".into(),
        device: "GPU NVIDIA H100 (81559 MiB)".into(),
        pool: "default".into(),
        capabilities: vec![BizType::MattingImage],
        concurrency: 2,
        metrics_addr: None,
        models: Default::default(),
    };
    workers::register_worker(&db, &node).await.unwrap();
    task_store::claim_task(&db, id, &node.id, chrono::Duration::minutes(10)).await.unwrap().unwrap();
    let (_, nodes) = admin.get("/api/admin/nodes").await;
    let seen = &nodes["data"]["list"][0];
    assert_eq!((seen["id"].as_str(), seen["status"].as_str()), (Some(node.id.as_str()), Some("live")), "{nodes}");
    assert_eq!((seen["currentJobs"].as_u64(), seen["load"].as_f64()), (Some(1), Some(0.5)), "{seen}");
    assert_eq!(seen["device"], "GPU NVIDIA H100 (81559 MiB)");

    let (s, b) = admin.post_json(&format!("/api/admin/tasks/{task_id}/cancel"), json!({})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["data"]["status"].as_str(), b["data"]["errorCode"].as_str()), (Some("FAILED"), Some("TASK_STOPPED")));
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500, "{info}");
    let (s, b) = admin.post_json(&format!("/api/admin/tasks/{task_id}/cancel"), json!({})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("TASK_NOT_STOPPABLE")), "{b}");
    let (s, _) = admin.post_json("/api/admin/tasks/not-a-task/cancel", json!({})).await;
    assert_eq!(s, 404);
    // The worker that held it cannot write an outcome any more.
    assert!(!task_store::complete_task(&db, id, &node.id, &[]).await.unwrap());
    let owner = task_store::get_task(&db, id).await.unwrap().unwrap().owner;
    let kinds: Vec<String> = ledger::entries(&db, owner)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.task_id.as_deref() == Some(task_id.as_str()))
        .map(|e| e.kind)
        .collect();
    assert_eq!(kinds, ["charge", "refund"]);
}

/// Reads server-sent events until the stream ends; returns each event's data.
async fn read_events(mut resp: reqwest::Response, timeout: Duration) -> Vec<Value> {
    let deadline = Instant::now() + timeout;
    let mut buf = String::new();
    let mut events = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let chunk = tokio::time::timeout(left, resp.chunk()).await.expect("stream did not end in time").unwrap();
        let Some(chunk) = chunk else { return events };
        buf.push_str(std::str::from_utf8(&chunk).unwrap());
        while let Some(end) = buf.find("\n\n") {
            let frame: String = buf.drain(..end + 2).collect();
            if let Some(data) = frame.lines().find_map(|l| l.strip_prefix("data: ")) {
                assert!(frame.starts_with("event: task\n"), "{frame}");
                events.push(serde_json::from_str(data).unwrap());
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn task_events_stream_new_running_success_then_end() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(800, 800).0)).await;
    let task_id = c.submit_cutout(&url, None).await;
    let path = format!("/api/tasks/{task_id}/events");

    // Only the owner may listen.
    assert_eq!(app.client().get(&path).await.0, 401);
    let mut other = app.client();
    other.register_random().await;
    assert_eq!(other.get(&path).await.0, 404);

    let resp = c.http.get(format!("{}{path}", c.base)).bearer_auth(c.token.clone().unwrap()).send().await.unwrap();
    assert_eq!(resp.status(), 200);
    assert!(resp.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let reader = tokio::spawn(read_events(resp, Duration::from_secs(180)));
    tokio::time::sleep(Duration::from_millis(500)).await;
    app.start_worker();
    let events = reader.await.unwrap();
    let mut statuses: Vec<&str> = events.iter().map(|e| e["status"].as_str().unwrap()).collect();
    statuses.dedup();
    assert_eq!(statuses, ["NEW", "RUNNING", "SUCCESS"], "{events:?}");
    let last = events.last().unwrap();
    assert_eq!((last["taskId"].as_str(), last["progress"].as_u64()), (Some(task_id.as_str()), Some(100)));
    assert_eq!(last["results"].as_array().unwrap().len(), 2, "{last}");
}
