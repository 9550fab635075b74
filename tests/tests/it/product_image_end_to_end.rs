//! Product on a new background (`PRODUCT_IMAGE`) through the HTTP API,
//! Redis and a worker running the real ISNet: output sizes per ratio, the
//! product's coverage, no green fringe from the original backdrop, a
//! contact shadow under the product, distinct `genNum` variants, the
//! custom-colour gate, per-image charging, batches and the background
//! library.

use crate::support;
use crate::support::photos::bottle_on_green;

use std::time::Duration;

use image::{GrayImage, Rgb, RgbImage};
use pixmart_shared::db::store::membership;
use pixmart_shared::domain::Tier;
use pixmart_tests::images::encode_png;
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

async fn points(c: &TestClient) -> i64 {
    let (_, info) = c.get("/api/user/info").await;
    info["data"]["points"].as_i64().unwrap()
}

async fn submit(c: &TestClient, params: Value) -> (u16, Value) {
    c.post_json("/api/tasks", json!({ "bizType": "PRODUCT_IMAGE", "params": params })).await
}

async fn download(c: &TestClient, url: &str) -> image::DynamicImage {
    let (status, bytes) = c.get_bytes(url).await;
    assert_eq!(status, 200, "{url}");
    image::load_from_memory(&bytes).unwrap()
}

fn results_of<'a>(task: &'a Value, kind: &str) -> Vec<&'a Value> {
    task["results"].as_array().unwrap().iter().filter(|r| r["kind"] == kind).collect()
}

/// Product pixels on a white background: every part of the product is
/// saturated (red, yellow, blue); the background and its shadows are grey.
fn is_product(p: &Rgb<u8>) -> bool {
    let [r, g, b] = p.0.map(i32::from);
    r.max(g).max(b) - r.min(g).min(b) > 45 && !is_greenish(p)
}

fn is_greenish(p: &Rgb<u8>) -> bool {
    let [r, g, b] = p.0.map(i32::from);
    g > r + 25 && g > b + 25
}

/// Centroid x, bottom row and bottom-centre x of the product pixels.
fn product_geometry(img: &RgbImage) -> (f64, u32, u32, usize) {
    let (mut sx, mut n, mut bottom) = (0f64, 0usize, 0u32);
    for (x, y, p) in img.enumerate_pixels() {
        if is_product(p) && y < img.height() * 95 / 100 {
            sx += f64::from(x);
            n += 1;
            bottom = bottom.max(y);
        }
    }
    let bottom_xs: Vec<u32> =
        (0..img.width()).filter(|&x| is_product(img.get_pixel(x, bottom.saturating_sub(3)))).collect();
    let bx = bottom_xs.iter().sum::<u32>() / bottom_xs.len().max(1) as u32;
    (sx / n.max(1) as f64, bottom, bx, n)
}

/// Share of greenish pixels among those within 3 px of the product's edge.
fn green_fringe(img: &RgbImage) -> f64 {
    let (w, h) = img.dimensions();
    let (mut band, mut green) = (0usize, 0usize);
    for y in 3..h - 3 {
        for x in 3..w - 3 {
            let here = is_product(img.get_pixel(x, y));
            let edge = [(3i32, 0i32), (-3, 0), (0, 3), (0, -3)]
                .iter()
                .any(|(dx, dy)| is_product(img.get_pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32)) != here);
            if edge {
                band += 1;
                green += usize::from(is_greenish(img.get_pixel(x, y)));
            }
        }
    }
    green as f64 / band.max(1) as f64
}

fn luma(p: &Rgb<u8>) -> f64 {
    0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn product_on_white_with_shadow_no_fringe_and_distinct_variants() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    app.wait_workers(1).await;
    let mut c = app.client();
    c.register_random().await;

    // The library: the palette and the templates, with previews.
    let (s, lib) = c.get("/api/backgrounds").await;
    assert_eq!(s, 200, "{lib}");
    assert_eq!(lib["data"]["palette"].as_array().unwrap().len(), 7);
    assert_eq!(lib["data"]["palette"][0], json!({ "name": "white", "hex": "#FFFFFF" }));
    let templates = lib["data"]["templates"].as_array().unwrap();
    assert!(templates.len() >= 6);
    let preview = download(&c, templates[0]["previewUrl"].as_str().unwrap()).await;
    assert_eq!(preview.width(), 256);

    let (photo, truth) = bottle_on_green(700, 800);
    let url = c.upload_png(encode_png(&photo)).await;

    // A custom colour is for paid tiers.
    let before = points(&c).await;
    let (s, b) = submit(&c, json!({ "imageUrl": url, "backgroundColor": "#123456" })).await;
    assert_eq!((s, b["code"].as_i64(), b["error"].as_str()), (403, Some(6011), Some("CUSTOM_COLOUR_NEEDS_MEMBERSHIP")));
    assert_eq!(b["msg"], "自定义颜色为会员专享，开通会员即可使用～");
    assert_eq!(points(&c).await, before, "refusals charge nothing");

    let (s, b) = submit(&c, json!({ "imageUrl": url, "backgroundColor": "white", "genNum": 2, "erodeSize": 2 })).await;
    assert_eq!(s, 200, "{b}");
    let task_id = b["data"]["taskId"].as_str().unwrap().to_owned();
    assert_eq!(points(&c).await, before - 10, "5 lingshi per image");
    let task = c.wait_task(&task_id, Duration::from_secs(240)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["bizType"], "PRODUCT_IMAGE");

    let images = results_of(&task, "image");
    let thumbs = results_of(&task, "thumbnail");
    assert_eq!((images.len(), thumbs.len()), (2, 2), "{task}");
    let mut outs = Vec::new();
    for (r, t) in images.iter().zip(&thumbs) {
        assert_eq!((r["width"].as_u64(), r["height"].as_u64()), (Some(1024), Some(1024)));
        let (status, bytes) = c.get_bytes(t["url"].as_str().unwrap()).await;
        assert_eq!(status, 200);
        assert_eq!(image::guess_format(&bytes).unwrap(), image::ImageFormat::WebP);
        assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 512);
        let (status, bytes) = c.get_bytes(r["url"].as_str().unwrap()).await;
        assert_eq!(status, 200);
        assert_eq!(image::guess_format(&bytes).unwrap(), image::ImageFormat::Png);
        outs.push(image::load_from_memory(&bytes).unwrap().into_rgb8());
    }

    // Coverage: the product's area is what the placement predicts (its box
    // fills BASE_FILL of the canvas at scale 0 on variant 0).
    let (bx0, by0, bx1, by1) = bbox(&truth);
    let s = f64::from(pixmart_models::compose::BASE_FILL) * 1024.0 / f64::from((bx1 - bx0).max(by1 - by0));
    let truth_area = truth.pixels().filter(|p| p[0] > 127).count() as f64;
    let expected = truth_area * s * s;
    let (cx0, bottom, foot_x, area) = product_geometry(&outs[0]);
    let coverage = area as f64 / expected;
    assert!((0.85..1.1).contains(&coverage), "product coverage {coverage:.3} of the expected area");

    // No halo of the green backdrop along the edge.
    for (i, out) in outs.iter().enumerate() {
        let fringe = green_fringe(out);
        assert!(fringe < 0.01, "variant {i}: {:.2} % of edge pixels are green", fringe * 100.0);
        let green = out.pixels().filter(|p| is_greenish(p)).count();
        assert!(green < 30, "variant {i}: {green} green pixels remain");
    }

    // A contact shadow right under the base, and white far from it.
    let under: f64 = (3..9).map(|dy| luma(outs[0].get_pixel(foot_x, bottom + dy))).sum::<f64>() / 6.0;
    assert!(under < 255.0 - 25.0, "under the product: luma {under:.1}");
    assert!(luma(outs[0].get_pixel(10, 10)) > 250.0);

    // The variants differ meaningfully: the product moves.
    let (cx1, ..) = product_geometry(&outs[1]);
    assert!((cx0 - cx1).abs() > 30.0, "variant centroids {cx0:.0} and {cx1:.0}");
    write_artifacts(&outs);
}

fn bbox(mask: &GrayImage) -> (u32, u32, u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in mask.enumerate_pixels() {
        if p[0] > 127 {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
        }
    }
    (x0, y0, x1, y1)
}

/// The outputs, for a look: `$CARGO_TARGET_DIR/../test-artifacts/compose/`.
fn write_artifacts(outs: &[RgbImage]) {
    let dir = std::path::PathBuf::from(std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into()))
        .join("../test-artifacts/compose");
    if std::fs::create_dir_all(&dir).is_ok() {
        for (i, o) in outs.iter().enumerate() {
            let _ = o.save(dir.join(format!("e2e-white-{i}.png")));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batch_copy_bg_applies_one_setting_per_ratio_and_charges_per_image() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    app.wait_workers(1).await;
    let db = app.db().await;
    let mut c = app.client();
    c.register_random().await;
    let me = support::fleet::user_id(&c).await;
    membership::activate(&db, me, Tier::Flagship, 1, "test-order", chrono::Utc::now()).await.unwrap();

    let (photo, _) = bottle_on_green(600, 720);
    let url = c.upload_png(encode_png(&photo)).await;
    let (bg_photo, _) = bottle_on_green(640, 640);
    let bg_url = c.upload_png(encode_png(&bg_photo)).await;
    // One background setting over several products (here the same product
    // at each ratio), the last on the user's own picture, a custom colour
    // allowed on the flagship plan.
    let cases = [
        (json!({ "backgroundId": "wood-table", "ratio": "16:9", "format": "jpeg" }), (1792, 1024)),
        (json!({ "backgroundId": "wood-table", "ratio": "9:16" }), (1024, 1792)),
        (json!({ "gradient": { "from": "#FFFFFF", "to": "#123456" }, "ratio": "3:4" }), (768, 1024)),
        (json!({ "backgroundUrl": bg_url, "ratio": "original", "scale": 100 }), (853, 1024)),
    ];
    let items: Vec<Value> = cases
        .iter()
        .map(|(extra, _)| {
            let mut p = json!({ "imageUrl": url });
            p.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            json!({ "params": p })
        })
        .collect();
    let before = points(&c).await;
    let (s, b) = c.post_json("/api/batches", json!({ "bizType": "PRODUCT_IMAGE", "items": items })).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(points(&c).await, before - 20, "4 images × 5 lingshi");
    let ids: Vec<String> =
        b["data"]["taskIds"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().into()).collect();
    for (id, (_, (w, h))) in ids.iter().zip(cases.iter()) {
        let task = c.wait_task(id, Duration::from_secs(300)).await;
        assert_eq!(task["status"], "SUCCESS", "{task}");
        let image = results_of(&task, "image")[0];
        assert_eq!((image["width"].as_u64(), image["height"].as_u64()), (Some(*w), Some(*h)), "{task}");
        let (_, bytes) = c.get_bytes(image["url"].as_str().unwrap()).await;
        let out = image::load_from_memory(&bytes).unwrap();
        assert_eq!((out.width(), out.height()), (*w as u32, *h as u32));
        if task["params"]["format"] == "jpeg" {
            assert_eq!(image::guess_format(&bytes).unwrap(), image::ImageFormat::Jpeg);
        }
    }
}
