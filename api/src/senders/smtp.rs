//! Mail codes through an SMTP server (lettre on tokio, TLS by rustls).
//! One connection per message: codes are few, and nothing stale is kept
//! open between them. The password and the code are never logged.

use std::time::Duration;

use lettre::message::{Mailbox, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use pixmart_shared::config::{SmtpSettings, SmtpTls};
use secrecy::ExposeSecret;

use super::{mail_text, CodeMessage, CodeSender, SendError, SendFuture};

pub struct SmtpSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// For the log: where mail goes, never who logs in.
    server: String,
}

impl SmtpSender {
    pub fn new(s: &SmtpSettings) -> anyhow::Result<Self> {
        let host = s.host.clone().ok_or_else(|| anyhow::anyhow!("auth.sender.smtp.host is required"))?;
        let from_address =
            s.from_address.as_deref().ok_or_else(|| anyhow::anyhow!("auth.sender.smtp.from_address is required"))?;
        let address: Address =
            from_address.parse().map_err(|e| anyhow::anyhow!("auth.sender.smtp.from_address {from_address:?}: {e}"))?;
        let from = Mailbox::new(s.from_name.clone().filter(|n| !n.trim().is_empty()), address);
        let tls = match s.tls {
            SmtpTls::None => Tls::None,
            // Required: no silent fall-back to plain text when the server
            // (or someone in between) does not offer STARTTLS.
            SmtpTls::Starttls => Tls::Required(TlsParameters::new(host.clone())?),
            SmtpTls::Tls => Tls::Wrapper(TlsParameters::new(host.clone())?),
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host.clone())
            .port(s.port())
            .tls(tls)
            .timeout(Some(Duration::from_millis(s.timeout_ms)));
        if let Some(user) = &s.username {
            let password = s.password.as_ref().map(|p| p.expose_secret().to_owned()).unwrap_or_default();
            builder = builder.credentials(Credentials::new(user.clone(), password));
        }
        Ok(SmtpSender { transport: builder.build(), from, server: format!("{host}:{}", s.port()) })
    }

    /// The message for one code (public for tests): Date, Message-ID and
    /// MIME-Version set, plain UTF-8 text.
    pub fn message(&self, msg: &CodeMessage) -> Result<Message, SendError> {
        let to: Address = msg.to.parse().map_err(|_| SendError::Message("the recipient address".to_owned()))?;
        Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(None, to))
            .subject(mail_text::subject(msg.lang))
            .date_now()
            .message_id(None)
            // A MIME single part: MIME-Version, text/plain; charset=utf-8.
            .singlepart(SinglePart::plain(mail_text::body(msg)))
            .map_err(|e| SendError::Message(e.to_string()))
    }
}

impl std::fmt::Debug for SmtpSender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpSender").field("server", &self.server).field("from", &self.from.email).finish()
    }
}

impl CodeSender for SmtpSender {
    fn send<'a>(&'a self, msg: &'a CodeMessage) -> SendFuture<'a> {
        Box::pin(async move {
            let message = self.message(msg)?;
            match self.transport.send(message).await {
                Ok(response) => {
                    tracing::info!(server = %self.server, reply = response.code().to_string(), "mail code handed to the SMTP server");
                    Ok(())
                }
                Err(e) => {
                    // lettre's error says what failed (connect, TLS, a refused
                    // command with the server's reply); it holds no message text.
                    tracing::warn!(server = %self.server, error = %e, "the SMTP server did not take a mail code");
                    Err(SendError::Smtp(e.to_string()))
                }
            }
        })
    }
}
