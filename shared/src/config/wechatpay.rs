//! WeChat Pay API v3 settings (`payments.provider = "wechatpay"`), in the
//! "WeChat Pay public key" (微信支付公钥) mode: WeChat Pay signs its answers
//! and notifications with a platform key whose public half and id the
//! merchant downloads from the merchant platform.
//! `PIXMART__PAYMENTS__WECHATPAY__MCHID=...` and so on.

use std::path::{Path, PathBuf};

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

/// WeChat Pay's production API.
pub const WECHATPAY_API: &str = "https://api.mch.weixin.qq.com";

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct WechatPaySettings {
    /// The merchant id (商户号), e.g. `1900000001`.
    pub mchid: String,
    /// The AppID bound to the merchant (公众号/小程序/移动应用 AppID).
    pub appid: String,
    /// The serial number of the merchant API certificate (商户API证书序列号)
    /// whose private key signs our requests.
    pub merchant_serial_no: String,
    /// PEM file of the merchant API private key (`apiclient_key.pem`,
    /// PKCS#8 or PKCS#1).
    pub merchant_private_key_path: Option<PathBuf>,
    /// The APIv3 key (exactly 32 bytes) that encrypts notification
    /// resources; never printed.
    pub apiv3_key: SecretString,
    /// PEM file of the WeChat Pay public key (微信支付公钥, `pub_key.pem`).
    pub platform_public_key_path: Option<PathBuf>,
    /// Its id (`PUB_KEY_ID_...`): answers and notifications must name it in
    /// `Wechatpay-Serial`.
    pub platform_public_key_id: String,
    /// The API's address; only a test double overrides it.
    pub api_base_url: String,
    /// Where WeChat Pay sends notifications (must be public HTTPS in
    /// production); by default `payments.public_base_url` (or
    /// `auth.public_base_url`) + `/api/payments/wechatpay/notify`.
    pub notify_url: Option<String>,
    /// What the buyer sees on the payment (`description`, 1–127 characters);
    /// the order's product name is appended.
    pub description_prefix: String,
    /// Seconds each call to WeChat Pay may take.
    pub timeout_secs: u64,
}

impl Default for WechatPaySettings {
    fn default() -> Self {
        WechatPaySettings {
            mchid: String::new(),
            appid: String::new(),
            merchant_serial_no: String::new(),
            merchant_private_key_path: None,
            apiv3_key: SecretString::from(String::new()),
            platform_public_key_path: None,
            platform_public_key_id: String::new(),
            api_base_url: WECHATPAY_API.to_owned(),
            notify_url: None,
            description_prefix: "pixmart".to_owned(),
            timeout_secs: 10,
        }
    }
}

impl WechatPaySettings {
    /// Every missing or unusable setting, by environment variable. Key
    /// files are only checked for being readable PEM here; the API parses
    /// them at start (and fails naming the setting).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![];
        let mut need = |setting: &'static str, value: &str, what: &str| {
            if value.trim().is_empty() {
                out.push((setting, format!("missing: {what}")));
            }
        };
        need("PIXMART__PAYMENTS__WECHATPAY__MCHID", &self.mchid, "the merchant id (商户号)");
        need("PIXMART__PAYMENTS__WECHATPAY__APPID", &self.appid, "the AppID bound to the merchant");
        need(
            "PIXMART__PAYMENTS__WECHATPAY__MERCHANT_SERIAL_NO",
            &self.merchant_serial_no,
            "the merchant API certificate serial number",
        );
        need(
            "PIXMART__PAYMENTS__WECHATPAY__PLATFORM_PUBLIC_KEY_ID",
            &self.platform_public_key_id,
            "the WeChat Pay public key id (PUB_KEY_ID_...)",
        );
        let len = self.apiv3_key.expose_secret().len();
        if len != 32 {
            out.push(("PIXMART__PAYMENTS__WECHATPAY__APIV3_KEY", format!("must be exactly 32 bytes (is {len})")));
        }
        pem_file(
            &mut out,
            "PIXMART__PAYMENTS__WECHATPAY__MERCHANT_PRIVATE_KEY_PATH",
            self.merchant_private_key_path.as_deref(),
            "PRIVATE KEY",
        );
        pem_file(
            &mut out,
            "PIXMART__PAYMENTS__WECHATPAY__PLATFORM_PUBLIC_KEY_PATH",
            self.platform_public_key_path.as_deref(),
            "PUBLIC KEY",
        );
        out
    }
}

fn pem_file(out: &mut Vec<(&'static str, String)>, setting: &'static str, path: Option<&Path>, label: &str) {
    let Some(path) = path else {
        out.push((setting, format!("missing: a PEM file with the {label}")));
        return;
    };
    match std::fs::read_to_string(path) {
        Ok(text) if text.contains(&format!("{label}-----")) => {}
        Ok(_) => out.push((setting, format!("{} is not a PEM {label}", path.display()))),
        Err(e) => out.push((setting, format!("cannot read {}: {e}", path.display()))),
    }
}
