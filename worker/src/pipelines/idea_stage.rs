//! MKT_IDEA_GEN: one stage of an idea report, written by the node's text
//! provider. An answer is kept only when `marketing::ideas::read` accepts
//! it (complete ideas, a real summary, at least two points, the brief's
//! language, no copy of the example); an idea stage keeps the good ideas of
//! each answer and asks again for the rest. A stage whose answers never
//! are accepted fails `COPY_GENERATION_FAILED`, refunded, and the report
//! records it as its error stage. The result is one text result: the stage's output,
//! and a text file of it for the merchant to read.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use pixmart_shared::domain::task_spec::IdeaStageSpec;
use pixmart_shared::domain::{ResultKind, TaskId, TaskResult};
use pixmart_shared::marketing::ideas::{self, Idea, StageOutput, IDEAS_PER_STAGE};
use pixmart_shared::storage::result_key;
use pixmart_shared::ErrorCode;
use tokio::sync::watch;

use crate::failure::JobFailure;
use crate::text::{write_judged, ATTEMPTS};
use crate::WorkerContext;

/// Time between two live-text messages.
const PUBLISH_EVERY: Duration = Duration::from_millis(150);

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &IdeaStageSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let engine = ctx
        .models
        .text()
        .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "no text provider is loaded on this worker"))?;
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
    let (brief, summary) = (&spec.brief, spec.summary.as_deref());
    let write = async {
        if spec.stage.social_type().is_none() {
            let prompt = ideas::prompt::build(spec.stage, brief, summary);
            let judge = |answer: &str| ideas::read::read(spec.stage, answer, brief);
            let seed = |attempt| super::copywriting::seed(task_id, 0, attempt);
            return write_judged(&engine, &prompt, judge, seed, &stop, &mut on_text).await.map(|j| j.value);
        }
        // A small model often writes fewer ideas than asked (the 0.5B one or
        // two of three): what an answer gets right is kept and the next
        // request asks only for the rest. Each round adds at least one idea
        // or fails the stage after ATTEMPTS refused answers.
        let mut kept: Vec<Idea> = Vec::new();
        for round in 0..IDEAS_PER_STAGE as u8 {
            if kept.len() >= IDEAS_PER_STAGE {
                break;
            }
            let prompt = ideas::prompt::build_more(spec.stage, brief, summary, &kept);
            let wanted = IDEAS_PER_STAGE - kept.len();
            let judge = |answer: &str| ideas::read::read_more_ideas(answer, brief, &kept, wanted);
            let seed = |attempt| super::copywriting::seed(task_id, round, attempt);
            // The live text keeps the ideas already kept above the new answer.
            let before =
                if kept.is_empty() { String::new() } else { plain_text(&StageOutput::Ideas(kept.clone())) + "\n\n" };
            let mut on_round_text =
                |attempt: u8, text: &str| on_text(round * ATTEMPTS + attempt, &format!("{before}{text}"));
            let judged = write_judged(&engine, &prompt, judge, seed, &stop, &mut on_round_text).await?;
            kept.extend(judged.value);
        }
        Ok(StageOutput::Ideas(kept))
    };
    let written = tokio::select! {
        written = write => written,
        never = super::poster_copy::watch_progress(ctx, task_id, &stop) => match never {},
        never = publish => match never {},
    };
    let output = written?;
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
