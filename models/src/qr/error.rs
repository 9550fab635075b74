/// Why no code was produced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QrError {
    #[error("the content is empty")]
    EmptyContent,
    /// More than a version-40 level-H code holds.
    #[error("the content is too long for a level-H QR code")]
    ContentTooLong,
    /// Every candidate failed verification, even drawn as a plain code.
    #[error("no candidate code decoded after degradation")]
    NoScannableCode,
}

impl QrError {
    /// Stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            QrError::EmptyContent => "QR_EMPTY_CONTENT",
            QrError::ContentTooLong => "QR_CONTENT_TOO_LONG",
            QrError::NoScannableCode => "QR_NO_SCANNABLE_CODE",
        }
    }
}
