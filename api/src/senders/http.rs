//! The gateway sender: `POST <url>` with JSON
//! `{"channel":"sms"|"mail","to":"...","template":"verify_code","params":{"code":"123456","ttlMinutes":5},"lang":"zh"|"en"}`
//! and `Authorization: Bearer <key>`. Any 2xx is delivered; anything else is
//! an error. Neither the code nor the key is ever logged.

use std::time::Duration;

use pixmart_shared::Lang;
use secrecy::{ExposeSecret, SecretString};
use serde_json::json;

use super::{CodeMessage, CodeSender, SendError, SendFuture};

pub struct HttpSender {
    url: String,
    key: SecretString,
    client: reqwest::Client,
}

impl HttpSender {
    pub fn new(url: String, key: SecretString, timeout: Duration) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(timeout).build()?;
        Ok(HttpSender { url, key, client })
    }

    /// The request body for one message (public for the contract test).
    pub fn body(msg: &CodeMessage) -> serde_json::Value {
        json!({
            "channel": msg.channel.as_str(),
            "to": msg.to,
            "template": "verify_code",
            "params": { "code": msg.code.reveal(), "ttlMinutes": msg.ttl_secs.div_ceil(60) },
            "lang": match msg.lang { Lang::Zh => "zh", Lang::En => "en" },
        })
    }
}

impl std::fmt::Debug for HttpSender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpSender").field("url", &self.url).field("key", &"***").finish()
    }
}

impl CodeSender for HttpSender {
    fn send<'a>(&'a self, msg: &'a CodeMessage) -> SendFuture<'a> {
        Box::pin(async move {
            let resp = self
                .client
                .post(&self.url)
                .bearer_auth(self.key.expose_secret())
                .json(&Self::body(msg))
                .send()
                .await
                // reqwest's error names the URL, never the body.
                .map_err(|e| SendError::Transport(e.without_url().to_string()))?;
            let status = resp.status();
            if status.is_success() {
                tracing::info!(channel = msg.channel.as_str(), "verification code handed to the gateway");
                Ok(())
            } else {
                tracing::warn!(channel = msg.channel.as_str(), status = status.as_u16(), "the gateway refused a code");
                Err(SendError::Gateway { status: status.as_u16() })
            }
        })
    }
}
