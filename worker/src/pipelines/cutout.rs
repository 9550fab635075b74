//! `MATTING_IMAGE`: the product cut out as a transparent PNG at the
//! original resolution, plus its mask.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat};
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::{CutoutSpec, ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;

use super::inputs::load_upload;
use crate::failure::JobFailure;
use crate::WorkerContext;

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &CutoutSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let session = ctx.models.cutout(spec.model).ok_or_else(|| {
        JobFailure::abort(
            ErrorCode::GenerationFailed,
            format!("model {} is not loaded on this worker", spec.model.as_str()),
        )
    })?;
    let image = load_upload(ctx, spec.image).await?;
    task_store::set_progress(&ctx.db, task_id, &ctx.worker_id, 10).await?;

    let (cutout_png, mask_png, width, height) = tokio::task::spawn_blocking(move || {
        let out = session
            .run(&image)
            .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {e}", e.code())))?;
        let (w, h) = (out.cutout.width(), out.cutout.height());
        let cutout = encode_png(DynamicImage::ImageRgba8(out.cutout))?;
        let mask = encode_png(DynamicImage::ImageLuma8(out.mask))?;
        Ok::<_, JobFailure>((cutout, mask, w, h))
    })
    .await
    .map_err(JobFailure::retry)??;
    task_store::set_progress(&ctx.db, task_id, &ctx.worker_id, 90).await?;

    let cutout_key = result_key(task_id, "cutout.png");
    let mask_key = result_key(task_id, "mask.png");
    ctx.blobs.put(&cutout_key, &cutout_png).await?;
    ctx.blobs.put(&mask_key, &mask_png).await?;
    Ok(vec![
        TaskResult { key: cutout_key, kind: ResultKind::Image, width, height },
        TaskResult { key: mask_key, kind: ResultKind::Mask, width, height },
    ])
}

fn encode_png(image: DynamicImage) -> Result<Vec<u8>, JobFailure> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, ImageFormat::Png)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("PNG encoding failed: {e}")))?;
    Ok(out.into_inner())
}
