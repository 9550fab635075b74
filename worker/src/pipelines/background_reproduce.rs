//! `PRODUCT_IMAGE` / `BACKGROUND_REPRODUCE` (/rewrite-background).
//!
//! * ACCURATE_REPLICATION: the reference scene at the output size; with
//!   `removeSubject` its own subject is found by ISNet, the dilated mask is
//!   filled by classical inpainting (`pixmart_models::inpaint`) and the
//!   product stands where the subject stood. The product (ISNet cutout,
//!   edge refined with `erodeSize`) is placed with the shared edge, shadow
//!   and light treatment (`pixmart_models::compose`), the shadow falling
//!   away from the scene's light.
//! * STYLE_IMITATION: a template background restyled towards the
//!   reference (`denoisingStrength` = how far from the template), then the
//!   product composed on it. With diffusion weights loaded the restyling is
//!   img2img (`super::background_diffusion`); otherwise the reference's
//!   style vector drives the style-transfer networks, and the task is
//!   refused with BG_REPRODUCE_STYLE_MODELS_MISSING when those are absent.
//!
//! Each of the `genNum` variants differs in placement (and, for style
//! imitation, in the base template). Results: PNG + WebP thumbnail each.

use std::io::Cursor;
use std::sync::Arc;

use image::{DynamicImage, GrayImage, ImageFormat, RgbImage, RgbaImage};
use pixmart_models::compose::{self, Placement};
use pixmart_models::diffusion::DiffusionModel;
use pixmart_models::reproduce;
use pixmart_models::style::{StyleTransferSession, StyleVector};
use pixmart_models::{CutoutSession, ModelError};
use pixmart_shared::domain::task_spec::background_reproduce::{BackgroundReproduceSpec, ReproduceMode};
use pixmart_shared::domain::{CutoutModel, ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;

use super::background_diffusion::diffused_background;
use super::inputs::load_upload;
use crate::failure::JobFailure;
use crate::WorkerContext;

/// Long side of the WebP thumbnails.
const THUMBNAIL_SIDE: u32 = 512;

pub async fn run(
    ctx: &WorkerContext,
    task_id: TaskId,
    spec: &BackgroundReproduceSpec,
) -> Result<Vec<TaskResult>, JobFailure> {
    let isnet = ctx
        .models
        .cutout(CutoutModel::Isnet)
        .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "model isnet is not loaded on this worker"))?;
    let restyler = match spec.mode {
        ReproduceMode::StyleImitation => Some(restyler(ctx)?),
        ReproduceMode::AccurateReplication => None,
    };
    let product = load_upload(ctx, spec.image).await?.into_rgb8();
    let reference = load_upload(ctx, spec.reference).await?.into_rgb8();
    ctx.set_progress(task_id, 10).await?;

    let (width, height) = spec.ratio.size(reference.width(), reference.height());
    let erode = u32::from(spec.erode);
    let cut_session = isnet.clone();
    let cutout = blocking(move || product_cutout(&cut_session, &product, erode, width.max(height))).await?;
    ctx.set_progress(task_id, 35).await?;

    let n = u32::from(spec.gen_num.max(1));
    let mut images = Vec::with_capacity(n as usize);
    match spec.mode {
        ReproduceMode::AccurateReplication => {
            let remove = spec.remove_subject;
            let (scene, base) = blocking(move || replicated_scene(&isnet, &reference, width, height, remove)).await?;
            ctx.set_progress(task_id, 70).await?;
            let (scene, cutout) = (Arc::new(scene), Arc::new(cutout));
            for variant in 0..n {
                let (scene, cutout) = (scene.clone(), cutout.clone());
                let img = blocking(move || {
                    let effects = reproduce::scene_effects(&scene);
                    let placement = reproduce::variant_placement(base, variant);
                    Ok(compose::place_product(&cutout, &scene, &placement, &effects))
                })
                .await?;
                images.push(img);
            }
        }
        ReproduceMode::StyleImitation => {
            let restyler =
                restyler.ok_or_else(|| JobFailure::abort(ErrorCode::BgReproduceStyleModelsMissing, "style models"))?;
            let strength = spec.denoising_strength();
            let restyler = match restyler {
                Restyler::Diffusion(model) => Restyle::Diffusion(model, Arc::new(reference)),
                Restyler::StyleTransfer(session) => {
                    let (s, refc) = (session.clone(), reference);
                    let vector = blocking(move || s.style_vector(&refc).map_err(model_failure)).await?;
                    Restyle::StyleTransfer(session, Arc::new(vector))
                }
            };
            let seed = super::diffusion::seed_for(task_id);
            let cutout = Arc::new(cutout);
            for variant in 0..n {
                let (restyler, cutout) = (restyler.clone(), cutout.clone());
                let img = blocking(move || {
                    let (base, ground) = reproduce::style_base_image(variant, width, height)
                        .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "style base template missing"))?;
                    let styled = restyler.restyle(&base, variant, strength, seed.wrapping_add(u64::from(variant)))?;
                    let placement = Placement { centre_x: 0.5, ground_y: ground, size: compose::BASE_FILL };
                    let placement = reproduce::variant_placement(placement, variant);
                    Ok(compose::place_product(&cutout, &styled, &placement, &reproduce::scene_effects(&styled)))
                })
                .await?;
                images.push(img);
                let progress = (35 + 55 * (variant + 1) / n) as u8;
                ctx.set_progress(task_id, progress).await?;
            }
        }
    }

    let mut results = Vec::with_capacity(2 * images.len());
    let mut thumbs = Vec::with_capacity(images.len());
    for (i, img) in images.into_iter().enumerate() {
        let (png, thumb, tw, th) = blocking(move || {
            let png = encode(&img, ImageFormat::Png)?;
            let t = compose::thumbnail(&img, THUMBNAIL_SIDE);
            let (tw, th) = t.dimensions();
            Ok((png, encode(&t, ImageFormat::WebP)?, tw, th))
        })
        .await?;
        let key = result_key(task_id, &format!("reproduce-{}.png", i + 1));
        ctx.blobs.put(&key, &png).await?;
        results.push(TaskResult::file(key, ResultKind::Image, width, height));
        let key = result_key(task_id, &format!("reproduce-{}-thumb.webp", i + 1));
        ctx.blobs.put(&key, &thumb).await?;
        thumbs.push(TaskResult::file(key, ResultKind::Thumbnail, tw, th));
    }
    results.extend(thumbs);
    Ok(results)
}

/// What restyles STYLE_IMITATION's base backgrounds on this node.
enum Restyler {
    /// img2img on the diffusion model, preferred when its weights are loaded.
    Diffusion(Arc<DiffusionModel>),
    StyleTransfer(Arc<StyleTransferSession>),
}

fn restyler(ctx: &WorkerContext) -> Result<Restyler, JobFailure> {
    if let Some(loaded) = ctx.models.diffusion() {
        return Ok(Restyler::Diffusion(loaded.model.clone()));
    }
    ctx.models.style().map(Restyler::StyleTransfer).ok_or_else(|| {
        JobFailure::abort(
            ErrorCode::BgReproduceStyleModelsMissing,
            "style-arbitrary models are not loaded on this worker",
        )
    })
}

/// A [`Restyler`] with what it needs from the reference, computed once.
#[derive(Clone)]
enum Restyle {
    Diffusion(Arc<DiffusionModel>, Arc<RgbImage>),
    StyleTransfer(Arc<StyleTransferSession>, Arc<StyleVector>),
}

impl Restyle {
    fn restyle(&self, base: &RgbImage, variant: u32, strength: f32, seed: u64) -> Result<RgbImage, JobFailure> {
        match self {
            Restyle::Diffusion(model, reference) => {
                let (id, _) = reproduce::style_base(variant);
                let surface = compose::template(id).map_or(id, |t| t.name_en);
                diffused_background(model, base, reference, surface, strength, seed)
            }
            Restyle::StyleTransfer(session, vector) => session.stylize(base, vector, strength).map_err(model_failure),
        }
    }
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, JobFailure> + Send + 'static,
) -> Result<T, JobFailure> {
    tokio::task::spawn_blocking(f).await.map_err(JobFailure::retry)?
}

fn model_failure(e: ModelError) -> JobFailure {
    JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {e}", e.code()))
}

/// The product cut out and edge-refined at output scale.
fn product_cutout(
    isnet: &CutoutSession,
    product: &RgbImage,
    erode: u32,
    max_side: u32,
) -> Result<RgbaImage, JobFailure> {
    let out = isnet.run(&DynamicImage::ImageRgb8(product.clone())).map_err(|e| match e {
        ModelError::EmptyMask => JobFailure::abort(ErrorCode::BgReproduceNoProduct, "ISNet found no product"),
        e => model_failure(e),
    })?;
    compose::prepare_cutout(product, &out.mask, erode, max_side)
        .ok_or_else(|| JobFailure::abort(ErrorCode::BgReproduceNoProduct, "the product mask is empty"))
}

/// The reference at the output size, its subject removed when asked, and
/// where the product goes.
fn replicated_scene(
    isnet: &CutoutSession,
    reference: &RgbImage,
    width: u32,
    height: u32,
    remove_subject: bool,
) -> Result<(RgbImage, Placement), JobFailure> {
    let scene = compose::cover(reference, width, height);
    if !remove_subject {
        return Ok((scene, reproduce::DEFAULT_PLACEMENT));
    }
    let mask: GrayImage = match isnet.run(&DynamicImage::ImageRgb8(scene.clone())) {
        Ok(out) => out.mask,
        // Nothing to remove: the scene as it is.
        Err(ModelError::EmptyMask) => return Ok((scene, reproduce::DEFAULT_PLACEMENT)),
        Err(e) => return Err(model_failure(e)),
    };
    let placement = reproduce::placement_from_subject(&mask).unwrap_or(reproduce::DEFAULT_PLACEMENT);
    match reproduce::remove_subject(&scene, &mask) {
        Some((filled, _hole)) => Ok((filled, placement)),
        None => Ok((scene, reproduce::DEFAULT_PLACEMENT)),
    }
}

fn encode(img: &RgbImage, format: ImageFormat) -> Result<Vec<u8>, JobFailure> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(img.clone())
        .write_to(&mut out, format)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("encoding failed: {e}")))?;
    Ok(out.into_inner())
}
