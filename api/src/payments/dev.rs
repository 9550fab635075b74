//! The development payment provider: the QR code leads to a local pay page
//! (`GET /pay/dev/{orderNo}`) whose Pay button makes this provider send a
//! signed notification to `POST /api/payments/notify`, as a real provider
//! would after the buyer paid. Its "provider side" is this database, so
//! there is nothing to query, close or refund elsewhere: a refund succeeds
//! at once.

use futures::FutureExt;
use pixmart_shared::db::store::orders::OrderRecord;
use rand::RngCore;
use secrecy::SecretString;

use super::provider::{PaymentProvider, ProviderFuture, RefundState, TradeState};
use super::signature::{Notification, NotifyStatus};

pub struct DevProvider {
    /// The API's public address (configuration, never a request's Host).
    public_base: String,
}

impl DevProvider {
    pub fn new(public_base: &str) -> Self {
        DevProvider { public_base: public_base.trim_end_matches('/').to_owned() }
    }
}

pub const NAME: &str = "dev";

pub fn pay_path(order_no: &str) -> String {
    format!("/pay/dev/{order_no}")
}

impl PaymentProvider for DevProvider {
    fn name(&self) -> &'static str {
        NAME
    }

    fn checkout<'a>(&'a self, order: &'a OrderRecord) -> ProviderFuture<'a, String> {
        let url = format!("{}{}", self.public_base, pay_path(order.order_no.as_str()));
        async move { Ok(url) }.boxed()
    }

    fn query<'a>(&'a self, _order: &'a OrderRecord) -> ProviderFuture<'a, TradeState> {
        // The pay page notifies synchronously: an order still open was not paid.
        async { Ok(TradeState::Unpaid) }.boxed()
    }

    fn close<'a>(&'a self, _order: &'a OrderRecord) -> ProviderFuture<'a, ()> {
        async { Ok(()) }.boxed()
    }

    fn refund<'a>(&'a self, _order: &'a OrderRecord, _refund_no: &'a str) -> ProviderFuture<'a, RefundState> {
        async { Ok(RefundState::Succeeded) }.boxed()
    }

    fn query_refund<'a>(&'a self, _order: &'a OrderRecord, _refund_no: &'a str) -> ProviderFuture<'a, RefundState> {
        async { Ok(RefundState::Succeeded) }.boxed()
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
