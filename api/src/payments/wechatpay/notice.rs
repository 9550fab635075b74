//! Reading a WeChat Pay notification: the `Wechatpay-*` signature over the
//! raw body, the timestamp's age, then the AES-256-GCM resource. What the
//! resource says is checked against the order by the route.

use super::crypto::{decrypt_resource, DecryptError};
use super::messages::{Notice, RefundNotice, Transaction};
use super::sign::SignedHeaders;
use super::WechatPay;

/// A verified, decrypted notification.
#[derive(Debug, Clone)]
pub enum Event {
    /// `TRANSACTION.SUCCESS`.
    Paid(Transaction),
    /// `REFUND.SUCCESS`, `REFUND.ABNORMAL`, `REFUND.CLOSED`.
    Refund(RefundNotice),
    /// Another event type: acknowledged, nothing done.
    Other(String),
}

/// Why a notification was refused (WeChat Pay retries it later).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Refusal {
    #[error("missing Wechatpay-* signature headers")]
    Unsigned,
    #[error("the signature does not verify with the WeChat Pay public key")]
    BadSignature,
    #[error("the timestamp is too far from now")]
    Stale,
    #[error("malformed notification: {0}")]
    Malformed(String),
    #[error("cannot decrypt the resource: {0}")]
    Decrypt(#[from] DecryptError),
}

impl WechatPay {
    /// Checks the signature and the timestamp (within `tolerance_secs` of
    /// `now`) of a notification, then decrypts its resource. The caller
    /// still spends the nonce (replays) and checks the contents.
    pub fn read_notice(
        &self,
        headers: Option<SignedHeaders>,
        body: &[u8],
        now: i64,
        tolerance_secs: u64,
    ) -> Result<(SignedHeaders, Event), Refusal> {
        let headers = headers.ok_or(Refusal::Unsigned)?;
        if !self.verifier().verify(&headers, body) {
            return Err(Refusal::BadSignature);
        }
        let ts = headers.unix_time().ok_or(Refusal::Stale)?;
        if now.abs_diff(ts) > tolerance_secs {
            return Err(Refusal::Stale);
        }
        let notice: Notice = serde_json::from_slice(body).map_err(|e| Refusal::Malformed(e.to_string()))?;
        if notice.resource_type != "encrypt-resource" || notice.resource.algorithm != "AEAD_AES_256_GCM" {
            return Err(Refusal::Malformed(format!("{} / {}", notice.resource_type, notice.resource.algorithm)));
        }
        let r = &notice.resource;
        let plain = decrypt_resource(self.apiv3_key(), &r.nonce, &r.associated_data, &r.ciphertext)?;
        let malformed = |e: serde_json::Error| Refusal::Malformed(e.to_string());
        let event = match notice.event_type.as_str() {
            "TRANSACTION.SUCCESS" => Event::Paid(serde_json::from_slice(&plain).map_err(malformed)?),
            t if t.starts_with("REFUND.") => Event::Refund(serde_json::from_slice(&plain).map_err(malformed)?),
            other => Event::Other(other.to_owned()),
        };
        tracing::debug!(id = %notice.id, event = %notice.event_type, "WeChat Pay notification verified");
        Ok((headers, event))
    }
}
