//! Where SMS and mail codes go. The development sender logs them and keeps
//! an in-memory outbox (`GET /api/dev/outbox`); the HTTP sender posts them
//! to a gateway. Chosen by `auth.sender.kind`.

pub mod dev;
pub mod http;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use anyhow::Context;
use pixmart_shared::config::{AuthSettings, SenderKind};
use pixmart_shared::domain::{Channel, VerifyCode};
use pixmart_shared::Lang;

pub use dev::{DevOutbox, OutboxEntry};
pub use http::HttpSender;

/// One code on its way to a phone or a mailbox.
#[derive(Debug, Clone)]
pub struct CodeMessage {
    pub channel: Channel,
    /// The phone number or email address.
    pub to: String,
    pub code: VerifyCode,
    pub lang: Lang,
    /// How long the code is valid, for the message text.
    pub ttl_secs: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("the gateway answered HTTP {status}")]
    Gateway { status: u16 },
    #[error("the gateway could not be reached: {0}")]
    Transport(String),
}

pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<(), SendError>> + Send + 'a>>;

/// Delivers verification codes.
pub trait CodeSender: Send + Sync {
    fn send<'a>(&'a self, msg: &'a CodeMessage) -> SendFuture<'a>;
}

/// The configured sender, and the development outbox when that is the one.
pub type Configured = (Arc<dyn CodeSender>, Option<Arc<DevOutbox>>);

pub fn from_settings(auth: &AuthSettings) -> anyhow::Result<Configured> {
    match auth.sender.kind {
        SenderKind::Dev => {
            let outbox = Arc::new(DevOutbox::default());
            Ok((outbox.clone(), Some(outbox)))
        }
        SenderKind::Http => {
            let url =
                auth.sender.url.clone().context("auth.sender.url is required when auth.sender.kind = \"http\"")?;
            let key =
                auth.sender.key.clone().context("auth.sender.key is required when auth.sender.kind = \"http\"")?;
            let sender = HttpSender::new(url, key, std::time::Duration::from_millis(auth.sender.timeout_ms))?;
            Ok((Arc::new(sender), None))
        }
    }
}
