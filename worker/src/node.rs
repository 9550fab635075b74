//! This process as a fleet node: registration with its capabilities, a
//! heartbeat that also carries the operator's desired state (active, paused,
//! draining) back to the queue consumers, job accounting, and
//! deregistration on graceful shutdown.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use pixmart_shared::db::store::capabilities::ModelReport;
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::db::store::workers::{self, DesiredState, WorkerNode};
use pixmart_shared::db::Db;
use pixmart_shared::domain::{BizType, TaskId};
use tokio::sync::watch;
use tracing::Instrument;

use crate::failure::JobFailure;
use crate::process::{process_task, Outcome};
use crate::WorkerContext;

/// A name unique per process: apalis-redis refuses a second worker under
/// a name it still considers alive, so restarts must not reuse one.
pub fn unique_worker_id() -> String {
    let host = hostname::get().map(|h| h.to_string_lossy().into_owned()).unwrap_or_else(|_| "node".into());
    let suffix = uuid::Uuid::new_v4().simple().to_string();
    format!("{host}-{}-{}", std::process::id(), &suffix[..8])
}

pub fn describe(
    id: &str,
    pool: &str,
    capabilities: Vec<BizType>,
    concurrency: usize,
    metrics_addr: Option<String>,
    models: ModelReport,
) -> WorkerNode {
    WorkerNode {
        id: id.to_owned(),
        name: id.to_owned(),
        host: hostname::get().map(|h| h.to_string_lossy().into_owned()).unwrap_or_default(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        device: detect_device(),
        pool: pool.to_owned(),
        capabilities,
        concurrency: u32::try_from(concurrency).unwrap_or(u32::MAX),
        metrics_addr,
        models,
    }
}

/// `GPU <name> (<memory>)` for each NVIDIA GPU `nvidia-smi` reports, else
/// `CPU (<n> threads)`.
fn detect_device() -> String {
    let gpus = std::process::Command::new("nvidia-smi")
        .args(["--query-gpu=name,memory.total", "--format=csv,noheader"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let gpus: Vec<String> = gpus
        .lines()
        .filter_map(|line| {
            let (name, memory) = line.split_once(',')?;
            Some(format!("GPU {} ({})", name.trim(), memory.trim()))
        })
        .collect();
    if gpus.is_empty() {
        format!("CPU ({} threads)", std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
    } else {
        gpus.join(", ")
    }
}

/// The consumers of this node, paused and resumed together to follow the
/// operator's desired state. Pausing an apalis worker stops it polling its
/// queue (its service reports not ready); the fast-job loops (downloads,
/// refinements: plain Redis lists, not apalis) watch [`Consumers::accepting`]
/// and pop nothing while it is false. So a paused or draining node fetches
/// nothing; jobs already running finish.
#[derive(Clone)]
pub struct Consumers {
    contexts: Arc<Mutex<Vec<apalis::prelude::WorkerContext>>>,
    accepting: Arc<watch::Sender<bool>>,
}

impl Default for Consumers {
    fn default() -> Self {
        // A node starts taking jobs; its first heartbeat says otherwise if
        // an operator paused or drained it.
        Consumers { contexts: Arc::default(), accepting: Arc::new(watch::channel(true).0) }
    }
}

impl Consumers {
    pub fn add(&self, ctx: apalis::prelude::WorkerContext) {
        if let Ok(mut all) = self.contexts.lock() {
            all.push(ctx);
        }
    }

    /// Whether the node takes new jobs now (for consumers that are not
    /// apalis workers).
    pub fn accepting(&self) -> watch::Receiver<bool> {
        self.accepting.subscribe()
    }

    /// Pauses or resumes every consumer to match `state`.
    pub fn apply(&self, state: DesiredState) {
        self.accepting.send_if_modified(|now| std::mem::replace(now, state.takes_jobs()) != state.takes_jobs());
        let Ok(all) = self.contexts.lock() else { return };
        for ctx in all.iter() {
            let result = if state.takes_jobs() && ctx.is_paused() {
                ctx.resume()
            } else if !state.takes_jobs() && ctx.is_running() {
                ctx.pause()
            } else {
                Ok(())
            };
            if let Err(e) = result {
                tracing::warn!(consumer = ctx.name(), error = %e, "cannot apply the desired state");
            }
        }
    }
}

/// Heart-beats every `every` and applies the desired state it reads back.
pub fn spawn_heartbeat(
    db: Db,
    ctx: Arc<WorkerContext>,
    consumers: Consumers,
    every: Duration,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(every);
        let mut current = DesiredState::Active;
        loop {
            ticker.tick().await;
            match workers::heartbeat(&db, &ctx.worker_id).await {
                Ok(desired) => {
                    ctx.metrics.heartbeats.inc();
                    #[allow(clippy::cast_precision_loss)] // milliseconds since 1970 fit an f64 exactly
                    ctx.metrics.last_heartbeat.set(chrono::Utc::now().timestamp_millis() as f64 / 1000.0);
                    let desired = desired.unwrap_or_default();
                    consumers.apply(desired);
                    if desired != current {
                        tracing::info!(from = current.as_str(), to = desired.as_str(), "desired state changed");
                        current = desired;
                    }
                    ctx.metrics.accepting.set(i64::from(desired.takes_jobs()));
                }
                Err(e) => tracing::warn!(error = %e, "heartbeat failed"),
            }
        }
    })
}

/// Runs one job on its own tokio task, so that it finishes and writes its
/// outcome even if the queue consumer that fetched it dies meanwhile (an
/// apalis worker whose Redis connection breaks drops its in-flight jobs).
pub async fn run_job_detached(ctx: Arc<WorkerContext>, task_id: TaskId) -> Result<Outcome, JobFailure> {
    tokio::spawn(async move { run_job(&ctx, task_id).await })
        .await
        .map_err(|e| JobFailure::retry(format!("job task failed: {e}")))?
}

/// Runs one job inside a span carrying its task id (so every log line about
/// it names the task), then counts its outcome on the node and in metrics.
pub async fn run_job(ctx: &WorkerContext, task_id: TaskId) -> Result<Outcome, JobFailure> {
    let span = tracing::info_span!("task", %task_id, worker = %ctx.worker_id);
    async move {
        ctx.metrics.current_jobs.inc();
        let result = process_task(ctx, task_id).await;
        ctx.metrics.current_jobs.dec();
        if let Ok(outcome) = &result {
            account(ctx, task_id, outcome).await;
        }
        result
    }
    .instrument(span)
    .await
}

async fn account(ctx: &WorkerContext, task_id: TaskId, outcome: &Outcome) {
    let label = match outcome {
        Outcome::Skipped => return,
        Outcome::Succeeded => "success",
        Outcome::Failed(_) => "failed",
        Outcome::Lost => "lost",
        Outcome::Retrying => "retrying",
    };
    // The node's done/failed counters were written with the outcome.
    let Ok(Some(task)) = task_store::get_task(&ctx.db, task_id).await else { return };
    let biz = task.biz_type.as_str();
    ctx.metrics.finished.with_label_values(&[biz, label]).inc();
    if let Outcome::Failed(code) = outcome {
        ctx.metrics.failures.with_label_values(&[biz, code.id()]).inc();
    }
    let secs = |d: chrono::TimeDelta| d.to_std().map(|d| d.as_secs_f64()).unwrap_or(0.0);
    if let Some(started) = task.started_at {
        ctx.metrics.queue_wait.with_label_values(&[biz]).observe(secs(started - task.created_at));
        if let Some(finished) = task.finished_at {
            ctx.metrics.run_time.with_label_values(&[biz]).observe(secs(finished - started));
        }
    }
}
