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

use serde::{Deserialize, Serialize};

use crate::domain::download::DownloadQuality;
use crate::domain::TaskId;

/// One fast job.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FastJob {
    /// Prepare a download of `source_key` at long side `long_side` into
    /// `target_key` (see [`crate::domain::download`]).
    #[serde(rename_all = "camelCase")]
    PrepareDownload {
        task_id: TaskId,
        source_key: String,
        target_key: String,
        quality: DownloadQuality,
        long_side: u32,
    },
    /// Refine a cutout's mask with clicks (see `pixmart_models::refine`):
    /// the photo's colours come from the cutout `image_key`, the current
    /// mask from `mask_key`; the new mask (PNG) is pushed onto `reply_key`,
    /// which the waiting API request pops.
    #[serde(rename_all = "camelCase")]
    RefineMask { task_id: TaskId, image_key: String, mask_key: String, clicks: Vec<RefineClick>, reply_key: String },
}

/// One click of the cutout editor, in the result's pixel coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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

/// Set when preparing `target_key` failed, with the reason.
pub fn failure_key(namespace: &str, target_key: &str) -> String {
    format!("{namespace}:download:failed:{target_key}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn jobs_are_tagged_camel_case_json_and_round_trip() {
        let job = FastJob::PrepareDownload {
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
    }
}
