//! Where SMS and mail codes go, one sender per channel (`auth.sender.sms`,
//! `auth.sender.mail`, else `auth.sender.kind`): the development sender
//! (the log and an in-memory outbox, development mode only), the HTTP
//! gateway, SMTP for mail and Aliyun SMS for phones.

pub mod aliyun;
pub mod dev;
pub mod http;
mod mail_text;
pub mod smtp;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use pixmart_shared::config::{AuthSettings, MailSenderKind, SmsSenderKind};
use pixmart_shared::domain::{Channel, VerifyCode};
use pixmart_shared::Lang;

pub use aliyun::AliyunSmsSender;
pub use dev::{DevOutbox, OutboxEntry};
pub use http::HttpSender;
pub use smtp::SmtpSender;

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

impl CodeMessage {
    /// The validity in whole minutes, rounded up (as the texts say it).
    pub fn ttl_minutes(&self) -> u64 {
        self.ttl_secs.div_ceil(60)
    }
}

/// Why a code was not delivered. The texts name no code, address or key:
/// they are logged.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("the gateway answered HTTP {status}")]
    Gateway { status: u16 },
    #[error("the gateway could not be reached: {0}")]
    Transport(String),
    /// The SMS provider answered with an error code (e.g.
    /// `isv.BUSINESS_LIMIT_CONTROL`, `SignatureDoesNotMatch`).
    #[error("the SMS provider refused the message: {code}")]
    Provider { code: String },
    /// The mail server could not be reached or refused the message.
    #[error("SMTP: {0}")]
    Smtp(String),
    /// The message could not be built (e.g. an address the mail library refuses).
    #[error("the message could not be built: {0}")]
    Message(String),
}

pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<(), SendError>> + Send + 'a>>;

/// Delivers verification codes.
pub trait CodeSender: Send + Sync {
    fn send<'a>(&'a self, msg: &'a CodeMessage) -> SendFuture<'a>;
}

/// SMS codes to one sender, mail codes to another.
struct ByChannel {
    sms: Arc<dyn CodeSender>,
    mail: Arc<dyn CodeSender>,
}

impl CodeSender for ByChannel {
    fn send<'a>(&'a self, msg: &'a CodeMessage) -> SendFuture<'a> {
        match msg.channel {
            Channel::Sms => self.sms.send(msg),
            Channel::Mail => self.mail.send(msg),
        }
    }
}

/// The configured sender, and the development outbox when a channel uses it.
pub type Configured = (Arc<dyn CodeSender>, Option<Arc<DevOutbox>>);

pub fn from_settings(auth: &AuthSettings) -> anyhow::Result<Configured> {
    let s = &auth.sender;
    let missing = s.missing();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|p| format!("  - {p}")).collect();
        anyhow::bail!("the configured code senders lack settings:\n{}", list.join("\n"));
    }
    let outbox = s.uses_dev().then(|| Arc::new(DevOutbox::default()));
    // Both channels share one gateway client when both use it.
    let mut gateway: Option<Arc<dyn CodeSender>> = None;
    let mut http = || -> anyhow::Result<Arc<dyn CodeSender>> {
        if let Some(g) = &gateway {
            return Ok(g.clone());
        }
        let url = s.url.clone().context("auth.sender.url")?;
        let key = s.key.clone().context("auth.sender.key")?;
        let g: Arc<dyn CodeSender> = Arc::new(HttpSender::new(url, key, Duration::from_millis(s.timeout_ms))?);
        gateway = Some(g.clone());
        Ok(g)
    };
    let dev = || -> anyhow::Result<Arc<dyn CodeSender>> {
        let o = outbox.clone().context("development outbox")?;
        Ok(o as Arc<dyn CodeSender>)
    };
    let sms: Arc<dyn CodeSender> = match s.sms_sender() {
        SmsSenderKind::Dev => dev()?,
        SmsSenderKind::Http => http()?,
        SmsSenderKind::Aliyun => Arc::new(AliyunSmsSender::new(&s.aliyun).context("aliyun SMS sender")?),
    };
    let mail: Arc<dyn CodeSender> = match s.mail_sender() {
        MailSenderKind::Dev => dev()?,
        MailSenderKind::Http => http()?,
        MailSenderKind::Smtp => Arc::new(SmtpSender::new(&s.smtp).context("SMTP sender")?),
    };
    Ok((Arc::new(ByChannel { sms, mail }), outbox))
}
