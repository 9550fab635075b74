//! The one error type of this crate, with stable string codes.

use std::path::PathBuf;

/// Everything that can go wrong while loading or running a model.
///
/// [`ModelError::code`] gives a stable id for logs and for the worker's
/// retry/abort classification; none of these is transient.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The ONNX Runtime shared library could not be loaded.
    #[error("ONNX Runtime library `{}` could not be loaded: {reason} (run scripts/fetch-models)", path.display())]
    RuntimeMissing { path: PathBuf, reason: String },

    /// A session was created before [`crate::OrtRuntime::init`] succeeded.
    #[error("ONNX Runtime is not initialised: call OrtRuntime::init first")]
    RuntimeNotInitialised,

    /// The library loaded but the runtime environment could not be created.
    #[error("ONNX Runtime environment could not be created: {0}")]
    RuntimeInit(#[source] ort::Error),

    /// The model file does not exist.
    #[error("model file `{}` not found (run scripts/fetch-models)", path.display())]
    ModelMissing { path: PathBuf },

    /// The model file exists but could not be loaded, or is not the expected model.
    #[error("model `{}` could not be loaded: {reason}", path.display())]
    LoadFailed { path: PathBuf, reason: String },

    /// The input image cannot be processed (e.g. it has no pixels).
    #[error("invalid input image: {0}")]
    InvalidImage(String),

    /// ONNX Runtime failed while running, or returned something unexpected.
    #[error("inference failed: {0}")]
    Inference(String),

    /// The model found no foreground at all.
    #[error("the model found no subject in the image")]
    EmptyMask,

    /// A chat prompt has more tokens than the model's context leaves room
    /// for (the caller shortens the content; nothing is truncated).
    #[error("the prompt has {tokens} tokens; this model takes at most {limit}")]
    PromptTooLong { tokens: usize, limit: usize },

    /// Sampling settings that make no sense (e.g. a NaN temperature, an empty stop string).
    #[error("invalid sampling settings: {0}")]
    InvalidSampling(String),

    /// An audio or video input that cannot be decoded (ffmpeg refused it).
    #[error("invalid audio input: {0}")]
    InvalidAudio(String),

    /// The caller asked the work to stop (e.g. a cancelled 2K download).
    #[error("cancelled")]
    Cancelled,
}

impl ModelError {
    /// Stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            ModelError::RuntimeMissing { .. } | ModelError::RuntimeNotInitialised => "MODEL_RUNTIME_MISSING",
            ModelError::RuntimeInit(_) => "MODEL_RUNTIME_INIT_FAILED",
            ModelError::ModelMissing { .. } => "MODEL_MISSING",
            ModelError::LoadFailed { .. } => "MODEL_LOAD_FAILED",
            ModelError::InvalidImage(_) => "INVALID_IMAGE",
            ModelError::Inference(_) => "INFERENCE_FAILED",
            ModelError::EmptyMask => "EMPTY_MASK",
            ModelError::Cancelled => "CANCELLED",
            ModelError::PromptTooLong { .. } => "PROMPT_TOO_LONG",
            ModelError::InvalidSampling(_) => "INVALID_SAMPLING",
            ModelError::InvalidAudio(_) => "INVALID_AUDIO",
        }
    }

    pub(crate) fn inference(err: impl std::fmt::Display) -> Self {
        ModelError::Inference(err.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable() {
        assert_eq!(ModelError::EmptyMask.code(), "EMPTY_MASK");
        assert_eq!(ModelError::RuntimeNotInitialised.code(), "MODEL_RUNTIME_MISSING");
        assert_eq!(ModelError::ModelMissing { path: "x.onnx".into() }.code(), "MODEL_MISSING");
        assert_eq!(ModelError::LoadFailed { path: "x.onnx".into(), reason: "bad".into() }.code(), "MODEL_LOAD_FAILED");
        assert_eq!(ModelError::Inference("x".into()).code(), "INFERENCE_FAILED");
        assert_eq!(ModelError::PromptTooLong { tokens: 9, limit: 8 }.code(), "PROMPT_TOO_LONG");
        assert_eq!(ModelError::InvalidSampling("x".into()).code(), "INVALID_SAMPLING");
        assert_eq!(ModelError::InvalidAudio("x".into()).code(), "INVALID_AUDIO");
        let msg = ModelError::ModelMissing { path: "x.onnx".into() }.to_string();
        assert!(msg.contains("scripts/fetch-models"), "{msg}");
    }
}
