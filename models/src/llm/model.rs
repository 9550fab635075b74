//! [`LocalLlm`]: a Qwen2 GGUF loaded once, chat completions with streaming.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use candle_core::quantized::gguf_file;
use candle_core::{Device, Tensor};

use super::chat::{chatml_pieces, ChatMessage, Piece};
use super::qwen2::Qwen2;
use super::sampling::{Sampler, Sampling};
use super::stream::{Pushed, TextStream};
use super::tokenizer::QwenTokenizer;
use crate::ModelError;

/// Why a generation ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinishReason {
    /// The model ended its turn (`<|im_end|>` or `<|endoftext|>`).
    Eos,
    /// A stop string of [`Sampling::stop`] was produced.
    Stop,
    /// [`Sampling::max_tokens`] tokens (or the context length) reached.
    MaxTokens,
    /// The callback returned `ControlFlow::Break`.
    Cancelled,
}

impl FinishReason {
    /// Stable lower-case name (OpenAI-style where one exists).
    pub fn as_str(self) -> &'static str {
        match self {
            FinishReason::Eos | FinishReason::Stop => "stop",
            FinishReason::MaxTokens => "length",
            FinishReason::Cancelled => "cancelled",
        }
    }
}

/// The result of [`LocalLlm::generate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// Everything handed to the callback, concatenated (no stop string, no
    /// end-of-turn token).
    pub text: String,
    pub prompt_tokens: usize,
    /// Tokens sampled (the end-of-turn token included when there was one).
    pub completion_tokens: usize,
    pub finish: FinishReason,
}

/// A loaded Qwen2-architecture GGUF model (Qwen2.5-Coder-Instruct here) with
/// its tokenizer.
///
/// `Send + Sync`. The weights sit behind a [`Mutex`]: they keep the KV
/// cache of the conversation in progress, so
/// concurrent [`LocalLlm::generate`] calls run one after the other (each
/// with a fresh KV cache). On a CPU node one generation already uses every
/// core, so serialising costs no throughput; run one `LocalLlm` per model.
pub struct LocalLlm {
    weights: Mutex<Qwen2>,
    tokenizer: QwenTokenizer,
    device: Device,
    context_length: usize,
    path: PathBuf,
    architecture: String,
}

fn load_failed(path: &Path, reason: impl std::fmt::Display) -> ModelError {
    ModelError::LoadFailed { path: path.to_path_buf(), reason: reason.to_string() }
}

/// CUDA device 0 when built with the `cuda` feature and a GPU is present, else CPU.
pub fn select_device() -> Device {
    match Device::cuda_if_available(0) {
        Ok(d) if d.is_cuda() => d,
        _ => Device::Cpu,
    }
}

impl LocalLlm {
    /// Reads the GGUF once (weights, hyper-parameters, tokenizer) onto
    /// [`select_device`].
    pub fn load(path: &Path) -> Result<Self, ModelError> {
        Self::load_on(path, &select_device())
    }

    /// As [`LocalLlm::load`], on a given device.
    pub fn load_on(path: &Path, device: &Device) -> Result<Self, ModelError> {
        if !path.is_file() {
            return Err(ModelError::ModelMissing { path: path.to_path_buf() });
        }
        let mut file = std::fs::File::open(path).map_err(|e| load_failed(path, e))?;
        let content =
            gguf_file::Content::read(&mut file).map_err(|e| load_failed(path, format!("not a GGUF file: {e}")))?;
        let architecture =
            content.metadata.get("general.architecture").and_then(|v| v.to_string().ok()).cloned().unwrap_or_default();
        if architecture != "qwen2" {
            return Err(load_failed(path, format!("architecture {architecture:?}, expected \"qwen2\"")));
        }
        let context_length = content
            .metadata
            .get("qwen2.context_length")
            .and_then(|v| v.to_u32().ok())
            .ok_or_else(|| load_failed(path, "no qwen2.context_length"))? as usize;
        let tokenizer = QwenTokenizer::from_gguf(&content).map_err(|e| load_failed(path, e))?;
        let weights = Qwen2::from_gguf(&content, &mut file, device).map_err(|e| load_failed(path, e))?;
        Ok(Self {
            weights: Mutex::new(weights),
            tokenizer,
            device: device.clone(),
            context_length,
            path: path.to_path_buf(),
            architecture,
        })
    }

    /// Tokens the model can attend to: prompt + completion.
    pub fn context_length(&self) -> usize {
        self.context_length
    }

    /// Tokens of `text` as message content (special-token strings in it
    /// count as plain text, as [`LocalLlm::generate`] encodes them).
    pub fn count_tokens(&self, text: &str) -> Result<usize, ModelError> {
        Ok(self.encode(text, false)?.len())
    }

    /// Token ids of `text`; with `special`, `<|im_start|>` and the other
    /// special tokens in it are single tokens.
    pub fn encode(&self, text: &str, special: bool) -> Result<Vec<u32>, ModelError> {
        self.tokenizer.encode(text, special).map_err(ModelError::Inference)
    }

    /// Text of token ids (lossy for incomplete UTF-8).
    pub fn decode(&self, ids: &[u32]) -> String {
        self.tokenizer.decode(ids)
    }

    /// The tokenizer built from the GGUF.
    pub fn tokenizer(&self) -> &QwenTokenizer {
        &self.tokenizer
    }

    pub fn device(&self) -> &Device {
        &self.device
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn architecture(&self) -> &str {
        &self.architecture
    }

    /// The ChatML prompt of `messages` as token ids (contents as plain text).
    pub fn prompt_tokens(&self, messages: &[ChatMessage]) -> Result<Vec<u32>, ModelError> {
        let mut ids = Vec::new();
        for piece in chatml_pieces(messages) {
            match piece {
                Piece::Special(s) => ids
                    .push(self.tokenizer.special_id(s).ok_or_else(|| ModelError::Inference(format!("no token {s}")))?),
                Piece::Text(t) => ids.extend(self.encode(&t, false)?),
            }
        }
        Ok(ids)
    }

    /// Runs one chat completion with a fresh KV cache.
    ///
    /// `on_text` gets each new piece of text as it is produced: whole UTF-8
    /// characters only, never any part of a stop string; the pieces
    /// concatenate to [`Completion::text`]. Returning `ControlFlow::Break(())`
    /// stops generation between tokens (finish = [`FinishReason::Cancelled`];
    /// the text is what was handed out).
    ///
    /// The prompt is processed in one batch. A prompt that leaves no room in
    /// the context ([`LocalLlm::context_length`]) is refused with
    /// [`ModelError::PromptTooLong`] (nothing is truncated: callers shorten
    /// the content, e.g. with [`LocalLlm::count_tokens`]); generation stops
    /// at `max_tokens` or when the context is full (finish = MaxTokens).
    ///
    /// Blocking (seconds to minutes on a CPU): call it on a blocking thread.
    /// Concurrent calls wait for each other (see [`LocalLlm`]).
    pub fn generate(
        &self,
        messages: &[ChatMessage],
        sampling: &Sampling,
        on_text: &mut dyn FnMut(&str) -> ControlFlow<()>,
    ) -> Result<Completion, ModelError> {
        sampling.validate()?;
        let prompt = self.prompt_tokens(messages)?;
        let prompt_tokens = prompt.len();
        if prompt_tokens >= self.context_length {
            return Err(ModelError::PromptTooLong {
                tokens: prompt_tokens,
                limit: self.context_length.saturating_sub(1),
            });
        }
        let budget = sampling.max_tokens.min(self.context_length - prompt_tokens);
        let mut weights = self.weights.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        weights.clear_kv_cache();

        let mut sampler = Sampler::new(sampling);
        let mut stream = TextStream::new(&sampling.stop);
        let mut context = prompt;
        let mut generated = 0usize;
        let done = |stream: &TextStream, generated, finish| Completion {
            text: stream.emitted().to_owned(),
            prompt_tokens,
            completion_tokens: generated,
            finish,
        };
        let mut emit = |delta: &str| -> ControlFlow<()> {
            if delta.is_empty() {
                ControlFlow::Continue(())
            } else {
                on_text(delta)
            }
        };

        if budget == 0 {
            return Ok(done(&stream, 0, FinishReason::MaxTokens));
        }
        let mut logits = self.forward(&mut weights, &context, 0)?;
        loop {
            let token = sampler.next(&logits, &context)?;
            generated += 1;
            if self.tokenizer.eos_ids().contains(&token) {
                let rest = stream.finish();
                // A cancel here changes nothing: the turn is over.
                let _ = emit(&rest);
                return Ok(done(&stream, generated, FinishReason::Eos));
            }
            context.push(token);
            match stream.push(self.tokenizer.token_bytes(token)) {
                Pushed::Stopped(delta) => {
                    let _ = emit(&delta);
                    return Ok(done(&stream, generated, FinishReason::Stop));
                }
                Pushed::Delta(delta) => {
                    if emit(&delta).is_break() {
                        return Ok(done(&stream, generated, FinishReason::Cancelled));
                    }
                }
            }
            if generated >= budget {
                let rest = stream.finish();
                let _ = emit(&rest);
                return Ok(done(&stream, generated, FinishReason::MaxTokens));
            }
            logits = self.forward(&mut weights, &context[context.len() - 1..], context.len() - 1)?;
        }
    }

    /// Logits of the last position after feeding `tokens` at `pos`.
    fn forward(&self, weights: &mut Qwen2, tokens: &[u32], pos: usize) -> Result<Tensor, ModelError> {
        let input = Tensor::new(tokens, &self.device).and_then(|t| t.unsqueeze(0)).map_err(ModelError::inference)?;
        weights.forward(&input, pos).map_err(ModelError::inference)
    }
}
