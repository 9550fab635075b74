//! WeChat Pay API v3 bodies (only the fields pixmart uses; others are
//! ignored).

use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize)]
pub struct Amount {
    pub total: i64,
    pub currency: &'static str,
}

/// `POST /v3/pay/transactions/native`.
#[derive(Debug, Serialize)]
pub struct NativeOrder<'a> {
    pub appid: &'a str,
    pub mchid: &'a str,
    pub description: String,
    pub out_trade_no: &'a str,
    /// RFC 3339; WeChat Pay refuses payment after it.
    pub time_expire: String,
    pub notify_url: &'a str,
    pub amount: Amount,
}

#[derive(Debug, Deserialize)]
pub struct NativeAnswer {
    pub code_url: String,
}

/// An error answer.
#[derive(Debug, Default, Deserialize)]
pub struct ErrorAnswer {
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub message: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct TransactionAmount {
    pub total: i64,
}

/// A transaction: the order query's answer and a `TRANSACTION.*`
/// notification's decrypted resource.
#[derive(Debug, Clone, Deserialize)]
pub struct Transaction {
    pub mchid: String,
    pub appid: String,
    pub out_trade_no: String,
    #[serde(default)]
    pub transaction_id: Option<String>,
    /// SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR.
    pub trade_state: String,
    #[serde(default)]
    pub amount: Option<TransactionAmount>,
}

#[derive(Debug, Serialize)]
pub struct RefundAmount {
    pub refund: i64,
    pub total: i64,
    pub currency: &'static str,
}

/// `POST /v3/refund/domestic/refunds`.
#[derive(Debug, Serialize)]
pub struct RefundRequest<'a> {
    pub out_trade_no: &'a str,
    pub out_refund_no: &'a str,
    pub reason: &'a str,
    pub notify_url: &'a str,
    pub amount: RefundAmount,
}

/// A refund: the refund call's and query's answer.
#[derive(Debug, Clone, Deserialize)]
pub struct Refund {
    pub out_refund_no: String,
    #[serde(default)]
    pub out_trade_no: Option<String>,
    /// SUCCESS, CLOSED, PROCESSING, ABNORMAL.
    pub status: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RefundNoticeAmount {
    pub total: i64,
    pub refund: i64,
}

/// A `REFUND.*` notification's decrypted resource.
#[derive(Debug, Clone, Deserialize)]
pub struct RefundNotice {
    pub mchid: String,
    pub out_trade_no: String,
    pub out_refund_no: String,
    /// SUCCESS, CLOSED, ABNORMAL.
    pub refund_status: String,
    pub amount: RefundNoticeAmount,
}

/// The encrypted part of a notification.
#[derive(Debug, Clone, Deserialize)]
pub struct Resource {
    pub algorithm: String,
    pub ciphertext: String,
    #[serde(default)]
    pub associated_data: String,
    pub nonce: String,
}

/// A notification's body.
#[derive(Debug, Clone, Deserialize)]
pub struct Notice {
    pub id: String,
    /// TRANSACTION.SUCCESS, REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED.
    pub event_type: String,
    pub resource_type: String,
    pub resource: Resource,
}
