//! The APIv3 key's AEAD_AES_256_GCM: notification resources (and the
//! platform certificates) arrive as base64(ciphertext || 16-byte tag),
//! encrypted with the 32-byte APIv3 key, the resource's 12-byte `nonce` and
//! its `associated_data`.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DecryptError {
    #[error("the APIv3 key must be 32 bytes")]
    KeyLength,
    #[error("the nonce must be 12 bytes")]
    NonceLength,
    #[error("the ciphertext is not base64")]
    Base64,
    #[error("authentication failed (wrong key, nonce, associated data, or a changed ciphertext)")]
    Authentication,
}

/// Decrypts a resource; any change to the ciphertext, nonce or associated
/// data fails authentication.
pub fn decrypt_resource(
    apiv3_key: &[u8],
    nonce: &str,
    associated_data: &str,
    ciphertext_b64: &str,
) -> Result<Vec<u8>, DecryptError> {
    let cipher = Aes256Gcm::new_from_slice(apiv3_key).map_err(|_| DecryptError::KeyLength)?;
    if nonce.len() != 12 {
        return Err(DecryptError::NonceLength);
    }
    let ciphertext = B64.decode(ciphertext_b64.trim()).map_err(|_| DecryptError::Base64)?;
    cipher
        .decrypt(Nonce::from_slice(nonce.as_bytes()), Payload { msg: &ciphertext, aad: associated_data.as_bytes() })
        .map_err(|_| DecryptError::Authentication)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computed independently with Python's `cryptography` (AESGCM):
    /// key `0123456789abcdefghijklmnopqrstuv`, nonce `fdasflkja484`,
    /// associated data `transaction`.
    const KEY: &[u8] = b"0123456789abcdefghijklmnopqrstuv";
    const CIPHERTEXT: &str = "kdUy8AAEd+F97t+v/8pygRXsZH8tC3RjNMxky9nmEGoawi1zMcqwMuv5pdDDUJDfqyPfn0mrBK7oQ97vy6hVBmrhXDfaqbrjF3FW0q1jUYt5EYseVRzWYQrnPG+McyF7bk509JEoZ+ZY76xZl/BI7Rj9aJS9gDuV52FLTa8f";
    const PLAINTEXT: &str = r#"{"mchid":"1900000001","out_trade_no":"PM20261126100000123456","trade_state":"SUCCESS","amount":{"total":1000}}"#;

    #[test]
    fn decrypts_the_known_vector() {
        let plain = decrypt_resource(KEY, "fdasflkja484", "transaction", CIPHERTEXT).unwrap();
        assert_eq!(String::from_utf8(plain).unwrap(), PLAINTEXT);
    }

    #[test]
    fn any_change_fails() {
        assert_eq!(decrypt_resource(KEY, "fdasflkja485", "transaction", CIPHERTEXT), Err(DecryptError::Authentication));
        assert_eq!(decrypt_resource(KEY, "fdasflkja484", "refund", CIPHERTEXT), Err(DecryptError::Authentication));
        assert_eq!(
            decrypt_resource(b"0123456789abcdefghijklmnopqrstuw", "fdasflkja484", "transaction", CIPHERTEXT),
            Err(DecryptError::Authentication)
        );
        let mut raw = B64.decode(CIPHERTEXT).unwrap();
        raw[3] ^= 1;
        assert_eq!(
            decrypt_resource(KEY, "fdasflkja484", "transaction", &B64.encode(raw)),
            Err(DecryptError::Authentication)
        );
        assert_eq!(decrypt_resource(b"short", "fdasflkja484", "transaction", CIPHERTEXT), Err(DecryptError::KeyLength));
        assert_eq!(decrypt_resource(KEY, "short", "transaction", CIPHERTEXT), Err(DecryptError::NonceLength));
        assert_eq!(decrypt_resource(KEY, "fdasflkja484", "transaction", "@@"), Err(DecryptError::Base64));
    }
}
