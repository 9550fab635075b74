//! Request-body helpers shared by the sign-in handlers (JSON or the
//! original app's form encoding).

use serde::{Deserialize, Deserializer};

/// A checkbox as JSON `true`/`false` or form text `true`/`1`/`on`.
pub fn flex_bool<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Bool(bool),
        Num(i64),
        Text(String),
    }
    Ok(match Option::<Raw>::deserialize(d)? {
        None => None,
        Some(Raw::Bool(b)) => Some(b),
        Some(Raw::Num(n)) => Some(n != 0),
        Some(Raw::Text(s)) => Some(matches!(s.trim().to_ascii_lowercase().as_str(), "true" | "1" | "on" | "yes")),
    })
}

/// A trimmed field, `None` when absent or blank.
pub fn non_empty(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct B {
        #[serde(default, deserialize_with = "flex_bool")]
        agreement: Option<bool>,
    }

    #[test]
    fn checkbox_reads_json_and_form_values() {
        assert_eq!(serde_json::from_str::<B>(r#"{"agreement":true}"#).unwrap().agreement, Some(true));
        assert_eq!(serde_json::from_str::<B>(r#"{"agreement":"on"}"#).unwrap().agreement, Some(true));
        assert_eq!(serde_json::from_str::<B>(r#"{"agreement":false}"#).unwrap().agreement, Some(false));
        assert_eq!(serde_json::from_str::<B>(r#"{}"#).unwrap().agreement, None);
    }
}
