//! The password-login throttle: failures are counted per account and per
//! client IP; past a threshold a solved captcha is needed, past another the
//! subject is locked with a doubling back-off. Everything here runs before
//! argon2, so a refused guess costs no hash.
//!
//! An attempt is counted as a failure *before* its password is checked
//! (an atomic increment that returns the count), and taken back if it turns
//! out right or is refused. The attempt that reaches the lock threshold
//! takes the lock (one atomic statement) before it is checked, so of a burst
//! of simultaneous guesses exactly the threshold's worth are ever hashed;
//! a right password lifts the lock it took.

use chrono::{DateTime, Duration, Utc};
use pixmart_shared::config::{AuthSettings, LoginThrottleSettings};
use pixmart_shared::db::store::{captchas, rate_limits};
use pixmart_shared::db::{Db, StoreError};

/// Why a login was refused before its password was looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Locked: seconds left.
    Locked(u64),
    /// Past the captcha threshold without a solved captcha for the account.
    CaptchaRequired,
}

/// One subject of the throttle (the account or the client IP).
#[derive(Debug, Clone)]
struct Subject {
    failures: String,
    lock: String,
    captcha_after: u32,
    lock_after: u32,
}

impl Subject {
    fn account(key: &str, s: &LoginThrottleSettings) -> Self {
        Subject {
            failures: format!("login-fail:acct:{key}"),
            lock: format!("login-lock:acct:{key}"),
            captcha_after: s.captcha_after_failures,
            lock_after: s.lock_after_failures,
        }
    }

    fn ip(ip: &str, s: &LoginThrottleSettings) -> Self {
        Subject {
            failures: format!("login-fail:ip:{ip}"),
            lock: format!("login-lock:ip:{ip}"),
            captcha_after: s.ip_captcha_after_failures,
            lock_after: s.ip_lock_after_failures,
        }
    }
}

/// An attempt let through to the password check, counted as a failure
/// until [`succeeded`] says otherwise.
#[derive(Debug)]
#[must_use]
pub struct Attempt {
    account: Subject,
    ip: Subject,
    /// Locks this attempt took (it reached a threshold).
    held: Vec<String>,
}

fn seconds_left(until: DateTime<Utc>, now: DateTime<Utc>) -> u64 {
    let ms = (until - now).num_milliseconds().max(1);
    u64::try_from(ms).unwrap_or(1).div_ceil(1000)
}

/// Lets a login attempt for `account_key` from `ip` through to the password
/// check, or refuses it.
pub async fn begin(
    db: &Db,
    auth: &AuthSettings,
    account_key: &str,
    ip: &str,
) -> Result<Result<Attempt, Refusal>, StoreError> {
    let s = &auth.login;
    let now = Utc::now();
    let subjects = [Subject::account(account_key, s), Subject::ip(ip, s)];
    // Locked subjects are refused without counting anything.
    let locks = [subjects[0].lock.as_str(), subjects[1].lock.as_str()];
    if let Some(until) = rate_limits::live_until(db, &locks, now).await? {
        return Ok(Err(Refusal::Locked(seconds_left(until, now))));
    }
    let memory = now + Duration::seconds(i64::try_from(s.failure_memory_secs).unwrap_or(86_400));
    let [account, ip] = subjects;
    let mut attempt = Attempt { account, ip, held: vec![] };
    let mut counts = [0u32; 2];
    for (i, subject) in [&attempt.account, &attempt.ip].into_iter().enumerate() {
        counts[i] = rate_limits::bump(db, &subject.failures, now, memory).await?;
    }
    let needs_captcha = [&attempt.account, &attempt.ip].iter().zip(counts).any(|(sub, n)| n > sub.captcha_after);
    if needs_captcha && !captchas::take_verified(db, account_key, now).await? {
        undo(db, &attempt).await?;
        return Ok(Err(Refusal::CaptchaRequired));
    }
    for (subject, n) in [attempt.account.clone(), attempt.ip.clone()].into_iter().zip(counts) {
        let Some(secs) = s.lock_secs(n, subject.lock_after) else { continue };
        let until = now + Duration::seconds(i64::try_from(secs).unwrap_or(i64::MAX / 2_000));
        if rate_limits::hold(db, &subject.lock, now, until).await? {
            attempt.held.push(subject.lock.clone());
        } else {
            // A simultaneous attempt holds the lock: this one is refused.
            let left = rate_limits::live_until(db, &[&subject.lock], now).await?.map(|u| seconds_left(u, now));
            undo(db, &attempt).await?;
            return Ok(Err(Refusal::Locked(left.unwrap_or(secs))));
        }
    }
    Ok(Ok(attempt))
}

/// Takes back an attempt that did not count: its failures and locks.
async fn undo(db: &Db, attempt: &Attempt) -> Result<(), StoreError> {
    rate_limits::unbump(db, &[&attempt.account.failures, &attempt.ip.failures]).await?;
    rate_limits::clear(db, &attempt.held).await
}

/// The password was right: the account's failures are forgotten, and the
/// attempt no longer counts against the IP (its earlier failures stay, so
/// one working account cannot wipe an address's record).
pub async fn succeeded(db: &Db, attempt: Attempt) -> Result<(), StoreError> {
    undo(db, &attempt).await?;
    forget_account_keys(db, &attempt.account).await
}

/// The password could not be checked (no hashing slot): the attempt does
/// not count.
pub async fn abandon(db: &Db, attempt: Attempt) -> Result<(), StoreError> {
    undo(db, &attempt).await
}

/// The password was wrong: the attempt stays counted (and any lock it took
/// stays).
pub fn failed(attempt: Attempt) {
    if !attempt.held.is_empty() {
        tracing::info!(locks = ?attempt.held, "password sign-in locked after repeated failures");
    }
}

/// Forgets the account's failures and lock (after a password reset or a
/// code sign-in proved the owner is there).
pub async fn forget_account(db: &Db, auth: &AuthSettings, account_key: &str) -> Result<(), StoreError> {
    forget_account_keys(db, &Subject::account(account_key, &auth.login)).await
}

async fn forget_account_keys(db: &Db, account: &Subject) -> Result<(), StoreError> {
    rate_limits::clear(db, &[account.failures.clone(), account.lock.clone()]).await
}
