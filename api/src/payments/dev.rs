//! The development payment provider: the QR code leads to a local pay page
//! (`GET /pay/dev/{orderNo}`) whose Pay button makes this provider send a
//! signed notification to `POST /api/payments/notify`, as a real provider
//! would after the buyer paid.

use pixmart_shared::db::store::orders::OrderRecord;
use rand::RngCore;
use secrecy::SecretString;

use super::provider::{qr_data_url, Checkout, PaymentProvider, ProviderError};
use super::signature::{Notification, NotifyStatus};

pub struct DevProvider;

pub const NAME: &str = "dev";

pub fn pay_path(order_no: &str) -> String {
    format!("/pay/dev/{order_no}")
}

impl PaymentProvider for DevProvider {
    fn name(&self) -> &'static str {
        NAME
    }

    fn checkout(&self, order: &OrderRecord, public_base: &str) -> Result<Checkout, ProviderError> {
        let pay_url = format!("{}{}", public_base.trim_end_matches('/'), pay_path(order.order_no.as_str()));
        Ok(Checkout { qr_code: qr_data_url(&pay_url)?, pay_url })
    }
}

/// The notification the development provider sends for `order`.
pub fn notification(order: &OrderRecord, status: NotifyStatus, secret: &SecretString) -> Notification {
    let mut nonce = [0u8; 16];
    rand::rng().fill_bytes(&mut nonce);
    Notification {
        order_no: order.order_no.to_string(),
        trade_no: format!("DEV{}", hex::encode(&nonce[..6])),
        amount_fen: order.amount_fen,
        status,
        timestamp: chrono::Utc::now().timestamp(),
        nonce: hex::encode(nonce),
        sign: String::new(),
    }
    .signed(secret)
}

/// Sends `notification` to the notify endpoint and reports whether it was
/// accepted (the envelope's code 0).
pub async fn send(notify_url: &str, notification: &Notification) -> Result<serde_json::Value, reqwest::Error> {
    let client = reqwest::Client::builder().timeout(std::time::Duration::from_secs(10)).build()?;
    client.post(notify_url).json(notification).send().await?.json().await
}
