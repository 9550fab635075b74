//! Per-user API keys: 256 random bits shown once, stored only as their
//! sha256 (a high-entropy secret needs no slow hash: nothing can be guessed
//! from the digest). The first characters (`prefix`) tell keys apart in
//! the settings page and in logs; they are no use to an attacker.

use chrono::{DateTime, Utc};
use rand::RngCore;
use sha2::{Digest, Sha256};

use super::ids::{ApiKeyId, UserId};
use super::Invalid;
use crate::error::ErrorCode;

/// Marks pixmart keys, so a key pasted in the wrong place is recognisable.
const KEY_MARK: &str = "pmk_";
/// `pmk_` plus 8 hex digits: shown in the list, 32 bits of a 256-bit key.
const PREFIX_CHARS: usize = 12;
/// Live (unrevoked) keys one user may hold; the next answers `API_KEY_LIMIT`.
pub const MAX_API_KEYS_PER_USER: u64 = 20;
/// The longest key name, in characters.
pub const API_KEY_NAME_MAX: usize = 30;

/// A key name as the user typed it: trimmed, 1 to 30 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKeyName(String);

impl ApiKeyName {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let name = raw.trim();
        let chars = name.chars().count();
        if chars == 0 || chars > API_KEY_NAME_MAX || name.chars().any(char::is_control) {
            return Err(Invalid::field(ErrorCode::InvalidParam, "name"));
        }
        Ok(ApiKeyName(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The secret key itself. Exists in memory only: at creation (to show it
/// once) and while a request that carries it is authenticated.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKeySecret(String);

impl std::fmt::Debug for ApiKeySecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ApiKeySecret({}…)", self.prefix())
    }
}

impl ApiKeySecret {
    /// A fresh key: `pmk_` and 64 hex digits (256 random bits).
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        ApiKeySecret(format!("{KEY_MARK}{}", hex::encode(bytes)))
    }

    /// A key as a client sent it (the `X-Api-Key` header). Anything that
    /// cannot be a pixmart key is refused here, before any lookup.
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        let hex_part = raw.strip_prefix(KEY_MARK)?;
        (hex_part.len() == 64 && hex_part.bytes().all(|b| b.is_ascii_hexdigit())).then(|| ApiKeySecret(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// What the list shows of the key.
    pub fn prefix(&self) -> &str {
        self.0.get(..PREFIX_CHARS).unwrap_or(&self.0)
    }

    /// What is stored: the hex sha256 of the key.
    pub fn digest(&self) -> String {
        hex::encode(Sha256::digest(self.0.as_bytes()))
    }
}

/// A stored key as its owner sees it (never the secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKey {
    pub id: ApiKeyId,
    pub owner: UserId,
    pub name: String,
    pub prefix: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_parse_back_and_hash_stably() {
        let a = ApiKeySecret::generate();
        let b = ApiKeySecret::generate();
        assert_ne!(a, b);
        assert_eq!(a.expose().len(), 68);
        assert_eq!(ApiKeySecret::parse(a.expose()), Some(a.clone()));
        assert_eq!(a.digest(), ApiKeySecret::parse(a.expose()).unwrap().digest());
        assert_eq!(a.digest().len(), 64);
        assert!(a.prefix().starts_with("pmk_") && a.prefix().len() == 12);
        assert!(!format!("{a:?}").contains(&a.expose()[12..]), "Debug never shows the secret");
    }

    #[test]
    fn foreign_keys_are_refused_before_lookup() {
        for raw in ["", "pmk_", "pmk_xyz", "sk_live_0123", &format!("pmk_{}", "g".repeat(64))] {
            assert_eq!(ApiKeySecret::parse(raw), None, "{raw}");
        }
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(ApiKeyName::parse("  shop plugin ").unwrap().as_str(), "shop plugin");
        assert!(ApiKeyName::parse("   ").is_err());
        assert!(ApiKeyName::parse(&"字".repeat(30)).is_ok());
        assert!(ApiKeyName::parse(&"字".repeat(31)).is_err());
        assert!(ApiKeyName::parse("a\nb").is_err());
    }
}
