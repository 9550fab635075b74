//! The dispatcher's Redis connection: queue depth and pushes. It connects
//! lazily and reconnects after a failure, so the API keeps accepting tasks
//! while Redis is down (they wait in the database).

use std::time::Duration;

use apalis_core::backend::TaskSink;
use apalis_redis::ConnectionManager;
use pixmart_shared::domain::TaskId;
use pixmart_shared::jobs::{available_channel, queue_storage_named, TaskJob};
use tokio::sync::Mutex;

const REDIS_OP_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug, thiserror::Error)]
pub enum DispatchError {
    #[error("redis unavailable: {0}")]
    Unavailable(String),
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

    pub fn url(&self) -> &str {
        &self.url
    }

    /// The most jobs one Redis queue may hold, whatever the window.
    pub fn max_queue_depth(&self) -> u64 {
        self.max_queue_depth
    }

    pub(crate) async fn connection(&self) -> Result<ConnectionManager, DispatchError> {
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

    /// Jobs waiting in a queue. apalis-redis 1.0.0 pushes every job to the
    /// queue's *scheduled* set (due now) and moves due jobs to the active
    /// list when a worker fetches, so both count.
    pub async fn depth(&self, queue: &str) -> Result<u64, DispatchError> {
        let mut conn = self.connection().await?;
        let config = queue_storage_named(conn.clone(), queue).get_config().clone();
        let mut pipe = redis::pipe();
        pipe.cmd("LLEN").arg(config.active_jobs_list()).cmd("ZCARD").arg(config.scheduled_jobs_set());
        let depth = tokio::time::timeout(REDIS_OP_TIMEOUT, pipe.query_async::<(u64, u64)>(&mut conn)).await;
        match depth {
            Ok(Ok((active, scheduled))) => Ok(active + scheduled),
            Ok(Err(e)) => {
                self.forget_connection().await;
                Err(DispatchError::Unavailable(e.to_string()))
            }
            Err(_) => Err(DispatchError::Unavailable("LLEN timed out".into())),
        }
    }

    /// Pushes the jobs of a round, in order, in one atomic batch (one Lua
    /// call in apalis-redis): all are in Redis, or none.
    pub async fn push_all(&self, queue: &str, task_ids: &[TaskId]) -> Result<(), DispatchError> {
        if task_ids.is_empty() {
            return Ok(());
        }
        let conn = self.connection().await?;
        let mut storage = queue_storage_named(conn, queue);
        let jobs = task_ids.iter().map(|&task_id| TaskJob { task_id }).collect();
        let pushed = tokio::time::timeout(REDIS_OP_TIMEOUT, storage.push_bulk(jobs)).await;
        match pushed {
            Ok(Ok(())) => {
                // apalis-redis announces only unscheduled pushes; ours land
                // in the scheduled set (due now), so announce them ourselves:
                // idle workers of the queue fetch at once.
                let mut conn = storage.get_connection().clone();
                let _ = redis::cmd("PUBLISH")
                    .arg(available_channel(queue))
                    .arg(task_ids.len())
                    .query_async::<i64>(&mut conn)
                    .await;
                Ok(())
            }
            Ok(Err(e)) => {
                self.forget_connection().await;
                Err(DispatchError::Unavailable(e.to_string()))
            }
            Err(_) => Err(DispatchError::Unavailable("push timed out".into())),
        }
    }
}
