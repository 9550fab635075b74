//! `IMG_2_VEDIO`: a camera-move clip from one image. ISNet separates the
//! subject; `pixmart_models::video` renders the 2.5D parallax frames with
//! the subject's place inpainted; ffmpeg encodes them (see `encode`).
//! Results: the clip (MP4 or GIF) and a poster frame (WebP).

pub mod encode;

use std::io::Cursor;

use image::{DynamicImage, ImageFormat};
use pixmart_models::video::{CameraPath, Motion, ParallaxScene};
use pixmart_shared::domain::{CameraMove, CutoutModel, ResultKind, TaskId, TaskResult, VideoSpec};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;

use self::encode::{EncodeError, EncodeSettings};
use super::inputs::load_upload;
use crate::failure::JobFailure;
use crate::WorkerContext;

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &VideoSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let not_here =
        |what: &str| JobFailure::abort(ErrorCode::GenerationFailed, format!("{what} is not available on this worker"));
    let session = ctx.models.cutout(CutoutModel::Isnet).ok_or_else(|| not_here("model isnet"))?;
    let ffmpeg = ctx.models.ffmpeg().ok_or_else(|| not_here("ffmpeg"))?.to_path_buf();
    let image = load_upload(ctx, spec.image).await?;
    ctx.set_progress(task_id, 5).await?;

    let rgb = image.to_rgb8();
    let mask = tokio::task::spawn_blocking(move || {
        session.run(&image).map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {e}", e.code())))
    })
    .await
    .map_err(JobFailure::retry)??
    .mask;
    ctx.set_progress(task_id, 30).await?;

    let spec = spec.clone();
    let threads = ctx.settings.models.intra_threads.max(1);
    let clip = tokio::task::spawn_blocking(move || render_and_encode(&ffmpeg, &spec, &rgb, &mask, threads))
        .await
        .map_err(JobFailure::retry)??;
    ctx.set_progress(task_id, 90).await?;

    let video_key = result_key(task_id, &format!("video.{}", clip.format_ext));
    let poster_key = result_key(task_id, "poster.webp");
    ctx.blobs.put(&video_key, &clip.video).await?;
    ctx.blobs.put(&poster_key, &clip.poster).await?;
    let (width, height) = (clip.width, clip.height);
    Ok(vec![
        TaskResult::file(video_key, ResultKind::Video, width, height),
        TaskResult::file(poster_key, ResultKind::Poster, width, height),
    ])
}

pub struct Clip {
    pub video: Vec<u8>,
    pub poster: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub format_ext: &'static str,
}

/// The task's camera move as the renderer's path.
pub fn camera_path(m: CameraMove) -> CameraPath {
    match m {
        CameraMove::Left => CameraPath::PanLeft,
        CameraMove::Right => CameraPath::PanRight,
        CameraMove::Up => CameraPath::PanUp,
        CameraMove::Down => CameraPath::PanDown,
        CameraMove::Clockwise => CameraPath::RollClockwise,
        CameraMove::Anticlockwise => CameraPath::RollAnticlockwise,
        CameraMove::In => CameraPath::PushIn,
        CameraMove::Out => CameraPath::PullOut,
    }
}

/// The scene for a spec: frame size from the resolution option, travel
/// from motionDistance × motionBucket × duration.
pub fn build_scene(spec: &VideoSpec, image: &image::RgbImage, mask: &image::GrayImage) -> ParallaxScene {
    let (width, height) = spec.resolution.frame_size(image.width(), image.height());
    let secs = spec.duration_ms() as f32 / 1000.0;
    let travel = Motion::travel_for(spec.motion_distance, spec.speed.motion_bucket(), secs);
    let motion = Motion { path: camera_path(spec.camera), travel };
    ParallaxScene::new(image, mask, width, height, motion, &pixmart_models::inpaint)
}

/// Renders every frame into ffmpeg and makes the poster (the first frame).
/// Blocking: run it off the async threads.
pub fn render_and_encode(
    ffmpeg: &std::path::Path,
    spec: &VideoSpec,
    image: &image::RgbImage,
    mask: &image::GrayImage,
    threads: usize,
) -> Result<Clip, JobFailure> {
    let scene = build_scene(spec, image, mask);
    let (width, height) = scene.frame_size();
    let count = spec.frame_count();
    let settings = EncodeSettings { width, height, fps: spec.fps(), format: spec.format };
    let video =
        encode::encode(ffmpeg, &settings, count, |i, buf| scene.render_into(i, count, threads, buf)).map_err(|e| {
            match e {
                // ffmpeg vanished or the pipe broke: another attempt (maybe on
                // another node) can succeed.
                EncodeError::Spawn(..) | EncodeError::Io(_) => JobFailure::retry(e),
                EncodeError::Failed { .. } => JobFailure::abort(ErrorCode::VideoEncodeFailed, e.to_string()),
            }
        })?;
    let mut poster = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(scene.render(0, count, threads))
        .write_to(&mut poster, ImageFormat::WebP)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("poster encoding failed: {e}")))?;
    Ok(Clip { video, poster: poster.into_inner(), width, height, format_ext: spec.format.as_str() })
}
