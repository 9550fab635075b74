//! MKT_IDEA_GEN: one stage of an idea report, written by the node's text
//! provider. An answer is kept only when `marketing::ideas::read` accepts
//! it (three complete ideas, a real summary, at least two points, the
//! brief's language, no copy of the example); a stage whose answers never
//! are fails `COPY_GENERATION_FAILED`, refunded, and the report records it
//! as its error stage. The result is one text result: the stage's output,
//! and a text file of it for the merchant to read.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use pixmart_shared::domain::task_spec::IdeaStageSpec;
use pixmart_shared::domain::{ResultKind, TaskId, TaskResult};
use pixmart_shared::marketing::ideas::{self, StageOutput};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;
use tokio::sync::watch;

use crate::failure::JobFailure;
use crate::text::{write_judged, TextError, WriteError};
use crate::WorkerContext;

/// Time between two live-text messages.
const PUBLISH_EVERY: Duration = Duration::from_millis(150);

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &IdeaStageSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let engine = ctx
        .models
        .text()
        .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "no text provider is loaded on this worker"))?;
    let prompt = ideas::prompt::build(spec.stage, &spec.brief, spec.summary.as_deref());
    let judge = |answer: &str| ideas::read::read(spec.stage, answer, &spec.brief);
    let stop = Arc::new(AtomicBool::new(false));
    // The page shows the stage being written: the text so far goes out as
    // the task's live text (result 0), at most every PUBLISH_EVERY.
    let (live_tx, mut live_rx) = watch::channel((0u8, String::new()));
    let mut on_text = |attempt: u8, text: &str| {
        live_tx.send_replace((attempt, text.to_owned()));
    };
    let publish = async {
        while live_rx.changed().await.is_ok() {
            let (attempt, text) = live_rx.borrow_and_update().clone();
            ctx.events.text(task_id, 0, attempt, &text).await;
            tokio::time::sleep(PUBLISH_EVERY).await;
        }
        std::future::pending::<std::convert::Infallible>().await
    };
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
        never = super::poster_copy::watch_progress(ctx, task_id, &stop) => match never {},
        never = publish => match never {},
    };
    let output = match written {
        Ok(judged) => judged.value,
        Err(WriteError::Stopped) => return Err(JobFailure::abort(ErrorCode::TaskStopped, "stopped while writing")),
        Err(WriteError::Refused(problems)) => {
            return Err(JobFailure::abort(
                ErrorCode::CopyGenerationFailed,
                format!("no answer met the rules: {}", problems.join("; ")),
            ))
        }
        Err(WriteError::Text(TextError::Unavailable(reason))) => return Err(JobFailure::retry(reason)),
        Err(WriteError::Text(TextError::Failed(reason))) => {
            return Err(JobFailure::abort(ErrorCode::GenerationFailed, reason))
        }
    };
    let key = result_key(task_id, "idea-stage.txt");
    ctx.blobs.put(&key, plain_text(&output).as_bytes()).await?;
    Ok(vec![TaskResult { stage_output: Some(output), ..TaskResult::file(key, ResultKind::Text, 0, 0) }])
}

fn plain_text(output: &StageOutput) -> String {
    match output {
        StageOutput::Summary(s) => s.clone(),
        StageOutput::Ideas(ideas) => {
            ideas.iter().map(|i| format!("{}\n{}", i.title, i.content)).collect::<Vec<_>>().join("\n\n")
        }
        StageOutput::Points(points) => points.iter().map(|p| format!("- {p}")).collect::<Vec<_>>().join("\n"),
    }
}
