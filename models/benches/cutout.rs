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
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// CPU time (user + system, all threads) of this process, from
/// /proc/self/stat; `None` off Linux. Less disturbed than wall time when
/// other work shares the machine.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // fields after the `(comm)`: state is field 3, utime 14, stime 15
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10)) // USER_HZ is 100 on Linux
}

struct Timing {
    median: Duration,
    min: Duration,
    max: Duration,
    cpu_per_run: Option<Duration>,
}

fn time_n(runs: usize, mut f: impl FnMut()) -> Timing {
    f(); // warm-up
    let cpu0 = cpu_time();
    let times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    let cpu_per_run = cpu0.zip(cpu_time()).map(|(a, b)| (b - a) / runs as u32);
    let (min, max) = (*times.iter().min().unwrap(), *times.iter().max().unwrap());
    Timing { median: median(times), min, max, cpu_per_run }
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
        let t = time_n(runs, || {
            session.infer(&input).unwrap();
        });
        println!(
            "{id:>6}: inference at {s}x{s}: median {:.1} ms (min {:.1}, max {:.1}; CPU {:.0} ms/run); load {:.0} ms",
            ms(t.median),
            ms(t.min),
            ms(t.max),
            t.cpu_per_run.map_or(f64::NAN, ms),
            ms(load)
        );
        let t = time_n(runs, || {
            session.run(&photo).unwrap();
        });
        println!(
            "{id:>6}: full run on {}x{} (pre + inference + post): median {:.1} ms (min {:.1})",
            img.width(),
            img.height(),
            ms(t.median),
            ms(t.min)
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
