//! The whole cutout flow with the real ISNet model: HTTP API → Redis
//! (apalis) → worker → storage and database → polling → download, on
//! SQLite and on PostgreSQL.

use std::time::Duration;

use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestDatabase};

async fn cutout_round_trip(db: TestDatabase) {
    let mut app = TestApp::start(db).await;
    app.start_worker();
    app.wait_workers(1).await;

    let mut alice = app.client();
    alice.register_random().await;
    let (photo, truth) = product_photo(1000, 1200);
    let image_url = alice.upload_png(encode_png(&photo)).await;
    let task_id = alice.submit_cutout(&image_url, None).await;
    let task = alice.wait_task(&task_id, Duration::from_secs(180)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["progress"], 100);
    assert_eq!(task["bizType"], "MATTING_IMAGE");
    assert!(task["finishedAt"].is_string());

    let results = task["results"].as_array().unwrap();
    let url_of = |kind: &str| results.iter().find(|r| r["kind"] == kind).unwrap()["url"].as_str().unwrap().to_owned();
    for r in results {
        assert_eq!((r["width"].as_u64(), r["height"].as_u64()), (Some(1000), Some(1200)), "original resolution");
    }

    let (status, cutout_png) = alice.get_bytes(&url_of("image")).await;
    assert_eq!(status, 200);
    let cutout = image::load_from_memory(&cutout_png).unwrap();
    assert!(cutout.color().has_alpha(), "cutout must be a transparent PNG");
    let (status, mask_png) = alice.get_bytes(&url_of("mask")).await;
    assert_eq!(status, 200);
    let mask = image::load_from_memory(&mask_png).unwrap().to_luma8();

    let iou = pixmart_models::mask_iou(&mask, &truth, 128);
    assert!(iou >= 0.95, "ISNet mask IoU {iou:.4} < 0.95");
    // The cutout's alpha is the mask.
    let rgba = cutout.to_rgba8();
    let alpha = image::GrayImage::from_fn(1000, 1200, |x, y| image::Luma([rgba.get_pixel(x, y)[3]]));
    assert!(pixmart_models::mask_iou(&alpha, &mask, 128) > 0.999);

    // History lists it; nobody else can read the files or the task.
    let (_, page) = alice.get("/api/tasks?pageNum=1&pageSize=10&bizType=MATTING_IMAGE").await;
    assert_eq!(page["data"]["total"], 1);
    assert_eq!(page["data"]["list"][0]["taskId"], task_id.as_str());
    let mut mallory = app.client();
    mallory.register_random().await;
    assert_eq!(mallory.get_bytes(&url_of("image")).await.0, 404);
    assert_eq!(mallory.get_bytes(&image_url).await.0, 404);
    assert_eq!(mallory.get(&format!("/api/tasks/{task_id}")).await.0, 404);
    assert_eq!(app.client().get_bytes(&url_of("mask")).await.0, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_isnet_cutout_end_to_end_on_sqlite() {
    cutout_round_trip(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_isnet_cutout_end_to_end_on_postgres() {
    cutout_round_trip(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_single_model_can_be_chosen() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    let mut c = app.client();
    c.register_random().await;
    let (photo, truth) = product_photo(800, 800);
    let url = c.upload_png(encode_png(&photo)).await;
    // U²-Netp is the fast, coarser one.
    for (model, min_iou) in [("isnet", 0.9), ("u2net", 0.9), ("u2netp", 0.85)] {
        let task_id = c.submit_cutout(&url, Some(model)).await;
        let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
        assert_eq!(task["status"], "SUCCESS", "{model}: {task}");
        assert_eq!(task["params"]["model"], model);
        let mask_url = task["results"][1]["url"].as_str().unwrap();
        let mask = image::load_from_memory(&c.get_bytes(mask_url).await.1).unwrap().to_luma8();
        let iou = pixmart_models::mask_iou(&mask, &truth, 128);
        assert!(iou >= min_iou, "{model} mask IoU {iou:.4}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_photo_without_a_subject_fails_with_its_own_code_and_is_refunded() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    let mut c = app.client();
    c.register_random().await;
    let lingshi = |info: serde_json::Value| info["data"]["points"].as_i64().unwrap();
    let before = lingshi(c.get("/api/user/info").await.1);
    // An empty, evenly lit backdrop (with sensor noise, as a photo has).
    let mut seed = 0x1234_5677u32;
    let blank = image::RgbImage::from_fn(1000, 1000, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let v = 200 + (seed % 9) as u8;
        image::Rgb([v, v, v - 3])
    });
    let url = c.upload_png(encode_png(&blank)).await;
    let task_id = c.submit_cutout(&url, None).await;
    let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
    assert_eq!(
        (task["status"].as_str(), task["errorCode"].as_str()),
        (Some("FAILED"), Some("CUTOUT_NO_SUBJECT")),
        "{task}"
    );
    assert!(task["errorMsg"].as_str().unwrap().contains("未识别到主体"), "{task}");
    assert_eq!(lingshi(c.get("/api/user/info").await.1), before, "refunded");
}
