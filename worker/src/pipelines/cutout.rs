//! `MATTING_IMAGE`: the product cut out as a transparent PNG at the
//! original resolution, plus its mask.

use std::io::Cursor;
use std::sync::Arc;

use image::{DynamicImage, ImageFormat, RgbImage};
use pixmart_models::{run_fused_rgb, CutoutOutput, CutoutSession, ModelError};
use pixmart_shared::domain::{CutoutModel, CutoutSpec, ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;

use super::inputs::load_upload;
use crate::failure::JobFailure;
use crate::WorkerContext;

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &CutoutSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let cut = Cut::for_model(ctx, spec.model)?;
    let image = load_upload(ctx, spec.image).await?;
    let parallel = ctx.settings.models.cutout_parallel;
    let work = tokio::task::spawn_blocking(move || {
        let rgb = image.into_rgb8();
        let out = cut.run(&rgb, parallel).map_err(|e| match e {
            // Its own code, so the page can say what to do (another photo) instead of "failed".
            ModelError::EmptyMask => JobFailure::abort(ErrorCode::CutoutNoSubject, "no subject found"),
            e => JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {e}", e.code())),
        })?;
        drop(rgb);
        let (w, h) = (out.cutout.width(), out.cutout.height());
        let CutoutOutput { cutout, mask } = out;
        let (cutout, mask) = if parallel {
            // Two single-threaded encoders, two cores.
            std::thread::scope(|scope| {
                let mask = scope.spawn(move || encode_png(DynamicImage::ImageLuma8(mask)));
                let cutout = encode_png(DynamicImage::ImageRgba8(cutout));
                let mask = mask.join().unwrap_or_else(|_| {
                    Err(JobFailure::abort(ErrorCode::GenerationFailed, "PNG encoding thread panicked"))
                });
                (cutout, mask)
            })
        } else {
            (encode_png(DynamicImage::ImageRgba8(cutout)), encode_png(DynamicImage::ImageLuma8(mask)))
        };
        Ok::<_, JobFailure>((cutout?, mask?, w, h))
    });
    // The progress write goes on while the model runs.
    ctx.set_progress(task_id, 10).await?;
    let (cutout_png, mask_png, width, height) = work.await.map_err(JobFailure::retry)??;
    ctx.set_progress(task_id, 90).await?;

    let cutout_key = result_key(task_id, "cutout.png");
    let mask_key = result_key(task_id, "mask.png");
    let (stored_cutout, stored_mask) =
        tokio::join!(ctx.blobs.put(&cutout_key, &cutout_png), ctx.blobs.put(&mask_key, &mask_png));
    stored_cutout?;
    stored_mask?;
    Ok(vec![
        TaskResult::file(cutout_key, ResultKind::Image, width, height),
        TaskResult::file(mask_key, ResultKind::Mask, width, height),
    ])
}

fn encode_png(image: DynamicImage) -> Result<Vec<u8>, JobFailure> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, ImageFormat::Png)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("PNG encoding failed: {e}")))?;
    Ok(out.into_inner())
}

/// The sessions a cutout runs on.
enum Cut {
    One(Arc<CutoutSession>),
    Fused { isnet: Arc<CutoutSession>, u2net: Arc<CutoutSession> },
}

impl Cut {
    fn for_model(ctx: &WorkerContext, model: CutoutModel) -> Result<Self, JobFailure> {
        let loaded = |m: CutoutModel| {
            ctx.models.cutout(m).ok_or_else(|| {
                JobFailure::abort(
                    ErrorCode::GenerationFailed,
                    format!("model {} is not loaded on this worker", m.as_str()),
                )
            })
        };
        match model {
            // Without U²-Net (its file missing: the node's model report says
            // so) the fused cutout is ISNet's alone.
            CutoutModel::Fused => Ok(match ctx.models.cutout(CutoutModel::U2net) {
                Some(u2net) => Cut::Fused { isnet: loaded(CutoutModel::Isnet)?, u2net },
                None => Cut::One(loaded(CutoutModel::Isnet)?),
            }),
            CutoutModel::Isnet | CutoutModel::U2net | CutoutModel::U2netp => Ok(Cut::One(loaded(model)?)),
        }
    }

    fn run(&self, rgb: &RgbImage, parallel: bool) -> Result<CutoutOutput, ModelError> {
        match self {
            Cut::One(session) => session.run_rgb(rgb),
            Cut::Fused { isnet, u2net } => run_fused_rgb(isnet, u2net, rgb, parallel),
        }
    }
}
