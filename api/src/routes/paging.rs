//! Page parameters of list calls: absent or empty means the default, else
//! a number from 1 to the call's maximum (anything else is INVALID_PARAM).

use pixmart_shared::domain::Invalid;
use pixmart_shared::ErrorCode;

pub(super) fn page_param(raw: Option<&str>, default: u64, max: u64, field: &'static str) -> Result<u64, Invalid> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(s) => s
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or(Invalid::field(ErrorCode::InvalidParam, field)),
    }
}
