//! Saved images (the original app's saveImage / save2K): a task result pinned into
//! the user's creation space. The file is copied to a key of its own, so a
//! saved image outlives the task history's retention window and any cleanup
//! of task results or prepared downloads.

use serde::Deserialize;

use super::download::DownloadQuality;
use super::{BizType, Invalid, SavedImageId, TaskId, UserId};
use crate::error::ErrorCode;

/// Most saved images one page of the list carries, and its default.
pub const MAX_SAVED_PAGE_SIZE: u64 = 100;
pub const DEFAULT_SAVED_PAGE_SIZE: u64 = 20;

/// What a save names: a result of one of the caller's tasks at a quality.
/// The task id stays text here: an id that is not a UUID is an unknown task
/// (TASK_NOT_FOUND), not a malformed request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveRequest {
    pub task: String,
    pub index: usize,
    pub quality: DownloadQuality,
}

/// The body as sent, every field optional so a missing or mistyped field is
/// INVALID_PARAM rather than a malformed body.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveBody {
    pub task_id: Option<serde_json::Value>,
    pub index: Option<serde_json::Value>,
    pub quality: Option<serde_json::Value>,
}

impl SaveRequest {
    pub fn parse(body: &SaveBody) -> Result<Self, Invalid> {
        let task = body
            .task_id
            .as_ref()
            .and_then(|v| v.as_str())
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or(Invalid::field(ErrorCode::InvalidParam, "taskId"))?
            .to_owned();
        let index = match &body.index {
            None => 0,
            Some(v) => v
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or(Invalid::field(ErrorCode::InvalidParam, "index"))?,
        };
        let quality = body
            .quality
            .as_ref()
            .and_then(|v| v.as_str())
            .ok_or(Invalid::field(ErrorCode::InvalidParam, "quality"))
            .and_then(DownloadQuality::parse)?;
        Ok(SaveRequest { task, index, quality })
    }
}

/// The blob key of a saved copy: `saved/<user>/<id>.<ext>`, the extension
/// taken from the file it copies (`png` when it has none).
pub fn saved_key(user: UserId, id: SavedImageId, source_key: &str) -> String {
    let name = source_key.rsplit('/').next().unwrap_or_default();
    let ext = name.rsplit_once('.').map(|(_, e)| e).filter(|e| !e.is_empty()).unwrap_or("png");
    format!("saved/{user}/{id}.{ext}")
}

/// One saved image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedImage {
    pub id: SavedImageId,
    pub owner: UserId,
    pub task: TaskId,
    pub biz_type: BizType,
    pub index: u32,
    pub quality: DownloadQuality,
    pub storage_key: String,
    pub width: u32,
    pub height: u32,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn body(v: serde_json::Value) -> SaveBody {
        serde_json::from_value(v).unwrap_or_default()
    }

    #[test]
    fn parses_the_contract_body() {
        let r = SaveRequest::parse(&body(json!({"taskId": "abc", "index": 2, "quality": "2k"}))).unwrap();
        assert_eq!(r, SaveRequest { task: "abc".into(), index: 2, quality: DownloadQuality::TwoK });
    }

    #[test]
    fn missing_or_mistyped_fields_are_invalid_params() {
        for (v, field) in [
            (json!({"index": 0, "quality": "standard"}), "taskId"),
            (json!({"taskId": 5, "index": 0, "quality": "standard"}), "taskId"),
            (json!({"taskId": "t", "index": -1, "quality": "standard"}), "index"),
            (json!({"taskId": "t", "index": "0", "quality": "standard"}), "index"),
            (json!({"taskId": "t", "index": 0}), "quality"),
            (json!({"taskId": "t", "index": 0, "quality": "4k"}), "quality"),
        ] {
            let e = SaveRequest::parse(&body(v.clone())).expect_err("refused");
            assert_eq!((e.code, e.field), (ErrorCode::InvalidParam, Some(field)), "{v}");
        }
    }

    #[test]
    fn saved_keys_live_under_the_user() {
        let id = SavedImageId::new();
        let user = UserId(7);
        assert_eq!(saved_key(user, id, "results/t/0.jpg"), format!("saved/7/{id}.jpg"));
        assert_eq!(saved_key(user, id, "downloads/t/cutout-2k.png"), format!("saved/7/{id}.png"));
        assert_eq!(saved_key(user, id, "results/t/noext"), format!("saved/7/{id}.png"));
    }
}
