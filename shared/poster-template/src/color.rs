//! Colours as templates write them: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.

use serde::{Deserialize, Serialize};

/// A straight-alpha sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Rgba {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Rgba {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Rgba { r, g, b, a: 255 }
    }

    pub const BLACK: Rgba = Rgba::rgb(0, 0, 0);
    pub const WHITE: Rgba = Rgba::rgb(255, 255, 255);

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (case-insensitive).
    pub fn parse(s: &str) -> Option<Rgba> {
        let hex = s.strip_prefix('#')?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let digit = |i: usize| u8::from_str_radix(hex.get(i..i + 1)?, 16).ok();
        let pair = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
        match hex.len() {
            3 => Some(Rgba::rgb(digit(0)? * 17, digit(1)? * 17, digit(2)? * 17)),
            4 => Some(Rgba { r: digit(0)? * 17, g: digit(1)? * 17, b: digit(2)? * 17, a: digit(3)? * 17 }),
            6 => Some(Rgba::rgb(pair(0)?, pair(2)?, pair(4)?)),
            8 => Some(Rgba { r: pair(0)?, g: pair(2)?, b: pair(4)?, a: pair(6)? }),
            _ => None,
        }
    }

    /// The same colour with its alpha multiplied by `opacity` (0..=1).
    pub fn with_opacity(self, opacity: f32) -> Rgba {
        Rgba { a: (self.a as f32 * opacity.clamp(0.0, 1.0)).round() as u8, ..self }
    }
}

impl TryFrom<String> for Rgba {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Rgba::parse(&s).ok_or_else(|| format!("\"{s}\" is not a colour (write #rgb, #rgba, #rrggbb or #rrggbbaa)"))
    }
}

impl From<Rgba> for String {
    fn from(c: Rgba) -> String {
        if c.a == 255 {
            format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
        } else {
            format!("#{:02x}{:02x}{:02x}{:02x}", c.r, c.g, c.b, c.a)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_forms_and_refuses_others() {
        assert_eq!(Rgba::parse("#fff"), Some(Rgba::WHITE));
        assert_eq!(Rgba::parse("#fff0"), Some(Rgba { a: 0, ..Rgba::WHITE }));
        assert_eq!(Rgba::parse("#FF0000"), Some(Rgba::rgb(255, 0, 0)));
        assert_eq!(Rgba::parse("#00000080"), Some(Rgba { r: 0, g: 0, b: 0, a: 128 }));
        for bad in ["fff", "#ff", "#gggggg", "#12345", "", "#+1+2+3"] {
            assert_eq!(Rgba::parse(bad), None, "{bad}");
        }
        assert_eq!(String::from(Rgba { r: 1, g: 2, b: 3, a: 4 }), "#01020304");
    }
}
