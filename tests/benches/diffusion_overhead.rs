//! Diffusion pipeline overhead per denoising step, with a TINY
//! RANDOM-WEIGHT model (not a quality or speed figure for real models).
//!
//! The pipeline's own work per step is everything but the UNet: classifier
//! -free-guidance batching and mixing, the scheduler step, latents
//! handling, inpainting channel concatenation, the progress callback (the
//! same channel send the worker does) and the stop check. Measured in the
//! same run (`DiffusionModel::generate_timed`): the wall time of each
//! denoising step and of the UNet forward inside it (waiting for the
//! device); `overhead = (loop − unet) / steps`. Text encoding, VAE encodes
//! and the decode happen once per image and are printed separately.
//!
//! A tiny UNet is the worst case for the ratio (its forward is cheap), so
//! the absolute figure is what matters: on a GPU a real SD 1.5 UNet step at
//! 512² takes tens of milliseconds, so an overhead well under a millisecond
//! leaves the time dominated by the UNet.
//!
//!   scripts/bench diffusion
//!   cargo bench -p pixmart-tests --bench diffusion_overhead
//!
//! Env: PIXMART_BENCH_STEPS (default 30), PIXMART_BENCH_RUNS (default 3),
//! PIXMART_BENCH_SIDE (output side in pixels, multiple of 8, default 256),
//! PIXMART_BENCH_INPAINT (1 for the 9-channel path, default 1).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use image::{GrayImage, Luma, Rgb, RgbImage};
use pixmart_models::diffusion::tiny::{write_tiny_model, TinyOptions};
use pixmart_models::diffusion::{select_device, Control, DiffusionModel, GenerateRequest, Mode};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

fn main() {
    let steps = env_usize("PIXMART_BENCH_STEPS", 30);
    let runs = env_usize("PIXMART_BENCH_RUNS", 3).max(1);
    let side = (env_usize("PIXMART_BENCH_SIDE", 256) as u32 / 8 * 8).max(64);
    let inpaint = env_usize("PIXMART_BENCH_INPAINT", 1) == 1;

    let dir = tempfile::tempdir().unwrap();
    write_tiny_model(dir.path(), &TinyOptions { inpainting: inpaint, default_steps: steps, ..Default::default() })
        .unwrap();
    let (device, dtype) = select_device();
    let model = DiffusionModel::load(dir.path(), &device, dtype).unwrap();
    let mode = if inpaint {
        let image = RgbImage::from_fn(side, side, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 128]));
        let mask = GrayImage::from_fn(side, side, |x, _| Luma([if x < side / 2 { 255 } else { 0 }]));
        Mode::Inpaint { image, mask, strength: 1.0 }
    } else {
        Mode::TextToImage
    };
    let req = GenerateRequest {
        prompt: "a model wearing a red dress in a studio".into(),
        negative_prompt: String::new(),
        width: side,
        height: side,
        steps: Some(steps),
        guidance_scale: Some(7.5),
        seed: 1,
        count: 1,
        mode,
    };
    println!(
        "diffusion overhead: tiny random-weight model on {device:?}, {side}×{side} ({}×{} latents), {steps} steps, guidance on, {}",
        side / 8,
        side / 8,
        if inpaint { "9-channel inpainting" } else { "text-to-image" }
    );
    // Warm-up.
    model.generate(&req, &mut |_| Control::Continue).unwrap();

    let (tx, rx) = std::sync::mpsc::channel::<u8>();
    let mut rows = Vec::new();
    for _ in 0..runs {
        let parts = model.time_parts(&req, 1).unwrap();
        let t = Instant::now();
        let (_, times) = model
            .generate_timed(&req, &mut |p| {
                // What the worker does per step: a channel send and a flag check.
                let _ = tx.send((5.0 + 90.0 * p.fraction()) as u8);
                Control::Continue
            })
            .unwrap();
        let total = t.elapsed();
        while rx.try_recv().is_ok() {}
        println!(
            "  run: total {:>8.1} ms | text {:>6.1} ms | encodes {:>6.1} ms | decode {:>6.1} ms | step {:>8.3} ms | unet {:>8.3} ms | overhead {:>7.3} ms/step",
            ms(total),
            ms(parts.text),
            ms(parts.encodes),
            ms(parts.decode),
            ms(times.total / times.steps.max(1) as u32),
            ms(times.unet_per_step()),
            ms(times.overhead_per_step()),
        );
        rows.push(times);
    }
    rows.sort_by_key(|t| t.overhead_per_step());
    let mid = rows[runs / 2];
    let overhead = mid.overhead_per_step();
    let step = mid.total / mid.steps.max(1) as u32;
    println!(
        "median pipeline overhead {:.3} ms/step ({:.1} % of a {:.3} ms step with this tiny UNet; UNet {:.3} ms)",
        ms(overhead),
        100.0 * overhead.as_secs_f64() / step.as_secs_f64().max(1e-12),
        ms(step),
        ms(mid.unet_per_step()),
    );
    println!(
        "against a real SD 1.5 UNet step of tens of milliseconds on a GPU (e.g. 30 ms), this overhead would be {:.2} % of the step",
        100.0 * overhead.as_secs_f64() / 0.030
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
