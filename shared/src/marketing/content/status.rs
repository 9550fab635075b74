//! A post's state: the spec's per-item status and the per-platform result
//! it shows as.

use crate::domain::wire_enum::wire_enum;

wire_enum! {
    /// Where one platform's post is. A stopped or failed post keeps the
    /// text it had before (none for a first writing).
    ItemStatus {
        Pending = "pending",
        Generating = "generating",
        ReGenerating = "re_generating",
        ContinueGenerating = "continue_generating",
        Completed = "completed",
        Failed = "failed",
        Stopped = "stopped",
    }
}

wire_enum! {
    /// The spec's per-platform result: what the page shows.
    ItemResult {
        Loading = "loading",
        Success = "success",
        Fail = "fail",
        Stop = "stop",
    }
}

/// Why a post is being written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenMode {
    /// Its first writing.
    Generate,
    /// The merchant asked for a new version.
    Regenerate,
    /// Written again after it was stopped or failed.
    Continue,
}

impl GenMode {
    pub fn status(self) -> ItemStatus {
        match self {
            GenMode::Generate => ItemStatus::Generating,
            GenMode::Regenerate => ItemStatus::ReGenerating,
            GenMode::Continue => ItemStatus::ContinueGenerating,
        }
    }
}

impl ItemStatus {
    pub fn result(self) -> ItemResult {
        match self {
            ItemStatus::Pending
            | ItemStatus::Generating
            | ItemStatus::ReGenerating
            | ItemStatus::ContinueGenerating => ItemResult::Loading,
            ItemStatus::Completed => ItemResult::Success,
            ItemStatus::Failed => ItemResult::Fail,
            ItemStatus::Stopped => ItemResult::Stop,
        }
    }

    pub fn is_loading(self) -> bool {
        self.result() == ItemResult::Loading
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_agree_with_serde_and_loading_is_every_writing_state() {
        for s in ItemStatus::ALL {
            assert_eq!(serde_json::to_value(s).unwrap(), serde_json::Value::from(s.as_str()));
        }
        for r in ItemResult::ALL {
            assert_eq!(serde_json::to_value(r).unwrap(), serde_json::Value::from(r.as_str()));
        }
        let loading: Vec<_> = ItemStatus::ALL.iter().filter(|s| s.is_loading()).collect();
        assert_eq!(
            loading,
            [&ItemStatus::Pending, &ItemStatus::Generating, &ItemStatus::ReGenerating, &ItemStatus::ContinueGenerating]
        );
        assert_eq!(GenMode::Continue.status().result(), ItemResult::Loading);
        assert_eq!(ItemStatus::Stopped.result(), ItemResult::Stop);
    }
}
