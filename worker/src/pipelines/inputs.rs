use image::DynamicImage;
use pixmart_shared::db::store::uploads as upload_store;
use pixmart_shared::domain::upload::decode_bounded;
use pixmart_shared::domain::{UploadId, UploadRules, VideoContainer};
use pixmart_shared::ErrorCode;

use crate::failure::JobFailure;
use crate::WorkerContext;

/// Loads and decodes an uploaded image (bounded, off the async threads).
pub async fn load_upload(ctx: &WorkerContext, id: UploadId) -> Result<DynamicImage, JobFailure> {
    let upload = upload_store::get_upload(&ctx.db, id)
        .await?
        .ok_or_else(|| JobFailure::abort(ErrorCode::InputImageUnreadable, format!("upload {id} does not exist")))?;
    let format = upload
        .format
        .image()
        .ok_or_else(|| JobFailure::abort(ErrorCode::InputImageUnreadable, format!("upload {id} is not an image")))?;
    let data = ctx.blobs.get(&upload.storage_key).await?;
    let rules = UploadRules::SPEC;
    tokio::task::spawn_blocking(move || decode_bounded(&data, format, rules.max_side, rules.max_decode_alloc))
        .await
        .map_err(JobFailure::retry)?
        .map_err(|_| JobFailure::abort(ErrorCode::InputImageUnreadable, format!("upload {id} cannot be decoded")))
}

/// An uploaded video's bytes and container.
pub async fn load_video_upload(ctx: &WorkerContext, id: UploadId) -> Result<(Vec<u8>, VideoContainer), JobFailure> {
    let unreadable = |why: &str| JobFailure::abort(ErrorCode::InputVideoUnreadable, format!("upload {id} {why}"));
    let upload = upload_store::get_upload(&ctx.db, id).await?.ok_or_else(|| unreadable("does not exist"))?;
    let container = upload.format.video().ok_or_else(|| unreadable("is not a video"))?;
    Ok((ctx.blobs.get(&upload.storage_key).await?, container))
}
