//! Model registry and capability gating, through API, database and real
//! workers: a worker without a model does not advertise its task type; the
//! API refuses that type naming the missing model (admins also see which
//! pool lacks it); a worker with the model serves it; the licence policy
//! (deployment and per tenant) refuses non-commercial models; tasks stay
//! accepted while the workers that served them are down.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use pixmart_shared::db::store::tenants;
use pixmart_shared::domain::tenant::{TenantSlug, TenantSwitches};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
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

async fn submit_cutout(c: &TestClient, url: &str) -> (u16, Value) {
    c.post_json("/api/tasks", json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url, "model": "u2netp" } }))
        .await
}

async fn capability(c: &TestClient, biz: &str) -> Value {
    let (s, b) = c.get("/api/capabilities").await;
    assert_eq!(s, 200, "{b}");
    b["data"]["bizTypes"][biz].clone()
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

async fn wait_state(c: &TestClient, biz: &str, state: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let cap = capability(c, biz).await;
        if cap["state"] == state {
            return cap;
        }
        assert!(Instant::now() < deadline, "{biz} never became {state}: {cap}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_without_the_model_does_not_advertise_it_and_the_api_names_the_missing_model() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let (user, url) = user_with_photo(&app).await;
    let admin = admin(&app).await;

    // No node ever seen: nothing is known to be missing; tasks would wait.
    assert_eq!(capability(&user, "MATTING_IMAGE").await["state"], "noWorker");

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

    let cap = capability(&user, "MATTING_IMAGE").await;
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
    assert_eq!(capability(&admin, "MATTING_IMAGE").await["lackingPools"], json!(["default"]));
    let (_, pools) = admin.get("/api/admin/pools").await;
    let default = pools["data"]["list"].as_array().unwrap().iter().find(|p| p["pool"] == "default").cloned();
    if let Some(default) = default {
        let lacking = default["lacking"].as_array().unwrap();
        let cut = lacking.iter().find(|l| l["bizType"] == "MATTING_IMAGE").expect("MATTING_IMAGE lacking");
        assert!(cut["missingModels"].as_array().unwrap().contains(&json!("isnet-fp16")), "{default}");
    }

    // A worker with the real models serves it: the same submit now runs.
    app.start_worker();
    wait_state(&user, "MATTING_IMAGE", "available").await;
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
    let cap = wait_state(&user, "MATTING_IMAGE", "waiting").await;
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
    let db = app.db().await;
    let switches = TenantSwitches { refuse_non_commercial_models: true, ..TenantSwitches::default() };
    let tenant = tenants::upsert_tenant(
        &db,
        &tenants::TenantSpec {
            slug: TenantSlug::parse("careful").unwrap(),
            name: "Careful Co".into(),
            icon: None,
            company_name: None,
            enterprise: false,
            switches,
        },
    )
    .await
    .unwrap();
    let (careful, careful_url) = user_with_photo(&app).await;
    let (_, info) = careful.get("/api/user/info").await;
    let careful_id = info["data"]["user"]["id"].as_i64().unwrap();
    assert!(tenants::assign_user(&db, pixmart_shared::domain::UserId(careful_id), Some(tenant.id)).await.unwrap());
    let (plain, plain_url) = user_with_photo(&app).await;

    // The deployment refuses non-commercial models: the worker neither
    // advertises the cutout nor hides why.
    let reg = registry.clone();
    app.start_worker_with(move |s| {
        s.models.registry_file = Some(reg);
        s.models.allow_non_commercial = false;
    });
    wait_nodes(&admin, 1).await;
    let cap = capability(&plain, "MATTING_IMAGE").await;
    assert_eq!(cap["state"], "modelMissing", "{cap}");
    assert_eq!(cap["missingModels"][0]["id"], "isnet-nc");
    assert_eq!(cap["missingModels"][0]["commercialUse"], false);
    assert!(cap["missingModels"][0]["reason"].as_str().unwrap().contains("refused: non-commercial"), "{cap}");

    // Another deployment setting allows them: the cutout is served, but a
    // tenant that refuses non-commercial models is refused with its code.
    let reg = registry.clone();
    app.start_worker_with(move |s| s.models.registry_file = Some(reg));
    wait_state(&plain, "MATTING_IMAGE", "available").await;
    let (s, b) = submit_cutout(&plain, &plain_url).await;
    assert_eq!(s, 200, "{b}");
    let plain_task = b["data"]["taskId"].as_str().unwrap().to_owned();
    assert_eq!(capability(&careful, "MATTING_IMAGE").await["state"], "notAllowed");
    let (s, b) = submit_cutout(&careful, &careful_url).await;
    assert_eq!((s, b["code"].as_u64(), b["error"].as_str()), (403, Some(3601), Some("MODEL_NOT_ALLOWED")), "{b}");
    let done = plain.wait_task(&plain_task, Duration::from_secs(120)).await;
    assert_eq!(done["status"], "SUCCESS", "{done}");
}
