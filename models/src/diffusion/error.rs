//! Errors of the diffusion pipeline, with stable string codes.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum DiffusionError {
    /// A weight, tokenizer or config file is absent from the model folder.
    #[error("diffusion model file `{}` not found (see docs/MODELS.md)", path.display())]
    ModelMissing { path: PathBuf },

    /// A file is present but is not what the config describes.
    #[error("diffusion model `{}` could not be loaded: {reason}", path.display())]
    LoadFailed { path: PathBuf, reason: String },

    /// The request cannot be run (size not a multiple of 8, empty mask, ...).
    #[error("invalid diffusion request: {0}")]
    InvalidRequest(String),

    /// candle failed while running, or produced non-finite values.
    #[error("diffusion inference failed: {0}")]
    Inference(String),

    /// The progress callback asked to stop (the task was stopped).
    #[error("generation cancelled after step {step} of {total}")]
    Cancelled { step: usize, total: usize },

    /// The delivered image differs from the input inside the region the
    /// task must keep (the merchant's product). Never delivered.
    #[error("kept region altered: {pixels} pixel(s) differ by up to {max_diff} (tolerance {tolerance})")]
    KeptRegionAltered { pixels: usize, max_diff: u8, tolerance: u8 },
}

impl DiffusionError {
    pub fn code(&self) -> &'static str {
        match self {
            DiffusionError::ModelMissing { .. } => "MODEL_MISSING",
            DiffusionError::LoadFailed { .. } => "MODEL_LOAD_FAILED",
            DiffusionError::InvalidRequest(_) => "INVALID_REQUEST",
            DiffusionError::Inference(_) => "INFERENCE_FAILED",
            DiffusionError::Cancelled { .. } => "CANCELLED",
            DiffusionError::KeptRegionAltered { .. } => "KEPT_REGION_ALTERED",
        }
    }

    pub(crate) fn inference(err: impl std::fmt::Display) -> Self {
        DiffusionError::Inference(err.to_string())
    }
}
