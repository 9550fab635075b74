//! Who is calling: the `X-Api-Key` header names one of a user's live API
//! keys (else 403 `auth_failed`), and each key may make
//! `limits.api_requests_per_key_per_minute` calls per minute, counted in
//! the database's fixed windows (`store::rate_limits`, shared by every API
//! instance); beyond, 429 with `Retry-After`.

use actix_web::HttpRequest;
use chrono::Utc;
use pixmart_shared::db::store::api_keys::{self as key_store, KeyOwner};
use pixmart_shared::db::store::rate_limits::{self, Limit};
use pixmart_shared::domain::ApiKeySecret;
use pixmart_shared::ErrorCode;

use super::answer::Failure;
use crate::error::ApiError;
use crate::AppState;

const WINDOW_SECS: u64 = 60;

/// The owner of the request's key.
pub async fn authenticate(state: &AppState, req: &HttpRequest) -> Result<KeyOwner, Failure> {
    let invalid = || Failure::from(ApiError::new(ErrorCode::ApiKeyInvalid));
    let secret = req
        .headers()
        .get("X-Api-Key")
        .and_then(|v| v.to_str().ok())
        .and_then(ApiKeySecret::parse)
        .ok_or_else(invalid)?;
    key_store::authenticate(&state.db, &secret, Utc::now()).await?.ok_or_else(invalid)
}

/// Counts this call against its key's minute.
pub async fn count_call(state: &AppState, owner: KeyOwner) -> Result<(), Failure> {
    let limit = Limit {
        name: "api_key_calls",
        subject: owner.key.to_string(),
        window_secs: WINDOW_SECS,
        max: state.settings.limits.api_requests_per_key_per_minute,
    };
    let now = Utc::now();
    if rate_limits::hit(&state.db, &limit, now).await? > limit.max {
        let into_window = u64::try_from(now.timestamp()).unwrap_or(0) % WINDOW_SECS;
        return Err(Failure::rate_limited(WINDOW_SECS - into_window));
    }
    Ok(())
}
