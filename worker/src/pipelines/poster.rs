//! `PLACARD_GEN`: a poster typeset from its template. Pictures in product
//! slots are cut out with ISNet and cropped to the product first (unless the
//! slot keeps the photo's background); the others (logo, decoration,
//! background) are drawn as uploaded. The poster
//! is stored at full resolution (PNG or JPEG) with a WebP preview.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use image::{DynamicImage, RgbaImage};
use pixmart_models::compose::prepare_cutout;
use pixmart_models::poster::{self, FontSet, ImageRole, Layer, PosterError, PosterInputs, Template};
use pixmart_models::{CutoutSession, ModelError};
use pixmart_shared::domain::task_spec::product_image::{OutputFormat, DEFAULT_ERODE};
use pixmart_shared::domain::{CutoutModel, PosterSpec, ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;

use super::inputs::load_upload;
use crate::failure::JobFailure;
use crate::WorkerContext;

/// Long side of the WebP preview (a 256 px tile at device pixel ratio 2).
pub const PREVIEW_SIDE: u32 = 512;
/// JPEG quality of a JPEG poster: text edges stay clean.
const JPEG_QUALITY: u8 = 92;

/// The fonts, loaded on the first poster and shared by every worker in the
/// process: about 200 MB of Noto faces, so never once per task.
static FONTS: OnceLock<Result<FontSet, PosterError>> = OnceLock::new();

fn fonts() -> Result<&'static FontSet, JobFailure> {
    FONTS.get_or_init(FontSet::debian).as_ref().map_err(|e| failure(e.clone()))
}

/// Whether this machine has the fonts posters are set in (the registry's
/// `noto-cjk-fonts`): the node advertises PLACARD_GEN only then.
pub fn fonts_present() -> bool {
    poster::FontPaths::debian().sans.first().is_some_and(|p| p.is_file())
}

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &PosterSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let template = spec.document.template().map_err(failure)?;
    let mut pictures = BTreeMap::new();
    for (slot, upload) in &spec.images {
        pictures.insert(slot.clone(), load_upload(ctx, *upload).await?);
    }
    let needs_cutout = pictures.keys().any(|slot| product_slot_side(&template, slot).is_some());
    let session = match needs_cutout {
        true => Some(ctx.models.cutout(CutoutModel::Isnet).ok_or_else(|| {
            JobFailure::abort(ErrorCode::GenerationFailed, "model isnet is not loaded on this worker")
        })?),
        false => None,
    };
    ctx.set_progress(task_id, 10).await?;

    let (texts, format) = (spec.texts.clone(), spec.format);
    let (main, preview, width, height) = tokio::task::spawn_blocking(move || {
        let images = pictures
            .into_iter()
            .map(|(slot, picture)| {
                let image = match (&session, product_slot_side(&template, &slot)) {
                    (Some(session), Some(side)) => cut_out(session, &picture, side)?,
                    _ => picture.into_rgba8(),
                };
                Ok((slot, image))
            })
            .collect::<Result<BTreeMap<_, _>, JobFailure>>()?;
        let inputs = PosterInputs { texts, images };
        let img = poster::render(&template, &inputs, fonts()?).map_err(failure)?;
        let main = match format {
            OutputFormat::Png => poster::encode_png(&img),
            OutputFormat::Jpeg => poster::encode_jpeg(&img, JPEG_QUALITY),
        }
        .map_err(failure)?;
        let preview = poster::encode_webp_preview(&img, PREVIEW_SIDE).map_err(failure)?;
        Ok::<_, JobFailure>((main, preview, img.width(), img.height()))
    })
    .await
    .map_err(JobFailure::retry)??;
    ctx.set_progress(task_id, 90).await?;

    let ext = match spec.format {
        OutputFormat::Png => "png",
        OutputFormat::Jpeg => "jpg",
    };
    let key = result_key(task_id, &format!("poster.{ext}"));
    ctx.blobs.put(&key, &main).await?;
    let preview_key = result_key(task_id, "poster-preview.webp");
    ctx.blobs.put(&preview_key, &preview).await?;
    let (pw, ph) = preview_size(width, height);
    Ok(vec![
        TaskResult::file(key, ResultKind::Image, width, height),
        TaskResult::file(preview_key, ResultKind::Thumbnail, pw, ph),
    ])
}

/// The long side of a product slot's box, or `None` for any other slot.
fn product_slot_side(template: &Template, slot: &str) -> Option<u32> {
    template.layers.iter().find_map(|l| match l {
        Layer::Image(i) if i.id == slot && i.role == ImageRole::Product && !i.keep_background => {
            Some(i.r#box.w.max(i.r#box.h).round().max(1.0) as u32)
        }
        _ => None,
    })
}

/// The product alone, cropped to it, no larger than its slot shows it.
fn cut_out(session: &Arc<CutoutSession>, picture: &DynamicImage, side: u32) -> Result<RgbaImage, JobFailure> {
    let out = session.run(picture).map_err(|e| match e {
        ModelError::EmptyMask => JobFailure::abort(ErrorCode::CutoutNoSubject, "no product found in the picture"),
        e => JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {e}", e.code())),
    })?;
    let rgb = picture.to_rgb8();
    prepare_cutout(&rgb, &out.mask, u32::from(DEFAULT_ERODE), side)
        .ok_or_else(|| JobFailure::abort(ErrorCode::CutoutNoSubject, "no product found in the picture"))
}

fn preview_size(w: u32, h: u32) -> (u32, u32) {
    let s = (PREVIEW_SIDE as f32 / w.max(h) as f32).min(1.0);
    (((w as f32) * s).round().max(1.0) as u32, ((h as f32) * s).round().max(1.0) as u32)
}

fn failure(e: PosterError) -> JobFailure {
    let code = pixmart_shared::poster::error_code(&e);
    JobFailure::abort(code, format!("{}: {e}", e.code()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn template(keep_background: bool) -> Template {
        let mut t = poster::library_template("new-arrival-minimal").unwrap().unwrap().clone();
        for layer in &mut t.layers {
            if let Layer::Image(i) = layer {
                i.keep_background = keep_background;
            }
        }
        t
    }

    #[test]
    fn a_product_slot_is_cut_out_unless_it_keeps_the_photos_background() {
        assert_eq!(product_slot_side(&template(false), "product"), Some(740));
        assert_eq!(product_slot_side(&template(true), "product"), None);
        assert_eq!(product_slot_side(&template(false), "title"), None);
    }
}
