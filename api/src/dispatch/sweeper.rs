//! The sweeper's chores besides dispatching: jobs lost with Redis, expired
//! leases (dead workers) and deadlines.

use std::collections::HashMap;

use chrono::Utc;
use pixmart_shared::db::store::{
    content as content_store, dispatch as dispatch_store, idea_reports as idea_report_store, tasks as task_store,
};

use crate::AppState;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SweepReport {
    pub redispatched: usize,
    pub retried: usize,
    pub crashed: usize,
    pub timed_out: usize,
    /// Idea reports that moved to their next stage or ended.
    pub reports_moved: usize,
    /// Content batches with a post taken in (written, failed or stopped).
    pub posts_moved: usize,
}

/// One sweep: put lost jobs back in line, then end or retry tasks whose
/// worker died and time out tasks past their deadline (with refunds).
pub async fn sweep_once(state: &AppState) -> anyhow::Result<SweepReport> {
    let now = Utc::now();
    let mut report = SweepReport { redispatched: redispatch_lost(state, now).await?, ..Default::default() };
    let tasks = &state.settings.tasks;
    let leases = task_store::expire_leases(&state.db, now, tasks.max_attempts).await?;
    report.retried = leases.retried.len();
    report.crashed = leases.failed.len();
    let deadline = chrono::Duration::seconds(i64::try_from(tasks.deadline_secs).unwrap_or(i64::MAX / 1000));
    let timed_out = task_store::expire_deadlines(&state.db, now - deadline).await?;
    report.timed_out = timed_out.len();
    for task in leases.retried.iter().chain(&leases.failed).chain(&timed_out) {
        state.task_events.changed(*task).await;
    }
    report.reports_moved = move_reports_on(state).await?;
    report.posts_moved = move_posts_on(state).await?;
    Ok(report)
}

/// Idea reports still generating: each whose stage has ended moves on
/// (its next stage queued, or the report ended), whether or not a page is
/// reading it.
async fn move_reports_on(state: &AppState) -> anyhow::Result<usize> {
    let ids = idea_report_store::generating(&state.db, 500).await?;
    let mut moved = 0;
    for id in ids {
        if crate::routes::idea_reports::progress(state, &id).await? {
            moved += 1;
        }
    }
    Ok(moved)
}

/// Content batches with posts being written: each post whose task has
/// ended takes its outcome in, whether or not a page is reading it (the
/// statistics and the list count what is in the rows).
async fn move_posts_on(state: &AppState) -> anyhow::Result<usize> {
    let mut moved = 0;
    for id in content_store::loading_batches(&state.db, 500).await? {
        if let Some(batch) = content_store::get(&state.db, &id).await? {
            if content_store::reconcile(&state.db, &batch).await? {
                moved += 1;
            }
        }
    }
    Ok(moved)
}

/// Jobs lost with Redis: a NEW task dispatched a while ago whose queue is
/// empty can only be waiting for a job that no longer exists (a restart
/// without persistence, or a worker that died between fetch and claim). It
/// goes back in line and the next round sends it again (a duplicate would
/// be harmless: the claim is guarded).
async fn redispatch_lost(state: &AppState, now: chrono::DateTime<Utc>) -> anyhow::Result<usize> {
    let after = i64::try_from(state.settings.tasks.redispatch_after_secs).unwrap_or(i64::MAX / 1000);
    let before = now - chrono::Duration::seconds(after);
    let stale = dispatch_store::stale_dispatched(&state.db, before, 500).await?;
    let mut empty: HashMap<String, bool> = HashMap::new();
    let mut count = 0;
    for (id, queue) in stale {
        let is_empty = match empty.get(&queue) {
            Some(e) => *e,
            None => {
                let Ok(depth) = state.dispatcher.depth(&queue).await else { break };
                empty.insert(queue.clone(), depth == 0);
                depth == 0
            }
        };
        if is_empty && dispatch_store::redispatch(&state.db, id, before).await? {
            tracing::warn!(task_id = %id, %queue, "job lost from Redis; sending it again");
            count += 1;
        }
    }
    Ok(count)
}
