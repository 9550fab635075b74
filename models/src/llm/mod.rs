//! Local LLM text generation (pure: no database, queue or HTTP).
//!
//! Qwen2-architecture GGUF files (Qwen2.5-Coder-Instruct 0.5B / 1.5B, see
//! docs/MODELS.md) on candle (a Qwen2 forward pass over the GGUF blocks,
//! `qwen2.rs`), with the tokenizer
//! built from the GGUF metadata, the ChatML template, temperature / top-k /
//! top-p / repetition-penalty sampling with a seed, stop strings, and
//! streaming of whole-character text deltas with cancellation.
//!
//! ```no_run
//! use std::ops::ControlFlow;
//! use pixmart_models::llm::{ChatMessage, LocalLlm, Sampling};
//! # fn main() -> Result<(), pixmart_models::ModelError> {
//! let llm = LocalLlm::load(std::path::Path::new("data/models/llm/qwen2.5-coder-0.5b-instruct.gguf"))?;
//! let messages = [ChatMessage::system("你是电商文案助手。"), ChatMessage::user("为保温杯写一句广告语。")];
//! let done = llm.generate(&messages, &Sampling::default(), &mut |delta| {
//!     print!("{delta}");
//!     ControlFlow::Continue(())
//! })?;
//! println!("\n{:?}, {} tokens", done.finish, done.completion_tokens);
//! # Ok(()) }
//! ```

mod chat;
mod model;
mod qwen2;
mod sampling;
mod stream;
mod tokenizer;

pub use chat::{chatml_prompt, ChatMessage, ChatRole, DEFAULT_SYSTEM_PROMPT};
pub use model::{select_device, Completion, FinishReason, LocalLlm};
pub use sampling::Sampling;
pub use tokenizer::{QwenTokenizer, QWEN2_SPLIT_REGEX};

/// Where `scripts/fetch-models` puts the LLMs, relative to the models directory.
pub const QWEN_05B_FILE: &str = "llm/qwen2.5-coder-0.5b-instruct.gguf";
pub const QWEN_15B_FILE: &str = "llm/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf";
