//! QR art benchmark: time per delivered code.
//!
//! `pixmart_models::qr::generate` at the worker's delivered size (1024 px)
//! and its default options (strength 33, topN 4), for each image kind
//! (product photo, logo, scene) × each of the four shapes. A run draws the
//! candidates, decodes each with rqrr four times (as delivered, downscaled
//! to 25 %, blurred, JPEG q60), ranks and keeps the passing ones; the
//! figure reported is wall time / codes delivered. The hostile noise image
//! shows the cost of the retries at lower strengths.
//!
//!   scripts/bench qr
//!   cargo bench -p pixmart-tests --bench qr_art
//!
//! Env: PIXMART_BENCH_RUNS (timed runs per case after one warm-up, default
//! 3), PIXMART_BENCH_SIZE (delivered side, default 1024).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use image::DynamicImage;
use pixmart_models::qr::{self, QrArtOptions, QrShape};
use pixmart_tests::images::product_photo;
use pixmart_tests::qr_images::{logo, noise, scene};

fn env_u32(name: &str, default: u32) -> u32 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let runs = env_u32("PIXMART_BENCH_RUNS", 3).max(1);
    let size = env_u32("PIXMART_BENCH_SIZE", 1024);
    let content = "https://shop.pixmart.example/p/summer-linen-shirt?c=qr";
    let images = [
        ("product", DynamicImage::ImageRgb8(product_photo(1024, 1024).0)),
        ("logo", DynamicImage::ImageRgb8(logo(1024))),
        ("scene", DynamicImage::ImageRgb8(scene(1024))),
        ("noise", DynamicImage::ImageRgb8(noise(1024))),
    ];
    println!(
        "qr art: {size} px, strength 33, topN 4, {runs} runs per case (after 1 warm-up), content {} bytes",
        content.len()
    );
    println!("{:<8} {:<12} {:>9} {:>12} {:>12} {:>10}", "image", "shape", "codes", "per run", "per code", "strengths");
    let (mut total, mut codes_total) = (Duration::ZERO, 0usize);
    for (name, image) in &images {
        for shape in QrShape::ALL {
            let options = QrArtOptions { content: content.to_owned(), shape, strength: 33, top_n: 4, target_px: size };
            let _ = qr::generate(image, &options).unwrap();
            let mut elapsed = Duration::ZERO;
            let mut delivered = 0;
            let mut strengths = Vec::new();
            for _ in 0..runs {
                let t = Instant::now();
                let codes = qr::generate(image, &options).unwrap();
                elapsed += t.elapsed();
                delivered += codes.len();
                strengths = codes.iter().map(|c| c.strength).collect();
            }
            let per_run = elapsed / runs;
            let per_code = elapsed / delivered.max(1) as u32;
            println!(
                "{name:<8} {:<12} {:>9.1} {:>10.0}ms {:>10.0}ms {strengths:>10?}",
                format!("{shape:?}"),
                delivered as f64 / runs as f64,
                per_run.as_secs_f64() * 1e3,
                per_code.as_secs_f64() * 1e3,
            );
            if *name != "noise" {
                total += elapsed;
                codes_total += delivered;
            }
        }
    }
    println!(
        "time per delivered code (product, logo, scene; all shapes): {:.0} ms",
        total.as_secs_f64() * 1e3 / codes_total.max(1) as f64
    );
}
