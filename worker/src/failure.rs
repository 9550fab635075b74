//! How a job can fail. An abort ends the task FAILED with a stable code and
//! a readable message; a retry leaves the task for another attempt (its
//! lease expires and the sweeper decides).

use pixmart_shared::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum JobFailure {
    /// Bad input or a model error: trying again cannot help.
    #[error("{code}: {detail}")]
    Abort { code: ErrorCode, detail: String },
    /// Database, storage or Redis trouble: another attempt may succeed.
    #[error("transient: {0}")]
    Retry(String),
}

impl JobFailure {
    pub fn abort(code: ErrorCode, detail: impl Into<String>) -> Self {
        JobFailure::Abort { code, detail: detail.into() }
    }

    pub fn retry(err: impl std::fmt::Display) -> Self {
        JobFailure::Retry(err.to_string())
    }
}

impl From<pixmart_shared::db::StoreError> for JobFailure {
    fn from(e: pixmart_shared::db::StoreError) -> Self {
        JobFailure::retry(e)
    }
}

impl From<pixmart_shared::storage::StorageError> for JobFailure {
    fn from(e: pixmart_shared::storage::StorageError) -> Self {
        use pixmart_shared::storage::StorageError;
        match e {
            StorageError::NotFound(key) => {
                JobFailure::abort(ErrorCode::InputImageUnreadable, format!("input {key} is missing"))
            }
            other => JobFailure::retry(other),
        }
    }
}
