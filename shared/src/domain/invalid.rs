use crate::error::ErrorCode;

/// A value that failed to parse: the stable error code and, where it helps
/// the caller, the offending field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code}{}", field.map(|f| format!(" ({f})")).unwrap_or_default())]
pub struct Invalid {
    pub code: ErrorCode,
    pub field: Option<&'static str>,
}

impl Invalid {
    pub fn new(code: ErrorCode) -> Self {
        Self { code, field: None }
    }

    pub fn field(code: ErrorCode, field: &'static str) -> Self {
        Self { code, field: Some(field) }
    }
}

impl From<ErrorCode> for Invalid {
    fn from(code: ErrorCode) -> Self {
        Self::new(code)
    }
}
