//! Model registry and capability gating, through API, database and real
//! workers: a worker without a model does not advertise its task type; the
//! API refuses that type naming the missing model (admins also see which
//! pool lacks it); a worker with the model serves it; the licence policy
//! (deployment and per tenant) refuses non-commercial models; tasks stay
//! accepted while the workers that served them are down.

use std::time::{Duration, Instant};

use pixmart_shared::domain::tenant::TenantSwitches;
use pixmart_tests::fixtures::{tenant_member, wait_worker_accepting};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase, WorkerProcess};
use serde_json::{json, Value};

async fn admin(app: &TestApp) -> TestClient {
    let mut c = app.client();
    let phone = c.register_random().await;
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, true).await.unwrap();
    c
}

async fn user_with_photo(app: &TestApp) -> (TestClient, String) {
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    (c, url)
}

/// A member of a tenant that refuses non-commercial models, with a photo.
async fn refusing_tenant_member(app: &TestApp) -> (TestClient, String) {
    let switches = TenantSwitches { refuse_non_commercial_models: true, ..TenantSwitches::default() };
    let c = tenant_member(app, "careful", switches).await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    (c, url)
}

async fn submit_cutout(c: &TestClient, url: &str) -> (u16, Value) {
    c.post_json("/api/tasks", json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url, "model": "u2netp" } }))
        .await
}

/// Waits until `/api/admin/nodes` lists `n` nodes; returns them.
async fn wait_nodes(admin: &TestClient, n: usize) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, b) = admin.get("/api/admin/nodes").await;
        let list = b["data"]["list"].as_array().cloned().unwrap_or_default();
        if list.len() >= n {
            return list;
        }
        assert!(Instant::now() < deadline, "expected {n} nodes: {b}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_without_the_model_does_not_advertise_it_and_the_api_names_the_missing_model() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let (user, url) = user_with_photo(&app).await;
    let admin = admin(&app).await;

    // No node ever seen: nothing is known to be missing; tasks would wait.
    assert_eq!(user.capability("MATTING_IMAGE").await["state"], "noWorker");

    // A node whose models dir is empty: it registers, advertises no cutout,
    // and reports ISNet missing.
    let empty = tempfile::tempdir().unwrap();
    let empty_dir = empty.path().to_path_buf();
    app.start_worker_with(move |s| s.models.dir = empty_dir);
    let nodes = wait_nodes(&admin, 1).await;
    let node = &nodes[0];
    assert!(!node["bizTypes"].as_array().unwrap().contains(&json!("MATTING_IMAGE")), "{node}");
    assert!(!node["models"].as_array().unwrap().contains(&json!("isnet-fp16")), "{node}");
    assert!(node["missingModels"]["MATTING_IMAGE"].as_array().unwrap().contains(&json!("isnet-fp16")), "{node}");

    let cap = user.capability("MATTING_IMAGE").await;
    assert_eq!(cap["state"], "modelMissing", "{cap}");
    let isnet = &cap["missingModels"][0];
    assert_eq!((isnet["id"].as_str(), isnet["name"].as_str()), (Some("isnet-fp16"), Some("ISNet (DIS) fp16")), "{cap}");
    assert!(isnet["install"].as_str().unwrap().contains("scripts/fetch-models isnet-fp16"), "{cap}");
    assert_eq!(isnet["commercialUse"], true);
    assert!(isnet["reason"].as_str().unwrap().contains("isnet_fp16.onnx is missing"), "{cap}");
    assert_eq!(cap["lackingPools"], json!([]), "pools are for admins only");

    // The submit is refused, naming the model, in the caller's language,
    // and nothing is charged.
    let (_, before) = user.get("/api/user/info").await;
    let (s, b) = submit_cutout(&user, &url).await;
    assert_eq!((s, b["code"].as_u64(), b["error"].as_str()), (503, Some(3600), Some("MODEL_MISSING")), "{b}");
    assert_eq!(b["msg"], "该功能需要的模型未安装：ISNet (DIS) fp16");
    assert_eq!(b["data"]["missingModels"][0]["id"], "isnet-fp16");
    assert!(b["data"].get("pool").is_none(), "{b}");
    let mut en = user.clone();
    en.lang = Some("en");
    let (_, b) = submit_cutout(&en, &url).await;
    assert_eq!(b["msg"], "This feature needs a model that is not installed: ISNet (DIS) fp16");
    let (_, after) = user.get("/api/user/info").await;
    assert!(before["data"]["points"].is_i64(), "{before}");
    assert_eq!(before["data"]["points"], after["data"]["points"], "nothing charged: {before} {after}");
    let (_, list) = user.get("/api/tasks").await;
    assert_eq!(list["data"]["total"].as_u64().unwrap_or(0), 0, "{list}");

    // Admins also learn which pool lacks it.
    let admin_url = admin.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let (_, b) = submit_cutout(&admin, &admin_url).await;
    assert_eq!((b["error"].as_str(), b["data"]["pool"].as_str()), (Some("MODEL_MISSING"), Some("default")), "{b}");
    assert!(b["msg"].as_str().unwrap().contains("[pool: default]"), "{b}");
    assert_eq!(admin.capability("MATTING_IMAGE").await["lackingPools"], json!(["default"]));
    let (_, pools) = admin.get("/api/admin/pools").await;
    let default = pools["data"]["list"].as_array().unwrap().iter().find(|p| p["pool"] == "default").cloned();
    if let Some(default) = default {
        let lacking = default["lacking"].as_array().unwrap();
        let cut = lacking.iter().find(|l| l["bizType"] == "MATTING_IMAGE").expect("MATTING_IMAGE lacking");
        assert!(cut["missingModels"].as_array().unwrap().contains(&json!("isnet-fp16")), "{default}");
    }

    // A worker with the real models serves it: the same submit now runs.
    app.start_worker();
    user.wait_capability("MATTING_IMAGE", "available").await;
    let nodes = wait_nodes(&admin, 2).await;
    let full = nodes.iter().find(|n| n["bizTypes"].as_array().unwrap().contains(&json!("MATTING_IMAGE"))).unwrap();
    for id in ["onnxruntime", "isnet-fp16", "u2netp"] {
        assert!(full["models"].as_array().unwrap().contains(&json!(id)), "{id}: {full}");
    }
    let (s, b) = submit_cutout(&user, &url).await;
    assert_eq!(s, 200, "{b}");
    let task = user.wait_task(b["data"]["taskId"].as_str().unwrap(), Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");

    // The workers go down: what they served stays accepted (the task waits
    // for them), not refused.
    app.stop_workers();
    let cap = user.wait_capability("MATTING_IMAGE", "waiting").await;
    assert_eq!(cap["missingModels"], json!([]));
    let (s, b) = submit_cutout(&user, &url).await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("NEW")), "{b}");
}

/// A registry in which the cutout's only model is non-commercial (the
/// real ISNet file under a non-commercial entry), to exercise the policy
/// with a real worker and a real model.
const NON_COMMERCIAL_REGISTRY: &str = r#"
[[model]]
id = "isnet-nc"
name = "ISNet under a non-commercial licence (test)"
kind = "onnx"
licence = "CC BY-NC-SA 4.0"
commercial_use = false
memory_mb = 900
devices = ["cpu"]
obtainable_here = true
how = "scripts/fetch-models isnet-fp16"
[[model.files]]
path = "isnet_fp16.onnx"
size = 88188479

[[task]]
type = "MATTING_IMAGE"
needs = [["isnet-nc"]]
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn non_commercial_models_are_refused_for_the_deployment_or_per_tenant() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let dir = tempfile::tempdir().unwrap();
    let registry = dir.path().join("registry.toml");
    std::fs::write(&registry, NON_COMMERCIAL_REGISTRY).unwrap();
    let admin = admin(&app).await;
    let (careful, careful_url) = refusing_tenant_member(&app).await;
    let (plain, plain_url) = user_with_photo(&app).await;

    // The deployment refuses non-commercial models: the worker neither
    // advertises the cutout nor hides why.
    let reg = registry.clone();
    app.start_worker_with(move |s| {
        s.models.registry_file = Some(reg);
        s.models.allow_non_commercial = false;
    });
    wait_nodes(&admin, 1).await;
    let cap = plain.capability("MATTING_IMAGE").await;
    assert_eq!(cap["state"], "modelMissing", "{cap}");
    assert_eq!(cap["missingModels"][0]["id"], "isnet-nc");
    assert_eq!(cap["missingModels"][0]["commercialUse"], false);
    assert!(cap["missingModels"][0]["reason"].as_str().unwrap().contains("refused: non-commercial"), "{cap}");

    // Another deployment setting allows them: the cutout is served, but a
    // tenant that refuses non-commercial models is refused with its code.
    let reg = registry.clone();
    app.start_worker_with(move |s| s.models.registry_file = Some(reg));
    plain.wait_capability("MATTING_IMAGE", "available").await;
    let (s, b) = submit_cutout(&plain, &plain_url).await;
    assert_eq!(s, 200, "{b}");
    let plain_task = b["data"]["taskId"].as_str().unwrap().to_owned();
    assert_eq!(careful.capability("MATTING_IMAGE").await["state"], "notAllowed");
    let (s, b) = submit_cutout(&careful, &careful_url).await;
    assert_eq!((s, b["code"].as_u64(), b["error"].as_str()), (403, Some(3601), Some("MODEL_NOT_ALLOWED")), "{b}");
    let done = plain.wait_task(&plain_task, Duration::from_secs(120)).await;
    assert_eq!(done["status"], "SUCCESS", "{done}");
}

const FLEET_WORKER: &str = env!("CARGO_BIN_EXE_pixmart-fleet-worker");

async fn task_row(db: &sea_orm::DatabaseConnection, id: &str) -> pixmart_shared::db::store::tasks::TaskRecord {
    pixmart_shared::db::store::tasks::get_task(db, id.parse().unwrap()).await.unwrap().unwrap()
}

/// Per tenant, at run time: a task of a tenant that refuses non-commercial
/// models only ever runs on a node that serves its type with commercially
/// licensed models, even when a node of the same pool that uses a
/// non-commercial model is idle. Two worker processes in one pool: A serves
/// the cutout with a model under a non-commercial licence (allowed for the
/// deployment), B with the commercial ISNet and refuses non-commercial
/// models.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusing_tenants_tasks_run_only_on_nodes_with_commercial_models() {
    use pixmart_shared::db::store::workers;

    let app = TestApp::start(TestDatabase::sqlite()).await;
    let dir = tempfile::tempdir().unwrap();
    let registry = dir.path().join("registry.toml");
    std::fs::write(&registry, NON_COMMERCIAL_REGISTRY).unwrap();
    let admin = admin(&app).await;
    let db = app.db().await;
    let (careful, careful_url) = refusing_tenant_member(&app).await;
    let (plain, plain_url) = user_with_photo(&app).await;

    let registry = registry.to_str().unwrap().to_owned();
    let a = WorkerProcess::spawn_with_env(
        FLEET_WORKER,
        &app.settings,
        600,
        &[],
        &[("PIXMART__MODELS__REGISTRY_FILE", &registry), ("PIXMART__MODELS__ALLOW_NON_COMMERCIAL", "true")],
    );
    let b = WorkerProcess::spawn_with_env(
        FLEET_WORKER,
        &app.settings,
        600,
        &[],
        &[("PIXMART__MODELS__ALLOW_NON_COMMERCIAL", "false")],
    );
    let nodes = wait_nodes(&admin, 2).await;
    let id_of = |w: &WorkerProcess| {
        nodes.iter().map(|n| n["id"].as_str().unwrap().to_owned()).find(|id| w.owns_node(id)).unwrap()
    };
    let (a_id, b_id) = (id_of(&a), id_of(&b));
    // What each reports: A serves the cutout, but not with commercial
    // models only; B does.
    let now = chrono::Utc::now();
    let views = workers::list_nodes(&db, now - chrono::Duration::seconds(30), now).await.unwrap();
    let report = |id: &str| views.iter().find(|v| v.id == id).unwrap().models.clone().unwrap();
    let cut = "MATTING_IMAGE".to_owned();
    assert!(views.iter().all(|v| v.capabilities.contains(&pixmart_shared::domain::BizType::MattingImage)));
    assert!(!report(&a_id).commercial_only.contains(&cut), "{:?}", report(&a_id));
    assert!(report(&b_id).commercial_only.contains(&cut), "{:?}", report(&b_id));

    // B paused: the careful tenant's task waits for it while A, idle, runs
    // the plain user's task.
    let b_metrics =
        nodes.iter().find(|n| n["id"] == b_id.as_str()).unwrap()["metricsAddr"].as_str().unwrap().to_owned();
    let (s, r) = admin.post_json(&format!("/api/admin/nodes/{b_id}/pause"), json!({})).await;
    assert_eq!(s, 200, "{r}");
    wait_worker_accepting(&b_metrics, false).await;
    let (s, r) = submit_cutout(&careful, &careful_url).await;
    assert_eq!(s, 200, "B is known and commercial: accepted: {r}");
    let held = r["data"]["taskId"].as_str().unwrap().to_owned();
    let (s, r) = submit_cutout(&plain, &plain_url).await;
    assert_eq!(s, 200, "{r}");
    let plain_task = r["data"]["taskId"].as_str().unwrap().to_owned();
    assert_eq!(plain.wait_task(&plain_task, Duration::from_secs(120)).await["status"], "SUCCESS");
    assert_eq!(task_row(&db, &plain_task).await.worker_id.as_deref(), Some(a_id.as_str()), "only A was taking jobs");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let t = task_row(&db, &held).await;
    assert_eq!((t.status.as_str(), t.worker_id.as_deref()), ("NEW", None), "A must never take it:\n{}", a.log());

    // B resumed: it runs the held task, and every further one of the tenant.
    admin.post_json(&format!("/api/admin/nodes/{b_id}/resume"), json!({})).await;
    let mut careful_tasks = vec![held];
    for _ in 0..3 {
        let (s, r) = submit_cutout(&careful, &careful_url).await;
        assert_eq!(s, 200, "{r}");
        careful_tasks.push(r["data"]["taskId"].as_str().unwrap().to_owned());
    }
    for id in &careful_tasks {
        assert_eq!(careful.wait_task(id, Duration::from_secs(180)).await["status"], "SUCCESS");
        assert_eq!(task_row(&db, id).await.worker_id.as_deref(), Some(b_id.as_str()), "{id} ran off B");
    }
    drop((a, b));
}
