//! Free-text form fields: trimmed, empty means absent, bounded in
//! characters (not bytes, so 30 Chinese characters fit in 30).

use super::Invalid;
use crate::error::ErrorCode;

/// The original app's bound for short text fields (name, company, phone, ...).
pub const SHORT_TEXT_MAX: usize = 30;
/// The original app's bound for descriptions and requirements.
pub const LONG_TEXT_MAX: usize = 100;

/// The trimmed text, or `None` when absent or blank.
pub fn optional(raw: Option<&str>, max: usize, too_long: ErrorCode) -> Result<Option<String>, Invalid> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) if s.chars().count() > max => Err(Invalid::new(too_long)),
        Some(s) => Ok(Some(s.to_owned())),
    }
}

/// The trimmed text; blank is `missing`.
pub fn required(raw: Option<&str>, max: usize, missing: ErrorCode, too_long: ErrorCode) -> Result<String, Invalid> {
    optional(raw, max, too_long)?.ok_or(Invalid::new(missing))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_characters_and_trims() {
        let zh30 = "字".repeat(30);
        assert_eq!(required(Some(&zh30), 30, ErrorCode::FormNameRequired, ErrorCode::FormNameTooLong).unwrap(), zh30);
        let zh31 = "字".repeat(31);
        assert_eq!(
            required(Some(&zh31), 30, ErrorCode::FormNameRequired, ErrorCode::FormNameTooLong).unwrap_err().code,
            ErrorCode::FormNameTooLong
        );
        assert_eq!(
            required(Some("   "), 30, ErrorCode::FormNameRequired, ErrorCode::FormNameTooLong).unwrap_err().code,
            ErrorCode::FormNameRequired
        );
        assert_eq!(optional(Some("  a "), 30, ErrorCode::FormNameTooLong).unwrap().as_deref(), Some("a"));
        assert_eq!(optional(None, 30, ErrorCode::FormNameTooLong).unwrap(), None);
    }
}
