//! WeChat Pay API v3 signatures (SHA256-RSA2048, i.e. RSASSA-PKCS1-v1_5
//! with SHA-256, base64):
//! - our requests: over `METHOD\nURL\ntimestamp\nnonce\nbody\n` with the
//!   merchant API private key, sent as
//!   `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=..,nonce_str=..,signature=..,timestamp=..,serial_no=..`;
//! - WeChat Pay's answers and notifications: over `timestamp\nnonce\nbody\n`
//!   with the platform key, sent in `Wechatpay-Signature` with
//!   `Wechatpay-Timestamp`, `Wechatpay-Nonce` and `Wechatpay-Serial`.

use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use rand::distr::{Alphanumeric, SampleString};
use rsa::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::signature::{SignatureEncoding, Signer, Verifier};
use rsa::{RsaPrivateKey, RsaPublicKey};
use sha2::Sha256;

/// The authorization scheme of API v3.
pub const SCHEME: &str = "WECHATPAY2-SHA256-RSA2048";

/// The string a merchant request's signature covers.
pub fn request_message(method: &str, url_path_and_query: &str, timestamp: i64, nonce: &str, body: &str) -> String {
    format!("{method}\n{url_path_and_query}\n{timestamp}\n{nonce}\n{body}\n")
}

/// The string WeChat Pay's answer or notification signature covers.
pub fn response_message(timestamp: &str, nonce: &str, body: &[u8]) -> Vec<u8> {
    let mut m = Vec::with_capacity(timestamp.len() + nonce.len() + body.len() + 3);
    m.extend_from_slice(timestamp.as_bytes());
    m.push(b'\n');
    m.extend_from_slice(nonce.as_bytes());
    m.push(b'\n');
    m.extend_from_slice(body);
    m.push(b'\n');
    m
}

/// A random 32-character nonce (letters and digits).
pub fn nonce() -> String {
    Alphanumeric.sample_string(&mut rand::rng(), 32)
}

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("not a PEM RSA private key (PKCS#8 or PKCS#1)")]
    PrivateKey,
    #[error("not a PEM RSA public key (SubjectPublicKeyInfo or PKCS#1)")]
    PublicKey,
}

/// The merchant's request signer.
pub struct MerchantSigner {
    key: SigningKey<Sha256>,
    mchid: String,
    serial_no: String,
}

impl MerchantSigner {
    pub fn from_pem(pem: &str, mchid: &str, serial_no: &str) -> Result<Self, KeyError> {
        let key = RsaPrivateKey::from_pkcs8_pem(pem)
            .or_else(|_| RsaPrivateKey::from_pkcs1_pem(pem))
            .map_err(|_| KeyError::PrivateKey)?;
        Ok(MerchantSigner { key: SigningKey::new(key), mchid: mchid.to_owned(), serial_no: serial_no.to_owned() })
    }

    /// Base64 signature of `message`.
    pub fn sign(&self, message: &str) -> String {
        B64.encode(self.key.sign(message.as_bytes()).to_bytes())
    }

    /// The `Authorization` header value for one request.
    pub fn authorization(&self, method: &str, url: &str, body: &str, timestamp: i64, nonce: &str) -> String {
        let signature = self.sign(&request_message(method, url, timestamp, nonce, body));
        format!(
            "{SCHEME} mchid=\"{}\",nonce_str=\"{nonce}\",signature=\"{signature}\",timestamp=\"{timestamp}\",serial_no=\"{}\"",
            self.mchid, self.serial_no
        )
    }
}

/// The `Wechatpay-*` headers of an answer or a notification.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SignedHeaders {
    pub signature: String,
    pub timestamp: String,
    pub nonce: String,
    pub serial: String,
}

impl SignedHeaders {
    /// Reads them from `get(name)`; None when any is missing.
    pub fn read<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Option<SignedHeaders> {
        Some(SignedHeaders {
            signature: get("Wechatpay-Signature")?.to_owned(),
            timestamp: get("Wechatpay-Timestamp")?.to_owned(),
            nonce: get("Wechatpay-Nonce")?.to_owned(),
            serial: get("Wechatpay-Serial")?.to_owned(),
        })
    }

    /// The timestamp as Unix seconds.
    pub fn unix_time(&self) -> Option<i64> {
        self.timestamp.parse().ok()
    }
}

/// WeChat Pay's public key (the "WeChat Pay public key" mode) and its id.
pub struct PlatformVerifier {
    key: VerifyingKey<Sha256>,
    key_id: String,
}

impl PlatformVerifier {
    pub fn from_pem(pem: &str, key_id: &str) -> Result<Self, KeyError> {
        let key = RsaPublicKey::from_public_key_pem(pem)
            .or_else(|_| RsaPublicKey::from_pkcs1_pem(pem))
            .map_err(|_| KeyError::PublicKey)?;
        Ok(PlatformVerifier { key: VerifyingKey::new(key), key_id: key_id.to_owned() })
    }

    /// Whether `headers` sign `body` with this key: the serial must name
    /// this key, the signature must verify over `timestamp\nnonce\nbody\n`.
    pub fn verify(&self, headers: &SignedHeaders, body: &[u8]) -> bool {
        if headers.serial != self.key_id {
            return false;
        }
        let Ok(raw) = B64.decode(headers.signature.trim()) else { return false };
        let Ok(sig) = Signature::try_from(raw.as_slice()) else { return false };
        self.key.verify(&response_message(&headers.timestamp, &headers.nonce, body), &sig).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rsa::pkcs8::EncodePublicKey;

    /// A 2048-bit key made by `openssl genpkey` for this test only, and the
    /// signature `openssl dgst -sha256 -sign` made over [`MESSAGE`]: our
    /// signer must produce the same bytes (PKCS#1 v1.5 is deterministic).
    const OPENSSL_KEY: &str = include_str!("testdata/openssl_test_key.pem");
    const OPENSSL_SIGNATURE: &str = include_str!("testdata/openssl_test_signature.b64");

    #[test]
    fn request_signing_string_is_the_documented_one() {
        let m = request_message(
            "POST",
            "/v3/pay/transactions/native",
            1_554_208_460,
            "593BEC0C930BF1AFEB40B4A08C8FB242",
            "{\"mchid\":\"1900000001\"}",
        );
        assert_eq!(
            m,
            "POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{\"mchid\":\"1900000001\"}\n"
        );
        // A GET signs the path with its query and an empty body.
        assert_eq!(
            request_message("GET", "/v3/pay/transactions/out-trade-no/PM1?mchid=1900000001", 1, "n", ""),
            "GET\n/v3/pay/transactions/out-trade-no/PM1?mchid=1900000001\n1\nn\n\n"
        );
        assert_eq!(
            response_message("1554209980", "c5ac7061fccab6bf3e254dcf98995b8c", b"{}"),
            b"1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{}\n"
        );
    }

    #[test]
    fn signatures_match_openssl_and_verify() {
        let signer = MerchantSigner::from_pem(OPENSSL_KEY, "1900000001", "SERIAL1").unwrap();
        let message = request_message(
            "POST",
            "/v3/pay/transactions/native",
            1_554_208_460,
            "593BEC0C930BF1AFEB40B4A08C8FB242",
            "{\"mchid\":\"1900000001\"}",
        );
        assert_eq!(signer.sign(&message), OPENSSL_SIGNATURE.trim());
        let auth = signer.authorization("POST", "/v3/pay/transactions/native", "{}", 1_554_208_460, "NONCE");
        assert!(auth.starts_with("WECHATPAY2-SHA256-RSA2048 mchid=\"1900000001\",nonce_str=\"NONCE\",signature=\""));
        assert!(auth.ends_with("\",timestamp=\"1554208460\",serial_no=\"SERIAL1\""));

        // The same key pair as a platform key: answers signed with it verify.
        let private = RsaPrivateKey::from_pkcs8_pem(OPENSSL_KEY).unwrap();
        let public_pem = RsaPublicKey::from(&private).to_public_key_pem(Default::default()).unwrap();
        let verifier = PlatformVerifier::from_pem(&public_pem, "PUB_KEY_ID_1").unwrap();
        let body = b"{\"code_url\":\"weixin://wxpay/bizpayurl?pr=abc\"}";
        let sig = B64.encode(
            SigningKey::<Sha256>::new(private).sign(&response_message("1700000000", "abc123", body)).to_bytes(),
        );
        let headers = SignedHeaders {
            signature: sig,
            timestamp: "1700000000".into(),
            nonce: "abc123".into(),
            serial: "PUB_KEY_ID_1".into(),
        };
        assert!(verifier.verify(&headers, body));
        assert!(!verifier.verify(&headers, b"{\"code_url\":\"weixin://evil\"}"));
        assert!(!verifier.verify(&SignedHeaders { serial: "PUB_KEY_ID_2".into(), ..headers.clone() }, body));
        assert!(!verifier.verify(&SignedHeaders { nonce: "abc124".into(), ..headers.clone() }, body));
        assert!(!verifier.verify(&SignedHeaders { signature: "not base64!".into(), ..headers }, body));
        assert!(PlatformVerifier::from_pem("garbage", "x").is_err());
        assert!(MerchantSigner::from_pem("garbage", "x", "y").is_err());
    }
}
