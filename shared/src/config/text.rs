//! Text generation: which provider a worker node uses for the text task
//! family (`PIXMART__TEXT__…`).

use secrecy::SecretString;
use serde::Deserialize;

/// Where a node's text tasks run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TextProvider {
    /// A GGUF model from the models directory, on this node (candle).
    #[default]
    Local,
    /// An OpenAI-compatible `/v1/chat/completions` endpoint (vLLM, Ollama,
    /// a hosted Qwen or DeepSeek), streamed.
    Openai,
    /// No text tasks on this node (e.g. a GPU node kept for diffusion).
    None,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct TextSettings {
    pub provider: TextProvider,
    /// The local model: `auto` (the largest one present whose memory fits
    /// this machine) or a model id from models/registry.toml, e.g.
    /// `qwen2.5-coder-0.5b` for a small machine.
    pub local_model: String,
    pub openai: OpenAiSettings,
}

impl Default for TextSettings {
    fn default() -> Self {
        TextSettings {
            provider: TextProvider::Local,
            local_model: "auto".to_owned(),
            openai: OpenAiSettings::default(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct OpenAiSettings {
    /// Base URL up to and including `/v1`, e.g. `http://gpu-1:8000/v1`.
    pub base_url: String,
    /// The model name the endpoint expects.
    pub model: String,
    /// Sent as `Authorization: Bearer …` when set; never logged.
    pub api_key: Option<SecretString>,
    /// Most seconds until the first token arrives (the endpoint may be
    /// loading the model or queueing).
    pub first_token_timeout_secs: u64,
    /// Most seconds between two chunks once streaming.
    pub idle_timeout_secs: u64,
}

impl Default for OpenAiSettings {
    fn default() -> Self {
        OpenAiSettings {
            base_url: String::new(),
            model: String::new(),
            api_key: None,
            first_token_timeout_secs: 120,
            idle_timeout_secs: 60,
        }
    }
}

impl OpenAiSettings {
    /// Whether an endpoint is configured at all.
    pub fn is_configured(&self) -> bool {
        !self.base_url.trim().is_empty() && !self.model.trim().is_empty()
    }
}
