//! The mask refinement protocol on Redis, both sides: the API takes one of
//! the user's places and queues the job; the worker answers on the reply
//! list and gives the place back. No other file sends these commands.

use redis::aio::ConnectionLike;
use redis::RedisResult;

use super::{refine_queue, FastJob, REFINE_ACQUIRE_SCRIPT};

/// How long a reply waits on its list for a reader that may have gone.
const REPLY_TTL_SECS: u64 = 60;

/// A place in a user's in-flight set (`refine_in_flight_key`) for one
/// request, held until `deadline_ms` (Unix ms) at the latest.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    pub in_flight_key: &'a str,
    pub request_id: &'a str,
}

impl Place<'_> {
    /// Takes the place unless `max` are held (places past their deadline
    /// are dropped first); the set itself expires after `ttl_ms`.
    pub async fn acquire(
        &self,
        conn: &mut impl ConnectionLike,
        now_ms: i64,
        max: u32,
        deadline_ms: i64,
        ttl_ms: i64,
    ) -> RedisResult<bool> {
        let placed: i64 = redis::Script::new(REFINE_ACQUIRE_SCRIPT)
            .key(self.in_flight_key)
            .arg(now_ms)
            .arg(max)
            .arg(deadline_ms)
            .arg(self.request_id)
            .arg(ttl_ms)
            .invoke_async(conn)
            .await?;
        Ok(placed != 0)
    }

    /// Gives the place back (the job is done, or was never queued).
    pub async fn release(&self, conn: &mut impl ConnectionLike) -> RedisResult<()> {
        redis::cmd("ZREM").arg(self.in_flight_key).arg(self.request_id).query_async::<i64>(conn).await.map(drop)
    }
}

/// Queues a refinement on `pool`'s refine list.
pub async fn push(conn: &mut impl ConnectionLike, namespace: &str, pool: &str, job: &FastJob) -> RedisResult<()> {
    let payload = serde_json::to_string(job)
        .map_err(|e| redis::RedisError::from((redis::ErrorKind::Client, "fast job", e.to_string())))?;
    redis::cmd("LPUSH").arg(refine_queue(namespace, pool)).arg(payload).query_async::<i64>(conn).await.map(drop)
}

/// Worker: the answer (framed or bare) onto the requester's reply list,
/// which expires if nobody reads it.
pub async fn reply(conn: &mut impl ConnectionLike, reply_key: &str, body: &[u8]) -> RedisResult<()> {
    redis::pipe()
        .cmd("LPUSH")
        .arg(reply_key)
        .arg(body)
        .ignore()
        .cmd("EXPIRE")
        .arg(reply_key)
        .arg(REPLY_TTL_SECS)
        .ignore()
        .query_async(conn)
        .await
}

/// API: the next answer on an instance's reply list, waiting up to
/// `timeout_secs` (`None` when none came).
pub async fn pop_reply(
    conn: &mut impl ConnectionLike,
    reply_key: &str,
    timeout_secs: f64,
) -> RedisResult<Option<Vec<u8>>> {
    let popped: Option<(String, Vec<u8>)> =
        redis::cmd("BLPOP").arg(reply_key).arg(timeout_secs).query_async(conn).await?;
    Ok(popped.map(|(_, frame)| frame))
}
