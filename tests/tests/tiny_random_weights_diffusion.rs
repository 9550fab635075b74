//! The diffusion task family end to end (HTTP API → Redis → worker →
//! storage → polling → download) with a TINY RANDOM-WEIGHT Stable
//! Diffusion model written by the test: NOT a quality test (the images are
//! noise). Real SD weights cannot be obtained on these machines; the tiny
//! model has the same module structure and goes through the real loading
//! code. The kept region's mask comes from the real ISNet cutout.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pixmart_models::diffusion::tiny::{write_tiny_model, TinyOptions};
use pixmart_models::diffusion::{verify_kept_region, KEPT_REGION_TOLERANCE};
use pixmart_shared::domain::BizType;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{models_dir, TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

/// A models dir with the real models (linked) and the tiny diffusion model.
fn models_with_tiny(opts: TinyOptions) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let real = models_dir();
    for entry in std::fs::read_dir(&real).unwrap().flatten() {
        let name = entry.file_name();
        if name != "diffusion" {
            std::os::unix::fs::symlink(entry.path(), dir.path().join(name)).unwrap();
        }
    }
    write_tiny_model(&dir.path().join("diffusion"), &opts).unwrap();
    dir
}

/// A 9-channel inpainting UNet; 64² outputs (the tiny model divides the
/// spec's sizes by 16). Tests choose the step count.
fn e2e_tiny() -> TinyOptions {
    TinyOptions { inpainting: true, default_steps: 40, ..Default::default() }
}

async fn start(models: &Path) -> TestApp {
    let models: PathBuf = models.to_path_buf();
    let mut app = TestApp::start_with(TestDatabase::sqlite(), move |s| {
        s.models.dir = models;
    })
    .await;
    app.start_worker();
    app.wait_workers(1).await;
    app
}

async fn submit(c: &TestClient, biz: &str, params: Value) -> String {
    let (status, body) = c.post_json("/api/tasks", json!({ "bizType": biz, "params": params })).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["taskId"].as_str().unwrap().to_owned()
}

fn resize_like_worker(photo: &image::RgbImage, w: u32, h: u32) -> image::RgbImage {
    image::imageops::resize(photo, w, h, image::imageops::FilterType::Triangle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tiny_random_weights_diffusion_end_to_end_keeps_the_product_and_reports_progress() {
    let models = models_with_tiny(TinyOptions { default_steps: 6, ..e2e_tiny() });
    let app = start(models.path()).await;
    let mut c = app.client();
    c.register_random().await;
    let (photo, _) = product_photo(800, 800);
    let url = c.upload_png(encode_png(&photo)).await;

    let task_id =
        submit(&c, "MANNEQUIN_IMAGE", json!({ "imageUrl": url, "genNum": 2, "ratio": "1:1", "scene": "street" })).await;
    let task = c.wait_task(&task_id, Duration::from_secs(180)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["progress"], 100);
    let results = task["results"].as_array().unwrap();
    let images: Vec<&Value> = results.iter().filter(|r| r["kind"] == "image").collect();
    assert_eq!(images.len(), 2, "genNum 2: {task}");
    let mask_url = results.iter().find(|r| r["kind"] == "mask").unwrap()["url"].as_str().unwrap();
    let mask = image::load_from_memory(&c.get_bytes(mask_url).await.1).unwrap().to_luma8();
    let (w, h) = mask.dimensions();
    assert_eq!((w, h), (64, 64), "1:1 is 1024², the tiny model's divisor is 16");
    assert!(mask.pixels().filter(|p| p[0] >= 128).count() > 100, "ISNet found the product");
    let base = resize_like_worker(&photo, w, h);
    let mut decoded = Vec::new();
    for r in &images {
        assert_eq!((r["width"].as_u64(), r["height"].as_u64()), (Some(64), Some(64)));
        let img = image::load_from_memory(&c.get_bytes(r["url"].as_str().unwrap()).await.1).unwrap().to_rgb8();
        // The kept-region guarantee, checked on what the user downloads.
        verify_kept_region(&base, &img, &mask, KEPT_REGION_TOLERANCE).unwrap();
        decoded.push(img);
    }
    assert_ne!(decoded[0], decoded[1], "each image has its own seed");

    // The customized types restyle the whole picture (img2img), no mask.
    let task_id = submit(&c, "CUSTOMIZED_MODEL", json!({ "imageUrl": url, "genNum": 1, "styleId": "3" })).await;
    let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["results"].as_array().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tiny_random_weights_diffusion_progress_and_stop_between_steps() {
    let models = models_with_tiny(TinyOptions { default_steps: 400, ..e2e_tiny() });
    let app = start(models.path()).await;
    let mut c = app.client();
    c.register_random().await;
    let (photo, _) = product_photo(800, 800);
    let url = c.upload_png(encode_png(&photo)).await;
    let task_id = submit(&c, "SHOES_IMAGE", json!({ "imageUrl": url, "genNum": 4 })).await;

    // Per-step progress reaches the task row while it runs.
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut seen = Vec::new();
    loop {
        let (_, body) = c.get(&format!("/api/tasks/{task_id}")).await;
        let p = body["data"]["progress"].as_u64().unwrap_or(0);
        let st = body["data"]["status"].as_str().unwrap_or("").to_owned();
        assert!(st == "NEW" || st == "RUNNING", "{body}");
        if !seen.contains(&p) {
            seen.push(p);
        }
        if p > 5 && seen.len() >= 3 {
            break;
        }
        assert!(Instant::now() < deadline, "no denoising progress seen: {seen:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, body) = c.post_json(&format!("/api/tasks/{task_id}/stop"), json!({})).await;
    assert_eq!(status, 200, "{body}");
    let task = c.wait_task(&task_id, Duration::from_secs(30)).await;
    assert_eq!(task["status"], "FAILED", "{task}");
    assert!(task["results"].as_array().map(|r| r.is_empty()).unwrap_or(true), "{task}");
    // The worker notices within a progress write or two and is free again:
    // a next task runs to the end.
    let next = submit(&c, "CUSTOMIZED_MODEL", json!({ "imageUrl": url, "genNum": 1 })).await;
    let task = c.wait_task(&next, Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
}

#[test]
fn tiny_random_weights_diffusion_gating_advertises_only_with_weights() {
    let mut settings = pixmart_shared::config::Settings::load(None).unwrap();
    // No diffusion folder: no diffusion task type, and the reason is logged.
    let empty = tempfile::tempdir().unwrap();
    settings.models.dir = empty.path().to_path_buf();
    let loaded = pixmart_worker::models::LoadedModels::load(&settings.models);
    assert!(!loaded.capabilities().contains(&BizType::CustomizedModel));
    assert!(
        loaded.missing.iter().any(|m| m.contains("stable-diffusion") && m.contains("sd15-inpainting")),
        "{:?}",
        loaded.missing
    );
    // The tiny 4-channel model alone: only the img2img types (the
    // kept-region types need an inpainting UNet and ISNet).
    let dir = tempfile::tempdir().unwrap();
    write_tiny_model(&dir.path().join("diffusion"), &TinyOptions::default()).unwrap();
    settings.models.dir = dir.path().to_path_buf();
    let loaded = pixmart_worker::models::LoadedModels::load(&settings.models);
    let caps = loaded.capabilities();
    assert!(caps.contains(&BizType::CustomizedModel) && caps.contains(&BizType::PetImageCustomized), "{caps:?}");
    assert!(!caps.contains(&BizType::MannequinImage), "{caps:?}");
    assert_eq!(loaded.diffusion().unwrap().device, "cpu");
    assert!(loaded.diffusion().unwrap().weight_bytes > 0);
}
