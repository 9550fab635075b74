//! Running one task from claim to outcome. `process_task` is also the
//! direct entry point tests use to drive a job without a queue.

use pixmart_shared::db::store::tasks::{self as task_store, Released};
use pixmart_shared::domain::{TaskId, TaskResult, TaskSpec};
use pixmart_shared::ErrorCode;

use crate::failure::JobFailure;
use crate::pipelines;
use crate::WorkerContext;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The task was not NEW (already taken, finished or stopped): nothing
    /// done, which makes duplicate deliveries harmless.
    Skipped,
    Succeeded,
    /// Ended FAILED with this code.
    Failed(ErrorCode),
    /// The outcome could not be written (this worker lost the task, e.g.
    /// its lease expired meanwhile).
    Lost,
    /// A transient error: the task is back in line for another attempt.
    Retrying,
}

/// Claims the task, runs its pipeline and writes the outcome. Errors are
/// only returned for transient trouble before or while writing the outcome.
pub async fn process_task(ctx: &WorkerContext, task_id: TaskId) -> Result<Outcome, JobFailure> {
    let Some(task) = ctx.writer.claim(task_id).await? else {
        tracing::info!(%task_id, "task not claimable (duplicate or finished job); skipped");
        return Ok(Outcome::Skipped);
    };
    tracing::info!(%task_id, biz = %task.biz_type, attempt = task.attempts, "task started");
    ctx.events.changed(task_id).await;
    let result = match TaskSpec::parse(task.biz_type.as_str(), &task.params) {
        Ok(spec) => run_spec(ctx, task_id, &spec).await,
        Err(invalid) => Err(JobFailure::abort(invalid.code, format!("stored params are invalid: {invalid}"))),
    };
    let outcome = write_outcome(ctx, task_id, task.attempts, result).await;
    // Streams re-read the row: it is final (or back in line) now.
    ctx.events.changed(task_id).await;
    outcome
}

async fn write_outcome(
    ctx: &WorkerContext,
    task_id: TaskId,
    attempts: u32,
    result: Result<Vec<TaskResult>, JobFailure>,
) -> Result<Outcome, JobFailure> {
    match result {
        Ok(results) => {
            let written = ctx.writer.complete(task_id, results).await?;
            tracing::info!(%task_id, written, "task succeeded");
            Ok(if written { Outcome::Succeeded } else { Outcome::Lost })
        }
        Err(JobFailure::Abort { code, detail }) => {
            tracing::warn!(%task_id, %code, %detail, "task failed");
            let written = ctx.writer.fail(task_id, code.id(), &detail).await?;
            Ok(if written { Outcome::Failed(code) } else { Outcome::Lost })
        }
        Err(JobFailure::Retry(reason)) => {
            // Transient (storage, database, I/O): another attempt may
            // succeed. Attempts are counted at claim and bounded by
            // `max_attempts`; the last one ends FAILED and is refunded.
            let code = ErrorCode::GenerationFailed;
            let max = ctx.settings.tasks.max_attempts;
            let released =
                task_store::release_for_retry(&ctx.db, task_id, &ctx.worker_id, max, code.id(), &reason).await?;
            tracing::warn!(%task_id, %reason, attempt = attempts, ?released, "task hit a transient error");
            Ok(match released {
                Released::Retrying => Outcome::Retrying,
                Released::Failed => Outcome::Failed(code),
                Released::Lost => Outcome::Lost,
            })
        }
    }
}

async fn run_spec(ctx: &WorkerContext, task_id: TaskId, spec: &TaskSpec) -> Result<Vec<TaskResult>, JobFailure> {
    match spec {
        TaskSpec::Cutout(cutout) => pipelines::cutout::run(ctx, task_id, cutout).await,
        TaskSpec::Diffusion(spec) => pipelines::diffusion::run(ctx, task_id, spec).await,
        TaskSpec::QrCodeArt(qr) => pipelines::qr_code_art::run(ctx, task_id, qr).await,
        TaskSpec::Video(video) => pipelines::video::run(ctx, task_id, video).await,
        TaskSpec::ProductImage(p) => pipelines::product_image::run(ctx, task_id, p).await,
        TaskSpec::BackgroundReproduce(b) => pipelines::background_reproduce::run(ctx, task_id, b).await,
        TaskSpec::Copy(c) => pipelines::copywriting::run(ctx, task_id, c).await,
        TaskSpec::MediaCopy(m) => pipelines::media_copy::run(ctx, task_id, m).await,
        TaskSpec::Poster(p) => pipelines::poster::run(ctx, task_id, p).await,
        TaskSpec::PosterCopy(p) => pipelines::poster_copy::run(ctx, task_id, p).await,
        TaskSpec::IdeaStage(s) => pipelines::idea_stage::run(ctx, task_id, s).await,
        TaskSpec::Content(c) => pipelines::content::run(ctx, task_id, c).await,
    }
}
