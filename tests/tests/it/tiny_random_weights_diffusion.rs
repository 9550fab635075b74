//! The diffusion task family end to end (HTTP API → Redis → worker →
//! storage → polling → download) with a TINY RANDOM-WEIGHT Stable
//! Diffusion model written by the test: NOT a quality test (the images are
//! noise). Real SD weights cannot be obtained on these machines; the tiny
//! model has the same module structure and goes through the real loading
//! code. The kept region's mask comes from the real ISNet cutout.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pixmart_models::diffusion::tiny::{write_tiny_model, TinyOptions};
use pixmart_models::diffusion::{verify_kept_region, KEPT_REGION_TOLERANCE};
use pixmart_models::{compose, reproduce};
use pixmart_shared::config::ModelSettings;
use pixmart_shared::domain::BizType;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{models_dir, TestApp, TestClient, TestDatabase, WorkerProcess};
use pixmart_worker::loaded_models::LoadedModels;
use pixmart_worker::registry::{assess, node_registry, NodeModels};
use serde_json::{json, Value};

/// A models dir with the real models (linked) and the tiny diffusion model.
fn models_with_tiny(opts: TinyOptions) -> tempfile::TempDir {
    models_with_tiny_without(opts, &[])
}

/// As [`models_with_tiny`], leaving out the real models dir's entries `skip`.
fn models_with_tiny_without(opts: TinyOptions, skip: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let real = models_dir();
    for entry in std::fs::read_dir(&real).unwrap().flatten() {
        let name = entry.file_name();
        if name != "diffusion" && !skip.iter().any(|s| name == *s) {
            std::os::unix::fs::symlink(entry.path(), dir.path().join(name)).unwrap();
        }
    }
    write_tiny_model(&dir.path().join("diffusion"), &opts).unwrap();
    dir
}

/// A 9-channel inpainting UNet; 64² outputs (the tiny model divides the
/// output sizes by 16). Tests choose the step count.
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
    let phone = c.register_random().await;

    // The node's advertisement carries its diffusion device and the memory
    // its weights hold (what an admin sizes GPU nodes by).
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, true).await.unwrap();
    let (status, body) = c.get("/api/admin/nodes").await;
    assert_eq!(status, 200, "{body}");
    let diffusion = &body["data"]["list"][0]["diffusion"];
    assert_eq!(diffusion["model"], "sd-custom", "{body}");
    assert_eq!(diffusion["device"], "cpu", "{body}");
    assert_eq!(diffusion["inpainting"], true, "{body}");
    assert!(diffusion["weightBytes"].as_u64().unwrap() > 10_000, "{body}");

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

/// The node's models as a worker loads them (its registry and policy).
fn load(settings: &ModelSettings) -> LoadedModels {
    LoadedModels::load(settings, &node_registry(settings).unwrap())
}

/// The task types a worker with these models advertises.
fn advertised(settings: &ModelSettings, loaded: &LoadedModels) -> Vec<BizType> {
    assess(&node_registry(settings).unwrap(), settings, loaded).capabilities
}

#[test]
fn tiny_random_weights_diffusion_gating_advertises_only_with_weights() {
    let mut settings = pixmart_shared::config::Settings::load(None).unwrap();
    // No diffusion folder: no diffusion task type, and the reason is logged.
    let empty = tempfile::tempdir().unwrap();
    settings.models.dir = empty.path().to_path_buf();
    let loaded = load(&settings.models);
    assert!(!advertised(&settings.models, &loaded).contains(&BizType::CustomizedModel));
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
    let loaded = load(&settings.models);
    let caps = advertised(&settings.models, &loaded);
    assert!(caps.contains(&BizType::CustomizedModel) && caps.contains(&BizType::PetImageCustomized), "{caps:?}");
    assert!(!caps.contains(&BizType::MannequinImage), "{caps:?}");
    assert_eq!(loaded.diffusion().unwrap().device, "cpu");
    assert!(loaded.diffusion().unwrap().weight_bytes > 0);
}

/// Declares the licence of the tiny model in `<models>/diffusion/config.json`
/// (as an operator does for weights they supply).
fn declare_licence(models: &Path, licence: &str, commercial_use: bool) {
    let path = models.join("diffusion/config.json");
    let mut config: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    config["licence"] = json!(licence);
    config["commercialUse"] = json!(commercial_use);
    std::fs::write(&path, config.to_string()).unwrap();
}

/// What a worker with these settings loads and reports.
fn node(settings: &ModelSettings) -> (LoadedModels, NodeModels) {
    let registry = node_registry(settings).unwrap();
    let loaded = LoadedModels::load(settings, &registry);
    let node = assess(&registry, settings, &loaded);
    (loaded, node)
}

#[test]
fn tiny_random_weights_diffusion_licence_policy_refuses_non_commercial_weights() {
    let dir = tempfile::tempdir().unwrap();
    let write = || write_tiny_model(&dir.path().join("diffusion"), &TinyOptions::default()).unwrap();
    write();
    let mut settings = pixmart_shared::config::Settings::load(None).unwrap().models;
    settings.dir = dir.path().to_path_buf();
    let custom = "CUSTOMIZED_MODEL".to_owned();

    // Declared non-commercial, the deployment refuses such models: not
    // loaded, not advertised, and the report says why.
    declare_licence(dir.path(), "CC BY-NC-SA 4.0", false);
    settings.allow_non_commercial = false;
    let (loaded, n) = node(&settings);
    assert!(loaded.diffusion().is_none(), "refused weights must not be loaded");
    assert!(
        loaded.missing.iter().any(|m| m.contains("sd-custom refused: non-commercial licence (CC BY-NC-SA 4.0")),
        "{:?}",
        loaded.missing
    );
    assert!(!n.capabilities.contains(&BizType::CustomizedModel), "{:?}", n.capabilities);
    let sd = n.report.missing[&custom].iter().find(|m| m.id == "sd-custom").unwrap().clone();
    assert_eq!((sd.licence.as_str(), sd.commercial_use), ("CC BY-NC-SA 4.0", false));
    assert!(sd.reason.as_deref().unwrap_or_default().contains("refused: non-commercial"), "{sd:?}");

    // Allowed by the deployment: loaded and advertised, but not as
    // commercial-only, so a refusing tenant's tasks never come here.
    settings.allow_non_commercial = true;
    let (loaded, n) = node(&settings);
    assert_eq!(loaded.diffusion().unwrap().id, "sd-custom");
    assert!(n.capabilities.contains(&BizType::CustomizedModel), "{:?}", n.capabilities);
    assert!(n.report.loaded.contains(&"sd-custom".to_owned()), "{:?}", n.report);
    assert!(!n.report.commercial_only.contains(&custom), "{:?}", n.report);

    // Undeclared weights count as non-commercial.
    write();
    settings.allow_non_commercial = false;
    let (loaded, n) = node(&settings);
    assert!(loaded.diffusion().is_none());
    assert!(!n.capabilities.contains(&BizType::CustomizedModel));

    // Declared commercial: loaded under the refusing policy, commercial-only.
    declare_licence(dir.path(), "Apache-2.0", true);
    let (loaded, n) = node(&settings);
    assert_eq!(loaded.diffusion().unwrap().id, "sd-custom");
    assert!(n.capabilities.contains(&BizType::CustomizedModel));
    assert!(n.report.commercial_only.contains(&custom), "{:?}", n.report);
}

/// The same through real worker processes and the API: a refusing worker
/// logs the refusal and the API names the refused model; an allowing one
/// serves the type to everyone but a tenant that refuses non-commercial
/// models.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tiny_random_weights_diffusion_non_commercial_weights_follow_the_licence_policy_over_http() {
    use pixmart_shared::domain::tenant::TenantSwitches;
    use pixmart_tests::fixtures::tenant_member;
    const WORKER: &str = env!("CARGO_BIN_EXE_pixmart-fleet-worker");

    let models = models_with_tiny(TinyOptions::default());
    declare_licence(models.path(), "CC BY-NC-SA 4.0", false);
    let dir = models.path().to_path_buf();
    let app = TestApp::start_with(TestDatabase::sqlite(), move |s| s.models.dir = dir).await;
    let mut plain = app.client();
    plain.register_random().await;

    let refusing = WorkerProcess::spawn_with_env(
        WORKER,
        &app.settings,
        600,
        &[],
        &[("PIXMART__MODELS__ALLOW_NON_COMMERCIAL", "false")],
    );
    let cap = plain.wait_capability("CUSTOMIZED_MODEL", "modelMissing").await;
    let sd = cap["missingModels"].as_array().unwrap().iter().find(|m| m["id"] == "sd-custom").cloned();
    let sd = sd.unwrap_or_else(|| panic!("sd-custom not named: {cap}"));
    assert_eq!((sd["licence"].as_str(), sd["commercialUse"].as_bool()), (Some("CC BY-NC-SA 4.0"), Some(false)));
    assert!(sd["reason"].as_str().unwrap_or_default().contains("refused: non-commercial"), "{sd}");
    assert!(refusing.log().contains("diffusion weights refused"), "{}", refusing.log());

    let allowing = WorkerProcess::spawn_with_env(
        WORKER,
        &app.settings,
        600,
        &[],
        &[("PIXMART__MODELS__ALLOW_NON_COMMERCIAL", "true")],
    );
    plain.wait_capability("CUSTOMIZED_MODEL", "available").await;
    let switches = TenantSwitches { refuse_non_commercial_models: true, ..TenantSwitches::default() };
    let careful = tenant_member(&app, "careful", switches).await;
    assert_eq!(careful.capability("CUSTOMIZED_MODEL").await["state"], "notAllowed");
    let url = careful.upload_png(encode_png(&product_photo(800, 800).0)).await;
    let (s, b) = careful
        .post_json("/api/tasks", json!({ "bizType": "CUSTOMIZED_MODEL", "params": { "imageUrl": url, "genNum": 1 } }))
        .await;
    assert_eq!((s, b["error"].as_str()), (403, Some("MODEL_NOT_ALLOWED")), "{b}");
    drop((refusing, allowing));
}

/// A reference scene for background replication: a warm, noisy gradient
/// (the noise keeps the PNG above the 500 KB upload floor).
fn warm_reference() -> image::RgbImage {
    image::RgbImage::from_fn(768, 768, |x, y| {
        let h = x.wrapping_mul(374_761_393) ^ y.wrapping_mul(668_265_263);
        let n = ((h ^ (h >> 13)).wrapping_mul(1_274_126_177) >> 8) % 17;
        let v = 180 + (x / 12) as i32 - (y / 16) as i32 + n as i32 - 8;
        image::Rgb([v.clamp(0, 255) as u8, (v * 3 / 4).clamp(0, 255) as u8, (v / 2).clamp(0, 255) as u8])
    })
}

/// How far `out` is, inside the product's fully opaque pixels, from the
/// scaled cutout under one per-channel gain (the compositor's light match):
/// the largest difference, and how many pixels were compared. A product
/// that went through a model would be far off; a composited one is within
/// rounding.
fn product_gain_error(out: &image::RgbImage, rect: (i64, i64, u32, u32), layer: &image::RgbaImage) -> (f64, usize) {
    let opaque: Vec<(image::Rgba<u8>, image::Rgb<u8>)> = layer
        .enumerate_pixels()
        .filter(|(_, _, p)| p[3] == 255)
        .map(|(x, y, p)| (*p, *out.get_pixel((rect.0 + i64::from(x)) as u32, (rect.1 + i64::from(y)) as u32)))
        .collect();
    let gain = [0, 1, 2].map(|c| {
        let (dl, ll) = opaque.iter().fold((0.0, 0.0), |(dl, ll), (l, d)| {
            let (l, d) = (f64::from(l[c]), f64::from(d[c]));
            (dl + d * l, ll + l * l)
        });
        dl / ll.max(1.0)
    });
    let mut worst = 0f64;
    for (l, d) in &opaque {
        for c in 0..3 {
            let expected = f64::from(l[c]) * gain[c];
            if expected < 254.0 {
                worst = worst.max((expected - f64::from(d[c])).abs());
            }
        }
    }
    (worst, opaque.len())
}

/// Background replication's STYLE_IMITATION on a node with diffusion
/// weights: img2img (`denoisingStrength`) restyles the template background
/// instead of the style-transfer networks. TINY RANDOM weights: the
/// backgrounds are noise, so this checks the plumbing, the strength's
/// meaning at 0 and that the product is composited afterwards, untouched
/// by the model; it says nothing about quality.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tiny_random_weights_background_style_imitation_img2img_composes_the_product_after() {
    // No style-transfer models: only the img2img path can serve STYLE_IMITATION here.
    let models = models_with_tiny_without(TinyOptions { default_steps: 10, ..Default::default() }, &["style"]);
    let app = start(models.path()).await;
    let mut c = app.client();
    c.register_random().await;
    let (photo, _) = product_photo(800, 800);
    let product = c.upload_png(encode_png(&photo)).await;
    let reference = c.upload_png(encode_png(&warm_reference())).await;

    // The product as the worker cuts it out and places it (same models and settings).
    let (loaded, _) = node(&app.settings.models);
    let isnet = loaded.cutout(pixmart_shared::domain::CutoutModel::Isnet).unwrap();
    let mask = isnet.run(&image::DynamicImage::ImageRgb8(photo.clone())).unwrap().mask;
    let cutout = compose::prepare_cutout(&photo, &mask, 3, 1024).unwrap();
    let placed = |variant: u32| {
        let (_, ground) = reproduce::style_base(variant);
        let base = compose::Placement { centre_x: 0.5, ground_y: ground, size: compose::BASE_FILL };
        compose::scaled_product(&cutout, (1024, 1024), &reproduce::variant_placement(base, variant)).unwrap()
    };

    let mut same_as_base = Vec::new();
    for strength in [0.55, 0.0] {
        let task_id = submit(
            &c,
            "PRODUCT_IMAGE",
            json!({ "taskType": "BACKGROUND_REPRODUCE", "imageUrl": product, "referenceUrl": reference,
                    "mode": "STYLE_IMITATION", "denoisingStrength": strength, "ratio": "1:1", "genNum": 2 }),
        )
        .await;
        let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
        assert_eq!(task["status"], "SUCCESS", "{task}");
        let results = task["results"].as_array().unwrap();
        assert_eq!(results.iter().filter(|r| r["kind"] == "thumbnail").count(), 2, "{task}");
        let images: Vec<&Value> = results.iter().filter(|r| r["kind"] == "image").collect();
        assert_eq!(images.len(), 2, "{task}");
        for (variant, r) in images.iter().enumerate() {
            let out = image::load_from_memory(&c.get_bytes(r["url"].as_str().unwrap()).await.1).unwrap().to_rgb8();
            assert_eq!(out.dimensions(), (1024, 1024));
            let (rect, layer) = placed(variant as u32);
            let (worst, n) = product_gain_error(&out, rect, &layer);
            eprintln!(
                "strength {strength} variant {variant}: product off by at most {worst:.2} over {n} opaque pixels"
            );
            assert!(n > 10_000, "the product is large: {n} opaque pixels");
            assert!(worst <= 2.0, "strength {strength} variant {variant}: the product's pixels are off by {worst}");
            let (base, _) = reproduce::style_base_image(variant as u32, 1024, 1024).unwrap();
            let same = out.pixels().zip(base.pixels()).filter(|(a, b)| a == b).count() as f64 / (1024.0 * 1024.0);
            same_as_base.push((strength, same));
        }
    }
    eprintln!("share of pixels equal to the base (strength, share): {same_as_base:?}");
    // denoisingStrength is how far the background departs from its base:
    // at 0 it is the base (all but the product and its shadow), at 0.55
    // the model re-rendered it.
    for &(strength, same) in &same_as_base {
        if strength == 0.0 {
            assert!(same > 0.6, "{same_as_base:?}");
        } else {
            assert!(same < 0.2, "{same_as_base:?}");
        }
    }
}
