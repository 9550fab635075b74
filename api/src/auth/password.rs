//! argon2id password hashes (PHC strings with their own salt and params),
//! run off the async workers and at most a bounded number at once.

use std::sync::OnceLock;
use std::time::Duration;

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use pixmart_shared::domain::Password;
use pixmart_shared::ErrorCode;
use tokio::sync::Semaphore;

use crate::error::ApiError;

pub fn hash(password: &Password) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default().hash_password(password.expose().as_bytes(), &salt)?.to_string())
}

/// A hash of a random password with the parameters of real ones: checking
/// a password against it costs what checking a real account costs.
fn dummy_hash() -> Option<&'static str> {
    static DUMMY: OnceLock<Option<String>> = OnceLock::new();
    DUMMY
        .get_or_init(|| {
            let salt = SaltString::generate(&mut OsRng);
            let random = SaltString::generate(&mut OsRng);
            Argon2::default().hash_password(random.as_str().as_bytes(), &salt).ok().map(|h| h.to_string())
        })
        .as_deref()
}

/// False for a wrong password, no account (`None`) or an unreadable stored
/// hash (an account without a password). Those last two still verify
/// against a dummy hash, so the answer takes as long as for a real account
/// and timing does not tell which accounts exist.
pub fn verify(password: &Password, stored: Option<&str>) -> bool {
    let parsed = stored.and_then(|s| PasswordHash::new(s).ok());
    match parsed {
        Some(parsed) => Argon2::default().verify_password(password.expose().as_bytes(), &parsed).is_ok(),
        None => {
            if let Some(dummy) = dummy_hash().and_then(|d| PasswordHash::new(d).ok()) {
                let _ = Argon2::default().verify_password(password.expose().as_bytes(), &dummy);
            }
            false
        }
    }
}

/// One of `slots`, waiting at most `wait` (then `SERVICE_UNAVAILABLE`).
pub async fn slot(slots: &Semaphore, wait: Duration) -> Result<tokio::sync::SemaphorePermit<'_>, ApiError> {
    match tokio::time::timeout(wait, slots.acquire()).await {
        Ok(Ok(permit)) => Ok(permit),
        Ok(Err(closed)) => Err(ApiError::internal(closed)),
        Err(_) => {
            tracing::warn!("sign-in busy: refused after waiting {wait:?}");
            Err(ApiError::new(ErrorCode::ServiceUnavailable))
        }
    }
}

/// Runs argon2 work on the blocking pool once one of `slots` is free, so a
/// flood of sign-ins queues here instead of taking every core from the
/// other requests. Waiting longer than `wait` is `SERVICE_UNAVAILABLE`.
pub async fn limited<T, F>(slots: &Semaphore, wait: Duration, work: F) -> Result<T, ApiError>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let permit = slot(slots, wait).await?;
    let out = actix_web::web::block(work).await.map_err(ApiError::internal);
    drop(permit);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_verifies_only_the_same_password() {
        let pw = Password::parse("correct horse").unwrap();
        let stored = hash(&pw).unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify(&pw, Some(&stored)));
        assert!(!verify(&Password::parse("wrong horse").unwrap(), Some(&stored)));
        assert!(!verify(&pw, Some("not a hash")));
        assert!(!verify(&pw, None));
    }

    #[test]
    fn the_dummy_hash_has_the_real_parameters() {
        let real = hash(&Password::parse("correct horse").unwrap()).unwrap();
        let params = |h: &str| h.rsplitn(3, '$').nth(2).map(str::to_owned);
        assert_eq!(params(dummy_hash().unwrap()), params(&real));
    }

    #[actix_web::test]
    async fn limited_runs_the_work_and_times_out_when_no_slot_frees() {
        let slots = Semaphore::new(1);
        assert_eq!(limited(&slots, Duration::from_secs(1), || 7).await.unwrap(), 7);
        let _held = slots.acquire().await.unwrap();
        let err = limited(&slots, Duration::from_millis(20), || 7).await.unwrap_err();
        assert_eq!(err.code, ErrorCode::ServiceUnavailable);
    }
}
