//! Which language an answer must be written in.

use serde::{Deserialize, Serialize};

use super::text::is_cjk;

/// The language of a piece of copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CopyLanguage {
    Zh,
    En,
}

impl CopyLanguage {
    pub fn as_str(self) -> &'static str {
        match self {
            CopyLanguage::Zh => "zh",
            CopyLanguage::En => "en",
        }
    }

    pub fn parse(raw: &str) -> Option<CopyLanguage> {
        match raw.trim() {
            "zh" => Some(CopyLanguage::Zh),
            "en" => Some(CopyLanguage::En),
            _ => None,
        }
    }

    /// The language a text is mostly written in: Chinese when Han
    /// characters are at least a fifth of its words, counting a Latin word
    /// as five letters (a Chinese note with brand names is still Chinese).
    pub fn detect(text: &str) -> CopyLanguage {
        let (han, latin) = text.chars().fold((0usize, 0usize), |(h, l), c| {
            if is_cjk(c) {
                (h + 1, l)
            } else if c.is_ascii_alphabetic() {
                (h, l + 1)
            } else {
                (h, l)
            }
        });
        if han > 0 && han * 4 >= latin.div_ceil(5) {
            CopyLanguage::Zh
        } else {
            CopyLanguage::En
        }
    }

    pub fn is_chinese(self) -> bool {
        self == CopyLanguage::Zh
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_the_main_language() {
        assert_eq!(CopyLanguage::detect("这款 iPhone 手机壳超薄"), CopyLanguage::Zh);
        assert_eq!(CopyLanguage::detect("An ultra-thin phone case for iPhone"), CopyLanguage::En);
        assert_eq!(CopyLanguage::detect("A thermos, 保温杯"), CopyLanguage::Zh);
        assert_eq!(CopyLanguage::detect("123"), CopyLanguage::En);
    }
}
