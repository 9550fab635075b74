//! argon2id password hashes (PHC strings with their own salt and params).

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use pixmart_shared::domain::Password;

pub fn hash(password: &Password) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default().hash_password(password.expose().as_bytes(), &salt)?.to_string())
}

/// False for a wrong password or an unreadable stored hash.
pub fn verify(password: &Password, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| Argon2::default().verify_password(password.expose().as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn hash_verifies_only_the_same_password() {
        let pw = Password::parse("correct horse").unwrap();
        let stored = hash(&pw).unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify(&pw, &stored));
        assert!(!verify(&Password::parse("wrong horse").unwrap(), &stored));
        assert!(!verify(&pw, "not a hash"));
    }
}
