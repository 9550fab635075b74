//! Finished tasks written straight through the task store, for tests of
//! what happens after a task (downloads, the cutout editor, saved images)
//! that need small, known results rather than a model run.

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

/// A SUCCESS cutout task of `user` whose results are `files` (kind, file
/// name, image), stored as PNG under `results/<task>/<name>`; claimed and
/// completed by a pretend worker "test".
/// The pool of fixture tasks (no worker serves it).
const FIXTURE_POOL: &str = "fixtures";

pub async fn finished_cutout(app: &TestApp, user: UserId, files: &[(ResultKind, &str, DynamicImage)]) -> TaskId {
    let id = TaskId::new();
    let blobs = BlobStore::new(&app.settings.storage.dir);
    let mut results = Vec::new();
    for (kind, name, img) in files {
        let key = result_key(id, name);
        blobs.put(&key, &png(img)).await.unwrap();
        results.push(TaskResult { key, kind: *kind, width: img.width(), height: img.height() });
    }
    let db = app.db().await;
    let new = NewTask {
        id,
        owner: user,
        biz_type: BizType::MattingImage,
        params: json!({ "imageUrl": upload_url(UploadId::new()), "model": "isnet" }),
        cost: Lingshi::new(0),
        // A pool no worker serves: the test's own worker must not claim the
        // task before this fixture does.
        pool: FIXTURE_POOL.into(),
        lane: "standard".into(),
        share_key: dispatch_store::share_key(user, None),
        queue: QueueKey::for_task(BizType::MattingImage, Some(FIXTURE_POOL)).name(&app.settings.redis.namespace),
        idempotency_key: None,
    };
    task_store::create_task(&db, new, 10).await.unwrap();
    assert!(task_store::claim_task(&db, id, "test", chrono::Duration::seconds(600)).await.unwrap().is_some());
    assert!(task_store::complete_task(&db, id, "test", &results).await.unwrap());
    id
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
