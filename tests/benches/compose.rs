//! Product on a new background vs. the cutout alone, in one process, on
//! the same generated 1024×1024 product photo, interleaved run by run so
//! both see the same machine load:
//!
//! - cutout: what a `MATTING_IMAGE` worker does (`CutoutSession::run`, then
//!   the cutout PNG);
//! - product: what a `PRODUCT_IMAGE` worker does for one image
//!   (`CutoutSession::run`, `compose::prepare_cutout` with the default
//!   erode 3, `compose::compose_variant` on a template at 1024×1024, the
//!   result PNG and the WebP thumbnail);
//! - `added = (product - cutout) / cutout` against the target
//!   (composition adds under 20 %), and where the added time goes.
//!
//! It reports; a missed target prints FAIL but does not fail the process.
//!
//!   scripts/bench compose
//!   cargo bench -p pixmart-tests --bench compose
//!
//! Env: PIXMART_BENCH_RUNS (timed runs after 1 warm-up, default 5),
//! PIXMART_BENCH_BACKGROUND (a template id, default `wood-table`), plus
//! PIXMART_MODELS_DIR / ORT_DYLIB_PATH as for the tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Cursor;
use std::time::{Duration, Instant};

use image::{DynamicImage, ImageFormat, RgbImage};
use pixmart_models::compose::{self, Background, ComposeOptions};
use pixmart_models::{CutoutModelKind, CutoutSession, OrtRuntime};
use pixmart_tests::app::test_settings;
use pixmart_tests::images::product_photo;

const TARGET: f64 = 0.20;
const SIZE: u32 = 1024;

fn encode(img: DynamicImage, fmt: ImageFormat) -> usize {
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, fmt).unwrap();
    out.into_inner().len()
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let runs: usize = std::env::var("PIXMART_BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(5).max(1);
    let bg_id = std::env::var("PIXMART_BENCH_BACKGROUND").unwrap_or_else(|_| "wood-table".into());
    let scratch = tempfile::tempdir().unwrap();
    let settings = test_settings("sqlite::memory:", "redis://127.0.0.1:1", scratch.path());
    let threads = settings.models.intra_threads.max(1);
    let dylib = settings.models.ort_dylib_path.clone().expect("ONNX Runtime not found: run scripts/fetch-models");
    OrtRuntime::init(&dylib).expect("ONNX Runtime failed to load");
    let kind = CutoutModelKind::IsNet;
    let session = CutoutSession::load(kind, &settings.models.dir.join(kind.file_name()), threads)
        .expect("ISNet missing: run scripts/fetch-models");
    let (photo, _) = product_photo(SIZE, SIZE);
    let image = DynamicImage::ImageRgb8(photo);
    let options = ComposeOptions {
        background: Background::Template(bg_id.clone()),
        width: SIZE,
        height: SIZE,
        scale: compose::scale_factor(0),
        erode: 3,
        reflection: false,
    };
    println!(
        "compose bench: ISNet, {SIZE}x{SIZE} product photo, background {bg_id} at {SIZE}x{SIZE}, \
         {threads} intra-op threads, {runs} timed runs after 1 warm-up"
    );

    let (mut cutout_t, mut product_t) = (Vec::new(), Vec::new());
    let (mut run_t, mut prepare_t, mut compose_t, mut encode_t) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..=runs {
        // Cutout alone.
        let t0 = Instant::now();
        let out = session.run(&image).unwrap();
        let _ = encode(DynamicImage::ImageRgba8(out.cutout), ImageFormat::Png);
        let cutout = t0.elapsed();

        // Product on a background.
        let t0 = Instant::now();
        let out = session.run(&image).unwrap();
        let t_run = t0.elapsed();
        let rgb: RgbImage = image.to_rgb8();
        let t1 = Instant::now();
        let cut = compose::prepare_cutout(&rgb, &out.mask, options.erode, compose::working_side(&options)).unwrap();
        let t_prepare = t1.elapsed();
        let t2 = Instant::now();
        let composed = compose::compose_variant(&cut, &options, 0);
        let t_compose = t2.elapsed();
        let t3 = Instant::now();
        let thumb = compose::thumbnail(&composed, 512);
        let _ = encode(DynamicImage::ImageRgb8(composed), ImageFormat::Png);
        let _ = encode(DynamicImage::ImageRgb8(thumb), ImageFormat::WebP);
        let t_encode = t3.elapsed();
        let product = t0.elapsed();
        if i == 0 {
            continue; // warm-up
        }
        println!(
            "  run {i}: cutout {:7.1} ms | product {:7.1} ms (isnet run {:6.1}, prepare {:5.1}, compose {:5.1}, encode {:5.1})",
            ms(cutout),
            ms(product),
            ms(t_run),
            ms(t_prepare),
            ms(t_compose),
            ms(t_encode)
        );
        cutout_t.push(cutout);
        product_t.push(product);
        run_t.push(t_run);
        prepare_t.push(t_prepare);
        compose_t.push(t_compose);
        encode_t.push(t_encode);
    }
    let (c, p) = (median(&mut cutout_t), median(&mut product_t));
    let added = (p.as_secs_f64() - c.as_secs_f64()) / c.as_secs_f64();
    println!(
        "median: cutout {:.1} ms, product {:.1} ms; stages: isnet run {:.1}, prepare (crop, erode, feather, \
         decontaminate) {:.1}, compose (background, light, shadow, place) {:.1}, encode PNG+WebP {:.1}",
        ms(c),
        ms(p),
        ms(median(&mut run_t)),
        ms(median(&mut prepare_t)),
        ms(median(&mut compose_t)),
        ms(median(&mut encode_t)),
    );
    let verdict = if added < TARGET { "PASS" } else { "FAIL" };
    println!("composition adds {:.1} % to the cutout (target < {:.0} %): {verdict}", added * 100.0, TARGET * 100.0);
}
