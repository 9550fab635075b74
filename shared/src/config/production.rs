//! Production is the default: a plain start must not expose the development
//! conveniences (code outbox, local pay page) nor run on secrets that ship
//! in this repository. [`Settings::production_problems`] lists every setting
//! that would, so the API can refuse to start and name each one.

use secrecy::ExposeSecret;
use serde::Deserialize;

use super::Settings;

/// The built-in notify secret: public, so accepted only in development mode.
pub const DEV_NOTIFY_SECRET: &str = "pixmart-development-payment-secret";
/// The built-in code pepper: public, so accepted only in development mode.
pub const DEV_CODE_PEPPER: &str = "pixmart-development-pepper";

/// Secrets shorter than this are refused in production (a guessable key is
/// as good as the default).
const MIN_SECRET_LEN: usize = 32;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunMode {
    #[default]
    Production,
    Development,
}

/// One setting that a production start refuses, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductionProblem {
    /// The environment variable that sets it.
    pub setting: &'static str,
    pub fix: String,
}

impl std::fmt::Display for ProductionProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.setting, self.fix)
    }
}

impl Settings {
    /// Every setting that is unsafe outside development mode; empty in
    /// development mode.
    pub fn production_problems(&self) -> Vec<ProductionProblem> {
        if self.is_development() {
            return vec![];
        }
        let mut problems = vec![];
        problems.extend(self.auth.sender.production_problems());
        if self.payments.provider == "dev" {
            problems.push(ProductionProblem {
                setting: "PIXMART__PAYMENTS__PROVIDER",
                fix: "the development payment provider lets anyone pay any order for free; choose a real provider"
                    .to_owned(),
            });
        }
        if self.payments.provider == "wechatpay" {
            for (setting, fix) in self.payments.wechatpay.problems() {
                problems.push(ProductionProblem { setting, fix });
            }
            let notify = self.wechatpay_notify_url();
            if !notify.starts_with("https://") {
                problems.push(ProductionProblem {
                    setting: "PIXMART__PAYMENTS__WECHATPAY__NOTIFY_URL",
                    fix: format!("WeChat Pay only notifies HTTPS addresses; {notify} is not one (set it, or PIXMART__PAYMENTS__PUBLIC_BASE_URL)"),
                });
            }
        }
        // The HMAC notification secret only serves the development
        // provider (its endpoint is routed in development mode only).
        if self.payments.provider == "dev" {
            check_secret(
                &mut problems,
                "PIXMART__PAYMENTS__NOTIFY_SECRET",
                self.payments.notify_secret.expose_secret(),
                DEV_NOTIFY_SECRET,
            );
        }
        check_secret(
            &mut problems,
            "PIXMART__AUTH__CODE_PEPPER",
            self.auth.code_pepper.expose_secret(),
            DEV_CODE_PEPPER,
        );
        problems
    }
}

impl Settings {
    /// Where WeChat Pay sends notifications: the configured address, else
    /// this API's public address + `/api/payments/wechatpay/notify`.
    pub fn wechatpay_notify_url(&self) -> String {
        self.payments
            .wechatpay
            .notify_url
            .clone()
            .unwrap_or_else(|| format!("{}/api/payments/wechatpay/notify", self.payments_public_base()))
    }
}

fn check_secret(problems: &mut Vec<ProductionProblem>, setting: &'static str, value: &str, built_in: &str) {
    if value == built_in {
        problems.push(ProductionProblem {
            setting,
            fix: format!(
                "still the built-in development value; set a random secret of at least {MIN_SECRET_LEN} characters (e.g. `openssl rand -hex 32`)"
            ),
        });
    } else if value.len() < MIN_SECRET_LEN {
        problems.push(ProductionProblem {
            setting,
            fix: format!("shorter than {MIN_SECRET_LEN} characters; set a random secret (e.g. `openssl rand -hex 32`)"),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::SecretString;

    fn named(problems: &[ProductionProblem]) -> Vec<&'static str> {
        problems.iter().map(|p| p.setting).collect()
    }

    #[test]
    fn a_plain_start_is_production_and_names_every_development_setting() {
        let s = Settings::load(None).unwrap();
        assert_eq!(s.mode, RunMode::Production);
        assert_eq!(
            named(&s.production_problems()),
            [
                "PIXMART__AUTH__SENDER__SMS",
                "PIXMART__AUTH__SENDER__MAIL",
                "PIXMART__PAYMENTS__PROVIDER",
                "PIXMART__PAYMENTS__NOTIFY_SECRET",
                "PIXMART__AUTH__CODE_PEPPER"
            ]
        );
    }

    #[test]
    fn wechatpay_names_each_missing_or_bad_setting() {
        let mut s = Settings::load(None).unwrap();
        s.payments.provider = "wechatpay".into();
        let problems = named(&s.production_problems());
        for setting in [
            "PIXMART__PAYMENTS__WECHATPAY__MCHID",
            "PIXMART__PAYMENTS__WECHATPAY__APPID",
            "PIXMART__PAYMENTS__WECHATPAY__MERCHANT_SERIAL_NO",
            "PIXMART__PAYMENTS__WECHATPAY__PLATFORM_PUBLIC_KEY_ID",
            "PIXMART__PAYMENTS__WECHATPAY__APIV3_KEY",
            "PIXMART__PAYMENTS__WECHATPAY__MERCHANT_PRIVATE_KEY_PATH",
            "PIXMART__PAYMENTS__WECHATPAY__PLATFORM_PUBLIC_KEY_PATH",
            "PIXMART__PAYMENTS__WECHATPAY__NOTIFY_URL",
        ] {
            assert!(problems.contains(&setting), "{setting} not in {problems:?}");
        }
        assert!(!problems.contains(&"PIXMART__PAYMENTS__PROVIDER"));
        assert!(!problems.contains(&"PIXMART__PAYMENTS__NOTIFY_SECRET"), "only the dev provider uses it");

        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("apiclient_key.pem");
        std::fs::write(&key, "-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n").unwrap();
        let not_pem = dir.path().join("pub_key.pem");
        std::fs::write(&not_pem, "hello").unwrap();
        let wx = &mut s.payments.wechatpay;
        (wx.mchid, wx.appid, wx.merchant_serial_no, wx.platform_public_key_id) =
            ("1900000001".into(), "wx1".into(), "SERIAL".into(), "PUB_KEY_ID_1".into());
        wx.apiv3_key = SecretString::from("x".repeat(31));
        wx.merchant_private_key_path = Some(key);
        wx.platform_public_key_path = Some(not_pem);
        s.payments.public_base_url = Some("https://pixmart.example.com/".into());
        // Only the payment settings: the sender and pepper have their own tests.
        let problems: Vec<ProductionProblem> =
            s.production_problems().into_iter().filter(|p| p.setting.starts_with("PIXMART__PAYMENTS__")).collect();
        assert_eq!(
            named(&problems),
            ["PIXMART__PAYMENTS__WECHATPAY__APIV3_KEY", "PIXMART__PAYMENTS__WECHATPAY__PLATFORM_PUBLIC_KEY_PATH"],
            "{problems:?}"
        );
        assert_eq!(s.wechatpay_notify_url(), "https://pixmart.example.com/api/payments/wechatpay/notify");
        s.payments.wechatpay.apiv3_key = SecretString::from("x".repeat(32));
        s.payments.wechatpay.platform_public_key_path = Some(dir.path().join("missing.pem"));
        let problems: Vec<ProductionProblem> =
            s.production_problems().into_iter().filter(|p| p.setting.starts_with("PIXMART__PAYMENTS__")).collect();
        assert!(problems[0].fix.contains("cannot read"), "{problems:?}");
    }

    #[test]
    fn development_mode_allows_them_and_short_secrets_are_refused() {
        let mut s = Settings::load(None).unwrap();
        s.mode = RunMode::Development;
        assert!(s.production_problems().is_empty());
        s.mode = RunMode::Production;
        s.auth.code_pepper = SecretString::from("short");
        s.payments.notify_secret = SecretString::from("x".repeat(40));
        let problems = s.production_problems();
        assert!(named(&problems).contains(&"PIXMART__AUTH__CODE_PEPPER"));
        assert!(!named(&problems).contains(&"PIXMART__PAYMENTS__NOTIFY_SECRET"));
    }

    #[test]
    fn a_production_start_names_the_sender_settings_it_lacks() {
        let mut s = Settings::load(None).unwrap();
        s.auth.sender.sms = Some(crate::config::SmsSenderKind::Aliyun);
        s.auth.sender.mail = Some(crate::config::MailSenderKind::Smtp);
        s.auth.sender.smtp.host = Some("smtp.example.com".into());
        let problems = named(&s.production_problems());
        assert!(!problems.contains(&"PIXMART__AUTH__SENDER__SMS"), "{problems:?}");
        assert!(!problems.contains(&"PIXMART__AUTH__SENDER__MAIL"), "{problems:?}");
        for setting in [
            "PIXMART__AUTH__SENDER__SMTP__FROM_ADDRESS",
            "PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_ID",
            "PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_SECRET",
            "PIXMART__AUTH__SENDER__ALIYUN__SIGN_NAME",
            "PIXMART__AUTH__SENDER__ALIYUN__TEMPLATE_CODE_ZH",
        ] {
            assert!(problems.contains(&setting), "{setting} not in {problems:?}");
        }
        assert!(!problems.contains(&"PIXMART__AUTH__SENDER__SMTP__HOST"), "{problems:?}");
    }
}
