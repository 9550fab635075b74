//! `QR_CODE_ART`: up to topN artistic codes over the uploaded image, each
//! decoded after degradation before it is stored (see `pixmart_models::qr`).
//! Nothing unscannable is ever delivered: the model lowers the strength
//! until codes pass, and fails the task only if even a plain code fails.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat};
use pixmart_models::qr::{self, QrArtOptions, QrError};
use pixmart_shared::domain::{QrCodeArtSpec, QrShape, ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;

use super::inputs::load_upload;
use crate::failure::JobFailure;
use crate::WorkerContext;

/// Side of a delivered code: large enough for print, and for a quarter of
/// it to keep three pixels per module.
pub const TARGET_PX: u32 = 1024;

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &QrCodeArtSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let image = load_upload(ctx, spec.image).await?;
    ctx.set_progress(task_id, 10).await?;
    let options = options(spec, TARGET_PX);
    let pngs = tokio::task::spawn_blocking(move || {
        let codes = qr::generate(&image, &options).map_err(failure)?;
        codes
            .into_iter()
            .map(|c| {
                tracing::info!(%task_id, strength = c.strength, robustness = c.robustness, version = c.version, mask = c.mask, "qr code verified");
                let (w, h) = (c.image.width(), c.image.height());
                encode_png(DynamicImage::ImageRgb8(c.image)).map(|png| (png, w, h))
            })
            .collect::<Result<Vec<_>, JobFailure>>()
    })
    .await
    .map_err(JobFailure::retry)??;
    ctx.set_progress(task_id, 90).await?;
    let mut results = Vec::with_capacity(pngs.len());
    for (i, (png, width, height)) in pngs.into_iter().enumerate() {
        let key = result_key(task_id, &format!("qr-{}.png", i + 1));
        ctx.blobs.put(&key, &png).await?;
        results.push(TaskResult::file(key, ResultKind::Image, width, height));
    }
    Ok(results)
}

/// The model's options for a task (also used by the tests and the bench).
pub fn options(spec: &QrCodeArtSpec, target_px: u32) -> QrArtOptions {
    QrArtOptions {
        content: spec.content.clone(),
        shape: shape(spec.shape),
        strength: spec.strength,
        top_n: usize::from(spec.top_n),
        target_px,
    }
}

pub fn shape(s: QrShape) -> qr::QrShape {
    match s {
        QrShape::Square => qr::QrShape::Square,
        QrShape::Circle => qr::QrShape::Circle,
        QrShape::LongCircle => qr::QrShape::LongCircle,
        QrShape::LongSquare => qr::QrShape::LongSquare,
    }
}

fn failure(e: QrError) -> JobFailure {
    let code = match e {
        // Parsing already refused these; stored params changed under us.
        QrError::EmptyContent => ErrorCode::QrContentRequired,
        QrError::ContentTooLong => ErrorCode::QrContentTooLong,
        QrError::NoScannableCode => ErrorCode::QrNoScannableCode,
    };
    JobFailure::abort(code, format!("{}: {e}", e.code()))
}

fn encode_png(image: DynamicImage) -> Result<Vec<u8>, JobFailure> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, ImageFormat::Png)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("PNG encoding failed: {e}")))?;
    Ok(out.into_inner())
}
