//! `auth.sender`: where SMS and mail verification codes go. SMS and mail
//! are separate channels with separate providers, so each has its own
//! sender (`auth.sender.sms`, `auth.sender.mail`); `auth.sender.kind` is
//! the older single switch, still used for a channel whose own is unset.
//!
//! A production setup, as environment variables:
//!
//! ```text
//! PIXMART__AUTH__SENDER__SMS=aliyun
//! PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_ID=LTAI...
//! PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_SECRET=...
//! PIXMART__AUTH__SENDER__ALIYUN__SIGN_NAME=PixMart
//! PIXMART__AUTH__SENDER__ALIYUN__TEMPLATE_CODE_ZH=SMS_123456789
//! PIXMART__AUTH__SENDER__MAIL=smtp
//! PIXMART__AUTH__SENDER__SMTP__HOST=smtp.example.com
//! PIXMART__AUTH__SENDER__SMTP__USERNAME=no-reply@example.com
//! PIXMART__AUTH__SENDER__SMTP__PASSWORD=...
//! PIXMART__AUTH__SENDER__SMTP__FROM_ADDRESS=no-reply@example.com
//! ```

use secrecy::SecretString;
use serde::Deserialize;

use super::ProductionProblem;

/// Where SMS and mail codes go. Every field has a default.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct SenderSettings {
    /// Both channels' sender where `sms` / `mail` is unset: `dev` (the
    /// default: the log and an in-memory outbox at `GET /api/dev/outbox`,
    /// development mode only) or `http` (the gateway at `url`).
    pub kind: SenderKind,
    /// The SMS sender: `dev`, `http` or `aliyun`; unset: `kind`.
    pub sms: Option<SmsSenderKind>,
    /// The mail sender: `dev`, `http` or `smtp`; unset: `kind`.
    pub mail: Option<MailSenderKind>,
    /// The gateway's URL (`http`): it receives `POST` JSON.
    pub url: Option<String>,
    /// Sent to the gateway as `Authorization: Bearer <key>`; never printed.
    pub key: Option<SecretString>,
    /// The gateway's request timeout.
    pub timeout_ms: u64,
    /// The mail server (`mail = "smtp"`).
    pub smtp: SmtpSettings,
    /// Aliyun SMS, Dysmsapi `SendSms` (`sms = "aliyun"`).
    pub aliyun: AliyunSmsSettings,
}

impl Default for SenderSettings {
    fn default() -> Self {
        SenderSettings {
            kind: SenderKind::Dev,
            sms: None,
            mail: None,
            url: None,
            key: None,
            timeout_ms: 5000,
            smtp: SmtpSettings::default(),
            aliyun: AliyunSmsSettings::default(),
        }
    }
}

/// `auth.sender.kind`: one sender for both channels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SenderKind {
    Dev,
    Http,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmsSenderKind {
    Dev,
    Http,
    Aliyun,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MailSenderKind {
    Dev,
    Http,
    Smtp,
}

/// How the SMTP connection is secured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// Plain text: only for a relay on this machine (refused in production
    /// for any other host).
    None,
    /// Plain connection upgraded with `STARTTLS` (port 587); a server that
    /// does not offer it is an error, never a silent plain-text fallback.
    Starttls,
    /// TLS from the first byte (SMTPS, port 465). The default.
    #[default]
    Tls,
}

impl SmtpTls {
    /// The usual port of each mode.
    pub fn default_port(self) -> u16 {
        match self {
            SmtpTls::None => 25,
            SmtpTls::Starttls => 587,
            SmtpTls::Tls => 465,
        }
    }
}

/// `auth.sender.smtp`: the mail server codes are submitted to.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct SmtpSettings {
    /// The server's host name (also the name its TLS certificate must carry).
    pub host: Option<String>,
    /// Unset: 465 for `tls`, 587 for `starttls`, 25 for `none`.
    pub port: Option<u16>,
    /// `tls` (default), `starttls` or `none`.
    pub tls: SmtpTls,
    /// The login; unset: no authentication (a relay that trusts this host).
    pub username: Option<String>,
    /// Never printed.
    pub password: Option<SecretString>,
    /// The sender address, e.g. `no-reply@example.com`.
    pub from_address: Option<String>,
    /// The sender's display name; unset: the address alone.
    pub from_name: Option<String>,
    /// Connection and command timeout.
    pub timeout_ms: u64,
}

impl Default for SmtpSettings {
    fn default() -> Self {
        SmtpSettings {
            host: None,
            port: None,
            tls: SmtpTls::Tls,
            username: None,
            password: None,
            from_address: None,
            from_name: None,
            timeout_ms: 10_000,
        }
    }
}

impl SmtpSettings {
    pub fn port(&self) -> u16 {
        self.port.unwrap_or_else(|| self.tls.default_port())
    }
}

/// The public Dysmsapi endpoint.
pub const ALIYUN_SMS_ENDPOINT: &str = "https://dysmsapi.aliyuncs.com/";

/// `auth.sender.aliyun`: Aliyun SMS (Dysmsapi `SendSms`, RPC signature 1.0).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct AliyunSmsSettings {
    /// Default `https://dysmsapi.aliyuncs.com/` (tests point it at a double).
    pub endpoint: String,
    /// Default `cn-hangzhou`.
    pub region_id: String,
    /// The RAM user's AccessKey ID (give that user only `dysms:SendSms`).
    pub access_key_id: Option<String>,
    /// Never printed nor sent: it keys the request signature.
    pub access_key_secret: Option<SecretString>,
    /// The approved signature (签名名称) shown in the SMS.
    pub sign_name: Option<String>,
    /// The approved template for Chinese messages; it must contain `${code}`.
    pub template_code_zh: Option<String>,
    /// The template for English messages; unset: `template_code_zh`.
    pub template_code_en: Option<String>,
    /// Request timeout.
    pub timeout_ms: u64,
}

impl Default for AliyunSmsSettings {
    fn default() -> Self {
        AliyunSmsSettings {
            endpoint: ALIYUN_SMS_ENDPOINT.to_owned(),
            region_id: "cn-hangzhou".to_owned(),
            access_key_id: None,
            access_key_secret: None,
            sign_name: None,
            template_code_zh: None,
            template_code_en: None,
            timeout_ms: 5000,
        }
    }
}

impl SenderSettings {
    /// The sender SMS codes go to.
    pub fn sms_sender(&self) -> SmsSenderKind {
        self.sms.unwrap_or(match self.kind {
            SenderKind::Dev => SmsSenderKind::Dev,
            SenderKind::Http => SmsSenderKind::Http,
        })
    }

    /// The sender mail codes go to.
    pub fn mail_sender(&self) -> MailSenderKind {
        self.mail.unwrap_or(match self.kind {
            SenderKind::Dev => MailSenderKind::Dev,
            SenderKind::Http => MailSenderKind::Http,
        })
    }

    /// Whether either channel uses the development sender.
    pub fn uses_dev(&self) -> bool {
        self.sms_sender() == SmsSenderKind::Dev || self.mail_sender() == MailSenderKind::Dev
    }

    /// Settings the chosen senders need but lack, named by environment
    /// variable. Refused in any mode: such a sender could never deliver.
    pub fn missing(&self) -> Vec<ProductionProblem> {
        let mut out = vec![];
        let mut need = |present: bool, setting: &'static str, what: &str| {
            if !present {
                out.push(ProductionProblem { setting, fix: format!("required: {what}") });
            }
        };
        let sms = self.sms_sender();
        let mail = self.mail_sender();
        if sms == SmsSenderKind::Http || mail == MailSenderKind::Http {
            need(self.url.is_some(), "PIXMART__AUTH__SENDER__URL", "the gateway URL of the `http` sender");
            need(self.key.is_some(), "PIXMART__AUTH__SENDER__KEY", "the gateway key of the `http` sender");
        }
        if mail == MailSenderKind::Smtp {
            let s = &self.smtp;
            need(s.host.is_some(), "PIXMART__AUTH__SENDER__SMTP__HOST", "the SMTP server mail codes are sent through");
            need(
                s.from_address.is_some(),
                "PIXMART__AUTH__SENDER__SMTP__FROM_ADDRESS",
                "the address mail codes are sent from",
            );
            if s.username.is_some() {
                need(
                    s.password.is_some(),
                    "PIXMART__AUTH__SENDER__SMTP__PASSWORD",
                    "the SMTP password of PIXMART__AUTH__SENDER__SMTP__USERNAME",
                );
            }
        }
        if sms == SmsSenderKind::Aliyun {
            let a = &self.aliyun;
            need(a.access_key_id.is_some(), "PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_ID", "the Aliyun AccessKey ID");
            need(
                a.access_key_secret.is_some(),
                "PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_SECRET",
                "the Aliyun AccessKey secret",
            );
            need(a.sign_name.is_some(), "PIXMART__AUTH__SENDER__ALIYUN__SIGN_NAME", "the approved SMS signature");
            need(
                a.template_code_zh.is_some(),
                "PIXMART__AUTH__SENDER__ALIYUN__TEMPLATE_CODE_ZH",
                "the approved SMS template (with ${code})",
            );
        }
        out
    }

    /// Problems only a production start refuses: the development sender on
    /// a channel, and codes or credentials crossing a network in clear.
    pub(super) fn production_problems(&self) -> Vec<ProductionProblem> {
        let mut out = vec![];
        let dev_fix = |channel: &str, choices: &str| {
            format!(
                "{channel} codes go to the development sender (auth.sender.kind = \"dev\" is the default), \
                 which shows them to anyone; set it to {choices} (see docs/SECURITY.md)"
            )
        };
        if self.sms_sender() == SmsSenderKind::Dev {
            out.push(ProductionProblem {
                setting: "PIXMART__AUTH__SENDER__SMS",
                fix: dev_fix("SMS", "`aliyun` or `http`"),
            });
        }
        if self.mail_sender() == MailSenderKind::Dev {
            out.push(ProductionProblem {
                setting: "PIXMART__AUTH__SENDER__MAIL",
                fix: dev_fix("mail", "`smtp` or `http`"),
            });
        }
        out.extend(self.missing());
        let plain = "sends codes and credentials unencrypted to another host; use https (or a relay on this machine)";
        if self.mail_sender() == MailSenderKind::Smtp
            && self.smtp.tls == SmtpTls::None
            && self.smtp.host.as_deref().is_some_and(|h| !is_loopback_host(h))
        {
            out.push(ProductionProblem {
                setting: "PIXMART__AUTH__SENDER__SMTP__TLS",
                fix: "`none` sends codes and the SMTP password unencrypted to another host; use `tls` or `starttls`"
                    .to_owned(),
            });
        }
        if (self.sms_sender() == SmsSenderKind::Http || self.mail_sender() == MailSenderKind::Http)
            && self.url.as_deref().is_some_and(is_plain_remote_url)
        {
            out.push(ProductionProblem { setting: "PIXMART__AUTH__SENDER__URL", fix: plain.to_owned() });
        }
        if self.sms_sender() == SmsSenderKind::Aliyun && is_plain_remote_url(&self.aliyun.endpoint) {
            out.push(ProductionProblem { setting: "PIXMART__AUTH__SENDER__ALIYUN__ENDPOINT", fix: plain.to_owned() });
        }
        out
    }
}

fn is_loopback_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// `http://` to anything but this machine.
fn is_plain_remote_url(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("http://") else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let authority = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    // `host:port`, or `[v6]:port`.
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => authority.split(':').next().unwrap_or_default(),
    };
    !is_loopback_host(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(problems: &[ProductionProblem]) -> Vec<&'static str> {
        problems.iter().map(|p| p.setting).collect()
    }

    #[test]
    fn each_channel_falls_back_to_kind() {
        let mut s = SenderSettings { kind: SenderKind::Http, ..SenderSettings::default() };
        assert_eq!((s.sms_sender(), s.mail_sender()), (SmsSenderKind::Http, MailSenderKind::Http));
        s.mail = Some(MailSenderKind::Smtp);
        assert_eq!((s.sms_sender(), s.mail_sender()), (SmsSenderKind::Http, MailSenderKind::Smtp));
        assert!(!s.uses_dev());
        s.kind = SenderKind::Dev;
        assert!(s.uses_dev());
    }

    #[test]
    fn missing_settings_are_named_by_environment_variable() {
        let mut s = SenderSettings {
            sms: Some(SmsSenderKind::Aliyun),
            mail: Some(MailSenderKind::Smtp),
            ..SenderSettings::default()
        };
        s.smtp.username = Some("u".into());
        assert_eq!(
            named(&s.missing()),
            [
                "PIXMART__AUTH__SENDER__SMTP__HOST",
                "PIXMART__AUTH__SENDER__SMTP__FROM_ADDRESS",
                "PIXMART__AUTH__SENDER__SMTP__PASSWORD",
                "PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_ID",
                "PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_SECRET",
                "PIXMART__AUTH__SENDER__ALIYUN__SIGN_NAME",
                "PIXMART__AUTH__SENDER__ALIYUN__TEMPLATE_CODE_ZH",
            ]
        );
        s.sms = Some(SmsSenderKind::Http);
        s.mail = Some(MailSenderKind::Dev);
        assert_eq!(named(&s.missing()), ["PIXMART__AUTH__SENDER__URL", "PIXMART__AUTH__SENDER__KEY"]);
    }

    #[test]
    fn clear_text_to_another_host_is_a_production_problem() {
        let mut s = SenderSettings {
            sms: Some(SmsSenderKind::Aliyun),
            mail: Some(MailSenderKind::Smtp),
            ..SenderSettings::default()
        };
        s.smtp.host = Some("smtp.example.com".into());
        s.smtp.from_address = Some("no-reply@example.com".into());
        s.aliyun.access_key_id = Some("id".into());
        s.aliyun.access_key_secret = Some(SecretString::from("secret"));
        s.aliyun.sign_name = Some("PixMart".into());
        s.aliyun.template_code_zh = Some("SMS_1".into());
        assert!(s.production_problems().is_empty(), "{:?}", s.production_problems());
        s.smtp.tls = SmtpTls::None;
        s.aliyun.endpoint = "http://sms.example.com/".into();
        assert_eq!(
            named(&s.production_problems()),
            ["PIXMART__AUTH__SENDER__SMTP__TLS", "PIXMART__AUTH__SENDER__ALIYUN__ENDPOINT"]
        );
        s.smtp.host = Some("127.0.0.1".into());
        s.aliyun.endpoint = "http://[::1]:8080/".into();
        assert!(s.production_problems().is_empty());
        assert!(is_plain_remote_url("http://localhost.evil.com/"));
        assert!(!is_plain_remote_url("http://user@localhost:9/x"));
        assert!(!is_plain_remote_url("https://sms.example.com/"));
    }

    #[test]
    fn smtp_port_follows_the_tls_mode() {
        let mut s = SmtpSettings::default();
        assert_eq!(s.port(), 465);
        s.tls = SmtpTls::Starttls;
        assert_eq!(s.port(), 587);
        s.port = Some(2525);
        assert_eq!(s.port(), 2525);
    }
}
