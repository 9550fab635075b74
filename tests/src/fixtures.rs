//! Test fixtures: finished tasks written straight through the task store,
//! for tests of what happens after a task (downloads, the cutout editor,
//! saved images) that need small, known results rather than a model run;
//! tenant members; a worker's own view of its desired state.

use std::time::{Duration, Instant};

use image::DynamicImage;
use pixmart_shared::db::store::dispatch as dispatch_store;
use pixmart_shared::db::store::tasks::{self as task_store, NewTask};
use pixmart_shared::domain::task_spec::upload_url;
use pixmart_shared::domain::{BizType, Lingshi, ResultKind, TaskId, TaskResult, UploadId, UserId};
use pixmart_shared::jobs::QueueKey;
use pixmart_shared::storage::{result_key, BlobStore};
use serde_json::{json, Value};

use crate::{TestApp, TestClient};

/// A transparent cutout of the synthetic product photo: its colours with
/// the true mask as alpha.
pub fn cutout_image(w: u32, h: u32) -> DynamicImage {
    let (photo, truth) = crate::images::product_photo(w, h);
    DynamicImage::ImageRgba8(image::RgbaImage::from_fn(w, h, |x, y| {
        let p = photo.get_pixel(x, y);
        image::Rgba([p[0], p[1], p[2], truth.get_pixel(x, y)[0]])
    }))
}

/// PNG bytes of an image.
pub fn png(img: &DynamicImage) -> Vec<u8> {
    let mut buf = std::io::Cursor::new(Vec::new());
    img.write_to(&mut buf, image::ImageFormat::Png).unwrap();
    buf.into_inner()
}

/// The pool of fixture tasks (no worker serves it).
const FIXTURE_POOL: &str = "fixtures";

/// A SUCCESS cutout task of `user` whose results are `files` (kind, file
/// name, image), stored as PNG under `results/<task>/<name>`; claimed and
/// completed by a pretend worker "test".
pub async fn finished_cutout(app: &TestApp, user: UserId, files: &[(ResultKind, &str, DynamicImage)]) -> TaskId {
    let id = TaskId::new();
    let blobs = BlobStore::new(&app.settings.storage.dir);
    let mut results = Vec::new();
    for (kind, name, img) in files {
        let key = result_key(id, name);
        blobs.put(&key, &png(img)).await.unwrap();
        results.push(TaskResult::file(key, *kind, img.width(), img.height()));
    }
    let db = app.db().await;
    waiting_task(app, user, id, Lingshi::new(0)).await;
    assert!(task_store::claim_task(&db, id, "test", chrono::Duration::seconds(600)).await.unwrap().is_some());
    assert!(task_store::complete_task(&db, id, "test", &results).await.unwrap());
    id
}

/// A NEW cutout task `id` of `user` costing `cost`, in a pool no worker
/// serves, so that only the test claims it.
pub async fn waiting_task(app: &TestApp, user: UserId, id: TaskId, cost: Lingshi) {
    let new = NewTask {
        id,
        owner: user,
        biz_type: BizType::MattingImage,
        params: json!({ "imageUrl": upload_url(UploadId::new()), "model": "isnet" }),
        cost,
        // A pool no worker serves: the test's own worker must not claim the
        // task before the test does.
        pool: FIXTURE_POOL.into(),
        lane: "standard".into(),
        share_key: dispatch_store::share_key(user, None),
        queue: QueueKey::for_task(BizType::MattingImage, Some(FIXTURE_POOL)).name(&app.settings.redis.namespace),
        idempotency_key: None,
    };
    task_store::create_task(&app.db().await, new, 10).await.unwrap();
}

/// Polls `GET /api/tasks/{task}/downloads` until result `index` at
/// `quality` is READY (a worker prepares it) and returns the answer's data.
pub async fn wait_download_ready(c: &TestClient, task: &str, index: usize, quality: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let (status, body) = c.get(&format!("/api/tasks/{task}/downloads?index={index}&quality={quality}")).await;
        assert_eq!(status, 200, "{body}");
        match body["data"]["state"].as_str().unwrap() {
            "READY" => return body["data"].clone(),
            "PREPARING" => {}
            other => panic!("download state {other}: {body}"),
        }
        assert!(Instant::now() < deadline, "{quality} download not ready in time");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// A fresh signed-in user, member of a new tenant `slug` with `switches`.
pub async fn tenant_member(
    app: &TestApp,
    slug: &str,
    switches: pixmart_shared::domain::tenant::TenantSwitches,
) -> TestClient {
    use pixmart_shared::db::store::tenants;
    let db = app.db().await;
    let spec = tenants::TenantSpec {
        slug: pixmart_shared::domain::tenant::TenantSlug::parse(slug).unwrap(),
        name: slug.to_owned(),
        icon: None,
        company_name: None,
        enterprise: false,
        switches,
    };
    let tenant = tenants::upsert_tenant(&db, &spec).await.unwrap();
    let mut c = app.client();
    c.register_random().await;
    assert!(tenants::assign_user(&db, c.user_id().await, Some(tenant.id)).await.unwrap());
    c
}

/// A worker's `pixmart_worker_accepting_jobs` gauge on its metrics
/// listener: whether it takes jobs (not paused or draining).
pub async fn worker_accepting(metrics_addr: &str) -> Option<bool> {
    let text = reqwest::get(format!("http://{metrics_addr}/metrics")).await.ok()?.text().await.ok()?;
    let line = text.lines().find(|l| l.starts_with("pixmart_worker_accepting_jobs"))?;
    Some(line.trim_end().ends_with(" 1"))
}

/// Waits until the worker applied the desired state (`want`: accepting).
pub async fn wait_worker_accepting(metrics_addr: &str, want: bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while worker_accepting(metrics_addr).await != Some(want) {
        assert!(Instant::now() < deadline, "worker never applied accepting={want}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
