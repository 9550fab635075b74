//! `PRODUCT_IMAGE`: the product cut out with ISNet, refined once, then
//! composed on the chosen background `genNum` times (each variant with its
//! own placement, light and background variant), stored as PNG or JPEG with
//! a WebP thumbnail each.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, RgbImage};
use pixmart_models::compose::{self, Background, ComposeOptions};
use pixmart_shared::domain::task_spec::product_image::template_preview_key;
use pixmart_shared::domain::task_spec::product_image::{OutputFormat, ProductBackground, ProductImageSpec};
use pixmart_shared::domain::{CutoutModel, ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::{result_key, BlobStore, StorageError};
use pixmart_shared::ErrorCode;

use super::inputs::load_upload;
use crate::failure::JobFailure;
use crate::WorkerContext;

/// Long side of the WebP thumbnails (device pixel ratio 2 for a ~256 px tile).
pub const THUMBNAIL_SIDE: u32 = 512;

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &ProductImageSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let session = ctx
        .models
        .cutout(CutoutModel::Isnet)
        .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "model isnet is not loaded on this worker"))?;
    let image = load_upload(ctx, spec.image).await?;
    let background = match &spec.background {
        ProductBackground::Colour(c) => Background::Solid(*c),
        ProductBackground::Gradient { from, to } => Background::Gradient { from: *from, to: *to },
        ProductBackground::Template(id) => Background::Template((*id).to_owned()),
        ProductBackground::Upload(id) => Background::Image(load_upload(ctx, *id).await?.into_rgb8()),
    };
    ctx.set_progress(task_id, 10).await?;

    let (width, height) = spec.ratio.size(image.width(), image.height());
    let options = ComposeOptions {
        background,
        width,
        height,
        scale: compose::scale_factor(spec.scale),
        erode: u32::from(spec.erode),
        reflection: spec.reflection,
    };
    let (erode, sizing) = (options.erode, options.clone());
    // The edge is refined once, at output scale, and shared by the variants.
    let cutout = tokio::task::spawn_blocking(move || {
        let out = session
            .run(&image)
            .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {e}", e.code())))?;
        let side = compose::subject_box(&out.mask)
            .map_or_else(|| compose::working_side(&sizing), |b| compose::working_side_for(&sizing, b));
        let rgb = image.into_rgb8();
        compose::prepare_cutout(&rgb, &out.mask, erode, side)
            .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "the model found no product"))
    });
    let cutout = cutout.await.map_err(JobFailure::retry)??;
    ctx.set_progress(task_id, 50).await?;

    let n = u32::from(spec.gen_num);
    let mut results = Vec::with_capacity(2 * n as usize);
    let mut thumbs = Vec::with_capacity(n as usize);
    let cutout = std::sync::Arc::new(cutout);
    for variant in 0..n {
        let (cut, opts, format) = (cutout.clone(), options.clone(), spec.format);
        let (main, thumb) = tokio::task::spawn_blocking(move || {
            let img = compose::compose_variant(&cut, &opts, variant);
            let main = encode(&img, format)?;
            let thumb = encode_webp(&compose::thumbnail(&img, THUMBNAIL_SIDE))?;
            Ok::<_, JobFailure>((main, thumb))
        })
        .await
        .map_err(JobFailure::retry)??;
        let ext = match spec.format {
            OutputFormat::Png => "png",
            OutputFormat::Jpeg => "jpg",
        };
        let key = result_key(task_id, &format!("product-{}.{ext}", variant + 1));
        ctx.blobs.put(&key, &main).await?;
        results.push(TaskResult::file(key, ResultKind::Image, width, height));
        let (tw, th) = thumb_size(width, height);
        let key = result_key(task_id, &format!("product-{}-thumb.webp", variant + 1));
        ctx.blobs.put(&key, &thumb).await?;
        thumbs.push(TaskResult::file(key, ResultKind::Thumbnail, tw, th));
        let progress = (50 + 40 * (variant + 1) / n) as u8;
        ctx.set_progress(task_id, progress).await?;
    }
    results.extend(thumbs);
    Ok(results)
}

fn thumb_size(w: u32, h: u32) -> (u32, u32) {
    let s = (THUMBNAIL_SIDE as f32 / w.max(h) as f32).min(1.0);
    (((w as f32) * s).round().max(1.0) as u32, ((h as f32) * s).round().max(1.0) as u32)
}

fn encode(img: &RgbImage, format: OutputFormat) -> Result<Vec<u8>, JobFailure> {
    let mut out = Cursor::new(Vec::new());
    let fmt = match format {
        OutputFormat::Png => ImageFormat::Png,
        OutputFormat::Jpeg => ImageFormat::Jpeg,
    };
    DynamicImage::ImageRgb8(img.clone())
        .write_to(&mut out, fmt)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("encoding failed: {e}")))?;
    Ok(out.into_inner())
}

fn encode_webp(img: &RgbImage) -> Result<Vec<u8>, JobFailure> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(img.clone())
        .write_to(&mut out, ImageFormat::WebP)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("WebP encoding failed: {e}")))?;
    Ok(out.into_inner())
}

/// Side of the template previews the API lists.
pub const PREVIEW_SIDE: u32 = 256;

/// Renders each library template once and stores its WebP preview where
/// the API serves it (`GET /api/backgrounds/{id}/preview`); previews
/// already stored are kept.
pub async fn store_template_previews(blobs: &BlobStore) -> Result<(), StorageError> {
    for t in compose::TEMPLATES {
        let key = template_preview_key(t.id);
        if blobs.get(&key).await.is_ok() {
            continue;
        }
        let id = t.id;
        let webp = tokio::task::spawn_blocking(move || {
            compose::render_template(id, PREVIEW_SIDE, PREVIEW_SIDE, 0).map(|img| encode_webp(&img))
        })
        .await;
        if let Ok(Some(Ok(data))) = webp {
            blobs.put(&key, &data).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use pixmart_shared::domain::task_spec::product_image::TEMPLATES;

    #[test]
    fn the_api_catalogue_matches_the_rendered_library() {
        let api: Vec<_> = TEMPLATES.iter().map(|t| (t.id, t.category, t.name_zh, t.name_en)).collect();
        let lib: Vec<_> =
            pixmart_models::compose::TEMPLATES.iter().map(|t| (t.id, t.category, t.name_zh, t.name_en)).collect();
        assert_eq!(api, lib);
        let palette: Vec<_> = pixmart_shared::domain::task_spec::product_image::PALETTE.to_vec();
        assert_eq!(palette, pixmart_models::compose::PALETTE.to_vec());
    }
}
