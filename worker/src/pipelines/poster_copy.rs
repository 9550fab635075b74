//! POSTER_COPY_GEN ("fill from product / idea"): words for each text slot of
//! a poster template, written by the node's text provider. An answer is
//! kept only when `copywriting::poster_copy::read` accepts it (every slot
//! filled and fitting, the asked language, no invented figures); a task
//! whose answers never are fails `COPY_GENERATION_FAILED`, refunded. The
//! result is one text result: the words by slot id, and a text file of
//! labelled lines for the merchant to read.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use pixmart_shared::copywriting::poster_copy;
use pixmart_shared::domain::task_spec::PosterCopySpec;
use pixmart_shared::domain::{ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;

use crate::failure::JobFailure;
use crate::text::write_judged;
use crate::WorkerContext;

/// Time between two progress writes (and stop checks).
const PROGRESS_EVERY: Duration = Duration::from_millis(1000);

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &PosterCopySpec) -> Result<Vec<TaskResult>, JobFailure> {
    let engine = ctx
        .models
        .text()
        .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "no text provider is loaded on this worker"))?;
    let prompt = poster_copy::build(spec.source, &spec.content, &spec.slots, spec.language);
    let judge = |answer: &str| {
        poster_copy::read(answer, &spec.slots, spec.language, &spec.content, &prompt.instructions)
            .map_err(|p| p.to_string())
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut on_text = |_: u8, _: &str| {};
    let write = write_judged(
        &engine,
        &prompt,
        judge,
        |attempt| super::copywriting::seed(task_id, 0, attempt),
        &stop,
        &mut on_text,
    );
    let written = tokio::select! {
        written = write => written,
        never = watch_progress(ctx, task_id, &stop) => match never {},
    };
    let texts = written?.value;
    let key = result_key(task_id, "poster-copy.txt");
    let plain = poster_copy::to_plain_text(&texts, &spec.slots, spec.language);
    ctx.blobs.put(&key, plain.as_bytes()).await?;
    Ok(vec![TaskResult { slot_texts: Some(texts), ..TaskResult::file(key, ResultKind::Text, 0, 0) }])
}

/// Progress climbs while the words are written; its write is also how a
/// stop is noticed (it fails once the task is no longer this worker's).
pub(crate) async fn watch_progress(
    ctx: &WorkerContext,
    task_id: TaskId,
    stop: &AtomicBool,
) -> std::convert::Infallible {
    let mut tick = tokio::time::interval(PROGRESS_EVERY);
    let mut progress = 5u8;
    loop {
        tick.tick().await;
        progress = progress.saturating_add(10).min(90);
        match ctx.set_progress(task_id, progress).await {
            Ok(false) => stop.store(true, Ordering::Relaxed),
            Ok(true) => {}
            Err(e) => tracing::warn!(%task_id, error = %e, "progress not written"),
        }
    }
}
