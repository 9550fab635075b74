//! WeChat Pay API v3, Native payments (the buyer scans a QR code holding
//! WeChat Pay's `code_url`), in the "WeChat Pay public key" mode. Every
//! request is signed with the merchant key; every successful answer must be
//! signed by the configured WeChat Pay public key, else it is not believed.

pub mod crypto;
pub mod messages;
pub mod notice;
pub mod sign;

use std::time::Duration;

use anyhow::Context;
use chrono::{FixedOffset, SecondsFormat};
use futures::FutureExt;
use pixmart_shared::config::Settings;
use pixmart_shared::db::store::orders::OrderRecord;
use secrecy::{ExposeSecret, SecretBox};
use serde::de::DeserializeOwned;

use self::messages::{
    Amount, ErrorAnswer, NativeAnswer, NativeOrder, Refund, RefundAmount, RefundRequest, Transaction,
};
use self::sign::{MerchantSigner, PlatformVerifier, SignedHeaders};
use super::provider::{PaymentProvider, ProviderError, ProviderFuture, RefundState, TradeState};

pub const NAME: &str = "wechatpay";

/// The configured merchant, keys and client.
pub struct WechatPay {
    mchid: String,
    appid: String,
    api_base: String,
    notify_url: String,
    description_prefix: String,
    signer: MerchantSigner,
    verifier: PlatformVerifier,
    apiv3_key: SecretBox<[u8; 32]>,
    http: reqwest::Client,
}

fn read_setting_file(setting: &str, path: Option<&std::path::Path>) -> anyhow::Result<String> {
    let path = path.with_context(|| format!("{setting} is not set"))?;
    std::fs::read_to_string(path).with_context(|| format!("{setting}: cannot read {}", path.display()))
}

impl WechatPay {
    /// Reads and parses the keys; each failure names its setting.
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Self> {
        let wx = &settings.payments.wechatpay;
        if let Some((setting, fix)) = wx.problems().into_iter().next() {
            anyhow::bail!("{setting}: {fix}");
        }
        let key_setting = "PIXMART__PAYMENTS__WECHATPAY__MERCHANT_PRIVATE_KEY_PATH";
        let pem = read_setting_file(key_setting, wx.merchant_private_key_path.as_deref())?;
        let signer = MerchantSigner::from_pem(&pem, &wx.mchid, &wx.merchant_serial_no)
            .with_context(|| format!("{key_setting}: not a usable merchant private key"))?;
        let pub_setting = "PIXMART__PAYMENTS__WECHATPAY__PLATFORM_PUBLIC_KEY_PATH";
        let pem = read_setting_file(pub_setting, wx.platform_public_key_path.as_deref())?;
        let verifier = PlatformVerifier::from_pem(&pem, &wx.platform_public_key_id)
            .with_context(|| format!("{pub_setting}: not a usable WeChat Pay public key"))?;
        let key: [u8; 32] = wx
            .apiv3_key
            .expose_secret()
            .as_bytes()
            .try_into()
            .context("PIXMART__PAYMENTS__WECHATPAY__APIV3_KEY: must be exactly 32 bytes")?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(wx.timeout_secs.max(1)))
            .user_agent(concat!("pixmart/", env!("CARGO_PKG_VERSION")))
            .build()
            .context("HTTP client")?;
        Ok(WechatPay {
            mchid: wx.mchid.clone(),
            appid: wx.appid.clone(),
            api_base: wx.api_base_url.trim_end_matches('/').to_owned(),
            notify_url: settings.wechatpay_notify_url(),
            description_prefix: wx.description_prefix.clone(),
            signer,
            verifier,
            apiv3_key: SecretBox::new(Box::new(key)),
            http,
        })
    }

    pub fn mchid(&self) -> &str {
        &self.mchid
    }

    pub fn appid(&self) -> &str {
        &self.appid
    }

    pub fn verifier(&self) -> &PlatformVerifier {
        &self.verifier
    }

    pub fn apiv3_key(&self) -> &[u8; 32] {
        self.apiv3_key.expose_secret()
    }

    /// One signed call; a 2xx answer must carry a valid platform signature.
    /// Returns the status and the (verified, for 2xx) body.
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<String>,
    ) -> Result<(u16, Vec<u8>), ProviderError> {
        let body_text = body.unwrap_or_default();
        let timestamp = chrono::Utc::now().timestamp();
        let nonce = sign::nonce();
        let auth = self.signer.authorization(method.as_str(), path, &body_text, timestamp, &nonce);
        let mut req = self
            .http
            .request(method, format!("{}{}", self.api_base, path))
            .header(reqwest::header::AUTHORIZATION, auth)
            .header(reqwest::header::ACCEPT, "application/json");
        if !body_text.is_empty() {
            req = req.header(reqwest::header::CONTENT_TYPE, "application/json").body(body_text);
        }
        let resp = req.send().await.map_err(|e| ProviderError::Transport(e.to_string()))?;
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let bytes = resp.bytes().await.map_err(|e| ProviderError::Transport(e.to_string()))?.to_vec();
        if (200..300).contains(&status) {
            let signed = SignedHeaders::read(|name| headers.get(name).and_then(|v| v.to_str().ok()));
            if !signed.is_some_and(|h| self.verifier.verify(&h, &bytes)) {
                return Err(ProviderError::BadSignature);
            }
            return Ok((status, bytes));
        }
        // Error answers are only ever taken as "no money moved".
        let err: ErrorAnswer = serde_json::from_slice(&bytes).unwrap_or_default();
        Err(ProviderError::Refused { status, code: err.code, message: err.message })
    }

    async fn call_json<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<String>,
    ) -> Result<T, ProviderError> {
        let (_, bytes) = self.call(method, path, body).await?;
        serde_json::from_slice(&bytes).map_err(|e| ProviderError::Malformed(e.to_string()))
    }

    fn to_json(value: &impl serde::Serialize) -> Result<String, ProviderError> {
        serde_json::to_string(value).map_err(|e| ProviderError::Malformed(e.to_string()))
    }

    async fn native(&self, order: &OrderRecord) -> Result<String, ProviderError> {
        let china = FixedOffset::east_opt(8 * 3600).unwrap_or_else(|| unreachable!("+08:00 is a valid offset"));
        let description: String =
            format!("{} {}", self.description_prefix, order.name).trim().chars().take(127).collect();
        let body = Self::to_json(&NativeOrder {
            appid: &self.appid,
            mchid: &self.mchid,
            description,
            out_trade_no: order.order_no.as_str(),
            time_expire: order.expires_at.with_timezone(&china).to_rfc3339_opts(SecondsFormat::Secs, false),
            notify_url: &self.notify_url,
            amount: Amount { total: order.amount_fen, currency: "CNY" },
        })?;
        let answer: NativeAnswer =
            self.call_json(reqwest::Method::POST, "/v3/pay/transactions/native", Some(body)).await?;
        Ok(answer.code_url)
    }

    async fn query_order(&self, order: &OrderRecord) -> Result<TradeState, ProviderError> {
        let path = format!("/v3/pay/transactions/out-trade-no/{}?mchid={}", order.order_no, self.mchid);
        let t: Transaction = match self.call_json(reqwest::Method::GET, &path, None).await {
            Ok(t) => t,
            Err(ProviderError::Refused { status: 404, .. }) => return Ok(TradeState::Unpaid),
            Err(e) => return Err(e),
        };
        if t.mchid != self.mchid || t.appid != self.appid || t.out_trade_no != order.order_no.as_str() {
            return Err(ProviderError::Malformed("the answer names another merchant or order".into()));
        }
        Ok(match t.trade_state.as_str() {
            // REFUND: it was paid (and a refund began); the payment stands.
            "SUCCESS" | "REFUND" => TradeState::Paid {
                trade_no: t.transaction_id.unwrap_or_default(),
                amount_fen: t.amount.map(|a| a.total).unwrap_or(-1),
            },
            "USERPAYING" => TradeState::InProgress,
            _ => TradeState::Unpaid,
        })
    }

    async fn close_order(&self, order: &OrderRecord) -> Result<(), ProviderError> {
        let path = format!("/v3/pay/transactions/out-trade-no/{}/close", order.order_no);
        let body = Self::to_json(&serde_json::json!({ "mchid": self.mchid }))?;
        match self.call(reqwest::Method::POST, &path, Some(body)).await {
            Ok(_) => Ok(()),
            // Never created there: nothing to close.
            Err(ProviderError::Refused { status: 404, .. }) => Ok(()),
            Err(e) => Err(e),
        }
    }

    async fn refund_order(&self, order: &OrderRecord, refund_no: &str) -> Result<RefundState, ProviderError> {
        let body = Self::to_json(&RefundRequest {
            out_trade_no: order.order_no.as_str(),
            out_refund_no: refund_no,
            reason: "pixmart refund",
            notify_url: &self.notify_url,
            amount: RefundAmount { refund: order.amount_fen, total: order.amount_fen, currency: "CNY" },
        })?;
        let r: Refund = self.call_json(reqwest::Method::POST, "/v3/refund/domestic/refunds", Some(body)).await?;
        refund_state(&r, refund_no)
    }

    async fn query_refund_no(&self, refund_no: &str) -> Result<RefundState, ProviderError> {
        let path = format!("/v3/refund/domestic/refunds/{refund_no}");
        let r: Refund = self.call_json(reqwest::Method::GET, &path, None).await?;
        refund_state(&r, refund_no)
    }
}

fn refund_state(r: &Refund, refund_no: &str) -> Result<RefundState, ProviderError> {
    if r.out_refund_no != refund_no {
        return Err(ProviderError::Malformed("the answer names another refund".into()));
    }
    Ok(match r.status.as_str() {
        "SUCCESS" => RefundState::Succeeded,
        "PROCESSING" => RefundState::Processing,
        other => RefundState::Failed(other.to_owned()),
    })
}

impl PaymentProvider for WechatPay {
    fn name(&self) -> &'static str {
        NAME
    }

    fn checkout<'a>(&'a self, order: &'a OrderRecord) -> ProviderFuture<'a, String> {
        self.native(order).boxed()
    }

    fn query<'a>(&'a self, order: &'a OrderRecord) -> ProviderFuture<'a, TradeState> {
        self.query_order(order).boxed()
    }

    fn close<'a>(&'a self, order: &'a OrderRecord) -> ProviderFuture<'a, ()> {
        self.close_order(order).boxed()
    }

    fn refund<'a>(&'a self, order: &'a OrderRecord, refund_no: &'a str) -> ProviderFuture<'a, RefundState> {
        self.refund_order(order, refund_no).boxed()
    }

    fn query_refund<'a>(&'a self, _order: &'a OrderRecord, refund_no: &'a str) -> ProviderFuture<'a, RefundState> {
        self.query_refund_no(refund_no).boxed()
    }
}
