//! Inpainting benchmark: a 1024×1024 table-top scene (lit wall, table with
//! grain, a patterned cloth) with a 20 % hole (an upright ellipse where a
//! removed product stood), median wall time of N runs, and CPU time.
//!
//!   cargo bench -p pixmart-models --bench inpaint     (or scripts/bench inpaint)
//!
//! Env: PIXMART_BENCH_RUNS (default 3), PIXMART_BENCH_THREADS (default 0 =
//! all cores), PIXMART_BENCH_SIZE (default 1024).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use image::{GrayImage, Luma, Rgb, RgbImage};
use pixmart_models::inpaint::{inpaint_with, InpaintOptions};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

fn scene(n: u32) -> RgbImage {
    let edge = n * 3 / 5;
    RgbImage::from_fn(n, n, |x, y| {
        let (fx, fy) = (x as f32 / n as f32, y as f32 / n as f32);
        if y < edge {
            let v = 220.0 - 60.0 * fy - 25.0 * fx + 3.0 * ((x ^ y) % 7) as f32 / 7.0;
            Rgb([v as u8, (v - 5.0) as u8, (v - 12.0) as u8])
        } else if x > n / 2 && y > edge + n / 8 {
            // A checked cloth on the table.
            let c = ((x / (n / 32)) + (y / (n / 32))).is_multiple_of(2);
            if c {
                Rgb([200, 60, 60])
            } else {
                Rgb([235, 225, 215])
            }
        } else {
            let grain = 7.0 * ((y as f32 * 0.8).sin() + 0.5 * (y as f32 * 0.31 + fx * 5.0).sin());
            let v = 150.0 - 40.0 * (fy - 0.6) + grain;
            Rgb([v as u8, (v * 0.72) as u8, (v * 0.5) as u8])
        }
    })
}

/// Ellipse of 20 % of the image area centred where a product would stand.
fn hole(n: u32) -> GrayImage {
    let area = 0.2 * (n as f32).powi(2);
    let (a, b) = ((area / std::f32::consts::PI / 1.6).sqrt(), (area / std::f32::consts::PI * 1.6).sqrt());
    let (cx, cy) = (n as f32 * 0.45, n as f32 * 0.5);
    GrayImage::from_fn(n, n, |x, y| {
        let (dx, dy) = ((x as f32 - cx) / a, (y as f32 - cy) / b);
        Luma([if dx * dx + dy * dy <= 1.0 { 255 } else { 0 }])
    })
}

fn main() {
    let runs = env_usize("PIXMART_BENCH_RUNS", 3).max(1);
    let threads = env_usize("PIXMART_BENCH_THREADS", 0);
    let n = env_usize("PIXMART_BENCH_SIZE", 1024) as u32;
    let image = scene(n);
    let mask = hole(n);
    let frac = mask.as_raw().iter().filter(|&&v| v == 255).count() as f64 / (n as f64 * n as f64);
    let opts = InpaintOptions { threads, ..InpaintOptions::default() };
    let _ = inpaint_with(&image, &mask, &opts); // warm-up
    let cpu0 = cpu_time();
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let out = inpaint_with(&image, &mask, &opts);
        times.push(t.elapsed());
        std::hint::black_box(out);
    }
    let cpu = cpu_time().zip(cpu0).map(|(b, a)| (b - a) / runs as u32);
    times.sort();
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    println!(
        "inpaint {n}x{n}, hole {:.1} %, threads {} of {cores} cores: median {:.0} ms (min {:.0}, max {:.0}) over {runs} runs; CPU per run {}",
        frac * 100.0,
        if threads == 0 { cores } else { threads },
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        cpu.map_or("n/a".into(), |c| format!("{:.0} ms", c.as_secs_f64() * 1e3)),
    );
    if let Some(dir) = std::env::var_os("PIXMART_BENCH_SAVE") {
        let out = inpaint_with(&image, &mask, &opts);
        let dir = std::path::PathBuf::from(dir);
        image.save(dir.join("inpaint-bench-input.png")).unwrap();
        out.save(dir.join("inpaint-bench-output.png")).unwrap();
    }
}
