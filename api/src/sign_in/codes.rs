//! Sending a verification code (after a solved captcha, within the resend
//! countdown and the per-account and per-IP limits) and checking one.

use chrono::{Duration, Utc};
use pixmart_shared::config::AuthSettings;
use pixmart_shared::db::store::{captchas, rate_limits, verify_codes};
use pixmart_shared::db::Db;
use pixmart_shared::domain::verify_code::{account_key, check_code, code_matches, resend_wait, CodeCheck};
use pixmart_shared::domain::{Account, Channel, VerifyCode};
use pixmart_shared::{ErrorCode, Lang};

use super::hasher;
use crate::error::ApiError;
use crate::senders::{CodeMessage, CodeSender};

/// Why a code was not sent.
#[derive(Debug)]
pub enum SendRefused {
    /// The resend countdown is still running: seconds left.
    Countdown(u64),
    Error(ApiError),
}

impl<E: Into<ApiError>> From<E> for SendRefused {
    fn from(e: E) -> Self {
        SendRefused::Error(e.into())
    }
}

fn limits(auth: &AuthSettings, key: &str, ip: &str) -> [(rate_limits::Limit, ErrorCode); 3] {
    let acct = |window_secs, max| rate_limits::Limit { name: "code-acct", subject: key.to_owned(), window_secs, max };
    [
        (acct(3600, auth.codes_per_account_per_hour), ErrorCode::SendLimitAccount),
        (acct(86_400, auth.codes_per_account_per_day), ErrorCode::SendLimitAccount),
        (
            rate_limits::Limit {
                name: "code-ip",
                subject: ip.to_owned(),
                window_secs: 3600,
                max: auth.codes_per_ip_per_hour,
            },
            ErrorCode::SendLimitIp,
        ),
    ]
}

/// Sends a fresh code to `account` and stores its hash.
pub async fn send(
    db: &Db,
    auth: &AuthSettings,
    sender: &dyn CodeSender,
    account: &Account,
    ip: &str,
    lang: Lang,
) -> Result<(), SendRefused> {
    let now = Utc::now();
    let channel = Channel::of(account);
    let key = account_key(account);
    if let Some(last) = verify_codes::latest(db, channel, key).await? {
        if let Some(left) = resend_wait(last.created_at, now, auth.resend_secs) {
            return Err(SendRefused::Countdown(left));
        }
    }
    let limits = limits(auth, key, ip);
    for (limit, code) in &limits {
        if rate_limits::count(db, limit, now).await? >= limit.max {
            return Err(ApiError::new(*code).into());
        }
    }
    // Each solved captcha buys one code.
    if !captchas::take_verified(db, key, now).await? {
        return Err(ApiError::new(ErrorCode::CaptchaRequired).into());
    }
    let code = VerifyCode::generate();
    let msg = CodeMessage { channel, to: key.to_owned(), code: code.clone(), lang, ttl_secs: auth.code_ttl_secs };
    if let Err(e) = sender.send(&msg).await {
        tracing::warn!(error = %e, channel = channel.as_str(), "verification code not sent");
        return Err(ApiError::new(ErrorCode::SendFailed).into());
    }
    let hash = hasher(auth).code(channel, key, &code);
    let expires = now + Duration::seconds(i64::try_from(auth.code_ttl_secs).unwrap_or(i64::MAX / 2_000));
    verify_codes::insert(db, channel, key, hash, now, expires).await?;
    for (limit, _) in &limits {
        rate_limits::hit(db, limit, now).await?;
    }
    Ok(())
}

/// A code that was checked right but not yet used: [`consume`] uses it.
#[derive(Debug, Clone, Copy)]
pub struct CheckedCode {
    id: i64,
}

/// Checks `code` against the newest code sent to `account` (unexpired,
/// unused, within the attempt bound) without using it, so a handler can
/// answer the holder of a valid code (e.g. "already registered") and leave
/// the code valid. Every entry, right or wrong, is counted first in one
/// atomic statement; past the bound nothing is compared.
pub async fn check(
    db: &Db,
    auth: &AuthSettings,
    account: &Account,
    code: &VerifyCode,
) -> Result<CheckedCode, ApiError> {
    let now = Utc::now();
    let channel = Channel::of(account);
    let key = account_key(account);
    let Some(row) = verify_codes::latest(db, channel, key).await? else {
        return Err(ApiError::new(ErrorCode::VerifyCodeWrong));
    };
    let entered = hasher(auth).code(channel, key, code);
    // The row read above only answers early; the bound is enforced below.
    if let early @ (CodeCheck::Expired | CodeCheck::TooManyAttempts) =
        check_code(&row.stored, &entered, now, auth.max_code_attempts)
    {
        return Err(ApiError::new(early.error().unwrap_or(ErrorCode::VerifyCodeWrong)));
    }
    if !verify_codes::count_attempt(db, row.id, auth.max_code_attempts, now).await? {
        // Refused by the database: say why, as of now.
        let now_row = verify_codes::get(db, row.id).await?.map(|r| r.stored);
        let expired = now_row.is_none_or(|r| r.consumed || now >= r.expires_at);
        let code = if expired { ErrorCode::VerifyCodeExpired } else { ErrorCode::VerifyCodeAttempts };
        return Err(ApiError::new(code));
    }
    // Compared only once the entry is counted.
    if code_matches(&row.stored, &entered) {
        Ok(CheckedCode { id: row.id })
    } else {
        Err(ApiError::new(ErrorCode::VerifyCodeWrong))
    }
}

/// Uses a checked code. Of two simultaneous sign-ins with one code, only
/// one succeeds.
pub async fn consume(db: &Db, checked: CheckedCode) -> Result<(), ApiError> {
    if verify_codes::consume(db, checked.id, Utc::now()).await? {
        Ok(())
    } else {
        Err(ApiError::new(ErrorCode::VerifyCodeExpired))
    }
}
