//! Page parameters of list calls: absent or empty means the default, else
//! a number from 1 to the call's maximum (anything else is INVALID_PARAM
//! naming the field). Page numbers stop at [`MAX_PAGE_NUM`], so the row
//! offset `(page - 1) * size` always fits the database's 64-bit integers (a
//! page number of 2^63 once overflowed into a 500).

use pixmart_shared::domain::Invalid;
use pixmart_shared::ErrorCode;

/// The last page number any list answers (at 100 rows a page, 100 million
/// rows in); beyond is INVALID_PARAM, below it a page past the end is empty.
pub(super) const MAX_PAGE_NUM: u64 = 1_000_000;

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

/// `pageNum`, 1 to [`MAX_PAGE_NUM`], 1 when absent.
pub(super) fn page_num(raw: Option<&str>, field: &'static str) -> Result<u64, Invalid> {
    page_param(raw, 1, MAX_PAGE_NUM, field)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_or_malformed_pages_are_invalid_param() {
        for raw in ["0", "-1", "x", "1000001", "9223372036854775808", "18446744073709551616", "1e30"] {
            let err = page_num(Some(raw), "pageNum").err().map(|e| (e.code, e.field));
            assert_eq!(err, Some((ErrorCode::InvalidParam, Some("pageNum"))), "{raw}");
        }
        assert_eq!(page_num(None, "pageNum").ok(), Some(1));
        assert_eq!(page_num(Some(" 7 "), "pageNum").ok(), Some(7));
        assert_eq!(page_num(Some("1000000"), "pageNum").ok(), Some(MAX_PAGE_NUM));
        assert!(page_param(Some("101"), 10, 100, "pageSize").is_err());
    }
}
