//! Getting jobs to Redis. The database is the truth: a task is created with
//! an outbox row in the same transaction, the API tries to push its job at
//! once, and the sweeper re-sends whatever did not arrive (Redis down, queue
//! full) and times out tasks whose worker lease expired.

use std::collections::HashMap;
use std::time::Duration;

use apalis_core::backend::TaskSink;
use apalis_redis::ConnectionManager;
use chrono::Utc;
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::TaskId;
use pixmart_shared::jobs::{queue_storage_named, TaskJob};
use tokio::sync::Mutex;

use crate::AppState;

const REDIS_OP_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug, thiserror::Error)]
pub enum DispatchError {
    #[error("redis unavailable: {0}")]
    Unavailable(String),
    #[error("queue {0} is full; the job waits in the database")]
    QueueFull(String),
}

/// Pushes jobs onto their queues. Connects lazily and reconnects after a
/// failure, so the API keeps accepting tasks while Redis is down.
pub struct Dispatcher {
    url: String,
    namespace: String,
    max_queue_depth: u64,
    conn: Mutex<Option<ConnectionManager>>,
}

impl Dispatcher {
    pub fn new(url: String, namespace: String, max_queue_depth: u64) -> Self {
        Dispatcher { url, namespace, max_queue_depth, conn: Mutex::new(None) }
    }

    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    async fn connection(&self) -> Result<ConnectionManager, DispatchError> {
        let mut guard = self.conn.lock().await;
        if let Some(conn) = guard.as_ref() {
            return Ok(conn.clone());
        }
        let conn = tokio::time::timeout(REDIS_OP_TIMEOUT, apalis_redis::connect(self.url.as_str()))
            .await
            .map_err(|_| DispatchError::Unavailable("connect timed out".into()))?
            .map_err(|e| DispatchError::Unavailable(e.to_string()))?;
        *guard = Some(conn.clone());
        Ok(conn)
    }

    async fn forget_connection(&self) {
        *self.conn.lock().await = None;
    }

    /// Whether Redis answers a PING.
    pub async fn ping(&self) -> bool {
        let Ok(mut conn) = self.connection().await else { return false };
        let pong = tokio::time::timeout(REDIS_OP_TIMEOUT, redis::cmd("PING").query_async::<String>(&mut conn)).await;
        matches!(pong, Ok(Ok(_)))
    }

    /// Jobs waiting in a queue.
    pub async fn depth(&self, queue: &str) -> Result<u64, DispatchError> {
        let mut conn = self.connection().await?;
        let storage = queue_storage_named(conn.clone(), queue);
        let list = storage.get_config().active_jobs_list();
        let depth = tokio::time::timeout(REDIS_OP_TIMEOUT, redis::cmd("LLEN").arg(list).query_async(&mut conn)).await;
        match depth {
            Ok(Ok(n)) => Ok(n),
            Ok(Err(e)) => {
                self.forget_connection().await;
                Err(DispatchError::Unavailable(e.to_string()))
            }
            Err(_) => Err(DispatchError::Unavailable("LLEN timed out".into())),
        }
    }

    /// Pushes one job unless its queue already holds `max_queue_depth`
    /// jobs (apalis-redis cannot fetch from a very long queue; the backlog
    /// belongs in the database).
    pub async fn push(&self, queue: &str, task_id: TaskId) -> Result<(), DispatchError> {
        if self.depth(queue).await? >= self.max_queue_depth {
            return Err(DispatchError::QueueFull(queue.to_owned()));
        }
        let conn = self.connection().await?;
        let mut storage = queue_storage_named(conn, queue);
        let pushed = tokio::time::timeout(REDIS_OP_TIMEOUT, storage.push(TaskJob { task_id })).await;
        match pushed {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => {
                self.forget_connection().await;
                Err(DispatchError::Unavailable(e.to_string()))
            }
            Err(_) => Err(DispatchError::Unavailable("push timed out".into())),
        }
    }
}

/// Tries to deliver a freshly created task's job; on failure the outbox row
/// stays and the sweeper retries.
pub async fn deliver(state: &AppState, task_id: TaskId, queue: &str) {
    match state.dispatcher.push(queue, task_id).await {
        Ok(()) => {
            if let Err(e) = task_store::mark_dispatched(&state.db, task_id).await {
                // The job is in Redis; the sweeper will push a harmless duplicate.
                tracing::warn!(%task_id, error = %e, "job pushed but outbox row not cleared");
            }
        }
        Err(e) => tracing::warn!(%task_id, error = %e, "job not delivered yet; will retry"),
    }
}

/// One sweep: re-deliver due outbox rows, then time out expired leases.
pub async fn sweep_once(state: &AppState) -> anyhow::Result<SweepReport> {
    let now = Utc::now();
    let mut report = SweepReport::default();
    let due = task_store::due_outbox(&state.db, now, 200).await?;
    let mut full_queues: HashMap<String, bool> = HashMap::new();
    for entry in due {
        if full_queues.get(&entry.queue).copied().unwrap_or(false) {
            continue;
        }
        match state.dispatcher.push(&entry.queue, entry.task_id).await {
            Ok(()) => {
                task_store::mark_dispatched(&state.db, entry.task_id).await?;
                report.delivered += 1;
            }
            Err(DispatchError::QueueFull(q)) => {
                full_queues.insert(q, true);
                report.deferred += 1;
            }
            Err(DispatchError::Unavailable(reason)) => {
                let backoff = 2i64.saturating_pow(entry.attempts.min(5)).min(30);
                task_store::defer_outbox(&state.db, entry.task_id, now + chrono::Duration::seconds(backoff)).await?;
                tracing::warn!(%reason, "redis unavailable; outbox delivery deferred");
                report.deferred += 1;
                break;
            }
        }
    }
    report.redispatched = redispatch_lost(state, now).await?;
    let tasks = &state.settings.tasks;
    let leases = task_store::expire_leases(&state.db, now, tasks.max_attempts).await?;
    report.retried = leases.retried.len();
    report.crashed = leases.failed.len();
    let deadline = chrono::Duration::seconds(i64::try_from(tasks.deadline_secs).unwrap_or(i64::MAX));
    report.timed_out = task_store::expire_deadlines(&state.db, now - deadline).await?.len();
    Ok(report)
}

/// Jobs lost with Redis: a NEW task dispatched a while ago whose queue is
/// empty can only be waiting for a job that no longer exists. Its outbox
/// row is restored and the next sweep delivers it (a duplicate would be
/// harmless: the claim is guarded).
async fn redispatch_lost(state: &AppState, now: chrono::DateTime<Utc>) -> anyhow::Result<usize> {
    let after = i64::try_from(state.settings.tasks.redispatch_after_secs).unwrap_or(i64::MAX);
    let stale = task_store::stale_dispatched(&state.db, now - chrono::Duration::seconds(after), 200).await?;
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
        if is_empty && task_store::redispatch(&state.db, id, &queue).await? {
            tracing::warn!(task_id = %id, %queue, "job lost from Redis; sending it again");
            count += 1;
        }
    }
    Ok(count)
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SweepReport {
    pub delivered: usize,
    pub redispatched: usize,
    pub retried: usize,
    pub crashed: usize,
    pub deferred: usize,
    pub timed_out: usize,
}

pub fn spawn_sweeper(state: AppState) -> tokio::task::JoinHandle<()> {
    let interval = Duration::from_millis(state.settings.tasks.sweep_interval_ms.max(100));
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(interval);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            match sweep_once(&state).await {
                Ok(r) if r != SweepReport::default() => tracing::info!(?r, "sweep"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = format!("{e:#}"), "sweep failed"),
            }
        }
    })
}
