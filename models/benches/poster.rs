//! Poster renderer benchmark: a 1080×1440 poster with a product cutout (with
//! its drop shadow) and four text slots, renderer alone (fonts loaded once
//! beforehand, as a worker does), median wall time of N runs.
//!
//!   cargo bench -p pixmart-models --bench poster     (or scripts/bench poster)
//!
//! Env: PIXMART_BENCH_RUNS (default 10).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use pixmart_models::poster::samples::{product, SampleProduct};
use pixmart_models::poster::{encode_png, library_sources, render, FontSet, PosterInputs, Template};

const TEMPLATE: &str = "new-arrival-minimal";

fn main() {
    let runs: usize = std::env::var("PIXMART_BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let t0 = Instant::now();
    let fonts = FontSet::debian().expect("Debian Noto fonts");
    let load = t0.elapsed();
    let (_, json) = library_sources().iter().find(|(stem, _)| *stem == TEMPLATE).unwrap();
    let template = Template::from_json(json).unwrap();
    assert_eq!((template.canvas.width, template.canvas.height), (1080, 1440));
    let texts = template.layers.iter().filter(|l| l.kind() == "text").count();
    assert!(texts >= 4, "{texts} text slots");
    let inputs = PosterInputs::default()
        .image("product", product(SampleProduct::Bottle, 900, 1200))
        .text("title", "春季焕新 水光精华")
        .text("subtitle", "72小时持续补水 · 敏感肌可用")
        .text("tag", "NEW ARRIVAL 2026")
        .text("cta", "立即抢先");
    // First render warms the glyph cache, as a worker's first job does.
    let t1 = Instant::now();
    let first = render(&template, &inputs, &fonts).unwrap();
    let cold = t1.elapsed();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let img = render(&template, &inputs, &fonts).unwrap();
            let d = t.elapsed();
            assert_eq!(img.as_raw(), first.as_raw(), "deterministic");
            d
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    let t2 = Instant::now();
    let png = encode_png(&first).unwrap();
    let encode = t2.elapsed();
    println!("poster 1080x1440, product + {texts} text slots");
    println!("  font set load      {:>8.1} ms", load.as_secs_f64() * 1e3);
    println!("  first render       {:>8.1} ms (cold glyph cache)", cold.as_secs_f64() * 1e3);
    println!(
        "  render (median {runs}) {:>8.1} ms  min {:.1} ms  max {:.1} ms",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3
    );
    println!("  PNG encode         {:>8.1} ms ({} KiB)", encode.as_secs_f64() * 1e3, png.len() / 1024);
}
