//! Cutout speed beside rembg: `scripts/bench cutout --peer`.
//!
//! Ours, end to end, through the real product: an API (own redis-server,
//! SQLite in a temporary directory) and a real worker process
//! (`pixmart-fleet-worker`, the `pixmart-worker` program); each photo is
//! uploaded once, then each run submits a cutout (`POST /api/tasks`) and
//! polls `GET /api/tasks/{id}` every 20 ms until SUCCESS. The peer: rembg
//! 2.0.86 (PyPI) in one Python process (`tests/cutout_eval/rembg_speed.py`),
//! a session created once per model on the same weight files with the same
//! thread count, timing `rembg.remove(file_bytes, session=...)`: the photo's
//! file in, the cutout PNG out (ours delivers a cutout PNG and a mask PNG).
//!
//! The two alternate on the same photos, round by round (which goes first
//! alternates too), so both see the same machine load. Reported per worker
//! configuration, photo and model: the medians, `ours / rembg` of the
//! medians and the median over rounds of the paired ratio (each of our runs
//! against the rembg run beside it), against the target of 0.8.
//! Models: `isnet` and `u2net` beside rembg's on the same file, `fused`
//! (pixmart's default: ISNet and U²-Net) beside rembg's ISNet.
//!
//! Worker configurations (`PIXMART_BENCH_PEER_CONFIGS`, in order; each runs
//! in a fresh worker process): `baseline` (the fp16 file as it is, ONNX
//! Runtime's spinning threads, everything one after the other, no warm-up:
//! the worker before the speed work), `fp32` (+ ISNet rewritten to fp32 at
//! load), `nospin` (+ no spinning), `tuned` (+ parallel encoding and fused
//! U²-Net beside ISNet, warm-up: the defaults).
//!
//!   scripts/bench cutout --peer
//!   cargo bench -p pixmart-tests --bench cutout_peer
//!
//! Env: PIXMART_BENCH_RUNS (timed rounds after 1 warm-up round, default 3),
//! PIXMART_BENCH_PEER_SIZES (photos, default "1600x1600,3024x4032": JPEGs of
//! generated product photos, the second phone-sized), PIXMART_BENCH_PEER_MODELS
//! (default "isnet,u2net,fused"), PIXMART_BENCH_PEER_CONFIGS (default
//! "tuned"; "baseline,fp32,nospin,tuned" for the lever table),
//! PIXMART_BENCH_PEER_IMAGE_WORK (0: skip the in-process timing of the
//! worker's image work per photo, printed last),
//! PIXMART_BENCH_PEER_PYTHONPATH (where rembg is installed; scripts/bench
//! installs it), PIXMART_BENCH_THREADS (both sides' intra-op threads, default
//! the worker's `models.intra_threads`), plus PIXMART_MODELS_DIR /
//! ORT_DYLIB_PATH as for the tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use image::codecs::jpeg::JpegEncoder;
use pixmart_tests::images::product_photo;
use pixmart_tests::{TestApp, TestClient, TestDatabase, WorkerProcess};

const WORKER: &str = env!("CARGO_BIN_EXE_pixmart-fleet-worker");
/// The target: ours at most 0.8 × rembg's time.
const TARGET: f64 = 0.8;
const TASK_TIMEOUT: Duration = Duration::from_secs(600);
const CLIENT_POLL: Duration = Duration::from_millis(20);

fn env_str(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty()).unwrap_or_else(|| default.to_owned())
}

fn list(name: &str, default: &str) -> Vec<String> {
    env_str(name, default).split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "n/a".into())
}

/// A worker configuration: the settings it changes from the defaults.
/// Cumulative: each lever undoes one of the baseline's settings.
fn config_env(name: &str) -> Vec<(&'static str, &'static str)> {
    const FP16: (&str, &str) = ("PIXMART__MODELS__CUTOUT_FP32", "false");
    const SPIN: (&str, &str) = ("PIXMART__MODELS__ORT_SPINNING", "true");
    const SERIAL: (&str, &str) = ("PIXMART__MODELS__CUTOUT_PARALLEL", "false");
    const COLD: (&str, &str) = ("PIXMART__MODELS__WARM_UP", "false");
    match name {
        "baseline" => vec![FP16, SPIN, SERIAL, COLD],
        "fp32" => vec![SPIN, SERIAL, COLD],
        "nospin" => vec![SERIAL, COLD],
        "tuned" => vec![("PIXMART__MODELS__WARM_UP", "true")],
        other => {
            eprintln!("unknown configuration {other:?}: expected baseline, fp32, nospin or tuned");
            std::process::exit(2);
        }
    }
}

/// The rembg peer process.
struct Peer {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Peer {
    fn start(models_dir: &Path, threads: usize) -> Self {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("cutout_eval/rembg_speed.py");
        let mut cmd = Command::new(std::env::var("PIXMART_PYTHON").unwrap_or_else(|_| "python3".into()));
        cmd.arg(&script).arg(models_dir).arg(threads.to_string());
        if let Ok(path) = std::env::var("PIXMART_BENCH_PEER_PYTHONPATH") {
            cmd.env("PYTHONPATH", path);
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", script.display()));
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Peer { child, stdin, stdout }
    }

    /// rembg's seconds for one cutout of `photo` with `model`.
    fn remove(&mut self, model: &str, photo: &Path) -> f64 {
        writeln!(self.stdin, "{model} {}", photo.display()).unwrap();
        self.stdin.flush().unwrap();
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        match line.trim().strip_prefix("ok ") {
            Some(secs) => secs.parse().unwrap(),
            None => panic!(
                "rembg peer failed: {line:?} (is rembg installed? scripts/bench cutout --peer installs it; \
                 PIXMART_BENCH_PEER_PYTHONPATH)"
            ),
        }
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One submit → SUCCESS, in seconds.
async fn ours_once(client: &TestClient, image_url: &str, model: &str) -> f64 {
    let t0 = Instant::now();
    let task_id = client.submit_cutout(image_url, Some(model)).await;
    loop {
        let (status, body) = client.get(&format!("/api/tasks/{task_id}")).await;
        assert_eq!(status, 200, "{body}");
        match body["data"]["status"].as_str() {
            Some("SUCCESS") => return t0.elapsed().as_secs_f64(),
            Some(other @ ("FAILED" | "TIMEOUT")) => panic!("task {task_id} ended {other}: {body}"),
            _ => {}
        }
        assert!(t0.elapsed() < TASK_TIMEOUT, "task {task_id} not done after {TASK_TIMEOUT:?}: {body}");
        tokio::time::sleep(CLIENT_POLL).await;
    }
}

fn secs<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let out = f();
    (out, t.elapsed().as_secs_f64())
}

/// The worker's image work on one photo, in this process, median of `runs`
/// (the resizing levers: `image`'s triangle filter, which the worker used
/// before, against `pixmart_models::resize`; PNG encoding as the worker
/// does it, and at `image`'s balanced level for comparison).
fn image_work(jpeg: &[u8], runs: usize) -> Vec<(&'static str, f64)> {
    use image::imageops::FilterType::Triangle;
    use image::{DynamicImage, GrayImage};
    use pixmart_models::resize::resize_triangle;
    use std::hint::black_box;
    let rules = pixmart_shared::domain::UploadRules::SPEC;
    let decode = || {
        pixmart_shared::domain::upload::decode_bounded(
            jpeg,
            pixmart_shared::domain::ImageFormat::Jpeg,
            rules.max_side,
            rules.max_decode_alloc,
        )
        .unwrap()
    };
    let rgb = decode().into_rgb8();
    let (w, h) = rgb.dimensions();
    let mask = GrayImage::from_fn(1024, 1024, |x, y| image::Luma([if (x / 64 + y / 64) % 2 == 0 { 255 } else { 0 }]));
    let full_mask = GrayImage::from_raw(w, h, resize_triangle(mask.as_raw(), (1024, 1024), 1, (w, h))).unwrap();
    let cutout = pixmart_models::compose_cutout(&rgb, &full_mask).unwrap();
    let png = |img: DynamicImage, c: image::codecs::png::CompressionType| {
        let mut out = Vec::new();
        let enc =
            image::codecs::png::PngEncoder::new_with_quality(&mut out, c, image::codecs::png::FilterType::Adaptive);
        img.write_with_encoder(enc).unwrap();
        out.len()
    };
    type Step<'a> = (&'static str, Box<dyn Fn() + 'a>);
    let steps: Vec<Step<'_>> = vec![
        (
            "decode the JPEG upload",
            Box::new(|| {
                black_box(decode());
            }),
        ),
        (
            "to 1024² for ISNet: image resize_exact Triangle (before)",
            Box::new(|| {
                black_box(DynamicImage::ImageRgb8(rgb.clone()).resize_exact(1024, 1024, Triangle));
            }),
        ),
        (
            "to 1024² for ISNet: pixmart_models::resize (now)",
            Box::new(|| {
                black_box(resize_triangle(rgb.as_raw(), (w, h), 3, (1024, 1024)));
            }),
        ),
        (
            "mask 1024² to the photo: image resize_exact Triangle (before)",
            Box::new(|| {
                black_box(DynamicImage::ImageLuma8(mask.clone()).resize_exact(w, h, Triangle));
            }),
        ),
        (
            "mask 1024² to the photo: pixmart_models::resize (now)",
            Box::new(|| {
                black_box(resize_triangle(mask.as_raw(), (1024, 1024), 1, (w, h)));
            }),
        ),
        (
            "compose the RGBA cutout",
            Box::new(|| {
                black_box(pixmart_models::compose_cutout(&rgb, &full_mask));
            }),
        ),
        (
            "encode cutout PNG, fast (the worker's)",
            Box::new(|| {
                black_box(png(DynamicImage::ImageRgba8(cutout.clone()), image::codecs::png::CompressionType::Fast));
            }),
        ),
        (
            "encode cutout PNG, balanced (zlib-6-like, as rembg's PIL)",
            Box::new(|| {
                black_box(png(DynamicImage::ImageRgba8(cutout.clone()), image::codecs::png::CompressionType::Default));
            }),
        ),
        (
            "encode mask PNG, fast (the worker's)",
            Box::new(|| {
                black_box(png(DynamicImage::ImageLuma8(full_mask.clone()), image::codecs::png::CompressionType::Fast));
            }),
        ),
    ];
    steps.into_iter().map(|(label, f)| (label, median((0..runs).map(|_| secs(&f).1).collect()))).collect()
}

/// rembg's model beside one of ours.
fn peer_model(ours: &str) -> &'static str {
    match ours {
        "u2net" => "u2net",
        "u2netp" => "u2netp",
        _ => "isnet",
    }
}

struct Photo {
    label: String,
    path: PathBuf,
    url: String,
    jpeg: Vec<u8>,
}

#[derive(Default)]
struct Cell {
    ours: Vec<f64>,
    peer: Vec<f64>,
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    rt.block_on(bench());
}

async fn bench() {
    let runs = env_str("PIXMART_BENCH_RUNS", "3").parse::<usize>().unwrap_or(3).max(1);
    let sizes = list("PIXMART_BENCH_PEER_SIZES", "1600x1600,3024x4032");
    let models = list("PIXMART_BENCH_PEER_MODELS", "isnet,u2net,fused");
    let configs = list("PIXMART_BENCH_PEER_CONFIGS", "tuned");
    for c in &configs {
        config_env(c);
    }

    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let threads: usize =
        env_str("PIXMART_BENCH_THREADS", &app.settings.models.intra_threads.to_string()).parse().unwrap_or(2).max(1);
    app.settings.models.intra_threads = threads;
    let models_dir = app.settings.models.dir.clone();
    let scratch = tempfile::tempdir().unwrap();

    let mut client = app.client();
    client.register_random().await;
    let mut photos = Vec::new();
    for size in &sizes {
        let (w, h) = size
            .split_once('x')
            .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
            .unwrap_or_else(|| panic!("PIXMART_BENCH_PEER_SIZES: {size:?} is not WxH"));
        let (mut photo, _) = product_photo(w, h);
        // Sensor-like noise (±4 levels), so the JPEG has a camera photo's
        // size (the upload rules want 500 KB..10 MB).
        let mut seed = 0x2545_f491_u32;
        for v in photo.iter_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            *v = v.saturating_add_signed((seed % 9) as i8 - 4);
        }
        let mut jpeg = Vec::new();
        JpegEncoder::new_with_quality(&mut jpeg, 92).encode_image(&photo).unwrap();
        let path = scratch.path().join(format!("photo-{w}x{h}.jpg"));
        std::fs::write(&path, &jpeg).unwrap();
        let (status, body) = client.upload(&format!("photo-{w}x{h}.jpg"), "image/jpeg", jpeg.clone()).await;
        assert_eq!(status, 200, "{body}");
        let url = body["data"]["urls"][0].as_str().unwrap().to_owned();
        photos.push(Photo { label: format!("{w}x{h} JPEG ({:.1} MB)", jpeg.len() as f64 / 1e6), path, url, jpeg });
    }

    let mut peer = Peer::start(&models_dir, threads);
    println!(
        "cutout speed beside rembg 2.0.86 (in process, same weight files, {threads} intra-op threads both sides); \
         {runs} rounds after 1 warm-up round; ours end to end (API + redis-server + SQLite + worker process)"
    );
    println!(
        "load average at start: {}; {} CPUs",
        load_average(),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );

    // results[config][photo][model]
    let mut results: Vec<Vec<Vec<Cell>>> = Vec::new();
    for config in &configs {
        let threads_env = threads.to_string();
        let mut env: Vec<(&str, &str)> = config_env(config);
        env.push(("PIXMART__MODELS__INTRA_THREADS", &threads_env));
        let worker = WorkerProcess::spawn_with_env(WORKER, &app.settings, 600, &[], &env);
        eprintln!("config {config}: worker {} ({env:?})", worker.pid);
        let mut cells: Vec<Vec<Cell>> =
            photos.iter().map(|_| models.iter().map(|_| Cell::default()).collect()).collect();
        for round in 0..=runs {
            for (p, photo) in photos.iter().enumerate() {
                // rembg's ISNet run serves both isnet and fused: one per round.
                let mut peer_cache: Vec<(&str, f64)> = Vec::new();
                for (m, model) in models.iter().enumerate() {
                    let pm = peer_model(model);
                    let ours_first = round % 2 == 0;
                    let mut peer_time = |peer: &mut Peer| match peer_cache.iter().find(|(k, _)| *k == pm) {
                        Some(&(_, t)) => t,
                        None => {
                            let t = peer.remove(pm, &photo.path);
                            peer_cache.push((pm, t));
                            t
                        }
                    };
                    let (ours, theirs) = if ours_first {
                        let o = ours_once(&client, &photo.url, model).await;
                        (o, peer_time(&mut peer))
                    } else {
                        let t = peer_time(&mut peer);
                        (ours_once(&client, &photo.url, model).await, t)
                    };
                    eprintln!(
                        "  {config} round {round}{} {} {model}: ours {ours:.2} s, rembg {pm} {theirs:.2} s",
                        if round == 0 { " (warm-up)" } else { "" },
                        photo.label
                    );
                    if round > 0 {
                        cells[p][m].ours.push(ours);
                        cells[p][m].peer.push(theirs);
                    }
                }
            }
        }
        drop(worker);
        results.push(cells);
    }

    println!();
    println!(
        "  {:<8} {:<26} {:<7} {:>10} {:>10} {:>12} {:>8}",
        "config", "photo", "model", "ours s", "rembg s", "ours/rembg", "paired"
    );
    let mut summary = Vec::new();
    for (c, config) in configs.iter().enumerate() {
        for (m, model) in models.iter().enumerate() {
            let mut paired_all = Vec::new();
            for (p, photo) in photos.iter().enumerate() {
                let cell = &results[c][p][m];
                let (o, t) = (median(cell.ours.clone()), median(cell.peer.clone()));
                let paired: Vec<f64> = cell.ours.iter().zip(&cell.peer).map(|(o, t)| o / t).collect();
                paired_all.extend(paired.iter().copied());
                println!(
                    "  {config:<8} {:<26} {model:<7} {o:>10.2} {t:>10.2} {:>12.2} {:>8.2}",
                    photo.label,
                    o / t,
                    median(paired)
                );
            }
            summary.push((config.clone(), model.clone(), median(paired_all)));
        }
    }
    if env_str("PIXMART_BENCH_PEER_IMAGE_WORK", "1") != "0" {
        println!();
        println!("the worker's image work, in this process (median of {runs}; single thread):");
        for photo in &photos {
            for (label, s) in image_work(&photo.jpeg, runs) {
                println!("  {:<26} {label:<62} {:>8.3} s", photo.label, s);
            }
        }
    }
    println!();
    println!("load average at end: {} (other work on the machine inflates all wall times)", load_average());
    for (config, model, ratio) in summary {
        let vs = if model == "fused" { "rembg isnet".to_owned() } else { format!("rembg {}", peer_model(&model)) };
        println!(
            "RESULT config={config} model={model} vs={vs:?} ratio={ratio:.2} (median paired over photos and rounds) {}",
            if ratio <= TARGET { "PASS" } else { "FAIL" }
        );
    }
    drop(peer);
    drop(client);
    drop(app);
}
