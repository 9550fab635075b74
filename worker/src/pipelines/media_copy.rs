//! HOT_PIC_REWRITE and HOT_VIDEO_REWRITE: read the media first (the text
//! in a note's pictures by OCR, a video's speech by Whisper), record what
//! was read on the task so the merchant sees it, then write copy from it
//! exactly as the text rewrites do (`copywriting::write_results`).
//!
//! Media with nothing to read fails with its own code (OCR_NO_TEXT,
//! VIDEO_NO_SPEECH), refunded: the model is never asked to invent copy
//! from nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use pixmart_models::ocr::{lines_to_text, OcrEngine};
use pixmart_models::speech::{decode_audio, TranscribeOptions, Whisper};
use pixmart_shared::copywriting::prompt::Brief;
use pixmart_shared::copywriting::text::{char_count, cut_at_sentence};
use pixmart_shared::copywriting::CopyLanguage;
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::task_spec::{MediaCopySpec, MediaSource};
use pixmart_shared::domain::{TaskId, TaskResult, UploadId, VideoRules};
use pixmart_shared::ErrorCode;

use super::copywriting::{write_results, CopyOrder, Progress};
use super::inputs::{load_upload, load_video_upload};
use crate::failure::JobFailure;
use crate::WorkerContext;

/// Most characters of read text handed to the model: as much as an article
/// rewrite reads (a long transcript is cut at a sentence).
const SOURCE_MAX_CHARS: usize = 3000;
/// Fewest letters or Han characters that count as text read (a stray
/// "1" or a watermark's single letter is not a note).
const SOURCE_MIN_CHARS: usize = 4;
/// Reading is the first fifth of the progress bar; writing the rest.
const READ_PROGRESS: f64 = 20.0;
const WRITE_PROGRESS: Progress = Progress { from: READ_PROGRESS, to: 95.0 };
/// How often a long read reports progress (and notices a stop).
const HEARTBEAT: Duration = Duration::from_secs(1);

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &MediaCopySpec) -> Result<Vec<TaskResult>, JobFailure> {
    let read = match &spec.source {
        MediaSource::Images(images) => read_pictures(ctx, task_id, images).await?,
        MediaSource::Video { video, speech } => transcribe_video(ctx, task_id, *video, *speech).await?,
    };
    let source = cut_at_sentence(read.trim(), SOURCE_MAX_CHARS);
    let readable = source.chars().filter(|c| c.is_alphanumeric()).count();
    if readable < SOURCE_MIN_CHARS {
        let code = match spec.source {
            MediaSource::Images(_) => ErrorCode::OcrNoText,
            MediaSource::Video { .. } => ErrorCode::VideoNoSpeech,
        };
        return Err(JobFailure::abort(code, format!("{readable} readable characters in the media")));
    }
    if !task_store::set_source_text(&ctx.db, task_id, &ctx.worker_id, &source).await? {
        return Err(JobFailure::abort(ErrorCode::TaskStopped, "no longer this worker's task"));
    }
    ctx.events.changed(task_id).await;
    tracing::info!(%task_id, chars = char_count(&source), "media read");
    let language = spec.language.unwrap_or_else(|| CopyLanguage::detect(&source));
    let brief = match spec.source {
        MediaSource::Images(_) => Brief::Pictures { source: &source },
        MediaSource::Video { .. } => Brief::Transcript { source: &source },
    };
    let order = CopyOrder { brief, platform: spec.platform, style: spec.style, language, count: spec.gen_num };
    write_results(ctx, task_id, &order, WRITE_PROGRESS).await
}

/// The text of each picture, in the order given, a blank line between
/// pictures.
async fn read_pictures(ctx: &WorkerContext, task_id: TaskId, images: &[UploadId]) -> Result<String, JobFailure> {
    let ocr =
        ctx.models.ocr().ok_or_else(|| JobFailure::abort(ErrorCode::ModelMissing, "no OCR model on this worker"))?;
    let mut pages = Vec::with_capacity(images.len());
    for (i, id) in images.iter().enumerate() {
        let image = load_upload(ctx, *id).await?;
        let progress = (READ_PROGRESS * (i as f64 + 0.5) / images.len() as f64) as u8;
        let engine: Arc<OcrEngine> = ocr.clone();
        let lines = with_heartbeat(ctx, task_id, progress, move |_stop| engine.read(&image))
            .await?
            .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("OCR: {e}")))?;
        let text = lines_to_text(&lines);
        if !text.trim().is_empty() {
            pages.push(text);
        }
    }
    Ok(pages.join("\n\n"))
}

/// The video's speech as text; empty when nothing was said. `spoken`: the
/// language the merchant says is spoken (else Whisper detects it).
async fn transcribe_video(
    ctx: &WorkerContext,
    task_id: TaskId,
    video: UploadId,
    spoken: Option<CopyLanguage>,
) -> Result<String, JobFailure> {
    let whisper: Arc<Whisper> = ctx
        .models
        .whisper()
        .ok_or_else(|| JobFailure::abort(ErrorCode::ModelMissing, "no speech model on this worker"))?;
    let ffmpeg = ctx
        .models
        .ffmpeg()
        .map(std::path::Path::to_path_buf)
        .ok_or_else(|| JobFailure::abort(ErrorCode::ModelMissing, "ffmpeg is not installed on this worker"))?;
    let (bytes, container) = load_video_upload(ctx, video).await?;
    // ffmpeg reads a file: the upload is written to a private temporary
    // one, removed when this function returns.
    let file = tempfile::Builder::new()
        .prefix("pixmart-video-")
        .suffix(&format!(".{}", container.extension()))
        .tempfile()
        .map_err(JobFailure::retry)?;
    tokio::fs::write(file.path(), &bytes).await.map_err(JobFailure::retry)?;
    drop(bytes);
    let path = file.path().to_path_buf();
    let max_seconds = VideoRules::SPEC.max_seconds;
    let samples = with_heartbeat(ctx, task_id, 2, move |_stop| decode_audio(&ffmpeg, &path, max_seconds))
        .await?
        .map_err(|e| JobFailure::abort(ErrorCode::InputVideoUnreadable, format!("ffmpeg: {e}")))?;
    if samples.is_empty() {
        return Ok(String::new());
    }
    // Mandarin is prompted into simplified characters by the model itself
    // (`pixmart_models::speech::ZH_PROMPT`), detected or named.
    let options = TranscribeOptions { language: spoken.map(|l| l.as_str().to_owned()), initial_prompt: None };
    let transcript = with_heartbeat(ctx, task_id, 10, move |stop| {
        whisper.transcribe(&samples, &options, &|| stop.load(Ordering::Relaxed))
    })
    .await?
    .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("speech: {e}")))?;
    if !transcript.has_speech() {
        return Ok(String::new());
    }
    Ok(transcript.text)
}

/// Runs blocking model work on its own thread while this task reports
/// `progress` every [`HEARTBEAT`] (which keeps its lease); a stop (the
/// report no longer lands) raises the flag `work` is given and the task
/// ends as stopped.
async fn with_heartbeat<T: Send + 'static>(
    ctx: &WorkerContext,
    task_id: TaskId,
    progress: u8,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> Result<T, JobFailure> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let mut handle = tokio::task::spawn_blocking(move || work(flag));
    let mut tick = tokio::time::interval(HEARTBEAT);
    let out = loop {
        tokio::select! {
            joined = &mut handle => break joined.map_err(JobFailure::retry)?,
            _ = tick.tick() => match ctx.set_progress(task_id, progress).await {
                Ok(false) => stop.store(true, Ordering::Relaxed),
                Ok(true) => {}
                Err(e) => tracing::warn!(%task_id, error = %e, "progress not written"),
            },
        }
    };
    if stop.load(Ordering::Relaxed) {
        return Err(JobFailure::abort(ErrorCode::TaskStopped, "stopped while reading the media"));
    }
    Ok(out)
}
