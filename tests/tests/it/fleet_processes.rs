//! The fleet as real processes: `pixmart-worker` programs against one API,
//! one redis-server and one database. A worker SIGKILLed mid-task, Redis
//! restarted under two workers, and a SIGTERM'd worker lose nothing, and
//! each task's ledger effect is applied exactly once. Workers expose their
//! Prometheus metrics.

use std::time::{Duration, Instant};

use pixmart_shared::db::store::{ledger, tasks as task_store};
use pixmart_shared::domain::TaskId;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{RedisServer, TestApp, TestClient, TestDatabase, WorkerProcess};
use serde_json::Value;

const WORKER: &str = env!("CARGO_BIN_EXE_pixmart-fleet-worker");

async fn admin(app: &TestApp) -> TestClient {
    let mut c = app.client();
    let phone = c.register_random().await;
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, true).await.unwrap();
    c
}

/// The node a worker process registered, as the admin API shows it.
async fn node_of(admin: &TestClient, worker: &WorkerProcess) -> Value {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let (status, body) = admin.get("/api/admin/nodes").await;
        assert_eq!(status, 200, "{body}");
        let found =
            body["data"]["list"].as_array().unwrap().iter().find(|n| worker.owns_node(n["id"].as_str().unwrap()));
        if let Some(node) = found {
            return node.clone();
        }
        assert!(Instant::now() < deadline, "worker {} never registered:\n{}", worker.pid, worker.log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the task is RUNNING and returns the worker that holds it.
async fn wait_running(app: &TestApp, id: TaskId) -> String {
    wait_running_on(app, id, |_| true).await
}

/// Waits until the task is RUNNING on a worker `on` accepts.
async fn wait_running_on(app: &TestApp, id: TaskId, on: impl Fn(&str) -> bool) -> String {
    let db = app.db().await;
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let t = task_store::get_task(&db, id).await.unwrap().unwrap();
        if t.status.as_str() == "RUNNING" && on(t.worker_id.as_deref().unwrap_or_default()) {
            return t.worker_id.unwrap();
        }
        assert!(!t.status.is_terminal(), "task ended before it was seen running: {t:?}");
        assert!(Instant::now() < deadline, "task never started: {t:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The ledger kinds of one task, in order.
async fn ledger_of(app: &TestApp, id: TaskId) -> Vec<String> {
    let db = app.db().await;
    let task = task_store::get_task(&db, id).await.unwrap().unwrap();
    ledger::entries(&db, task.owner)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.task_id.as_deref() == Some(id.to_string().as_str()))
        .map(|e| e.kind)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_mid_task_loses_nothing_and_another_worker_finishes_it() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.tasks.max_attempts = 3).await;
    let admin = admin(&app).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(1000, 1000).0)).await;

    // A short lease so the sweeper notices the dead worker within seconds.
    let mut first = WorkerProcess::spawn(WORKER, &app.settings, 6, &[]);
    node_of(&admin, &first).await;
    let id: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();
    let holder = wait_running(&app, id).await;
    assert!(first.owns_node(&holder), "{holder}");
    first.sigkill();

    let second = WorkerProcess::spawn(WORKER, &app.settings, 60, &[]);
    let task = c.wait_task(&id.to_string(), Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}\n{}", second.log());
    let record = task_store::get_task(&app.db().await, id).await.unwrap().unwrap();
    assert_eq!(record.attempts, 2, "{record:?}");
    assert!(second.owns_node(record.worker_id.as_deref().unwrap()), "{record:?}");
    // Charged once, settled once, never refunded.
    assert_eq!(ledger_of(&app, id).await, ["charge", "settle"]);
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 495, "{info}");

    // The killed node went stale (no deregistration); the admin sees it.
    let node = node_of(&admin, &first).await;
    assert_ne!(node["status"], "offline", "{node}");
    let done = node_of(&admin, &second).await;
    assert_eq!(done["jobsDone"], 1, "{done}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_that_kills_every_worker_ends_failed_with_one_refund() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.tasks.max_attempts = 2).await;
    let admin = admin(&app).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(1000, 1000).0)).await;
    let id: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();

    for attempt in 1..=2 {
        let mut w = WorkerProcess::spawn(WORKER, &app.settings, 4, &[]);
        node_of(&admin, &w).await;
        let holder = wait_running_on(&app, id, |holder| w.owns_node(holder)).await;
        assert!(w.owns_node(&holder), "attempt {attempt}: {holder}");
        w.sigkill();
    }
    let task = c.wait_task(&id.to_string(), Duration::from_secs(60)).await;
    assert_eq!(task["status"], "FAILED", "{task}");
    assert_eq!(task["errorCode"], "TASK_CRASHED");
    assert_eq!(ledger_of(&app, id).await, ["charge", "refund"]);
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500, "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_workers_and_a_redis_restart_lose_no_task() {
    let mut app = TestApp::start_with(TestDatabase::sqlite(), |s| s.tasks.redispatch_after_secs = 2).await;
    let admin = admin(&app).await;
    let workers =
        [WorkerProcess::spawn(WORKER, &app.settings, 60, &[]), WorkerProcess::spawn(WORKER, &app.settings, 60, &[])];
    for w in &workers {
        node_of(&admin, w).await;
    }
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(800, 800).0)).await;
    let mut ids = Vec::new();
    for _ in 0..8 {
        ids.push(c.submit_cutout(&url, None).await);
    }
    // Restart Redis (no persistence: every queued job is gone) while the
    // first tasks run.
    wait_running(&app, ids[0].parse().unwrap()).await;
    let port = app.redis.as_ref().unwrap().port;
    app.redis = None;
    tokio::time::sleep(Duration::from_millis(500)).await;
    app.redis = Some(RedisServer::start_on(port));

    let db = app.db().await;
    let deadline = Instant::now() + Duration::from_secs(240);
    for id in &ids {
        let id: TaskId = id.parse().unwrap();
        let task = loop {
            let t = task_store::get_task(&db, id).await.unwrap().unwrap();
            if t.status.is_terminal() {
                break t;
            }
            if Instant::now() > deadline {
                let logs: Vec<String> = workers.iter().map(WorkerProcess::log).collect();
                panic!("{t:?} not finished\n{}", logs.join("\n----\n"));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(task.status.as_str(), "SUCCESS", "{task:?}");
        assert_eq!(ledger_of(&app, id).await, ["charge", "settle"]);
    }
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500 - 8 * 5, "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_running_task_then_deregisters() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let admin = admin(&app).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(1000, 1000).0)).await;

    let mut worker = WorkerProcess::spawn(WORKER, &app.settings, 60, &[]);
    node_of(&admin, &worker).await;
    let first: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();
    let second: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();
    wait_running(&app, first).await;
    worker.sigterm();
    let status = worker.wait_exit(Duration::from_secs(120));
    assert!(status.success(), "{status:?}\n{}", worker.log());

    // The running task was finished by the worker that was stopping.
    let db = app.db().await;
    let t = task_store::get_task(&db, first).await.unwrap().unwrap();
    assert_eq!(t.status.as_str(), "SUCCESS", "{t:?}\n{}", worker.log());
    assert!(worker.owns_node(t.worker_id.as_deref().unwrap()));
    assert_eq!(t.attempts, 1);
    let node = node_of(&admin, &worker).await;
    assert_eq!(node["status"], "offline", "{node}");

    // The second task was not lost with the stopped worker: another one
    // takes it (from Redis, or re-sent from the database).
    let other = WorkerProcess::spawn(WORKER, &app.settings, 60, &[]);
    let task = c.wait_task(&second.to_string(), Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}\n{}", other.log());
    assert_eq!(ledger_of(&app, second).await, ["charge", "settle"]);
    // Handed back, not started: the stopping worker never claimed it.
    let t = task_store::get_task(&db, second).await.unwrap().unwrap();
    assert_eq!(t.attempts, 1, "{t:?}");
    assert!(other.owns_node(t.worker_id.as_deref().unwrap()), "{t:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_and_the_api_expose_prometheus_metrics() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let admin = admin(&app).await;
    let worker = WorkerProcess::spawn(WORKER, &app.settings, 60, &[]);
    let node = node_of(&admin, &worker).await;
    let addr = node["metricsAddr"].as_str().expect("metrics address registered").to_owned();

    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(800, 800).0)).await;
    let ok = c.submit_cutout(&url, None).await;
    assert_eq!(c.wait_task(&ok, Duration::from_secs(120)).await["status"], "SUCCESS");
    // A task whose input vanished from storage fails with a stable code.
    let before = app.stored_files();
    let broken = c.upload_png(encode_png(&product_photo(800, 800).0)).await;
    for file in app.stored_files().into_iter().filter(|f| !before.contains(f)) {
        std::fs::remove_file(file).unwrap();
    }
    let failing = c.submit_cutout(&broken, None).await;
    let failed = c.wait_task(&failing, Duration::from_secs(120)).await;
    assert_eq!(failed["errorCode"], "INPUT_IMAGE_UNREADABLE", "{failed}");

    let http = reqwest::Client::new();
    let wanted = [
        "pixmart_task_queue_wait_seconds_bucket{biz_type=\"MATTING_IMAGE\"",
        "pixmart_task_run_seconds_count{biz_type=\"MATTING_IMAGE\"",
        "pixmart_task_failures_total{biz_type=\"MATTING_IMAGE\",code=\"INPUT_IMAGE_UNREADABLE\"",
        "pixmart_worker_tasks_finished_total{biz_type=\"MATTING_IMAGE\"",
        "pixmart_worker_heartbeats_total",
        "pixmart_worker_last_heartbeat_timestamp_seconds",
    ];
    // The worker counts a task after writing its outcome, so the counters
    // may trail the FAILED status the test just saw by a moment.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let text = loop {
        let text = http.get(format!("http://{addr}/metrics")).send().await.unwrap().text().await.unwrap();
        if wanted.iter().all(|s| text.contains(s)) || std::time::Instant::now() > deadline {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    for series in wanted {
        assert!(text.contains(series), "worker metrics lack {series}:\n{text}");
    }
    assert!(text.contains("node=\""), "{text}");

    // The API: queue depth by task type, pool, lane; node heartbeats.
    let pending = c.submit_cutout(&url, None).await;
    let text = http.get(format!("{}/metrics", app.base_url)).send().await.unwrap().text().await.unwrap();
    for series in [
        "pixmart_queue_depth{biz_type=\"MATTING_IMAGE\",lane=",
        "pixmart_worker_last_heartbeat_timestamp_seconds{node=",
        "pixmart_worker_heartbeat_age_seconds{node=",
        "pixmart_worker_nodes{pool=\"default\",status=\"live\"} 1",
    ] {
        assert!(text.contains(series), "API metrics lack {series}:\n{text}");
    }
    c.wait_task(&pending, Duration::from_secs(120)).await;
}
