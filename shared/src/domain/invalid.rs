use crate::error::ErrorCode;

/// A value that failed to parse: the stable error code and, where it helps
/// the caller, the offending field and a sentence saying exactly what is
/// wrong (for documents such as poster templates, where the code alone does
/// not say which layer).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code}{}", field.map(|f| format!(" ({f})")).unwrap_or_default())]
pub struct Invalid {
    pub code: ErrorCode,
    pub field: Option<&'static str>,
    pub detail: Option<String>,
}

impl Invalid {
    pub fn new(code: ErrorCode) -> Self {
        Self { code, field: None, detail: None }
    }

    pub fn field(code: ErrorCode, field: &'static str) -> Self {
        Self { code, field: Some(field), detail: None }
    }

    pub fn detailed(code: ErrorCode, field: &'static str, detail: String) -> Self {
        Self { code, field: Some(field), detail: Some(detail) }
    }
}

impl From<ErrorCode> for Invalid {
    fn from(code: ErrorCode) -> Self {
        Self::new(code)
    }
}
