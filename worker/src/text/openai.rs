//! Text on an OpenAI-compatible endpoint (`POST {base}/chat/completions`
//! with `stream: true`): vLLM, Ollama, llama.cpp's server and hosted Qwen
//! or DeepSeek speak it. Server-sent chunks are read as they come; the
//! first must arrive within `first_token_timeout_secs`, each next one
//! within `idle_timeout_secs`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use pixmart_shared::config::OpenAiSettings;
use secrecy::ExposeSecret;
use serde::Deserialize;
use tokio::sync::mpsc::UnboundedSender;

use super::{Answer, Finish, TextError, TextRequest};

/// How often a quiet stream looks at the stop flag.
const STOP_CHECK: Duration = Duration::from_millis(200);

pub struct OpenAiText {
    client: reqwest::Client,
    url: String,
    settings: OpenAiSettings,
}

#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    #[serde(default)]
    delta: Delta,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize, Default)]
struct Delta {
    #[serde(default)]
    content: Option<String>,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    message: String,
}

impl OpenAiText {
    pub fn new(settings: &OpenAiSettings) -> Result<Self, String> {
        if !settings.is_configured() {
            return Err("text.openai.base_url and text.openai.model must both be set".into());
        }
        let url = format!("{}/chat/completions", settings.base_url.trim().trim_end_matches('/'));
        reqwest::Url::parse(&url).map_err(|e| format!("text.openai.base_url is not a URL: {e}"))?;
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| format!("HTTP client: {e}"))?;
        Ok(OpenAiText { client, url, settings: settings.clone() })
    }

    pub fn model(&self) -> &str {
        &self.settings.model
    }

    pub async fn generate(
        &self,
        request: TextRequest,
        pieces: UnboundedSender<String>,
        stop: Arc<AtomicBool>,
    ) -> Result<Answer, TextError> {
        let body = serde_json::json!({
            "model": self.settings.model,
            "messages": [
                { "role": "system", "content": request.system },
                { "role": "user", "content": request.user },
            ],
            "stream": true,
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
            "top_p": request.top_p,
            "seed": request.seed,
        });
        let mut call = self.client.post(&self.url).json(&body);
        if let Some(key) = &self.settings.api_key {
            call = call.bearer_auth(key.expose_secret());
        }
        let first = Duration::from_secs(self.settings.first_token_timeout_secs.max(1));
        let idle = Duration::from_secs(self.settings.idle_timeout_secs.max(1));
        let response = tokio::time::timeout(first, call.send())
            .await
            .map_err(|_| TextError::Unavailable(format!("no answer from {} within {first:?}", self.url)))?
            .map_err(|e| TextError::Unavailable(format!("{}: {e}", self.url)))?;
        let status = response.status();
        if !status.is_success() {
            let text = response.text().await.unwrap_or_default();
            let message = serde_json::from_str::<ErrorBody>(&text).map(|b| b.error.message).unwrap_or(text);
            let message = format!("{status}: {}", message.chars().take(300).collect::<String>());
            // Overloaded or failing servers may recover; a refused request will not.
            return Err(if status.is_server_error() || status.as_u16() == 429 || status.as_u16() == 408 {
                TextError::Unavailable(message)
            } else {
                TextError::Failed(message)
            });
        }
        let mut stream = response.bytes_stream();
        let mut buffer: Vec<u8> = Vec::new();
        let mut text = String::new();
        let mut finish = Finish::Done;
        let mut wait = first;
        'read: loop {
            let deadline = tokio::time::Instant::now() + wait;
            let chunk = loop {
                if stop.load(Ordering::Relaxed) {
                    // Dropping the response closes the connection: the
                    // endpoint stops writing.
                    return Ok(Answer { text, finish: Finish::Cancelled });
                }
                let now = tokio::time::Instant::now();
                if now >= deadline {
                    return Err(TextError::Unavailable(format!(
                        "the stream from {} went quiet for {wait:?}",
                        self.url
                    )));
                }
                match tokio::time::timeout(STOP_CHECK.min(deadline - now), stream.next()).await {
                    Ok(next) => break next,
                    Err(_) => continue,
                }
            };
            let Some(chunk) = chunk else { break };
            let chunk = chunk.map_err(|e| TextError::Unavailable(format!("the stream broke: {e}")))?;
            wait = idle;
            buffer.extend_from_slice(&chunk);
            while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                let Some(data) = line.trim().strip_prefix("data:") else { continue };
                let data = data.trim();
                if data == "[DONE]" {
                    break 'read;
                }
                let Ok(chunk) = serde_json::from_str::<Chunk>(data) else {
                    return Err(TextError::Failed(format!(
                        "not a chat completion chunk: {}",
                        data.chars().take(200).collect::<String>()
                    )));
                };
                for choice in chunk.choices {
                    if let Some(piece) = choice.delta.content.filter(|c| !c.is_empty()) {
                        text.push_str(&piece);
                        let _ = pieces.send(piece);
                    }
                    match choice.finish_reason.as_deref() {
                        Some("length") => finish = Finish::Length,
                        Some(_) => finish = Finish::Done,
                        None => {}
                    }
                }
            }
        }
        if text.is_empty() {
            return Err(TextError::Unavailable(format!("{} answered with no text", self.url)));
        }
        Ok(Answer { text, finish })
    }
}
