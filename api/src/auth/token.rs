//! Opaque bearer tokens: 256 random bits, stored only as their sha256.

use rand::RngCore;
use sha2::{Digest, Sha256};

pub const TOKEN_TTL_DAYS: i64 = 30;

pub fn generate() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

pub fn digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_unique_and_digests_stable() {
        let (a, b) = (generate(), generate());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(digest(&a), digest(&a));
        assert_ne!(digest(&a), a);
    }
}
