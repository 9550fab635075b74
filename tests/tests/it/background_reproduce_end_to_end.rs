//! Background replication (`PRODUCT_IMAGE`, taskType `BACKGROUND_REPRODUCE`)
//! through the HTTP API, Redis and a worker on the real models (ISNet,
//! arbitrary style transfer): output sizes, the product present where it
//! was placed, the reference's own subject gone with `removeSubject`, style
//! imitation departing further from its base with a higher
//! `denoisingStrength`, per-image charging.

use std::time::Duration;

use image::{Rgb, RgbImage};
use pixmart_tests::images::encode_png;
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

const SIDE: u32 = 768;

fn rounded_box(px: f32, py: f32, c: (f32, f32), half: (f32, f32), r: f32) -> f32 {
    let qx = (px - c.0).abs() - (half.0 - r);
    let qy = (py - c.1).abs() - (half.1 - r);
    (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() + qx.max(qy).min(0.0) - r
}

fn noise(x: u32, y: u32, seed: u32) -> f32 {
    let mut h = x.wrapping_mul(374_761_393) ^ y.wrapping_mul(668_265_263) ^ seed.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    ((h >> 8) % 17) as f32 - 8.0
}

/// A bottle shape (cap, neck, body) centred at `cx`, base at `base`, `height` tall.
fn bottle_sdf(x: f32, y: f32, cx: f32, base: f32, height: f32) -> f32 {
    let u = height / 100.0;
    let body = rounded_box(x, y, (cx, base - 32.0 * u), (20.0 * u, 32.0 * u), 7.0 * u);
    let neck = rounded_box(x, y, (cx, base - 72.0 * u), (7.0 * u, 10.0 * u), 2.0 * u);
    let cap = rounded_box(x, y, (cx, base - 88.0 * u), (8.5 * u, 6.0 * u), 1.5 * u);
    body.min(neck).min(cap)
}

/// The product: a blue bottle on a light grey backdrop, with sensor noise.
fn product_photo() -> RgbImage {
    let (w, h) = (640u32, 720u32);
    RgbImage::from_fn(w, h, |ix, iy| {
        let (x, y) = (ix as f32 + 0.5, iy as f32 + 0.5);
        let n = noise(ix, iy, 1);
        let d = bottle_sdf(x, y, 320.0, 650.0, 560.0);
        let cov = (0.5 - d).clamp(0.0, 1.0);
        let t = ((x - 320.0) / 112.0).clamp(-1.0, 1.0);
        let shade = (1.0 - t * t).sqrt() * 0.6 + 0.4;
        let fg = [30.0 * shade, 60.0 * shade, 205.0 * shade + 20.0];
        let bg = [215.0, 215.0, 218.0];
        Rgb([0, 1, 2].map(|c| ((fg[c] + n) * cov + (bg[c] + n) * (1.0 - cov)).round().clamp(0.0, 255.0) as u8))
    })
}

/// The reference: lit wall over a wooden table, a red bottle standing at
/// x = 40 % on the table. Returns the picture and the subject's box.
fn reference_scene() -> (RgbImage, (u32, u32, u32, u32)) {
    let s = SIDE as f32;
    let (cx, base, height) = (0.4 * s, 0.84 * s, 0.45 * s);
    let img = RgbImage::from_fn(SIDE, SIDE, |ix, iy| {
        let (x, y) = (ix as f32 + 0.5, iy as f32 + 0.5);
        let (fx, fy) = (x / s, y / s);
        let n = noise(ix, iy, 2);
        let bg = if fy < 0.62 {
            let v = 222.0 - 45.0 * fy - 25.0 * fx;
            [v, v - 8.0, v - 20.0]
        } else {
            let v = 160.0 - 50.0 * (fy - 0.62) + 6.0 * (y * 0.7).sin();
            [v, v * 0.7, v * 0.48]
        };
        let d = bottle_sdf(x, y, cx, base, height);
        let cov = (0.5 - d).clamp(0.0, 1.0);
        let fg = [200.0, 30.0, 40.0];
        Rgb([0, 1, 2].map(|c| ((fg[c] * cov + bg[c] * (1.0 - cov)) + n).round().clamp(0.0, 255.0) as u8))
    });
    let u = height / 100.0;
    let bbox = ((cx - 20.0 * u) as u32, (base - 94.0 * u) as u32, (cx + 20.0 * u) as u32, base as u32);
    (img, bbox)
}

fn is_red(p: &Rgb<u8>) -> bool {
    let [r, g, b] = p.0.map(i32::from);
    r > g + 80 && r > b + 80
}

fn is_blue(p: &Rgb<u8>) -> bool {
    let [r, g, b] = p.0.map(i32::from);
    b > r + 60 && b > g + 40
}

async fn points(c: &TestClient) -> i64 {
    let (_, info) = c.get("/api/user/info").await;
    info["data"]["points"].as_i64().unwrap()
}

async fn run_task(c: &TestClient, params: Value) -> Value {
    let (s, b) = c.post_json("/api/tasks", json!({ "bizType": "PRODUCT_IMAGE", "params": params })).await;
    assert_eq!(s, 200, "{b}");
    let task_id = b["data"]["taskId"].as_str().unwrap().to_owned();
    let task = c.wait_task(&task_id, Duration::from_secs(300)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    task
}

async fn images_of(c: &TestClient, task: &Value) -> Vec<RgbImage> {
    let mut out = Vec::new();
    for r in task["results"].as_array().unwrap().iter().filter(|r| r["kind"] == "image") {
        let (status, bytes) = c.get_bytes(r["url"].as_str().unwrap()).await;
        assert_eq!(status, 200);
        out.push(image::load_from_memory(&bytes).unwrap().into_rgb8());
    }
    out
}

fn mean_abs_diff_outside(a: &RgbImage, b: &RgbImage, skip: impl Fn(u32, u32) -> bool) -> f64 {
    let (mut s, mut n) = (0.0, 0.0);
    for (x, y, p) in a.enumerate_pixels() {
        if skip(x, y) {
            continue;
        }
        let q = b.get_pixel(x, y);
        s += (0..3).map(|k| (f64::from(p[k]) - f64::from(q[k])).abs()).sum::<f64>() / 3.0;
        n += 1.0;
    }
    s / n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replication_and_style_imitation_on_real_models() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    app.wait_workers(1).await;
    let mut c = app.client();
    c.register_random().await;

    let product = c.upload_png(encode_png(&product_photo())).await;
    let (scene, (sx0, sy0, sx1, sy1)) = reference_scene();
    let reference = c.upload_png(encode_png(&scene)).await;

    // A reference is required; a bad mode is refused, and refusals are free.
    let before = points(&c).await;
    let (s, b) = c
        .post_json("/api/tasks", json!({ "bizType": "PRODUCT_IMAGE", "params": { "taskType": "BACKGROUND_REPRODUCE", "imageUrl": product } }))
        .await;
    assert_eq!((s, b["error"].as_str()), (400, Some("BG_REPRODUCE_REFERENCE_REQUIRED")), "{b}");
    assert_eq!(points(&c).await, before);

    // ACCURATE_REPLICATION with removeSubject: the red subject is gone and
    // the blue product stands where it stood.
    let task = run_task(
        &c,
        json!({ "taskType": "BACKGROUND_REPRODUCE", "imageUrl": product, "referenceUrl": reference,
                "mode": "ACCURATE_REPLICATION", "removeSubject": true, "genNum": 2 }),
    )
    .await;
    assert_eq!(points(&c).await, before - 10, "5 lingshi per image");
    let outs = images_of(&c, &task).await;
    assert_eq!(outs.len(), 2);
    let thumbs = task["results"].as_array().unwrap().iter().filter(|r| r["kind"] == "thumbnail").count();
    assert_eq!(thumbs, 2);
    // `original` keeps the reference's (square) ratio at the product's
    // output size (long side 1024); the checks below work in the
    // reference's own coordinates.
    let outs: Vec<RgbImage> = outs
        .iter()
        .map(|o| {
            assert_eq!(o.width(), o.height(), "ratio original keeps the reference's ratio");
            image::imageops::resize(o, SIDE, SIDE, image::imageops::FilterType::Triangle)
        })
        .collect();
    let (mut red, mut blue, mut n) = (0, 0, 0);
    for y in sy0..sy1 {
        for x in sx0..sx1 {
            let p = outs[0].get_pixel(x, y);
            red += usize::from(is_red(p));
            blue += usize::from(is_blue(p));
            n += 1;
        }
    }
    let red_everywhere = outs[0].pixels().filter(|p| is_red(p)).count();
    eprintln!("subject box: {red} red (old subject), {blue} blue (product) of {n}; red anywhere {red_everywhere}");
    assert!(red_everywhere < 50, "the reference's subject is still visible ({red_everywhere} red pixels)");
    assert!(blue as f64 > 0.25 * n as f64, "the product is not where the subject stood ({blue} of {n})");
    assert_ne!(outs[0], outs[1], "variants differ");

    // STYLE_IMITATION: the departure from the base grows with strength.
    let mut departures = Vec::new();
    for strength in [0.2, 0.9] {
        let task = run_task(
            &c,
            json!({ "taskType": "BACKGROUND_REPRODUCE", "imageUrl": product, "referenceUrl": reference,
                    "mode": "STYLE_IMITATION", "denoisingStrength": strength, "ratio": "1:1" }),
        )
        .await;
        let out = images_of(&c, &task).await.remove(0);
        assert_eq!(out.dimensions(), (1024, 1024));
        assert!(out.pixels().filter(|p| is_blue(p)).count() > 10_000, "product composed on the styled background");
        let (base, _) = pixmart_models::reproduce::style_base_image(0, 1024, 1024).unwrap();
        // Compare the background only: away from the product's column.
        let d = mean_abs_diff_outside(&out, &base, |x, _| (150..874).contains(&x));
        departures.push(d);
    }
    eprintln!("style departure at 0.2 / 0.9: {departures:?}");
    assert!(departures[1] > departures[0] + 3.0, "{departures:?}");
    drop(app);
}
