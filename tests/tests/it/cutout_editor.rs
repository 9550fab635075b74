//! The cutout editor's server side through the API, Redis and a real worker:
//! click to remove refines the mask on a worker (fast job, reply over Redis)
//! well under a second; saving an empty mask answers "Mask Cannot Be
//! Empty！"; a valid mask replaces the mask and the cutout's alpha.
//! The finished cutout task (image + mask results) is written through the
//! task store with a small result (`pixmart_tests::fixtures`).

use std::time::Instant;

use image::{GrayImage, Luma, RgbaImage};
use pixmart_shared::domain::{ResultKind, UserId};
use pixmart_shared::storage::result_key;
use pixmart_tests::fixtures::{finished_cutout, png};
use pixmart_tests::images::product_photo;
use pixmart_tests::{TestApp, TestDatabase};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn click_refine_and_mask_save() {
    let (w, h) = (320u32, 240u32);
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let (_, info) = c.get("/api/user/info").await;
    let user = UserId(info["data"]["user"]["id"].as_i64().unwrap());

    // The "model" mask: the product plus a stray blob of backdrop.
    let (photo, truth) = product_photo(w, h);
    let stray = |x: u32, y: u32| (10..50).contains(&x) && (10..50).contains(&y);
    let mask = GrayImage::from_fn(w, h, |x, y| Luma([if stray(x, y) { 255 } else { truth.get_pixel(x, y)[0] }]));
    let cutout = RgbaImage::from_fn(w, h, |x, y| {
        let p = photo.get_pixel(x, y);
        image::Rgba([p[0], p[1], p[2], mask.get_pixel(x, y)[0]])
    });
    let id = finished_cutout(
        &app,
        user,
        &[
            (ResultKind::Image, "cutout.png", image::DynamicImage::ImageRgba8(cutout)),
            (ResultKind::Mask, "mask.png", image::DynamicImage::ImageLuma8(mask.clone())),
        ],
    )
    .await;
    let (image_key, mask_key) = (result_key(id, "cutout.png"), result_key(id, "mask.png"));
    app.start_worker();
    app.wait_workers(1).await;

    // Click to remove on the stray blob: answered with the refined PNG.
    let url = format!("{}/api/tasks/{id}/refine", app.base_url);
    let token = c.token.clone().unwrap();
    let http = reqwest::Client::new();
    let mut latencies = Vec::new();
    let mut refined = None;
    for _ in 0..3 {
        let started = Instant::now();
        let res = http
            .post(&url)
            .bearer_auth(&token)
            .json(&json!({ "clicks": [{ "x": 30, "y": 30, "keep": false }] }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "image/png");
        let body = res.bytes().await.unwrap();
        latencies.push(started.elapsed());
        refined = Some(image::load_from_memory(&body).unwrap().to_luma8());
    }
    eprintln!("refine round trips: {latencies:?}");
    let refined = refined.unwrap();
    assert_eq!(refined.dimensions(), (w, h));
    let on = |m: &GrayImage, x, y| m.get_pixel(x, y)[0] >= 128;
    assert!(!on(&refined, 30, 30) && !on(&refined, 12, 12) && !on(&refined, 47, 47), "stray blob removed");
    let iou = pixmart_models::mask_iou(&refined, &truth, 128);
    assert!(iou > 0.95, "product kept: IoU {iou:.3}");

    // Clicks outside the image are refused.
    let (status, body) =
        c.post_json(&format!("/api/tasks/{id}/refine"), json!({ "clicks": [{ "x": w, "y": 0, "keep": true }] })).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("INVALID_PARAM")), "{body}");

    // Saving: an empty mask is refused with the original app's message; a real one
    // replaces the mask and the cutout's alpha.
    let put = |data: Vec<u8>| {
        let form = reqwest::multipart::Form::new()
            .part("file", reqwest::multipart::Part::bytes(data).file_name("mask.png").mime_str("image/png").unwrap());
        http.put(format!("{}/api/tasks/{id}/mask", app.base_url)).bearer_auth(&token).multipart(form).send()
    };
    let res = put(png(&image::DynamicImage::ImageLuma8(GrayImage::new(w, h)))).await.unwrap();
    assert_eq!(res.status(), 400);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["error"], "MASK_EMPTY");
    assert_eq!(body["msg"], "Mask Cannot Be Empty！");
    // What a browser canvas exports when the mask is drawn in grey levels:
    // alpha 255 everywhere. Taking its alpha would keep the whole photo, so
    // it is refused and the cutout is untouched.
    let before = c.get_bytes(&format!("/api/files/{image_key}")).await.1;
    let etag =
        http.get(format!("{}/api/files/{image_key}", app.base_url)).bearer_auth(&token).send().await.unwrap().headers()
            ["etag"]
            .to_str()
            .unwrap()
            .to_owned();
    let opaque = image::RgbaImage::from_fn(w, h, |x, y| {
        let v = refined.get_pixel(x, y)[0];
        image::Rgba([v, v, v, 255])
    });
    let res = put(png(&image::DynamicImage::ImageRgba8(opaque))).await.unwrap();
    assert_eq!(res.status(), 400);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!((body["error"].as_str(), body["field"].as_str()), (Some("MASK_OPAQUE_ALPHA"), Some("mask")), "{body}");
    assert_eq!(c.get_bytes(&format!("/api/files/{image_key}")).await.1, before, "the cutout is untouched");
    // The editor's export: the mask in alpha (over white).
    let in_alpha = image::RgbaImage::from_fn(w, h, |x, y| image::Rgba([255, 255, 255, refined.get_pixel(x, y)[0]]));
    let res = put(png(&image::DynamicImage::ImageRgba8(in_alpha))).await.unwrap();
    assert_eq!(res.status(), 200);
    // Edited in place under the same key: a browser revalidating its copy
    // gets the new file, not a 304.
    let again = http
        .get(format!("{}/api/files/{image_key}", app.base_url))
        .bearer_auth(&token)
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 200);
    assert_eq!(again.headers()["cache-control"], "private, no-cache");
    let new_etag = again.headers()["etag"].to_str().unwrap().to_owned();
    assert_ne!(new_etag, etag);
    let unchanged = http
        .get(format!("{}/api/files/{image_key}", app.base_url))
        .bearer_auth(&token)
        .header("If-None-Match", &new_etag)
        .send()
        .await
        .unwrap();
    assert_eq!(unchanged.status(), 304);
    let (_, saved) = c.get_bytes(&format!("/api/files/{mask_key}")).await;
    assert_eq!(image::load_from_memory(&saved).unwrap().to_luma8(), refined);
    let (_, cut) = c.get_bytes(&format!("/api/files/{image_key}")).await;
    let cut = image::load_from_memory(&cut).unwrap().to_rgba8();
    assert_eq!(cut.get_pixel(30, 30)[3], refined.get_pixel(30, 30)[0]);
}
