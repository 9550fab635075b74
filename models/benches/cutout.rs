//! Cutout benchmark: raw ISNet inference at its fixed 1024×1024 input (median
//! of N runs), plus the U²-Net(p) models and the full `run` on an 800×1000
//! photo for comparison.
//!
//!   cargo bench -p pixmart-models --bench cutout
//!
//! Env: PIXMART_BENCH_RUNS (default 5), PIXMART_BENCH_THREADS (default 2),
//! PIXMART_BENCH_MODELS (comma-separated ids, default "isnet,u2net,u2netp"),
//! plus PIXMART_MODELS_DIR / ORT_DYLIB_PATH as for the tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use image::DynamicImage;
use pixmart_models::{CutoutModelKind, CutoutSession};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn time_n(runs: usize, mut f: impl FnMut()) -> (Duration, Duration, Duration) {
    f(); // warm-up
    let times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    let (min, max) = (*times.iter().min().unwrap(), *times.iter().max().unwrap());
    (median(times), min, max)
}

fn main() {
    // `cargo bench` passes `--bench`; ignore arguments.
    let runs = env_usize("PIXMART_BENCH_RUNS", 5).max(1);
    let threads = env_usize("PIXMART_BENCH_THREADS", 2).max(1);
    let ids = std::env::var("PIXMART_BENCH_MODELS").unwrap_or_else(|_| "isnet,u2net,u2netp".into());
    common::init_runtime();
    let (img, _truth) = common::bottle_scene();
    let photo = DynamicImage::ImageRgb8(img.clone());
    println!("cutout bench: {runs} runs after 1 warm-up, {threads} intra-op threads");

    for id in ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let Some(kind) = CutoutModelKind::from_id(id) else {
            eprintln!("unknown model id {id}");
            std::process::exit(2);
        };
        let t = Instant::now();
        let session = CutoutSession::load(kind, &common::model_path(kind.file_name()), threads)
            .unwrap_or_else(|e| panic!("loading {id}: {e}"));
        let load = t.elapsed();
        let s = kind.input_size();
        let input = match kind {
            CutoutModelKind::IsNet => pixmart_models::isnet_preprocess(&img),
            _ => pixmart_models::u2net_preprocess(&img),
        };
        let (med, min, max) = time_n(runs, || {
            session.infer(&input).unwrap();
        });
        println!(
            "{id:>6}: inference at {s}x{s}: median {:.1} ms (min {:.1}, max {:.1}); load {:.0} ms",
            ms(med),
            ms(min),
            ms(max),
            ms(load)
        );
        let (med, _, _) = time_n(runs.min(3), || {
            session.run(&photo).unwrap();
        });
        println!(
            "{id:>6}: full run on {}x{} (pre + inference + post): median {:.1} ms",
            img.width(),
            img.height(),
            ms(med)
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
