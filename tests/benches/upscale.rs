//! 2K download benchmark: every route from a result to long side 2048
//! (`pixmart_models::upscale::plan_route`), timed and checked for fidelity
//! in one run, so the thresholds in `RouteOptions::default()` and the
//! worker's parallel tiles rest on numbers (docs/upscale.md).
//!
//! Fidelity: a detailed 2048×1536 reference (the generated product photo
//! plus fine stripes, thin lines and small print) is downscaled to each
//! source size with Lanczos, restored to 2048 by each route, and compared
//! with the reference: PSNR (dB, higher is closer) and sharpness (mean
//! gradient relative to the reference's; 1.0 = as crisp as the original).
//!
//!   scripts/bench upscale
//!   cargo bench -p pixmart-tests --bench upscale
//!
//! Env: PIXMART_BENCH_SIZES (source long sides, default
//! "256,512,768,1024,1366,1600"), PIXMART_BENCH_X4PLUS=1 to also time
//! Real-ESRGAN x4plus on the 512 source (minutes), plus PIXMART_MODELS_DIR /
//! ORT_DYLIB_PATH as for the tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Cursor;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use image::imageops::{self, FilterType};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use pixmart_models::upscale::{
    fit_long_side, plan_route, resize_long_side, sharpened_resize, RouteOptions, TileOptions, UpscaleSession,
    REALESRGAN_FAST_FILE, REALESRGAN_X4PLUS_FILE, UPSCALE_FACTOR,
};
use pixmart_models::OrtRuntime;
use pixmart_tests::app::test_settings;
use pixmart_tests::images::product_photo;

const TARGET: u32 = 2048;

fn go(_: usize, _: usize) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// The product photo with detail a resize would blur: a striped label,
/// hair-thin lines and small dark print.
fn reference() -> RgbImage {
    // The photo's per-pixel sensor noise cannot be restored by any route
    // and would dominate PSNR: it is smoothed away first.
    let (photo, _) = product_photo(TARGET, 1536);
    let mut img = imageops::blur(&photo, 1.2);
    for y in 0..img.height() {
        for x in 0..img.width() {
            let (fx, fy) = (x as f32, y as f32);
            let p = img.get_pixel_mut(x, y);
            // Fabric-like stripes on the left third, period 6 px.
            if x < 600 && (300..1300).contains(&y) && ((fx + fy * 0.3) / 3.0).sin() > 0.3 {
                *p = Rgb([p[0] / 2, p[1] / 2, p[2] / 2 + 60]);
            }
            // Hair-thin diagonal lines on the right.
            if x > 1500 && (200..1400).contains(&y) && ((fx - fy) as i32).rem_euclid(23) == 0 {
                *p = Rgb([20, 20, 20]);
            }
            // "Small print": a grid of 3-px dots in blocks under the bottle.
            if (1350..1450).contains(&y) && (700..1350).contains(&x) && x % 9 < 3 && y % 9 < 3 && (x / 40) % 3 != 2 {
                *p = Rgb([30, 30, 30]);
            }
        }
    }
    img
}

/// `out` cropped to the reference's size: a source's side rounded to whole
/// pixels may restore to one pixel more than the reference has.
fn common_area(out: &RgbImage, reference: &RgbImage) -> RgbImage {
    let (w, h) = reference.dimensions();
    assert!(out.width().abs_diff(w) <= 1 && out.height().abs_diff(h) <= 1, "{:?} vs {w}x{h}", out.dimensions());
    let mut c = RgbImage::from_pixel(w, h, Rgb([0, 0, 0]));
    imageops::replace(&mut c, &imageops::crop_imm(out, 0, 0, w.min(out.width()), h.min(out.height())).to_image(), 0, 0);
    if out.width() < w || out.height() < h {
        // One row or column short: repeat the last one.
        for y in 0..h {
            for x in 0..w {
                if x >= out.width() || y >= out.height() {
                    let p = *out.get_pixel(x.min(out.width() - 1), y.min(out.height() - 1));
                    c.put_pixel(x, y, p);
                }
            }
        }
    }
    c
}

fn psnr(a: &RgbImage, b: &RgbImage) -> f64 {
    let mse: f64 = a.as_raw().iter().zip(b.as_raw()).map(|(&x, &y)| (f64::from(x) - f64::from(y)).powi(2)).sum::<f64>()
        / a.as_raw().len() as f64;
    10.0 * (255.0f64 * 255.0 / mse.max(1e-9)).log10()
}

fn sharpness(img: &RgbImage) -> f64 {
    let luma = DynamicImage::ImageRgb8(img.clone()).to_luma8();
    let (w, h) = luma.dimensions();
    let mut sum = 0f64;
    for y in 0..h - 1 {
        for x in 0..w - 1 {
            let p = f64::from(luma.get_pixel(x, y)[0]);
            sum +=
                (f64::from(luma.get_pixel(x + 1, y)[0]) - p).abs() + (f64::from(luma.get_pixel(x, y + 1)[0]) - p).abs();
        }
    }
    sum / f64::from((w - 1) * (h - 1))
}

fn encode_png(img: &DynamicImage) -> Duration {
    let start = Instant::now();
    let mut buf = Cursor::new(Vec::new());
    img.write_to(&mut buf, ImageFormat::Png).unwrap();
    start.elapsed()
}

/// Sessions × threads and tile sizes for the model, interleaved over
/// several runs (medians), so that other load on the machine falls on
/// every layout alike.
fn compare_layouts(serial: &UpscaleSession, parallel: &UpscaleSession, source: &DynamicImage, threads: usize) {
    let route = RouteOptions { sharpen_max_factor: 1.0, max_model_input: 1024, min_model_input: 0 };
    let layouts = [
        (format!("1 session x {threads} threads, tile 192"), serial, TileOptions { tile: 192, overlap: 16 }),
        (format!("{threads} sessions x 1 thread, tile 192"), parallel, TileOptions { tile: 192, overlap: 16 }),
        (format!("1 session x {threads} threads, tile 384"), serial, TileOptions { tile: 384, overlap: 16 }),
        (format!("{threads} sessions x 1 thread, tile 384"), parallel, TileOptions { tile: 384, overlap: 16 }),
    ];
    let runs = std::env::var("PIXMART_BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(3usize).max(1);
    let mut times = vec![Vec::new(); layouts.len()];
    for _ in 0..runs {
        for (i, (_, session, tiles)) in layouts.iter().enumerate() {
            let start = Instant::now();
            session.upscale_to_long_side(source, TARGET, *tiles, route, go).unwrap();
            times[i].push(start.elapsed().as_secs_f64());
        }
    }
    let base = median(&mut times[0].clone());
    for ((label, _, _), t) in layouts.iter().zip(&mut times) {
        let m = median(t);
        println!("RESULT layout {label}: median {m:.2} s over {runs} runs ({:.2}x the first)", m / base);
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

struct Row {
    source: u32,
    route: String,
    secs: f64,
    psnr: f64,
    sharp: f64,
}

fn measure(rows: &mut Vec<Row>, reference: &RgbImage, source: u32, route: &str, run: impl FnOnce() -> DynamicImage) {
    let start = Instant::now();
    let out = run();
    let secs = start.elapsed().as_secs_f64();
    let out = common_area(&out.to_rgb8(), reference);
    let row = Row {
        source,
        route: route.to_owned(),
        secs,
        psnr: psnr(&out, reference),
        sharp: sharpness(&out) / sharpness(reference),
    };
    println!(
        "{:>5} px  {:<34} {:>7.2} s  PSNR {:>5.2} dB  sharpness {:.2}",
        row.source, row.route, row.secs, row.psnr, row.sharp
    );
    rows.push(row);
}

fn main() {
    let sizes: Vec<u32> = std::env::var("PIXMART_BENCH_SIZES")
        .unwrap_or_else(|_| "256,512,768,1024,1366,1600".into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let scratch = tempfile::tempdir().unwrap();
    let settings = test_settings("sqlite::memory:", "redis://127.0.0.1:1", scratch.path());
    let threads = settings.models.intra_threads.max(1);
    let dylib = settings.models.ort_dylib_path.clone().expect("ONNX Runtime not found: run scripts/fetch-models");
    OrtRuntime::init(&dylib).unwrap();
    let fast_path = settings.models.dir.join(REALESRGAN_FAST_FILE);
    let load = |parallel| {
        UpscaleSession::load_parallel(&fast_path, threads, parallel)
            .unwrap_or_else(|e| panic!("{}: {e}; run scripts/fetch-models", fast_path.display()))
    };
    // `parallel`: a session per thread, as the worker runs the compact model.
    let (serial, parallel) = (load(1), load(threads));
    // As the worker runs the compact model: a session per core, large tiles.
    let tiles = TileOptions::COMPACT;
    let defaults = RouteOptions::default();
    let reference = reference();
    let (rw, rh) = reference.dimensions();
    println!(
        "2K routes: {rw}x{rh} reference, {threads} sessions x 1 thread, tile {} + {} px",
        tiles.tile, tiles.overlap
    );
    println!(
        "defaults: sharpen up to {}x, model input at most {} px",
        defaults.sharpen_max_factor, defaults.max_model_input
    );

    let mut rows = Vec::new();
    let mut worst_default = 0f64;
    for &size in &sizes {
        let (sw, sh) = fit_long_side(rw, rh, size);
        let source = DynamicImage::ImageRgb8(imageops::resize(&reference, sw, sh, FilterType::Lanczos3));
        measure(&mut rows, &reference, size, "lanczos", || resize_long_side(&source, TARGET));
        measure(&mut rows, &reference, size, "lanczos + unsharp mask", || sharpened_resize(&source, TARGET));
        let capped = |cap: u32| RouteOptions { sharpen_max_factor: 1.0, max_model_input: cap, min_model_input: 0 };
        if size < 768 {
            let label = "lanczos to 768 px, then fast model";
            let opts = RouteOptions { sharpen_max_factor: 1.0, max_model_input: 1024, min_model_input: 768 };
            measure(&mut rows, &reference, size, label, || {
                parallel.upscale_to_long_side(&source, TARGET, tiles, opts, go).unwrap()
            });
        }
        for cap in [512, 768, 1024].into_iter().filter(|&c| c <= size) {
            let label = format!("fast model, input {cap} px");
            measure(&mut rows, &reference, size, &label, || {
                parallel.upscale_to_long_side(&source, TARGET, tiles, capped(cap), go).unwrap()
            });
        }
        if size == 768 {
            compare_layouts(&serial, &parallel, &source, threads);
        }
        // The worker's route with the defaults, plus the PNG encode it does.
        let route = plan_route((sw, sh), TARGET, UPSCALE_FACTOR, defaults);
        let start = Instant::now();
        let out = parallel.upscale_to_long_side(&source, TARGET, tiles, defaults, go).unwrap();
        let encode = encode_png(&out);
        let total = start.elapsed().as_secs_f64();
        worst_default = worst_default.max(total);
        let out = common_area(&out.to_rgb8(), &reference);
        println!(
            "RESULT 2K from {size} px: default route {route:?} {total:.2} s (PNG encode {:.2} s), PSNR {:.2} dB, sharpness {:.2}",
            encode.as_secs_f64(),
            psnr(&out, &reference),
            sharpness(&out) / sharpness(&reference)
        );
    }
    if std::env::var("PIXMART_BENCH_X4PLUS").is_ok_and(|v| v == "1") {
        let x4 =
            UpscaleSession::load_parallel(&settings.models.dir.join(REALESRGAN_X4PLUS_FILE), threads, threads).unwrap();
        let (sw, sh) = fit_long_side(rw, rh, 512);
        let source = DynamicImage::ImageRgb8(imageops::resize(&reference, sw, sh, FilterType::Lanczos3));
        measure(&mut rows, &reference, 512, "x4plus, input 512 px", || {
            x4.upscale_to_long_side(
                &source,
                TARGET,
                tiles,
                RouteOptions { sharpen_max_factor: 1.0, max_model_input: 512, min_model_input: 0 },
                go,
            )
            .unwrap()
        });
    }
    println!("RESULT slowest 2K with the default routes: {worst_default:.2} s (target: under 20 s)");
    let out_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/test-artifacts/upscale");
    std::fs::create_dir_all(&out_dir).unwrap();
    let csv: String = std::iter::once("source,route,seconds,psnr_db,sharpness\n".to_owned())
        .chain(rows.iter().map(|r| format!("{},{},{:.3},{:.3},{:.3}\n", r.source, r.route, r.secs, r.psnr, r.sharp)))
        .collect();
    std::fs::write(out_dir.join("routes.csv"), csv).unwrap();
    println!("table: {}", out_dir.join("routes.csv").display());
}
