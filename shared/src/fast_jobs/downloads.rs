//! The download preparation protocol on Redis, both sides of it: the API
//! starts, reads and cancels a preparation; the worker keeps its marker
//! alive, publishes progress, notices a cancel and ends the job. The keys
//! and their lifetimes are in the parent module; no other file sends these
//! commands.

use redis::aio::ConnectionLike;
use redis::RedisResult;

use super::{
    cancel_key, failure_key, fast_queue, in_progress_key, progress_key, FastJob, DELETE_IF_HOLDS_SCRIPT, FAILURE_SECS,
    MARKER_QUEUED_SECS, MARKER_WORKING_SECS, PROGRESS_SECS,
};

/// One prepared file's place in the protocol (its target blob key).
#[derive(Debug, Clone, Copy)]
pub struct Preparation<'a> {
    pub namespace: &'a str,
    pub target_key: &'a str,
}

/// What Redis knows of a preparation (the blob store knows whether it is done).
#[derive(Debug, Clone, PartialEq)]
pub enum PreparationState {
    /// Someone is preparing it; `progress` 0..1 once the worker reported.
    Running { progress: Option<f32> },
    /// The last attempt failed (for a while).
    Failed,
    /// Nothing is known: never asked, finished, or expired.
    Idle,
}

impl Preparation<'_> {
    /// Starts preparing with `job` (whose id is the marker's value): exactly
    /// one request wins the marker (`SET NX`) and queues the job on `pool`'s
    /// fast list; `Ok(false)` when another preparation is under way. A job
    /// that cannot be queued frees the marker again.
    pub async fn start(
        &self,
        conn: &mut impl ConnectionLike,
        job_id: &str,
        pool: &str,
        job: &FastJob,
    ) -> RedisResult<bool> {
        let busy = in_progress_key(self.namespace, self.target_key);
        let won: Option<String> = redis::cmd("SET")
            .arg(&busy)
            .arg(job_id)
            .arg("NX")
            .arg("EX")
            .arg(MARKER_QUEUED_SECS)
            .query_async(conn)
            .await?;
        if won.is_none() {
            return Ok(false);
        }
        let payload = serde_json::to_string(job)
            .map_err(|e| redis::RedisError::from((redis::ErrorKind::Client, "fast job", e.to_string())))?;
        let mut pipe = redis::pipe();
        pipe.cmd("DEL").arg(failure_key(self.namespace, self.target_key)).ignore();
        pipe.cmd("LPUSH").arg(fast_queue(self.namespace, pool)).arg(payload).ignore();
        if let Err(e) = pipe.query_async::<()>(conn).await {
            let _ = redis::cmd("DEL").arg(&busy).query_async::<i64>(conn).await;
            return Err(e);
        }
        Ok(true)
    }

    pub async fn state(&self, conn: &mut impl ConnectionLike) -> RedisResult<PreparationState> {
        let (busy, failed, progress): (bool, bool, Option<String>) = redis::pipe()
            .cmd("EXISTS")
            .arg(in_progress_key(self.namespace, self.target_key))
            .cmd("EXISTS")
            .arg(failure_key(self.namespace, self.target_key))
            .cmd("GET")
            .arg(progress_key(self.namespace, self.target_key))
            .query_async(conn)
            .await?;
        Ok(if busy {
            PreparationState::Running { progress: progress.as_deref().and_then(parse_progress) }
        } else if failed {
            PreparationState::Failed
        } else {
            PreparationState::Idle
        })
    }

    /// Cancels the preparation under way, if any: frees the marker (so a
    /// new request may start) and flags its job, which the worker stops
    /// between tiles or skips if still queued. The cancelled job's id.
    pub async fn cancel(&self, conn: &mut impl ConnectionLike) -> RedisResult<Option<String>> {
        let job: Option<String> =
            redis::cmd("GETDEL").arg(in_progress_key(self.namespace, self.target_key)).query_async(conn).await?;
        if let Some(job) = &job {
            redis::pipe()
                .cmd("SET")
                .arg(cancel_key(self.namespace, job))
                .arg(1)
                .arg("EX")
                .arg(PROGRESS_SECS.max(MARKER_QUEUED_SECS))
                .ignore()
                .cmd("DEL")
                .arg(progress_key(self.namespace, self.target_key))
                .ignore()
                .query_async::<()>(conn)
                .await?;
        }
        Ok(job)
    }

    /// Worker: whether job `job_id` was cancelled (jobs queued before job
    /// ids existed have none and cannot be).
    pub async fn is_cancelled(&self, conn: &mut impl ConnectionLike, job_id: &str) -> bool {
        !job_id.is_empty()
            && redis::cmd("EXISTS")
                .arg(cancel_key(self.namespace, job_id))
                .query_async::<bool>(conn)
                .await
                .unwrap_or(false)
    }

    /// Worker: the marker lives [`MARKER_WORKING_SECS`] more (refreshed
    /// while working, so a dead worker frees it soon).
    pub async fn keep_alive(&self, conn: &mut impl ConnectionLike) -> RedisResult<()> {
        let busy = in_progress_key(self.namespace, self.target_key);
        redis::cmd("EXPIRE").arg(busy).arg(MARKER_WORKING_SECS).query_async::<i64>(conn).await.map(drop)
    }

    /// Worker: `done` of `total` tiles.
    pub async fn publish_progress(&self, conn: &mut impl ConnectionLike, done: usize, total: usize) -> RedisResult<()> {
        redis::cmd("SET")
            .arg(progress_key(self.namespace, self.target_key))
            .arg(format!("{done}/{total}"))
            .arg("EX")
            .arg(PROGRESS_SECS)
            .query_async(conn)
            .await
    }

    /// Worker: the preparation failed for `reason` (shown by the status
    /// call for a while).
    pub async fn fail(&self, conn: &mut impl ConnectionLike, reason: &str) -> RedisResult<()> {
        redis::cmd("SET")
            .arg(failure_key(self.namespace, self.target_key))
            .arg(reason)
            .arg("EX")
            .arg(FAILURE_SECS)
            .query_async(conn)
            .await
    }

    /// Worker: job `job_id` ended (any outcome): its progress goes, and its
    /// marker too while it is still this job's (a cancel and a new request
    /// may have replaced it).
    pub async fn end(&self, conn: &mut impl ConnectionLike, job_id: &str) -> RedisResult<()> {
        let busy = in_progress_key(self.namespace, self.target_key);
        redis::cmd("DEL").arg(progress_key(self.namespace, self.target_key)).query_async::<i64>(conn).await?;
        if job_id.is_empty() {
            redis::cmd("DEL").arg(&busy).query_async::<i64>(conn).await.map(drop)
        } else {
            redis::Script::new(DELETE_IF_HOLDS_SCRIPT).key(&busy).arg(job_id).invoke_async::<i64>(conn).await.map(drop)
        }
    }
}

/// `"<done>/<total>"` as a fraction in 0..=1.
pub fn parse_progress(raw: &str) -> Option<f32> {
    let (done, total) = raw.split_once('/')?;
    let (done, total): (f32, f32) = (done.trim().parse().ok()?, total.trim().parse().ok()?);
    (total > 0.0).then(|| (done / total).clamp(0.0, 1.0))
}
