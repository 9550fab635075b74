//! A 1080×1440 poster with a product cutout and four text slots
//! (`new-arrival-minimal`), measured two ways in one process, interleaved
//! run by run so both see the same machine load:
//!
//! - end to end: `POST /api/tasks` (PLACARD_GEN) until the task reads
//!   SUCCESS through the API, with Redis and a worker running the real
//!   ISNet (the cutout of the product photo, the render, PNG and WebP,
//!   storage and the database);
//! - renderer alone: `poster::render` of the same template with a product
//!   picture already cut out, fonts loaded once (models/benches/poster.rs
//!   measures the renderer in more detail).
//!
//! It reports medians and their ratio; it asserts nothing about speed.
//!
//!   scripts/bench poster
//!   cargo bench -p pixmart-tests --bench poster
//!
//! Env: PIXMART_BENCH_RUNS (timed runs after 1 warm-up each, default 5),
//! plus PIXMART_MODELS_DIR / ORT_DYLIB_PATH as for the tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use pixmart_models::poster::samples::{product, SampleProduct};
use pixmart_models::poster::{library_sources, render, FontSet, PosterInputs, Template};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestDatabase};
use serde_json::json;

const TEMPLATE: &str = "new-arrival-minimal";
const TEXTS: [(&str, &str); 4] = [
    ("title", "春季焕新 水光精华"),
    ("subtitle", "72小时持续补水 · 敏感肌可用"),
    ("tag", "NEW ARRIVAL 2026"),
    ("cta", "立即抢先"),
];

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    rt.block_on(bench());
}

async fn bench() {
    let runs: usize = std::env::var("PIXMART_BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(5).max(1);
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("PLACARD_GEN", "available").await;
    let (photo, _) = product_photo(1000, 1200);
    let url = c.upload_png(encode_png(&photo)).await;
    let texts: serde_json::Map<String, serde_json::Value> =
        TEXTS.iter().map(|(k, v)| ((*k).into(), json!(v))).collect();
    let params = json!({ "templateId": TEMPLATE, "texts": texts, "images": { "product": url } });

    let fonts = FontSet::debian().expect("the Debian Noto fonts (apt-get install fonts-noto-cjk)");
    let (_, doc) = library_sources().iter().find(|(stem, _)| *stem == TEMPLATE).unwrap();
    let template = Template::from_json(doc).unwrap();
    let mut inputs = PosterInputs::default().image("product", product(SampleProduct::Bottle, 600, 740));
    for (slot, text) in TEXTS {
        inputs = inputs.text(slot, text);
    }

    let (mut end_to_end, mut renderer) = (Vec::new(), Vec::new());
    for run in 0..=runs {
        let t = Instant::now();
        let (status, body) = c.post_json("/api/tasks", json!({ "bizType": "PLACARD_GEN", "params": params })).await;
        assert_eq!(status, 200, "{body}");
        let task = c.wait_task(body["data"]["taskId"].as_str().unwrap(), Duration::from_secs(300)).await;
        assert_eq!(task["status"], "SUCCESS", "{task}");
        let e2e = t.elapsed();
        let t = Instant::now();
        let img = render(&template, &inputs, &fonts).unwrap();
        let alone = t.elapsed();
        assert_eq!(img.dimensions(), (1080, 1440));
        if run > 0 {
            end_to_end.push(e2e);
            renderer.push(alone);
        }
    }
    let (e2e, alone) = (median(&mut end_to_end), median(&mut renderer));
    println!("poster 1080x1440 ({TEMPLATE}), product cutout + 4 text slots, {runs} runs after a warm-up each");
    println!("  end to end (submit -> SUCCESS, ISNet cutout, render, PNG + WebP)  median {:>8.1} ms", ms(e2e));
    println!("  renderer alone (product already cut out, fonts loaded)           median {:>8.1} ms", ms(alone));
    println!("  end to end / renderer alone: {:.2}", e2e.as_secs_f64() / alone.as_secs_f64());
}
