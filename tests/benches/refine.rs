//! Interactive cutout refinement latency (click keep / click remove) on a
//! 1024×1024 product photo: the pure `refine_mask` the worker runs per click
//! (working size 512, GMM colour models, min cut), median of N runs, against
//! the target of well under a second.
//!
//!   scripts/bench refine
//!   cargo bench -p pixmart-tests --bench refine
//!
//! Env: PIXMART_BENCH_RUNS (default 7), PIXMART_BENCH_SIZE (default 1024),
//! PIXMART_BENCH_WORK_SIDE (default the production 512).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use image::{GrayImage, Luma};
use pixmart_models::refine::{refine_mask, Click, RefineOptions};
use pixmart_tests::images::product_photo;

fn env_u32(name: &str, default: u32) -> u32 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let size = env_u32("PIXMART_BENCH_SIZE", 1024);
    let runs = env_u32("PIXMART_BENCH_RUNS", 7).max(1) as usize;
    let opts = RefineOptions { work_side: env_u32("PIXMART_BENCH_WORK_SIDE", 512), ..RefineOptions::default() };
    let (photo, truth) = product_photo(size, size);
    // The "model" mask: the truth plus a stray blob of background in a corner.
    let blob = size / 10;
    let mask = GrayImage::from_fn(size, size, |x, y| {
        let stray = x < blob * 2 && y < blob * 2 && x > blob / 2 && y > blob / 2;
        Luma([if stray { 255 } else { truth.get_pixel(x, y)[0] }])
    });
    let cases = [
        ("click remove (stray blob)", vec![Click { x: blob + blob / 4, y: blob + blob / 4, keep: false }]),
        ("click keep (on the product)", vec![Click { x: size / 2, y: size * 6 / 10, keep: true }]),
    ];
    println!("refine bench: {size}x{size}, working side {}, {runs} runs", opts.work_side);
    let mut worst = Duration::ZERO;
    for (name, clicks) in cases {
        let _ = refine_mask(&photo, &mask, &clicks, &opts).unwrap(); // warm-up
        let mut times: Vec<Duration> = (0..runs)
            .map(|_| {
                let t = Instant::now();
                let out = refine_mask(&photo, &mask, &clicks, &opts).unwrap();
                let took = t.elapsed();
                assert_eq!(out.dimensions(), (size, size));
                took
            })
            .collect();
        times.sort();
        let median = times[times.len() / 2];
        worst = worst.max(median);
        println!("{name:<30} median {:>6.0} ms  (min {:.0}, max {:.0})", ms(median), ms(times[0]), ms(times[runs - 1]));
    }
    let verdict = if worst < Duration::from_millis(1000) { "PASS" } else { "FAIL" };
    println!("RESULT refine {size}px: worst median {:.0} ms, target < 1000 ms: {verdict}", ms(worst));
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
