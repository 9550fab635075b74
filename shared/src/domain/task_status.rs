use serde::{Deserialize, Serialize};

/// The original app's task states (plus FAILED, which its wording implies:
/// "generation failed; coins are returned").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TaskStatus {
    New,
    Running,
    Success,
    Failed,
    Timeout,
}

impl TaskStatus {
    pub const UNFINISHED: [TaskStatus; 2] = [TaskStatus::New, TaskStatus::Running];

    pub fn as_str(self) -> &'static str {
        match self {
            TaskStatus::New => "NEW",
            TaskStatus::Running => "RUNNING",
            TaskStatus::Success => "SUCCESS",
            TaskStatus::Failed => "FAILED",
            TaskStatus::Timeout => "TIMEOUT",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [Self::New, Self::Running, Self::Success, Self::Failed, Self::Timeout].into_iter().find(|v| v.as_str() == s)
    }

    pub fn is_terminal(self) -> bool {
        matches!(self, TaskStatus::Success | TaskStatus::Failed | TaskStatus::Timeout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_terminality() {
        for s in ["NEW", "RUNNING", "SUCCESS", "FAILED", "TIMEOUT"] {
            assert_eq!(TaskStatus::parse(s).map(|v| v.as_str()), Some(s));
        }
        assert!(!TaskStatus::Running.is_terminal());
        assert!(TaskStatus::Timeout.is_terminal());
        assert_eq!(TaskStatus::parse("DONE"), None);
    }
}
