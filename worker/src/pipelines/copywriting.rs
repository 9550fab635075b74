//! TEXT_REWRITE and HOT_ARTICLE_REWRITE (and the writing half of the
//! picture and video rewrites, `media_copy`): marketing copy for a platform,
//! written by the node's text provider (`crate::text`) and published while
//! it is written.
//!
//! Each result is written by `text::write_copy`, which delivers only an
//! answer that meets every rule (`pixmart_shared::copywriting::rules`); a
//! task whose answers never do fails `COPY_GENERATION_FAILED`, refunded.
//! Beside it run two small loops: one publishes the text so far (at most
//! every [`PUBLISH_EVERY`]), one writes progress every [`PROGRESS_EVERY`],
//! and that write is also how a stop is noticed (it fails once the task is
//! no longer this worker's), which ends the answer between tokens.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use pixmart_shared::copywriting::prompt::{self, Brief, Prompt};
use pixmart_shared::copywriting::{CopyLanguage, CopyStyle, Platform, RuleContext};
use pixmart_shared::domain::task_spec::{CopyKind, CopySpec};
use pixmart_shared::domain::{ResultKind, TaskId, TaskResult};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;
use tokio::sync::watch;

use crate::failure::JobFailure;
use crate::text::write_copy;
use crate::WorkerContext;

/// Least time between two live-text messages (about ten a second: smooth
/// to read, cheap for Redis).
const PUBLISH_EVERY: Duration = Duration::from_millis(100);
/// Time between two progress writes (and stop checks).
const PROGRESS_EVERY: Duration = Duration::from_millis(1000);

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &CopySpec) -> Result<Vec<TaskResult>, JobFailure> {
    let brief = match spec.kind {
        CopyKind::TextRewrite => Brief::Rewrite { source: &spec.source },
        CopyKind::ArticleRewrite => Brief::Article { source: &spec.source },
        CopyKind::Topic => Brief::Topic { topic: &spec.source },
    };
    let order =
        CopyOrder { brief, platform: spec.platform, style: spec.style, language: spec.language, count: spec.gen_num };
    write_results(ctx, task_id, &order, Progress::WHOLE).await
}

/// What a text task asks to be written.
pub struct CopyOrder<'a> {
    pub brief: Brief<'a>,
    pub platform: Platform,
    pub style: CopyStyle,
    pub language: CopyLanguage,
    /// Answers to write.
    pub count: u8,
}

/// The share of a task's progress bar the writing fills (a picture or
/// video rewrite reads its media first).
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub from: f64,
    pub to: f64,
}

impl Progress {
    pub const WHOLE: Progress = Progress { from: 5.0, to: 95.0 };
}

/// Writes `order.count` answers, each published while it is written, and
/// stores them as the task's text results.
pub async fn write_results(
    ctx: &WorkerContext,
    task_id: TaskId,
    order: &CopyOrder<'_>,
    progress: Progress,
) -> Result<Vec<TaskResult>, JobFailure> {
    let engine = ctx
        .models
        .text()
        .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "no text provider is loaded on this worker"))?;
    let prompt = prompt::build(order.brief, order.platform, order.style, order.language);
    let rules = RuleContext {
        platform: order.platform,
        language: order.language,
        source: order.brief.source(),
        facts: order.brief.facts(),
        instructions: &prompt.instructions,
    };
    let mut results = Vec::with_capacity(usize::from(order.count));
    for index in 0..order.count {
        let slot = Slot { index, count: order.count, progress };
        let copy = write_one(ctx, task_id, &engine, &prompt, &rules, slot).await?;
        let key = result_key(task_id, &format!("copy-{}.txt", index + 1));
        ctx.blobs.put(&key, copy.to_plain_text(order.language.is_chinese()).as_bytes()).await?;
        results.push(TaskResult { copy: Some(copy), ..TaskResult::file(key, ResultKind::Text, 0, 0) });
    }
    Ok(results)
}

/// Which answer of how many, within which share of the progress bar.
#[derive(Debug, Clone, Copy)]
struct Slot {
    index: u8,
    count: u8,
    progress: Progress,
}

async fn write_one(
    ctx: &WorkerContext,
    task_id: TaskId,
    engine: &crate::text::TextEngine,
    prompt: &Prompt,
    rules: &RuleContext<'_>,
    slot: Slot,
) -> Result<pixmart_shared::copywriting::MarketingCopy, JobFailure> {
    let Slot { index, count, progress: span } = slot;
    let stop = Arc::new(AtomicBool::new(false));
    let pieces = AtomicUsize::new(0);
    let (live_tx, mut live_rx) = watch::channel((0u8, String::new()));
    let mut on_text = |attempt: u8, text: &str| {
        pieces.fetch_add(1, Ordering::Relaxed);
        live_tx.send_replace((attempt, text.to_owned()));
    };
    let write = write_copy(engine, prompt, rules, |attempt| seed(task_id, index, attempt), &stop, &mut on_text);
    let publish = async {
        while live_rx.changed().await.is_ok() {
            let (attempt, text) = live_rx.borrow_and_update().clone();
            ctx.events.text(task_id, index, attempt, &text).await;
            tokio::time::sleep(PUBLISH_EVERY).await;
        }
    };
    let watch_progress = async {
        let mut tick = tokio::time::interval(PROGRESS_EVERY);
        tick.tick().await;
        loop {
            tick.tick().await;
            let within = (pieces.load(Ordering::Relaxed) as f64 / prompt.max_tokens.max(1) as f64).min(0.95);
            let done = (f64::from(index) + within) / f64::from(count.max(1));
            let progress = (span.from + (span.to - span.from) * done).floor() as u8;
            match ctx.set_progress(task_id, progress).await {
                // Stopped by its owner (already refunded) or the lease was lost.
                Ok(false) => stop.store(true, Ordering::Relaxed),
                Ok(true) => {}
                Err(e) => tracing::warn!(%task_id, error = %e, "progress not written"),
            }
        }
    };
    // The loops run until the write ends and drops them; should the
    // publisher stop first (its channel closed), progress goes on alone.
    let alongside = async {
        tokio::join!(publish, watch_progress);
        std::future::pending::<std::convert::Infallible>().await
    };
    let written = tokio::select! {
        written = write => written,
        never = alongside => match never {},
    };
    // The last state, whatever the throttle held back.
    let (attempt, text) = live_rx.borrow().clone();
    ctx.events.text(task_id, index, attempt, &text).await;
    Ok(written?.copy)
}

/// A seed per task, result and attempt: a rewrite is reproducible on the
/// same model, and a refused answer is not written the same way again.
pub(crate) fn seed(task: TaskId, index: u8, attempt: u8) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in task.to_string().bytes().chain([index, attempt]) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
