//! The diffusion task family. Each type is a thin composition:
//! kept-region types (mannequin, model, wig, shoes, product replacement,
//! try-on) cut the merchant's subject out with ISNet, inpaint everything
//! else, paste the subject's original pixels back and verify them; the
//! customized types restyle the whole picture (img2img).
//!
//! Progress: every denoising step is reported; the database is written at
//! most every `PROGRESS_EVERY` and that write doubles as the cancellation
//! check (it fails once the task was stopped), so a stopped task ends
//! between two steps.

use std::io::Cursor;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use image::imageops::FilterType;
use image::{DynamicImage, GrayImage, ImageFormat, RgbImage};
use pixmart_models::diffusion::{
    paste_kept_region, regenerate_mask, verify_kept_region, Control, DiffusionError, GenerateRequest, Mode,
    OutputRatio, KEPT_REGION_TOLERANCE,
};
use pixmart_shared::domain::task_spec::{DiffusionKind, DiffusionRatio, DiffusionSpec, TryOnType};
use pixmart_shared::domain::{CutoutModel, ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;

use super::inputs::load_upload;
use crate::failure::JobFailure;
use crate::WorkerContext;

/// Least time between two progress writes.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);
/// Feather width outside the kept region, in output pixels.
const FEATHER_PX: u32 = 6;
/// img2img strength of the customized types.
const RESTYLE_STRENGTH: f64 = 0.6;

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &DiffusionSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let loaded = ctx.models.diffusion().ok_or_else(|| {
        JobFailure::abort(ErrorCode::GenerationFailed, "no diffusion model is loaded on this worker".to_string())
    })?;
    let model = loaded.model.clone();
    let input = load_upload(ctx, spec.image).await?.to_rgb8();
    let garment = match spec.garment {
        Some(g) => Some(load_upload(ctx, g).await?),
        None => None,
    };
    let config = model.config();
    let (width, height) =
        output_ratio(spec.ratio, input.dimensions()).size_for(config.size_divisor(), config.vae_factor());
    let resized = image::imageops::resize(&input, width, height, FilterType::Triangle);

    // The kept region: ISNet's cut-out of the merchant's subject.
    let keep = if spec.kind.keeps_region() {
        let session = ctx.models.cutout(CutoutModel::Isnet).ok_or_else(|| {
            JobFailure::abort(ErrorCode::GenerationFailed, "the ISNet cutout model is not loaded".to_string())
        })?;
        let (base, garment) = (resized.clone(), garment.clone());
        let kind = spec.kind;
        let tryon = spec.tryon_type;
        Some(
            tokio::task::spawn_blocking(move || kept_region(&session, kind, tryon, base, garment))
                .await
                .map_err(JobFailure::retry)??,
        )
    } else {
        None
    };
    ctx.set_progress(task_id, 5).await?;

    let (base, keep_mask) = match keep {
        Some((base, mask)) => (base, Some(mask)),
        None => (resized, None),
    };
    let mode = match &keep_mask {
        Some(mask) => Mode::Inpaint { image: base.clone(), mask: regenerate_mask(mask), strength: 1.0 },
        None => Mode::ImageToImage { init: base.clone(), strength: RESTYLE_STRENGTH },
    };
    let request = GenerateRequest {
        prompt: prompt(spec),
        negative_prompt: "lowres, blurry, deformed, watermark, text".into(),
        width,
        height,
        steps: None,
        guidance_scale: None,
        seed: seed_for(task_id),
        count: usize::from(spec.gen_num),
        mode,
    };

    // Generation runs on a blocking thread; steps flow to this task, which
    // writes progress and raises the stop flag when the task was stopped.
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, mut rx) = tokio::sync::watch::channel(0u8);
    let gen_stop = stop.clone();
    let gen_model = model.clone();
    let mut generation = tokio::task::spawn_blocking(move || {
        gen_model.generate(&request, &mut |p| {
            // 5..95 % over the denoising steps.
            let _ = tx.send((5.0 + 90.0 * p.fraction()).floor() as u8);
            if gen_stop.load(Ordering::Relaxed) {
                Control::Stop
            } else {
                Control::Continue
            }
        })
    });
    let mut last_write: Option<Instant> = None;
    let outcome = loop {
        tokio::select! {
            done = &mut generation => break done.map_err(JobFailure::retry)?,
            changed = rx.changed() => {
                if changed.is_err() || last_write.is_some_and(|t| t.elapsed() < PROGRESS_EVERY) {
                    continue;
                }
                last_write = Some(Instant::now());
                let progress = *rx.borrow_and_update();
                if !ctx.set_progress(task_id, progress).await? {
                    // Stopped by its owner (or the lease was lost): end between steps.
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    };
    let images = outcome.map_err(|e| match e {
        DiffusionError::Cancelled { .. } => JobFailure::abort(ErrorCode::GenerationFailed, e.to_string()),
        other => JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {other}", other.code())),
    })?;

    let mut results = Vec::with_capacity(images.len());
    for (i, generated) in images.into_iter().enumerate() {
        let delivered = match &keep_mask {
            Some(mask) => {
                let out = paste_kept_region(&base, &generated, mask, FEATHER_PX).map_err(abort)?;
                // Never deliver an altered product.
                verify_kept_region(&base, &out, mask, KEPT_REGION_TOLERANCE).map_err(abort)?;
                out
            }
            None => generated,
        };
        let (w, h) = delivered.dimensions();
        let png = encode_png(DynamicImage::ImageRgb8(delivered))?;
        let key = result_key(task_id, &format!("image-{}.png", i + 1));
        ctx.blobs.put(&key, &png).await?;
        results.push(TaskResult::file(key, ResultKind::Image, w, h));
    }
    if let Some(mask) = keep_mask {
        let (w, h) = mask.dimensions();
        let key = result_key(task_id, "kept-region.png");
        ctx.blobs.put(&key, &encode_png(DynamicImage::ImageLuma8(mask))?).await?;
        results.push(TaskResult::file(key, ResultKind::Mask, w, h));
    }
    Ok(results)
}

fn abort(e: DiffusionError) -> JobFailure {
    let code = match e {
        DiffusionError::KeptRegionAltered { .. } => ErrorCode::KeptRegionAltered,
        _ => ErrorCode::GenerationFailed,
    };
    JobFailure::abort(code, format!("{}: {e}", e.code()))
}

/// The task's ratio; `original` takes the nearest of the output sizes.
fn output_ratio(ratio: DiffusionRatio, (w, h): (u32, u32)) -> OutputRatio {
    match ratio {
        DiffusionRatio::Square => OutputRatio::Square,
        DiffusionRatio::Portrait3x4 => OutputRatio::Portrait3x4,
        DiffusionRatio::Landscape16x9 => OutputRatio::Landscape16x9,
        DiffusionRatio::Portrait9x16 => OutputRatio::Portrait9x16,
        DiffusionRatio::Original => {
            // Nearest in log-aspect, so 2:1 and 1:2 are equally far from 1:1.
            let aspect = (f64::from(w.max(1)) / f64::from(h.max(1))).ln();
            let distance = |r: &OutputRatio| {
                let (rw, rh) = r.size();
                ((f64::from(rw) / f64::from(rh)).ln() - aspect).abs()
            };
            [OutputRatio::Square, OutputRatio::Portrait3x4, OutputRatio::Landscape16x9, OutputRatio::Portrait9x16]
                .into_iter()
                .min_by(|a, b| distance(a).total_cmp(&distance(b)))
                .unwrap_or(OutputRatio::Square)
        }
    }
}

/// The kept region on the output-size base image. Try-on first places the
/// cut-out garment on the person (torso, centred); the garment is then
/// the kept region.
fn kept_region(
    session: &pixmart_models::CutoutSession,
    kind: DiffusionKind,
    tryon: Option<TryOnType>,
    base: RgbImage,
    garment: Option<DynamicImage>,
) -> Result<(RgbImage, GrayImage), JobFailure> {
    let cut = |img: &DynamicImage| {
        session.run(img).map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {e}", e.code())))
    };
    let (w, h) = base.dimensions();
    let threshold = |m: &mut GrayImage| m.pixels_mut().for_each(|p| p[0] = if p[0] >= 128 { 255 } else { 0 });
    match (kind, garment) {
        (DiffusionKind::TryOn, Some(garment)) => {
            let out = cut(&garment)?;
            // A set covers the body, a split garment the upper half.
            let frac = if tryon == Some(TryOnType::Set) { 0.8 } else { 0.5 };
            let gh = ((h as f64) * frac).round().max(1.0) as u32;
            let gw =
                ((gh as f64) * out.cutout.width() as f64 / out.cutout.height().max(1) as f64).round().max(1.0) as u32;
            let gw = gw.min(w);
            let rgba = image::imageops::resize(&out.cutout, gw, gh, FilterType::Triangle);
            let (x0, y0) = ((w - gw) / 2, ((h as f64) * 0.15) as u32);
            let mut placed = base;
            let mut mask = GrayImage::new(w, h);
            for (x, y, p) in rgba.enumerate_pixels() {
                let (px, py) = (x0 + x, y0 + y);
                if px < w && py < h && p[3] >= 128 {
                    placed.put_pixel(px, py, image::Rgb([p[0], p[1], p[2]]));
                    mask.put_pixel(px, py, image::Luma([255]));
                }
            }
            Ok((placed, mask))
        }
        _ => {
            let out = cut(&DynamicImage::ImageRgb8(base.clone()))?;
            let mut mask = out.mask;
            threshold(&mut mask);
            Ok((base, mask))
        }
    }
}

/// The text prompt of a task: the subject per type, then the original app's scene,
/// model, background, colour and style choices.
fn prompt(spec: &DiffusionSpec) -> String {
    let subject = match spec.kind {
        DiffusionKind::Mannequin | DiffusionKind::ModelNew => "a photo of a fashion model wearing the garment",
        DiffusionKind::Wig => "a photo of a model wearing the wig hair",
        DiffusionKind::Shoes => "a photo of a model wearing the shoes",
        DiffusionKind::ProductReplace => "a product photo",
        DiffusionKind::CustomizedModel => "a portrait photo of a model",
        DiffusionKind::PetCustomized => "a portrait photo of a pet",
        DiffusionKind::TryOn => "a photo of a model wearing the garment",
    };
    let mut p = subject.to_string();
    for (label, v) in [
        ("in a", &spec.scene),
        ("model", &spec.model_id),
        ("background", &spec.background_id),
        ("color", &spec.color),
        ("style", &spec.style_id),
    ] {
        if let Some(v) = v {
            p.push_str(&format!(", {label} {v}"));
        }
    }
    p.push_str(", studio lighting, high quality");
    p
}

/// Deterministic per task (a re-run of the same task gives the same images).
pub(crate) fn seed_for(task_id: TaskId) -> u64 {
    let s = task_id.to_string();
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

fn encode_png(image: DynamicImage) -> Result<Vec<u8>, JobFailure> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, ImageFormat::Png)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("PNG encoding failed: {e}")))?;
    Ok(out.into_inner())
}
