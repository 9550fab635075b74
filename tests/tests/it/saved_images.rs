//! Saved images (the creation space) through the API, Redis and a real
//! worker, on SQLite and PostgreSQL: saving a READY standard download and a
//! READY 2K download (prepared by the worker with Real-ESRGAN), saving twice
//! answers the first copy, refusals (not prepared yet 3354, 2K on the free
//! plan 6010, unknown task, no such result, bad body, no sign-in), the list
//! newest first with pages and only the caller's items, the copy outliving
//! the task's own files, and delete (3355 for someone else's).
//! The finished cutout task is written through the task store with a small
//! result (`pixmart_tests::fixtures`), so the 2K upscale takes seconds.

use chrono::Utc;
use pixmart_shared::db::store::membership;
use pixmart_shared::domain::download::prepared_key;
use pixmart_shared::domain::{ResultKind, Tier};
use pixmart_shared::storage::{result_key, BlobStore};
use pixmart_tests::fixtures::{cutout_image, finished_cutout, wait_download_ready};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

async fn save(c: &TestClient, task: &str, index: u64, quality: &str) -> (u16, Value) {
    c.post_json("/api/saved-images", json!({ "taskId": task, "index": index, "quality": quality })).await
}

fn error_of(body: &Value) -> (Option<u64>, Option<&str>) {
    (body["code"].as_u64(), body["error"].as_str())
}

async fn saved_images(db: TestDatabase) {
    let mut app = TestApp::start(db).await;
    app.start_worker();
    app.wait_workers(1).await;
    let mut c = app.client();
    c.register_random().await;
    let user = c.user_id().await;
    let id = finished_cutout(&app, user, &[(ResultKind::Image, "cutout.png", cutout_image(160, 120))]).await;
    let task = id.to_string();
    let blobs = BlobStore::new(&app.settings.storage.dir);

    // Sign-in is needed for every call.
    let anon = app.client();
    assert_eq!(save(&anon, &task, 0, "standard").await.0, 401);
    assert_eq!(anon.get("/api/saved-images").await.0, 401);
    assert_eq!(anon.delete(&format!("/api/saved-images/{}", uuid::Uuid::new_v4())).await.0, 401);

    // Standard: a 160-px result is its own download (READY at once).
    let (status, body) = save(&c, &task, 0, "standard").await;
    assert_eq!(status, 200, "{body}");
    let standard = body["data"].clone();
    let standard_id = standard["id"].as_str().unwrap().to_owned();
    assert!(uuid::Uuid::parse_str(&standard_id).is_ok(), "{standard}");
    assert_eq!(standard["taskId"], task.as_str());
    assert_eq!(standard["bizType"], "MATTING_IMAGE");
    assert_eq!((standard["index"].as_u64(), standard["quality"].as_str()), (Some(0), Some("standard")));
    assert_eq!((standard["width"].as_u64(), standard["height"].as_u64()), (Some(160), Some(120)));
    assert!(chrono::DateTime::parse_from_rfc3339(standard["createdAt"].as_str().unwrap()).is_ok(), "{standard}");
    let standard_url = standard["url"].as_str().unwrap().to_owned();
    assert_eq!(standard_url, format!("/api/files/saved/{user}/{standard_id}.png"));

    // Saving again answers the same item and makes no second copy.
    let (status, again) = save(&c, &task, 0, "standard").await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["data"], standard);
    let saved_dir = app.storage.path().join(format!("saved/{user}"));
    assert_eq!(std::fs::read_dir(&saved_dir).unwrap().count(), 1, "one copy only");

    // Refusals.
    let (status, body) = save(&c, &uuid::Uuid::new_v4().to_string(), 0, "standard").await;
    assert_eq!((status, error_of(&body)), (404, (Some(3006), Some("TASK_NOT_FOUND"))), "{body}");
    let (status, body) = save(&c, "not-a-task", 0, "standard").await;
    assert_eq!((status, error_of(&body).1), (404, Some("TASK_NOT_FOUND")), "{body}");
    let (status, body) = save(&c, &task, 1, "standard").await;
    assert_eq!((status, error_of(&body)), (404, (Some(3007), Some("FILE_NOT_FOUND"))), "{body}");
    for bad in [json!({ "index": 0, "quality": "standard" }), json!({ "taskId": task, "index": 0, "quality": "8k" })] {
        let (status, body) = c.post_json("/api/saved-images", bad).await;
        assert_eq!((status, error_of(&body).1), (400, Some("INVALID_PARAM")), "{body}");
    }
    // 2K on the free plan: the downloads endpoint's refusal.
    let (status, body) = save(&c, &task, 0, "2k").await;
    assert_eq!((status, error_of(&body)), (403, (Some(6010), Some("DOWNLOAD_2K_NEEDS_MEMBERSHIP"))), "{body}");

    // Professional: 2K is not prepared yet, so it cannot be saved.
    let db = app.db().await;
    let txn = sea_orm::TransactionTrait::begin(&db).await.unwrap();
    membership::activate(&txn, user, Tier::Professional, 1, "PMTEST", Utc::now()).await.unwrap();
    txn.commit().await.unwrap();
    let (status, body) = save(&c, &task, 0, "2k").await;
    assert_eq!((status, error_of(&body)), (409, (Some(3354), Some("SAVE_NOT_PREPARED"))), "{body}");
    assert_eq!(body["msg"], "图片仍在准备中，请稍后再保存");
    let mut en = c.clone();
    en.lang = Some("en");
    let (_, body) = save(&en, &task, 0, "2k").await;
    assert_eq!(body["msg"], "The image is still being prepared; save it again in a moment");

    // The web's flow: prepare like a download, poll until READY, then save.
    let (status, body) =
        c.post_json(&format!("/api/tasks/{task}/downloads"), json!({ "index": 0, "quality": "2k" })).await;
    assert_eq!((status, body["data"]["state"].as_str()), (200, Some("PREPARING")), "{body}");
    let (status, body) = save(&c, &task, 0, "2k").await;
    assert!(status == 409 || status == 200, "while preparing: {body}");
    wait_download_ready(&c, &task, 0, "2k").await;
    let (status, body) = save(&c, &task, 0, "2k").await;
    assert_eq!(status, 200, "{body}");
    let two_k = body["data"].clone();
    let two_k_id = two_k["id"].as_str().unwrap().to_owned();
    assert_eq!(two_k["quality"], "2k");
    assert_eq!((two_k["width"].as_u64(), two_k["height"].as_u64()), (Some(2048), Some(1536)), "{two_k}");
    assert_ne!(two_k_id, standard_id);

    // The list: newest first, pages, totals.
    let (status, body) = c.get("/api/saved-images").await;
    assert_eq!(status, 200, "{body}");
    let page = &body["data"];
    assert_eq!((page["total"].as_u64(), page["page"].as_u64(), page["size"].as_u64()), (Some(2), Some(1), Some(20)));
    let ids: Vec<&str> = page["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [two_k_id.as_str(), standard_id.as_str()], "newest first");
    assert_eq!(page["items"][1], standard);
    let (_, body) = c.get("/api/saved-images?page=2&size=1").await;
    assert_eq!((body["data"]["total"].as_u64(), body["data"]["size"].as_u64()), (Some(2), Some(1)));
    assert_eq!(body["data"]["items"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"]["items"][0]["id"], standard_id.as_str());
    let (_, body) = c.get("/api/saved-images?page=3&size=1").await;
    assert_eq!(body["data"]["items"], json!([]));
    for bad in ["size=0", "size=101", "page=0", "size=x"] {
        let (status, body) = c.get(&format!("/api/saved-images?{bad}")).await;
        assert_eq!((status, error_of(&body).1), (400, Some("INVALID_PARAM")), "{bad}: {body}");
    }

    // The copies outlive the task's own files (result and prepared 2K).
    blobs.delete(&result_key(id, "cutout.png")).await.unwrap();
    blobs
        .delete(&prepared_key(id, "cutout.png", pixmart_shared::domain::download::DownloadQuality::TwoK))
        .await
        .unwrap();
    assert_eq!(c.get_bytes(&format!("/api/files/results/{task}/cutout.png")).await.0, 404);
    for (url, size) in [(standard_url.clone(), (160, 120)), (two_k["url"].as_str().unwrap().to_owned(), (2048, 1536))] {
        let (status, data) = c.get_bytes(&url).await;
        assert_eq!(status, 200, "{url}");
        let img = image::load_from_memory(&data).unwrap();
        assert_eq!((img.width(), img.height()), size, "{url}");
        assert!(img.color().has_alpha(), "a saved cutout stays transparent");
    }
    // Saved before: saving again still answers the copy, with the task's
    // files gone.
    let (status, body) = save(&c, &task, 0, "standard").await;
    assert_eq!((status, &body["data"]), (200, &standard), "{body}");

    // Someone else sees none of it and can delete none of it.
    let mut mallory = app.client();
    mallory.register_random().await;
    let (status, body) = mallory.get("/api/saved-images").await;
    assert_eq!((status, body["data"]["total"].as_u64(), &body["data"]["items"]), (200, Some(0), &json!([])));
    let (status, body) = mallory.delete(&format!("/api/saved-images/{standard_id}")).await;
    assert_eq!((status, error_of(&body)), (404, (Some(3355), Some("SAVED_IMAGE_NOT_FOUND"))), "{body}");
    assert_eq!(body["msg"], "收藏的图片不存在");
    assert_eq!(mallory.get_bytes(&standard_url).await.0, 404);
    let (status, body) = save(&mallory, &task, 0, "standard").await;
    assert_eq!((status, error_of(&body).1), (404, Some("TASK_NOT_FOUND")), "{body}");

    // Delete: the item and its file go; a second delete is 3355.
    let (status, body) = c.delete(&format!("/api/saved-images/{standard_id}")).await;
    assert_eq!((status, &body["data"]), (200, &json!(true)), "{body}");
    assert_eq!(c.get_bytes(&standard_url).await.0, 404);
    assert!(!saved_dir.join(format!("{standard_id}.png")).exists(), "the blob is deleted");
    let (status, body) = c.delete(&format!("/api/saved-images/{standard_id}")).await;
    assert_eq!((status, error_of(&body).1), (404, Some("SAVED_IMAGE_NOT_FOUND")), "{body}");
    let (status, body) = c.delete("/api/saved-images/not-a-uuid").await;
    assert_eq!((status, error_of(&body).1), (404, Some("SAVED_IMAGE_NOT_FOUND")), "{body}");
    let (_, body) = c.get("/api/saved-images").await;
    assert_eq!(body["data"]["total"], 1);
    assert_eq!(body["data"]["items"][0]["id"], two_k_id.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saved_images_sqlite() {
    saved_images(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saved_images_postgres() {
    saved_images(TestDatabase::postgres().await).await;
}
