//! Fast jobs: short pieces of work for a worker that are not generation
//! tasks (no task row, no charge, nothing in the user's history), e.g.
//! preparing a 2K download. The API cannot run models, so it hands these to
//! a worker through one Redis list per pool, `<ns>:fast:<pool>`, consumed
//! one at a time by every worker of the pool that has the model.
//!
//! Redis carries only the work and an in-progress marker with a TTL; the
//! truth is the blob store (a prepared file exists or it does not). A job
//! lost with Redis or with a dying worker only means the marker expires and
//! the user may ask again: nothing is charged for a download.

pub mod downloads;
pub mod refinements;

/// Worker: the next job payload on a fast or refine list, waiting up to
/// `timeout_secs` (`None` when none came).
pub async fn pop(
    conn: &mut impl redis::aio::ConnectionLike,
    queue: &str,
    timeout_secs: f64,
) -> redis::RedisResult<Option<String>> {
    let popped: Option<(String, String)> = redis::cmd("BRPOP").arg(queue).arg(timeout_secs).query_async(conn).await?;
    Ok(popped.map(|(_, payload)| payload))
}

/// Worker: puts a popped job back at the end it came from (first in line
/// for the next node), when this node stopped taking jobs meanwhile.
pub async fn give_back(
    conn: &mut impl redis::aio::ConnectionLike,
    queue: &str,
    payload: &str,
) -> redis::RedisResult<()> {
    redis::cmd("RPUSH").arg(queue).arg(payload).query_async::<i64>(conn).await.map(drop)
}

use serde::{Deserialize, Serialize};

use crate::domain::download::DownloadQuality;
use crate::domain::{TaskId, UserId};

/// One fast job.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FastJob {
    /// Prepare a download of `source_key` at long side `long_side` into
    /// `target_key` (see [`crate::domain::download`]). `job_id` is the value
    /// of the in-progress marker: a cancel names it (see [`cancel_key`]), so
    /// cancelling one job never stops the request that follows it.
    #[serde(rename_all = "camelCase")]
    PrepareDownload {
        #[serde(default)]
        job_id: String,
        task_id: TaskId,
        source_key: String,
        target_key: String,
        quality: DownloadQuality,
        long_side: u32,
    },
    /// Refine a cutout's mask with clicks (see `pixmart_models::refine`):
    /// the photo's colours come from the cutout `image_key`, the current
    /// mask from `mask_key`; the new mask (PNG) is pushed onto `reply_key`,
    /// which the waiting API instance pops.
    ///
    /// With a `request_id` the reply is framed by [`frame_reply`] (one reply
    /// list per API instance carries every request's answer). Past
    /// `deadline_ms` (Unix milliseconds) nobody waits any more and the job
    /// is dropped unrun. The worker removes `request_id` from the user's
    /// in-flight set `in_flight_key` when it is done with the job, which
    /// gives the user's place back (see [`REFINE_ACQUIRE_SCRIPT`]).
    #[serde(rename_all = "camelCase")]
    RefineMask {
        task_id: TaskId,
        image_key: String,
        mask_key: String,
        clicks: Vec<RefineClick>,
        reply_key: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        request_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deadline_ms: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_flight_key: Option<String>,
    },
}

/// One click of the cutout editor, in the result's pixel coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RefineClick {
    pub x: u32,
    pub y: u32,
    /// `true`: click to keep; `false`: click to remove.
    pub keep: bool,
}

/// Most clicks one refinement takes (the editor sends the ones since the
/// last saved mask).
pub const MAX_REFINE_CLICKS: usize = 64;
/// How long the API waits for a refined mask before answering 503.
pub const REFINE_WAIT_SECS: f64 = 10.0;

/// The list refinement jobs go to: separate from downloads so a click is
/// never queued behind a 2K upscale.
pub fn refine_queue(namespace: &str, pool: &str) -> String {
    format!("{namespace}:refine:{pool}")
}

/// A fresh reply list for one refinement request.
pub fn refine_reply_key(namespace: &str) -> String {
    format!("{namespace}:refine:reply:{}", uuid::Uuid::new_v4())
}

/// The reply list of one API instance: every refinement it waits for is
/// answered there, framed with its request id ([`frame_reply`]), so the
/// instance needs one blocking connection, not one per request.
pub fn refine_instance_reply_key(namespace: &str, instance: &str) -> String {
    format!("{namespace}:refine:replies:{instance}")
}

/// The sorted set of a user's refinements in flight: member the request
/// id, score its deadline (Unix ms).
pub fn refine_in_flight_key(namespace: &str, user: UserId) -> String {
    format!("{namespace}:refine:inflight:{}", user.0)
}

/// Takes a place in a user's in-flight set, atomically: drops members past
/// their deadline, refuses (0) when `max` remain, else adds the request
/// (1). KEYS[1] the set; ARGV now_ms, max, deadline_ms, request id, TTL ms
/// of the set. A place is given back by `ZREM` (the worker, when the job is
/// done) or by its deadline passing (a job lost or never run).
pub const REFINE_ACQUIRE_SCRIPT: &str = r"
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
";

/// A reply on an instance's reply list: the request id, a newline, then
/// the worker's answer (a PNG, or `ERR <reason>`).
pub fn frame_reply(request_id: &str, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(request_id.len() + 1 + body.len());
    out.extend_from_slice(request_id.as_bytes());
    out.push(b'\n');
    out.extend_from_slice(body);
    out
}

/// The request id and answer of a framed reply.
pub fn split_reply(frame: &[u8]) -> Option<(&str, &[u8])> {
    let at = frame.iter().position(|&b| b == b'\n')?;
    let id = std::str::from_utf8(&frame[..at]).ok()?;
    Some((id, &frame[at + 1..]))
}

/// How long the in-progress marker lives when set by the API (the job may
/// wait behind others); the worker shortens it to [`MARKER_WORKING_SECS`]
/// and refreshes it while it works, so a dead worker frees it quickly.
pub const MARKER_QUEUED_SECS: u64 = 900;
pub const MARKER_WORKING_SECS: u64 = 120;
/// How long a failure stays visible to the status call.
pub const FAILURE_SECS: u64 = 600;

/// The list a pool's workers pop fast jobs from.
pub fn fast_queue(namespace: &str, pool: &str) -> String {
    format!("{namespace}:fast:{pool}")
}

/// The in-progress marker of a prepared file (`SET NX`): a second request
/// for the same download while it exists answers "try again later".
pub fn in_progress_key(namespace: &str, target_key: &str) -> String {
    format!("{namespace}:download:busy:{target_key}")
}

/// A preparation's progress while it runs, `"<done>/<total>"` (tiles), set
/// by the worker with a short TTL.
pub fn progress_key(namespace: &str, target_key: &str) -> String {
    format!("{namespace}:download:progress:{target_key}")
}

/// Set (with a TTL) when the user cancels preparation `job_id`: the worker
/// stops between tiles, or skips the job if it is still queued.
pub fn cancel_key(namespace: &str, job_id: &str) -> String {
    format!("{namespace}:download:cancel:{job_id}")
}

/// How long progress and cancel keys live.
pub const PROGRESS_SECS: u64 = 120;

/// Deletes KEYS[1] only while it still holds ARGV[1]: a worker that ends a
/// job frees the marker only if no cancel and new request replaced it.
pub const DELETE_IF_HOLDS_SCRIPT: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
";

/// Set when preparing `target_key` failed, with the reason.
pub fn failure_key(namespace: &str, target_key: &str) -> String {
    format!("{namespace}:download:failed:{target_key}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_are_tagged_camel_case_json_and_round_trip() {
        let job = FastJob::PrepareDownload {
            job_id: "j1".into(),
            task_id: TaskId::new(),
            source_key: "results/t/cutout.png".into(),
            target_key: "downloads/t/cutout-2k.png".into(),
            quality: DownloadQuality::TwoK,
            long_side: 2048,
        };
        let json = serde_json::to_value(&job).unwrap();
        assert_eq!(json["kind"], "prepareDownload");
        assert_eq!(json["quality"], "2k");
        assert_eq!(json["longSide"], 2048);
        assert_eq!(serde_json::from_value::<FastJob>(json).unwrap(), job);
        assert_eq!(fast_queue("px", "default"), "px:fast:default");
        assert_eq!(in_progress_key("px", "downloads/t/a-2k.png"), "px:download:busy:downloads/t/a-2k.png");
        assert_eq!(cancel_key("px", "j1"), "px:download:cancel:j1");
        // A job queued before job ids existed still decodes.
        let old = r#"{"kind":"prepareDownload","taskId":"00000000-0000-0000-0000-000000000000","sourceKey":"a","targetKey":"b","quality":"2k","longSide":2048}"#;
        assert!(
            matches!(serde_json::from_str::<FastJob>(old), Ok(FastJob::PrepareDownload { job_id, .. }) if job_id.is_empty())
        );
    }

    #[test]
    fn replies_are_framed_with_their_request_id() {
        let png = b"\x89PNG\r\n\x1a\nrest";
        let frame = frame_reply("abc-123", png);
        assert_eq!(split_reply(&frame), Some(("abc-123", &png[..])));
        assert_eq!(split_reply(b"no newline"), None);
    }

    #[test]
    fn refine_jobs_without_the_new_fields_still_decode() {
        let old = serde_json::json!({ "kind": "refineMask", "taskId": TaskId::new(), "imageKey": "i",
            "maskKey": "m", "clicks": [], "replyKey": "r" });
        let FastJob::RefineMask { request_id, deadline_ms, .. } = serde_json::from_value(old).unwrap() else {
            panic!("not a refinement")
        };
        assert_eq!((request_id, deadline_ms), (None, None));
    }
}
