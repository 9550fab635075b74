//! Photos as phones and cameras write them, through the API, the queue and
//! a worker with the real ISNet: EXIF orientations 1–8 in JPEG and PNG
//! eXIf, Display P3 and Adobe RGB profiles, CMYK JPEG, 16-bit PNG, and GPS
//! in EXIF. Every one must come back upright, in sRGB, with the original's
//! colours, and without the photo's metadata — on the cutout and on the
//! product image.

use std::time::Duration;

use image::{DynamicImage, RgbImage, RgbaImage};
use moxcms::ColorProfile;
use pixmart_tests::images::product_photo;
use pixmart_tests::photo_files;
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

const W: u32 = 1200;
const H: u32 = 1600;

async fn run(c: &TestClient, file: (&str, &str, Vec<u8>), biz: &str) -> (Value, Vec<u8>) {
    let (name, mime, data) = file;
    let (status, body) = c.upload(name, mime, data).await;
    assert_eq!(status, 200, "{name}: {body}");
    let url = body["data"]["urls"][0].as_str().unwrap().to_owned();
    let params = match biz {
        "MATTING_IMAGE" => json!({ "imageUrl": url }),
        _ => json!({ "imageUrl": url, "backgroundColor": "white" }),
    };
    let (s, b) = c.post_json("/api/tasks", json!({ "bizType": biz, "params": params })).await;
    assert_eq!(s, 200, "{name} {biz}: {b}");
    let task = c.wait_task(b["data"]["taskId"].as_str().unwrap(), Duration::from_secs(180)).await;
    assert_eq!(task["status"], "SUCCESS", "{name} {biz}: {task}");
    let result = task["results"].as_array().unwrap().iter().find(|r| r["kind"] == "image").unwrap().clone();
    let (status, bytes) = c.get_bytes(result["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    (result, bytes)
}

/// Mean absolute RGB difference over the product (truth mask at 255,
/// eroded by a few pixels so edges do not count), per channel level.
fn product_colour_error(out: &RgbaImage, photo: &RgbImage, truth: &image::GrayImage) -> f64 {
    let (mut sum, mut n) = (0f64, 0u64);
    for (x, y, m) in truth.enumerate_pixels() {
        let inner = m[0] == 255
            && [(-4i32, 0i32), (4, 0), (0, -4), (0, 4)].iter().all(|(dx, dy)| {
                truth.get_pixel_checked((x as i32 + dx) as u32, (y as i32 + dy) as u32).is_some_and(|p| p[0] == 255)
            });
        if inner {
            let (a, b) = (out.get_pixel(x, y), photo.get_pixel(x, y));
            sum += (0..3).map(|c| f64::from(a[c].abs_diff(b[c]))).sum::<f64>() / 3.0;
            n += 1;
        }
    }
    sum / n.max(1) as f64
}

/// Metadata a result must not carry: EXIF (PNG eXIf, JPEG APP1), the GPS
/// canary, an embedded profile other than none.
fn assert_no_metadata(bytes: &[u8], what: &str) {
    let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    assert!(!has(b"eXIf") && !has(b"Exif\0"), "{what}: result carries EXIF");
    assert!(!has(b"GPS-LEAK-CANARY"), "{what}: result carries the photo's GPS data");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_orientation_profile_and_depth_comes_back_upright_in_srgb() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    app.wait_workers(1).await;
    let mut c = app.client();
    c.register_random().await;
    let (photo, truth) = product_photo(W, H);

    let mut files: Vec<(String, &str, Vec<u8>)> = Vec::new();
    for o in 1..=8u16 {
        files.push((format!("orientation-{o}.jpg"), "image/jpeg", photo_files::jpeg_oriented(&photo, o)));
    }
    files.push(("png-exif-6.png".into(), "image/png", photo_files::png_oriented(&photo, 6)));
    files.push(("png-exif-8.png".into(), "image/png", photo_files::png_oriented(&photo, 8)));
    files.push((
        "display-p3.jpg".into(),
        "image/jpeg",
        photo_files::jpeg_in_profile(&photo, &ColorProfile::new_display_p3()),
    ));
    files.push((
        "adobe-rgb.jpg".into(),
        "image/jpeg",
        photo_files::jpeg_in_profile(&photo, &ColorProfile::new_adobe_rgb()),
    ));
    files.push(("cmyk.jpg".into(), "image/jpeg", photo_files::jpeg_cmyk(&photo)));
    files.push(("16-bit.png".into(), "image/png", photo_files::png_16bit(&photo)));
    files.push(("gps.jpg".into(), "image/jpeg", photo_files::jpeg_with_gps(&photo)));

    for (name, mime, data) in files {
        // The cutout keeps the photo's pixels: they must be the original's.
        let (result, bytes) = run(&c, (&name, mime, data.clone()), "MATTING_IMAGE").await;
        assert_eq!(
            (result["width"].as_u64(), result["height"].as_u64()),
            (Some(u64::from(W)), Some(u64::from(H))),
            "{name}"
        );
        assert_no_metadata(&bytes, &name);
        let cutout = image::load_from_memory(&bytes).unwrap().to_rgba8();
        let alpha = image::GrayImage::from_fn(W, H, |x, y| image::Luma([cutout.get_pixel(x, y)[3]]));
        let iou = pixmart_models::mask_iou(&alpha, &truth, 128);
        assert!(iou > 0.9, "{name}: cutout IoU {iou:.3} (turned or lost?)");
        // JPEG at q95 moves values by a level or two; a missed profile or
        // CMYK inversion moves them by tens.
        let err = product_colour_error(&cutout, &photo, &truth);
        assert!(err < 4.0, "{name}: product colours differ from the original by {err:.1} levels");

        // The product image is laid out upright too (the subject is taller
        // than wide, as in the photo) and carries no metadata.
        let (result, bytes) = run(&c, (&name, mime, data), "PRODUCT_IMAGE").await;
        assert_no_metadata(&bytes, &format!("{name} product image"));
        let img: DynamicImage = image::load_from_memory(&bytes).unwrap();
        assert_eq!(u64::from(img.width()), result["width"].as_u64().unwrap());
        let (w, h) = subject_extent(&img.to_rgb8());
        assert!(h > w, "{name}: product image subject is {w}x{h}, the photo's product is upright and taller than wide");
    }
}

/// Width and height of the saturated (product) pixels.
fn subject_extent(img: &RgbImage) -> (u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in img.enumerate_pixels() {
        let [r, g, b] = p.0.map(i32::from);
        if r.max(g).max(b) - r.min(g).min(b) > 60 {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    (x1.saturating_sub(x0), y1.saturating_sub(y0))
}
