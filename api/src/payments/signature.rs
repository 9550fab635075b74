//! Payment notifications and their signature: HMAC-SHA256, keyed with the
//! shared secret, over a canonical string of every field (sorted `key=value`
//! pairs joined by `&`), hex-encoded. The timestamp bounds how old a
//! notification may be and the nonce makes each one usable once.

use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// The provider's verdict on a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NotifyStatus {
    Success,
    Failed,
}

impl NotifyStatus {
    fn as_str(self) -> &'static str {
        match self {
            NotifyStatus::Success => "SUCCESS",
            NotifyStatus::Failed => "FAILED",
        }
    }
}

/// The body of `POST /api/payments/notify`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Notification {
    pub order_no: String,
    /// The provider's own transaction number.
    pub trade_no: String,
    pub amount_fen: i64,
    pub status: NotifyStatus,
    /// Unix seconds when the provider sent it.
    pub timestamp: i64,
    /// Random, unique per notification (8 to 64 characters).
    pub nonce: String,
    /// Lower-case hex HMAC-SHA256 of [`Notification::canonical`].
    pub sign: String,
}

impl Notification {
    /// The signed string: every field but `sign`, sorted by name.
    pub fn canonical(&self) -> String {
        format!(
            "amountFen={}&nonce={}&orderNo={}&status={}&timestamp={}&tradeNo={}",
            self.amount_fen,
            self.nonce,
            self.order_no,
            self.status.as_str(),
            self.timestamp,
            self.trade_no
        )
    }

    fn mac(&self, secret: &SecretString) -> Hmac<Sha256> {
        // HMAC takes a key of any length; this cannot fail.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.expose_secret().as_bytes())
            .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
        mac.update(self.canonical().as_bytes());
        mac
    }

    /// Fills in `sign` (what a provider does).
    pub fn signed(mut self, secret: &SecretString) -> Notification {
        self.sign = hex::encode(self.mac(secret).finalize().into_bytes());
        self
    }

    /// Whether `sign` is this notification's signature (constant time).
    pub fn verify(&self, secret: &SecretString) -> bool {
        let Ok(given) = hex::decode(&self.sign) else { return false };
        self.mac(secret).verify_slice(&given).is_ok()
    }

    /// Whether the nonce has an acceptable shape.
    pub fn nonce_is_valid(&self) -> bool {
        (8..=64).contains(&self.nonce.len()) && self.nonce.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    }

    /// Whether the timestamp is within `tolerance_secs` of `now` (either way).
    pub fn is_fresh(&self, now: i64, tolerance_secs: u64) -> bool {
        now.abs_diff(self.timestamp) <= tolerance_secs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Notification {
        Notification {
            order_no: "PM20261121120000123456".into(),
            trade_no: "DEV-1".into(),
            amount_fen: 1000,
            status: NotifyStatus::Success,
            timestamp: 1_800_000_000,
            nonce: "abcdef0123456789".into(),
            sign: String::new(),
        }
    }

    #[test]
    fn a_signed_notification_verifies_and_any_change_breaks_it() {
        let secret = SecretString::from("s3cret");
        let n = sample().signed(&secret);
        assert_eq!(n.sign.len(), 64);
        assert!(n.verify(&secret));
        assert!(!n.verify(&SecretString::from("other")));
        let mut tampered = n.clone();
        tampered.amount_fen = 1;
        assert!(!tampered.verify(&secret));
        let mut garbage = n.clone();
        garbage.sign = "zz".into();
        assert!(!garbage.verify(&secret));
    }

    #[test]
    fn canonical_string_is_sorted_and_stable() {
        assert_eq!(
            sample().canonical(),
            "amountFen=1000&nonce=abcdef0123456789&orderNo=PM20261121120000123456&status=SUCCESS&timestamp=1800000000&tradeNo=DEV-1"
        );
    }

    #[test]
    fn freshness_and_nonce_shape() {
        let n = sample();
        assert!(n.is_fresh(1_800_000_100, 300));
        assert!(n.is_fresh(1_799_999_800, 300));
        assert!(!n.is_fresh(1_800_000_301, 300));
        assert!(n.nonce_is_valid());
        assert!(!Notification { nonce: "short".into(), ..sample() }.nonce_is_valid());
    }
}
