//! Sign-in identities: the original app's phone (11 digits starting with 1) and
//! email rules, and passwords.

use std::fmt;

use secrecy::{ExposeSecret, SecretString};

use super::Invalid;
use crate::error::ErrorCode;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone(String);

impl Phone {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let s = raw.trim();
        let ok = s.len() == 11 && s.starts_with('1') && s.bytes().all(|b| b.is_ascii_digit());
        if ok {
            Ok(Phone(s.to_owned()))
        } else {
            Err(ErrorCode::InvalidPhone.into())
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// A practical form of the usual `local@domain.tld` pattern; stored
    /// lower-cased so sign-in is case-insensitive.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let s = raw.trim().to_ascii_lowercase();
        let valid = s.len() <= 254
            && s.split_once('@').is_some_and(|(local, domain)| {
                let local_ok = !local.is_empty()
                    && local.len() <= 64
                    && local.chars().all(|c| c.is_ascii_alphanumeric() || "._%+-".contains(c));
                let labels: Vec<&str> = domain.split('.').collect();
                let domain_ok = labels.len() >= 2
                    && labels.iter().all(|l| {
                        !l.is_empty()
                            && !l.starts_with('-')
                            && !l.ends_with('-')
                            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    })
                    && labels.last().is_some_and(|tld| tld.len() >= 2);
                local_ok && domain_ok
            });
        if valid {
            Ok(Email(s))
        } else {
            Err(ErrorCode::InvalidEmail.into())
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The account a person signs in with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Account {
    Phone(Phone),
    Email(Email),
}

impl Account {
    /// Phone if it looks like digits, email if it has an `@`; otherwise the
    /// original app's combined message.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let s = raw.trim();
        if s.contains('@') {
            Email::parse(s).map(Account::Email)
        } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            Phone::parse(s).map(Account::Phone)
        } else {
            Err(ErrorCode::InvalidAccount.into())
        }
    }
}

/// A plain-text password on its way to the hasher; never printed.
#[derive(Clone)]
pub struct Password(SecretString);

impl Password {
    /// New passwords (register, reset) are 8 to 64 characters.
    pub const MIN_LEN: usize = 8;
    /// Passwords set before the 8-character rule were 6 or more; they still
    /// sign in.
    pub const LEGACY_MIN_LEN: usize = 6;
    pub const MAX_LEN: usize = 64;

    /// A new password: 8 to 64 characters.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        Self::within(raw, Self::MIN_LEN)
    }

    /// A password entered to sign in: anything that could ever have been
    /// set (6 to 64 characters), so accounts from before the 8-character
    /// rule keep working.
    pub fn parse_for_login(raw: &str) -> Result<Self, Invalid> {
        Self::within(raw, Self::LEGACY_MIN_LEN)
    }

    fn within(raw: &str, min: usize) -> Result<Self, Invalid> {
        let n = raw.chars().count();
        if (min..=Self::MAX_LEN).contains(&n) {
            Ok(Password(SecretString::from(raw.to_owned())))
        } else {
            Err(Invalid::field(ErrorCode::InvalidPassword, "password"))
        }
    }

    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn phone_rules() {
        assert!(Phone::parse("13800138000").is_ok());
        assert_eq!(Phone::parse("23800138000").unwrap_err().code, ErrorCode::InvalidPhone);
        assert!(Phone::parse("1380013800").is_err());
        assert!(Phone::parse("138001380001").is_err());
        assert!(Phone::parse("1380013800a").is_err());
    }

    #[test]
    fn email_rules() {
        assert_eq!(Email::parse(" A.B@Example.com ").unwrap().as_str(), "a.b@example.com");
        for bad in ["a@b", "@x.com", "a@.com", "a b@x.com", "a@x..com", "a@-x.com"] {
            assert_eq!(Email::parse(bad).unwrap_err().code, ErrorCode::InvalidEmail, "{bad}");
        }
    }

    #[test]
    fn account_picks_kind_or_combined_message() {
        assert!(matches!(Account::parse("13800138000"), Ok(Account::Phone(_))));
        assert!(matches!(Account::parse("x@y.cn"), Ok(Account::Email(_))));
        assert_eq!(Account::parse("hello").unwrap_err().code, ErrorCode::InvalidAccount);
        assert_eq!(Account::parse("123").unwrap_err().code, ErrorCode::InvalidPhone);
    }

    #[test]
    fn password_never_prints() {
        let p = Password::parse("secret-pw").unwrap();
        assert_eq!(format!("{p:?}"), "Password(***)");
        assert!(Password::parse("12345").is_err());
    }

    #[test]
    fn new_passwords_need_8_characters_but_6_still_sign_in() {
        assert!(Password::parse("1234567").is_err());
        assert!(Password::parse("12345678").is_ok());
        assert!(Password::parse(&"x".repeat(65)).is_err());
        assert!(Password::parse_for_login("abc123").is_ok());
        assert!(Password::parse_for_login("abc12").is_err());
    }

    proptest! {
        #[test]
        fn any_valid_phone_round_trips(rest in "[0-9]{10}") {
            let raw = format!("1{rest}");
            let phone = Phone::parse(&raw).unwrap();
            prop_assert_eq!(phone.as_str(), raw.as_str());
        }

        #[test]
        fn account_parse_never_panics(s in "\\PC{0,40}") {
            let _ = Account::parse(&s);
        }
    }
}
