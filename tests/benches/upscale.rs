//! 2K upscale benchmark: Real-ESRGAN x4plus, 512×512 → 2048×2048 (the
//! worker's download path: tiled ×4, then Lanczos to the exact long side),
//! with the time per tile and the process's peak memory (VmHWM from
//! /proc/self/status) before and after, against MODELS.md's untiled figure
//! (~72 s, 3.1 GB on 2 cores).
//!
//!   scripts/bench upscale
//!   cargo bench -p pixmart-tests --bench upscale
//!
//! Env: PIXMART_BENCH_SIZE (source side, default 512), PIXMART_BENCH_TILE
//! (tile core, default the worker's 192; 0 = one tile, untiled),
//! PIXMART_BENCH_OVERLAP (default 16), PIXMART_BENCH_RUNS (default 1), plus
//! PIXMART_MODELS_DIR / ORT_DYLIB_PATH as for the tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use image::DynamicImage;
use pixmart_models::upscale::{TileOptions, UpscaleSession, REALESRGAN_X4PLUS_FILE};
use pixmart_models::OrtRuntime;
use pixmart_tests::app::test_settings;
use pixmart_tests::images::product_photo;

fn env_u32(name: &str, default: u32) -> u32 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Peak resident memory of this process so far, in MiB.
fn vm_hwm_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn main() {
    let size = env_u32("PIXMART_BENCH_SIZE", 512);
    let defaults = TileOptions::default();
    let tile = match env_u32("PIXMART_BENCH_TILE", defaults.tile) {
        0 => size,
        t => t,
    };
    let overlap = env_u32("PIXMART_BENCH_OVERLAP", defaults.overlap);
    let runs = env_u32("PIXMART_BENCH_RUNS", 1).max(1);

    let scratch = tempfile::tempdir().unwrap();
    let settings = test_settings("sqlite::memory:", "redis://127.0.0.1:1", scratch.path());
    let threads = settings.models.intra_threads.max(1);
    let dylib = settings.models.ort_dylib_path.clone().expect("ONNX Runtime not found: run scripts/fetch-models");
    OrtRuntime::init(&dylib).unwrap();
    let model = settings.models.dir.join(REALESRGAN_X4PLUS_FILE);
    let session = UpscaleSession::load(&model, threads)
        .unwrap_or_else(|e| panic!("{}: {e}; run scripts/fetch-models", model.display()));
    let (photo, _) = product_photo(size, size);
    let image = DynamicImage::ImageRgb8(photo);
    let before = vm_hwm_mib();
    println!("upscale bench: {size}x{size} -> long side 2048, tile {tile} + {overlap} px overlap, {threads} threads");
    println!("peak RSS after loading the model: {:.0} MiB", before.unwrap_or(f64::NAN));

    let mut times = Vec::new();
    for run in 0..runs {
        let start = Instant::now();
        let mut tiles = 0;
        let out = session
            .upscale_to_long_side(&image, 2048, TileOptions { tile, overlap }, |_, total| tiles = total)
            .unwrap();
        let took = start.elapsed();
        assert_eq!(out.width().max(out.height()), 2048);
        println!(
            "run {run}: {:.1} s ({tiles} tiles, {:.2} s/tile), output {}x{}",
            took.as_secs_f64(),
            took.as_secs_f64() / tiles.max(1) as f64,
            out.width(),
            out.height()
        );
        times.push(took);
    }
    times.sort();
    let median: Duration = times[times.len() / 2];
    let after = vm_hwm_mib();
    println!(
        "RESULT upscale {size}->2048: median {:.1} s; peak RSS {:.0} MiB (model loaded: {:.0} MiB, so the upscale added {:.0} MiB); MODELS.md untiled: ~72 s, 3.1 GB",
        median.as_secs_f64(),
        after.unwrap_or(f64::NAN),
        before.unwrap_or(f64::NAN),
        after.zip(before).map(|(a, b)| a - b).unwrap_or(f64::NAN)
    );
}
