//! Artistic QR codes (`QR_CODE_ART`): contents × images × shapes, every
//! delivered code read back by rxing, a decoder independent of the rqrr the
//! worker verifies with, as delivered and after a 25 % downscale, a blur
//! and JPEG quality 60 (degradations re-implemented here, not borrowed from
//! the model). Then the task through the API, Redis and a worker.
//!
//! A contact sheet of the codes goes to `target/test-artifacts/qr/` (git-ignored).

use std::io::Cursor;
use std::time::{Duration, Instant};

use image::imageops::{self, FilterType};
use image::{DynamicImage, GrayImage, ImageFormat, Rgb, RgbImage};
use pixmart_models::qr::{self, QrArtCode, QrArtOptions, QrShape};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::qr_images::{logo, noise, scene};
use pixmart_tests::{repo_root, TestApp, TestDatabase};
use serde_json::json;

const CONTENTS: [&str; 3] = [
    "https://pixmart.example/p/42",
    "https://shop.pixmart.example/products/summer-linen-shirt?variant=sky-blue&size=M&utm_source=qr&utm_medium=print&utm_campaign=2026-summer",
    "灵石商城：扫码领取新人礼包，限时三天！Pixmart",
];

/// The sizes the worker delivers are 1024 px; the matrix runs at 512 to
/// keep CI time down (modules stay at least 12 px either way).
const TEST_PX: u32 = 512;

// ---- the independent decoder and degradations ----

fn rxing_reads(grey: &GrayImage) -> Option<String> {
    rxing::helpers::detect_in_luma(
        grey.as_raw().clone(),
        grey.width(),
        grey.height(),
        Some(rxing::BarcodeFormat::QR_CODE),
    )
    .ok()
    .map(|r| r.getText().to_owned())
}

fn degradations(code: &RgbImage, module_px: u32) -> Vec<(&'static str, GrayImage)> {
    let grey = DynamicImage::ImageRgb8(code.clone()).to_luma8();
    let quarter = imageops::resize(&grey, code.width() / 4, code.height() / 4, FilterType::Triangle);
    let blurred = imageops::blur(&grey, module_px as f32 / 5.0);
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 60).encode_image(code).unwrap();
    let jpeg = image::load_from_memory_with_format(&jpeg, ImageFormat::Jpeg).unwrap().to_luma8();
    vec![("as delivered", grey), ("downscaled to 25 %", quarter), ("blurred", blurred), ("JPEG q60", jpeg)]
}

/// Modules of the delivered code, from its size and version.
fn module_px(code: &QrArtCode) -> u32 {
    code.image.width() / (17 + 4 * code.version as u32 + 8)
}

fn assert_scans_everywhere(code: &QrArtCode, content: &str, what: &str) {
    for (name, grey) in degradations(&code.image, module_px(code)) {
        assert_eq!(rxing_reads(&grey).as_deref(), Some(content), "{what}: rxing cannot read the code {name}");
    }
}

// ---- test images: a product photo, a logo, a scene ----

fn images() -> Vec<(&'static str, DynamicImage)> {
    vec![
        ("product", DynamicImage::ImageRgb8(product_photo(600, 600).0)),
        ("logo", DynamicImage::ImageRgb8(logo(600))),
        ("scene", DynamicImage::ImageRgb8(scene(600))),
    ]
}

fn options(content: &str, shape: QrShape, strength: u8, top_n: usize) -> QrArtOptions {
    QrArtOptions { content: content.to_owned(), shape, strength, top_n, target_px: TEST_PX }
}

/// Pearson correlation of the code's and the image's luminance at the
/// code's module grid: how much of the picture shows.
fn image_likeness(code: &RgbImage, image: &DynamicImage) -> f32 {
    // Coarse enough that the module pattern averages out.
    let side = 16;
    let a = imageops::resize(&DynamicImage::ImageRgb8(code.clone()).to_luma8(), side, side, FilterType::Triangle);
    let rgb = image.to_rgb8();
    let s = rgb.width().min(rgb.height());
    let sq = imageops::crop_imm(&rgb, (rgb.width() - s) / 2, (rgb.height() - s) / 2, s, s).to_image();
    let b = imageops::resize(&DynamicImage::ImageRgb8(sq).to_luma8(), side, side, FilterType::Triangle);
    let (xs, ys): (Vec<f32>, Vec<f32>) =
        a.pixels().zip(b.pixels()).map(|(p, q)| (p.0[0] as f32, q.0[0] as f32)).unzip();
    let n = xs.len() as f32;
    let (mx, my) = (xs.iter().sum::<f32>() / n, ys.iter().sum::<f32>() / n);
    let cov: f32 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let vx: f32 = xs.iter().map(|x| (x - mx).powi(2)).sum();
    let vy: f32 = ys.iter().map(|y| (y - my).powi(2)).sum();
    cov / (vx.sqrt() * vy.sqrt()).max(1e-6)
}

fn contact_sheet(rows: &[Vec<RgbImage>], name: &str) {
    let cell = 256;
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0) as u32;
    let mut sheet =
        RgbImage::from_pixel(cols * (cell + 8) + 8, rows.len() as u32 * (cell + 8) + 8, Rgb([128, 128, 128]));
    for (r, row) in rows.iter().enumerate() {
        for (c, img) in row.iter().enumerate() {
            let small = imageops::resize(img, cell, cell, FilterType::Triangle);
            imageops::replace(
                &mut sheet,
                &small,
                (c as u32 * (cell + 8) + 8) as i64,
                (r as u32 * (cell + 8) + 8) as i64,
            );
        }
    }
    let dir = repo_root().join("target/test-artifacts/qr");
    std::fs::create_dir_all(&dir).unwrap();
    sheet.save(dir.join(name)).unwrap();
}

#[test]
fn contents_images_and_shapes_all_scan_with_a_second_decoder_after_degradation() {
    let started = Instant::now();
    let mut rows = Vec::new();
    let mut delivered = 0;
    for (i, content) in CONTENTS.iter().enumerate() {
        for (j, (image_name, image)) in images().iter().enumerate() {
            let mut row = vec![image.to_rgb8()];
            // Two shapes per pair, rotating: every shape meets every content
            // and every image, at half the CI time of the full product.
            for shape in [QrShape::ALL[(i + j) % 4], QrShape::ALL[(i + j + 1) % 4]] {
                // The default strength; topN varies to exercise the ranking.
                let top_n = 1 + (i + j) % 2;
                let codes = qr::generate(image, &options(content, shape, 33, top_n)).unwrap();
                assert!(!codes.is_empty() && codes.len() <= top_n);
                for code in &codes {
                    let what =
                        format!("{content:.30} on {image_name} as {shape:?} (v{} mask {})", code.version, code.mask);
                    assert_scans_everywhere(code, content, &what);
                    assert!(code.robustness > 0.5, "{what}: robustness {}", code.robustness);
                    delivered += 1;
                }
                // Ranked: the most robust first.
                assert!(codes.windows(2).all(|w| w[0].robustness >= w[1].robustness));
                row.push(codes[0].image.clone());
            }
            rows.push(row);
        }
    }
    contact_sheet(&rows, "matrix.png");
    eprintln!("{delivered} codes delivered and read back in {:.1?}", started.elapsed());
}

#[test]
fn the_image_shows_more_as_the_strength_rises_and_still_scans() {
    let (_, image) = images().swap_remove(0);
    let content = CONTENTS[0];
    let mut likeness = Vec::new();
    let mut row = Vec::new();
    for strength in [0u8, 33, 66, 100] {
        let codes = qr::generate(&image, &options(content, QrShape::Circle, strength, 1)).unwrap();
        let code = &codes[0];
        assert_scans_everywhere(code, content, &format!("strength {strength}"));
        assert!(code.strength <= strength);
        likeness.push((code.strength, image_likeness(&code.image, &image)));
        row.push(code.image.clone());
    }
    contact_sheet(&[row], "strengths.png");
    eprintln!("strength → likeness to the image: {likeness:?}");
    // The image is clearly visible at the default strength…
    assert!(likeness[1].1 > 0.5, "{likeness:?}");
    // …and more so as the strength rises.
    assert!(likeness.windows(2).all(|w| w[1].1 >= w[0].1 - 0.02), "{likeness:?}");
    assert!(likeness[3].1 > likeness[0].1 + 0.1, "{likeness:?}");
}

#[test]
fn a_hostile_image_still_gets_only_codes_that_scan() {
    let image = DynamicImage::ImageRgb8(noise(400));
    let content = CONTENTS[1];
    let codes = qr::generate(&image, &options(content, QrShape::LongSquare, 100, 2)).unwrap();
    for code in &codes {
        assert_scans_everywhere(code, content, &format!("noise image, strength {}", code.strength));
    }
    eprintln!("hostile image delivered at strengths {:?}", codes.iter().map(|c| c.strength).collect::<Vec<_>>());
}

#[test]
fn functional_patterns_stay_crisp() {
    let (_, image) = images().swap_remove(0);
    let code = &qr::generate(&image, &options(CONTENTS[0], QrShape::Circle, 100, 1)).unwrap()[0];
    let m = module_px(code);
    let grey = DynamicImage::ImageRgb8(code.image.clone()).to_luma8();
    // The top-left finder: a dark 7×7 ring, a light ring, a dark 3×3 core.
    let at = |mx: u32, my: u32| grey.get_pixel((4 + mx) * m + m / 2, (4 + my) * m + m / 2).0[0];
    for k in 0..7 {
        assert!(at(k, 0) < 60 && at(0, k) < 60 && at(k, 6) < 60 && at(6, k) < 60, "finder ring");
    }
    assert!(at(1, 1) > 200 && at(5, 1) > 200 && at(3, 3) < 60, "finder light ring and core");
}

#[test]
fn content_that_cannot_fit_is_refused() {
    let image = DynamicImage::ImageRgb8(logo(300));
    let too_long = "x".repeat(1274);
    let err = qr::generate(&image, &options(&too_long, QrShape::Square, 33, 1)).unwrap_err();
    assert_eq!(err, qr::QrError::ContentTooLong);
    assert!(!qr::content_fits(too_long.as_bytes()) && qr::content_fits(&too_long.as_bytes()[..1273]));
}

// ---- through the API, Redis and a worker ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn qr_art_task_through_api_redis_and_worker() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    app.wait_workers(1).await;
    let mut c = app.client();
    c.register_random().await;
    let (photo, _) = product_photo(800, 800);
    let image_url = c.upload_png(encode_png(&photo)).await;

    // Too long: refused at submission with the QR message, nothing queued.
    let long = "y".repeat(1300);
    let (status, body) = c
        .post_json(
            "/api/tasks",
            json!({ "bizType": "QR_CODE_ART", "params": { "content": long, "imageUrl": image_url } }),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["msg"].as_str().map(|m| m.contains("二维码内容过长")), Some(true), "{body}");

    let content = CONTENTS[0];
    let params = json!({ "content": content, "imageUrl": image_url, "shape": "LONG_CIRCLE", "topN": 2 });
    let (status, body) = c.post_json("/api/tasks", json!({ "bizType": "QR_CODE_ART", "params": params })).await;
    assert_eq!(status, 200, "{body}");
    let task_id = body["data"]["taskId"].as_str().unwrap().to_owned();
    let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["bizType"], "QR_CODE_ART");
    assert_eq!(task["params"]["strength"], 33);
    assert_eq!(task["params"]["shape"], "LONG_CIRCLE");
    let results = task["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{task}");
    for r in results {
        let (status, png) = c.get_bytes(r["url"].as_str().unwrap()).await;
        assert_eq!(status, 200);
        let img = image::load_from_memory_with_format(&png, ImageFormat::Png).unwrap().to_rgb8();
        assert!(img.width() >= 1024 * 9 / 10, "delivered at about 1024 px: {}", img.width());
        let grey = DynamicImage::ImageRgb8(img.clone()).to_luma8();
        assert_eq!(rxing_reads(&grey).as_deref(), Some(content));
        let quarter = imageops::resize(&grey, img.width() / 4, img.height() / 4, FilterType::Triangle);
        assert_eq!(rxing_reads(&quarter).as_deref(), Some(content), "quarter size");
        let mut jpeg = Cursor::new(Vec::new());
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 60).encode_image(&img).unwrap();
        let jpeg = image::load_from_memory_with_format(jpeg.get_ref(), ImageFormat::Jpeg).unwrap().to_luma8();
        assert_eq!(rxing_reads(&jpeg).as_deref(), Some(content), "JPEG q60");
    }
}
