//! Where this node's text tasks run: a local GGUF model (candle) or an
//! OpenAI-compatible endpoint, chosen by `text.provider`. Both stream the
//! answer as it is written and stop between tokens when asked.

mod copy_writer;
mod local;
mod openai;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tokio::sync::mpsc::UnboundedSender;

pub use local::{available_memory_mb, choose_local_model, LocalText, LOCAL_MODELS};

/// The registry id of an OpenAI-compatible endpoint.
pub const ENDPOINT_ID: &str = "openai-compatible";
/// Every registry model that can serve the text types.
pub const TEXT_MODEL_IDS: [&str; 3] = [LOCAL_MODELS[0], LOCAL_MODELS[1], ENDPOINT_ID];
pub use copy_writer::{write_copy, write_judged, Judged, WriteError, Written, ATTEMPTS};
pub use openai::OpenAiText;

/// One request for one answer.
#[derive(Debug, Clone)]
pub struct TextRequest {
    pub system: String,
    pub user: String,
    pub max_tokens: usize,
    pub temperature: f64,
    pub top_p: f64,
    pub seed: u64,
}

/// How an answer ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finish {
    /// The model said it was done.
    Done,
    /// It reached `max_tokens` (the rules cut the copy to whole sentences).
    Length,
    /// The task was stopped while the answer was being written.
    Cancelled,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub text: String,
    pub finish: Finish,
}

#[derive(Debug, thiserror::Error)]
pub enum TextError {
    /// Worth another attempt later (the endpoint is down, overloaded or slow).
    #[error("text provider unavailable: {0}")]
    Unavailable(String),
    /// This request cannot succeed as it is (a refused request, a model error).
    #[error("text generation failed: {0}")]
    Failed(String),
}

/// A node's text provider.
pub enum TextEngine {
    Local(LocalText),
    Remote(OpenAiText),
}

impl TextEngine {
    /// The model id reported for this node (`qwen2.5-coder-1.5b`, or the
    /// endpoint's model name).
    pub fn model_name(&self) -> &str {
        match self {
            TextEngine::Local(l) => l.model_id(),
            TextEngine::Remote(r) => r.model(),
        }
    }

    /// Writes one answer; every new piece of text goes to `pieces` as it is
    /// produced. Raising `stop` ends it between tokens (`Finish::Cancelled`).
    pub async fn generate(
        &self,
        request: TextRequest,
        pieces: UnboundedSender<String>,
        stop: Arc<AtomicBool>,
    ) -> Result<Answer, TextError> {
        match self {
            TextEngine::Local(l) => l.generate(request, pieces, stop).await,
            TextEngine::Remote(r) => r.generate(request, pieces, stop).await,
        }
    }
}
