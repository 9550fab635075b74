//! Sign-in codes: the 6-digit SMS / mail code, the captcha answer, how both
//! are hashed for storage, and the rule that decides whether an entered code
//! is accepted (expiry, single use, bounded wrong attempts).

use std::fmt;

use chrono::{DateTime, Utc};
use rand::Rng;
use sha2::{Digest, Sha256};

use super::{Account, Invalid};
use crate::error::ErrorCode;

/// The original app's code length.
pub const CODE_LEN: usize = 6;

/// Where a code was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    Sms,
    Mail,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Sms => "sms",
            Channel::Mail => "mail",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "sms" => Some(Channel::Sms),
            "mail" => Some(Channel::Mail),
            _ => None,
        }
    }

    pub fn of(account: &Account) -> Self {
        match account {
            Account::Phone(_) => Channel::Sms,
            Account::Email(_) => Channel::Mail,
        }
    }
}

/// The account as the key codes, captchas and counters are stored under.
pub fn account_key(account: &Account) -> &str {
    match account {
        Account::Phone(p) => p.as_str(),
        Account::Email(e) => e.as_str(),
    }
}

/// An entered code: exactly six ASCII digits. Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct VerifyCode(String);

impl VerifyCode {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let s = raw.trim();
        if s.len() == CODE_LEN && s.bytes().all(|b| b.is_ascii_digit()) {
            Ok(VerifyCode(s.to_owned()))
        } else {
            Err(Invalid::field(ErrorCode::InvalidVerifyCode, "verifyCode"))
        }
    }

    /// A fresh uniformly random code.
    pub fn generate() -> Self {
        let n: u32 = rand::rng().random_range(0..1_000_000);
        VerifyCode(format!("{n:06}"))
    }

    /// The code itself, for the sender only.
    pub fn reveal(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for VerifyCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VerifyCode(******)")
    }
}

/// Hashes codes and captcha answers with a server-side pepper, bound to the
/// purpose and the account, so one table row cannot answer for another.
#[derive(Clone)]
pub struct CodeHasher {
    pepper: Vec<u8>,
}

impl fmt::Debug for CodeHasher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CodeHasher(***)")
    }
}

impl CodeHasher {
    pub fn new(pepper: &str) -> Self {
        CodeHasher { pepper: pepper.as_bytes().to_vec() }
    }

    fn digest(&self, purpose: &str, key: &str, secret: &str) -> String {
        let mut h = Sha256::new();
        for part in [self.pepper.as_slice(), purpose.as_bytes(), key.as_bytes(), secret.as_bytes()] {
            // Length-prefixed so ("ab","c") and ("a","bc") differ.
            h.update((part.len() as u64).to_be_bytes());
            h.update(part);
        }
        hex::encode(h.finalize())
    }

    pub fn code(&self, channel: Channel, key: &str, code: &VerifyCode) -> String {
        self.digest(channel.as_str(), key, code.reveal())
    }

    /// Captcha answers are case-insensitive.
    pub fn captcha(&self, key: &str, answer: &str) -> String {
        self.digest("captcha", key, &answer.trim().to_ascii_lowercase())
    }
}

/// A stored code as the decision needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCode {
    pub code_hash: String,
    pub attempts: u32,
    pub expires_at: DateTime<Utc>,
    pub consumed: bool,
}

/// What an entered code amounts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeCheck {
    Accepted,
    /// Wrong; the attempt is counted.
    Wrong,
    /// Used, replaced by a newer code, or past its time.
    Expired,
    /// Too many wrong entries: void until a new code is sent.
    TooManyAttempts,
}

impl CodeCheck {
    pub fn error(self) -> Option<ErrorCode> {
        match self {
            CodeCheck::Accepted => None,
            CodeCheck::Wrong => Some(ErrorCode::VerifyCodeWrong),
            CodeCheck::Expired => Some(ErrorCode::VerifyCodeExpired),
            CodeCheck::TooManyAttempts => Some(ErrorCode::VerifyCodeAttempts),
        }
    }
}

/// Decides an entered code against the latest stored one. Expiry and use
/// come first so that a correct but stale code is never accepted; the
/// attempt bound comes before the comparison so that guessing stops even
/// for the right answer.
pub fn check_code(stored: &StoredCode, entered_hash: &str, now: DateTime<Utc>, max_attempts: u32) -> CodeCheck {
    if stored.consumed || now >= stored.expires_at {
        return CodeCheck::Expired;
    }
    if stored.attempts >= max_attempts {
        return CodeCheck::TooManyAttempts;
    }
    if constant_time_eq(stored.code_hash.as_bytes(), entered_hash.as_bytes()) {
        CodeCheck::Accepted
    } else {
        CodeCheck::Wrong
    }
}

/// Whether the entered code's hash is the stored one (constant time).
pub fn code_matches(stored: &StoredCode, entered_hash: &str) -> bool {
    constant_time_eq(stored.code_hash.as_bytes(), entered_hash.as_bytes())
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Seconds left of the resend countdown for a code sent at `sent_at`.
pub fn resend_wait(sent_at: DateTime<Utc>, now: DateTime<Utc>, resend_secs: u64) -> Option<u64> {
    let elapsed = (now - sent_at).num_milliseconds().max(0) as u64;
    let window = resend_secs * 1000;
    (elapsed < window).then(|| (window - elapsed).div_ceil(1000))
}

/// A user's invite code: 8 characters from an alphabet without look-alikes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InviteCode(String);

impl InviteCode {
    const ALPHABET: &'static [u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    pub const LEN: usize = 8;

    pub fn generate() -> Self {
        let mut rng = rand::rng();
        let s = (0..Self::LEN).map(|_| Self::ALPHABET[rng.random_range(0..Self::ALPHABET.len())] as char).collect();
        InviteCode(s)
    }

    /// Case-insensitive; anything that could not have been issued is the
    /// original app's 邀请码错误.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let s = raw.trim().to_ascii_uppercase();
        if s.len() == Self::LEN && s.bytes().all(|b| Self::ALPHABET.contains(&b)) {
            Ok(InviteCode(s))
        } else {
            Err(Invalid::field(ErrorCode::InviteCodeInvalid, "inviteCode"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;
    use proptest::prelude::*;

    fn stored(hasher: &CodeHasher, code: &VerifyCode, now: DateTime<Utc>) -> StoredCode {
        StoredCode {
            code_hash: hasher.code(Channel::Sms, "13800138000", code),
            attempts: 0,
            expires_at: now + Duration::seconds(300),
            consumed: false,
        }
    }

    #[test]
    fn code_format_is_exactly_six_digits() {
        assert!(VerifyCode::parse("012345").is_ok());
        assert!(VerifyCode::parse(" 123456 ").is_ok());
        for bad in ["", "12345", "1234567", "12a456", "１２３４５６"] {
            assert_eq!(VerifyCode::parse(bad).unwrap_err().code, ErrorCode::InvalidVerifyCode, "{bad}");
        }
        assert_eq!(format!("{:?}", VerifyCode::parse("123456").unwrap()), "VerifyCode(******)");
    }

    #[test]
    fn hashes_depend_on_pepper_channel_account_and_code() {
        let h = CodeHasher::new("pepper");
        let c = VerifyCode::parse("123456").unwrap();
        let base = h.code(Channel::Sms, "13800138000", &c);
        assert_eq!(base, h.code(Channel::Sms, "13800138000", &c));
        assert!(!base.contains("123456"));
        assert_ne!(base, CodeHasher::new("other").code(Channel::Sms, "13800138000", &c));
        assert_ne!(base, h.code(Channel::Mail, "13800138000", &c));
        assert_ne!(base, h.code(Channel::Sms, "13800138001", &c));
        assert_ne!(base, h.code(Channel::Sms, "13800138000", &VerifyCode::parse("123457").unwrap()));
        assert_eq!(h.captcha("k", " AbC "), h.captcha("k", "abc"));
    }

    #[test]
    fn right_code_is_accepted_once_and_only_in_time() {
        let h = CodeHasher::new("p");
        let now = Utc::now();
        let code = VerifyCode::parse("424242").unwrap();
        let entered = h.code(Channel::Sms, "13800138000", &code);
        let mut s = stored(&h, &code, now);
        assert_eq!(check_code(&s, &entered, now, 5), CodeCheck::Accepted);
        assert_eq!(check_code(&s, &entered, now + Duration::seconds(300), 5), CodeCheck::Expired);
        s.consumed = true;
        assert_eq!(check_code(&s, &entered, now, 5), CodeCheck::Expired);
    }

    #[test]
    fn wrong_entries_are_bounded_even_for_the_right_code() {
        let h = CodeHasher::new("p");
        let now = Utc::now();
        let code = VerifyCode::parse("424242").unwrap();
        let mut s = stored(&h, &code, now);
        let wrong = h.code(Channel::Sms, "13800138000", &VerifyCode::parse("000000").unwrap());
        assert_eq!(check_code(&s, &wrong, now, 5), CodeCheck::Wrong);
        s.attempts = 5;
        let right = h.code(Channel::Sms, "13800138000", &code);
        assert_eq!(check_code(&s, &right, now, 5), CodeCheck::TooManyAttempts);
        assert_eq!(CodeCheck::TooManyAttempts.error(), Some(ErrorCode::VerifyCodeAttempts));
    }

    #[test]
    fn resend_countdown_rounds_up() {
        let t = Utc::now();
        assert_eq!(resend_wait(t, t, 60), Some(60));
        assert_eq!(resend_wait(t, t + Duration::milliseconds(59_001), 60), Some(1));
        assert_eq!(resend_wait(t, t + Duration::seconds(60), 60), None);
    }

    #[test]
    fn invite_codes_round_trip_case_insensitively() {
        let c = InviteCode::generate();
        assert_eq!(InviteCode::parse(&c.as_str().to_ascii_lowercase()).unwrap(), c);
        assert_eq!(InviteCode::parse("O0O0O0O0").unwrap_err().code, ErrorCode::InviteCodeInvalid);
    }

    proptest! {
        #[test]
        fn generated_codes_always_parse(_i in 0..200u32) {
            let c = VerifyCode::generate();
            prop_assert!(VerifyCode::parse(c.reveal()).is_ok());
        }

        #[test]
        fn only_the_issued_code_is_accepted(a in 0u32..1_000_000, b in 0u32..1_000_000) {
            let h = CodeHasher::new("p");
            let now = Utc::now();
            let issued = VerifyCode::parse(&format!("{a:06}")).unwrap();
            let entered = VerifyCode::parse(&format!("{b:06}")).unwrap();
            let s = stored(&h, &issued, now);
            let got = check_code(&s, &h.code(Channel::Sms, "13800138000", &entered), now, 5);
            prop_assert_eq!(got == CodeCheck::Accepted, a == b);
        }
    }
}
