//! The payment provider interface: how an order is paid (the address its
//! QR code encodes), what the provider says about it (reconciliation), and
//! closing and refunding it. Every provider answers asynchronously; the
//! provider confirms payments and refunds through its notification endpoint
//! too, and the scheduler asks when a notification never arrived.

use std::sync::Arc;

use anyhow::Context;
use base64::Engine;
use futures::future::BoxFuture;
use pixmart_shared::config::Settings;
use pixmart_shared::db::store::orders::OrderRecord;

use super::wechatpay::WechatPay;

/// How to pay one order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkout {
    /// What the QR code encodes: a pay page, or WeChat Pay's `code_url`.
    pub pay_url: String,
    /// The QR code as a `data:image/png;base64,...` URL.
    pub qr_code: String,
}

impl Checkout {
    pub fn for_url(pay_url: String) -> Result<Checkout, ProviderError> {
        Ok(Checkout { qr_code: qr_data_url(&pay_url)?, pay_url })
    }
}

/// What the provider says about an order's payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TradeState {
    /// Paid: the provider's transaction number and the amount it took.
    Paid { trade_no: String, amount_fen: i64 },
    /// The buyer is paying right now (do not close yet).
    InProgress,
    /// No money moved (not paid, closed, unknown to the provider).
    Unpaid,
}

/// What the provider says about a refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefundState {
    Succeeded,
    /// Accepted; the outcome comes by notification or a later query.
    Processing,
    /// Refused or abnormal (needs a person, in the provider's console).
    Failed(String),
}

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("unknown payment provider {0:?}")]
    Unknown(String),
    #[error("cannot draw the QR code: {0}")]
    Qr(String),
    #[error("the payment provider is unreachable: {0}")]
    Transport(String),
    #[error("the payment provider's answer is not signed by its key")]
    BadSignature,
    #[error("the payment provider refused ({status} {code}): {message}")]
    Refused { status: u16, code: String, message: String },
    #[error("unexpected answer from the payment provider: {0}")]
    Malformed(String),
}

pub type ProviderFuture<'a, T> = BoxFuture<'a, Result<T, ProviderError>>;

pub trait PaymentProvider: Send + Sync {
    /// Stored on each order, so a notification is matched to its provider.
    fn name(&self) -> &'static str;
    /// Creates the payment at the provider and returns the address the
    /// buyer's QR code encodes (asked once per order; the address is kept).
    fn checkout<'a>(&'a self, order: &'a OrderRecord) -> ProviderFuture<'a, String>;
    /// Whether the order was paid (reconciliation of a lost notification).
    fn query<'a>(&'a self, order: &'a OrderRecord) -> ProviderFuture<'a, TradeState>;
    /// Closes the payment so it can no longer be paid.
    fn close<'a>(&'a self, order: &'a OrderRecord) -> ProviderFuture<'a, ()>;
    /// Refunds a paid order in full under our `refund_no` (a retry with the
    /// same number refunds once).
    fn refund<'a>(&'a self, order: &'a OrderRecord, refund_no: &'a str) -> ProviderFuture<'a, RefundState>;
    /// How the refund `refund_no` went.
    fn query_refund<'a>(&'a self, order: &'a OrderRecord, refund_no: &'a str) -> ProviderFuture<'a, RefundState>;
}

/// The configured provider; `wechatpay` is also returned on its own for its
/// notification endpoint.
pub struct Providers {
    pub provider: Arc<dyn PaymentProvider>,
    pub wechatpay: Option<Arc<WechatPay>>,
}

/// The provider the settings name. Key files are read and parsed here, so a
/// bad one stops the start with the setting's name.
pub fn from_settings(settings: &Settings) -> anyhow::Result<Providers> {
    match settings.payments.provider.as_str() {
        super::dev::NAME => Ok(Providers {
            provider: Arc::new(super::dev::DevProvider::new(settings.payments_public_base())),
            wechatpay: None,
        }),
        super::wechatpay::NAME => {
            let wx = Arc::new(WechatPay::from_settings(settings).context("payments.wechatpay")?);
            Ok(Providers { provider: wx.clone(), wechatpay: Some(wx) })
        }
        other => Err(ProviderError::Unknown(other.to_owned()).into()),
    }
}

/// Draws `text` as a QR code PNG data URL.
pub fn qr_data_url(text: &str) -> Result<String, ProviderError> {
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| ProviderError::Qr(e.to_string()))?;
    let img = code.render::<image::Luma<u8>>().min_dimensions(240, 240).build();
    let mut png = Vec::new();
    image::DynamicImage::ImageLuma8(img)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|e| ProviderError::Qr(e.to_string()))?;
    Ok(format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qr_codes_are_png_data_urls() {
        let url = qr_data_url("http://127.0.0.1:8080/pay/dev/PM20261121120000123456").unwrap();
        let b64 = url.strip_prefix("data:image/png;base64,").unwrap();
        let png = base64::engine::general_purpose::STANDARD.decode(b64).unwrap();
        let img = image::load_from_memory(&png).unwrap();
        assert!(img.width() >= 240);
    }

    #[test]
    fn unknown_providers_are_refused_and_wechatpay_needs_its_keys() {
        let mut s = Settings::load(None).unwrap();
        assert_eq!(from_settings(&s).unwrap().provider.name(), "dev");
        s.payments.provider = "paypal".into();
        assert!(from_settings(&s).is_err());
        s.payments.provider = "wechatpay".into();
        let err = format!("{:#}", from_settings(&s).err().unwrap());
        assert!(err.contains("PIXMART__PAYMENTS__WECHATPAY__"), "{err}");
    }
}
