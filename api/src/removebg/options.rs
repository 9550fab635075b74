//! remove.bg's request options, parsed into typed values at the edge. A
//! value remove.bg would refuse answers `INVALID_PARAM` naming the field;
//! options pixmart does not implement (`roi`, `scale`, `position`,
//! `add_shadow`, `semitransparency`, background images) are ignored, as
//! remove.bg ignores options a plan lacks.

use pixmart_shared::domain::Invalid;
use pixmart_shared::ErrorCode;

use super::input::Fields;

/// `size`: the most pixels the answer has. remove.bg's `preview`, `small`
/// and `regular` are 0.25 megapixels, `medium` 1.5, `hd` 4; `full`, `4k`
/// and `auto` keep the original resolution (pixmart's cutout is made at the
/// original resolution, up to 8192 px a side).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    Preview,
    Medium,
    Hd,
    Full,
}

impl Size {
    fn parse(raw: &str) -> Option<Self> {
        match raw {
            "preview" | "small" | "regular" => Some(Size::Preview),
            "medium" => Some(Size::Medium),
            "hd" => Some(Size::Hd),
            "full" | "4k" | "auto" => Some(Size::Full),
            _ => None,
        }
    }

    /// The pixel budget, `None` for the original size.
    pub fn max_pixels(self) -> Option<u64> {
        match self {
            Size::Preview => Some(250_000),
            Size::Medium => Some(1_500_000),
            Size::Hd => Some(4_000_000),
            Size::Full => None,
        }
    }
}

/// `format`: `auto` is PNG when the answer has transparent parts, else JPEG.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Auto,
    Png,
    Jpg,
    /// remove.bg's zip: `color.jpg` (the colours) and `alpha.png` (the mask).
    Zip,
}

/// `channels`: the cut-out image, or only its mask (greyscale).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channels {
    Rgba,
    Alpha,
}

/// `type`: what the foreground is. pixmart's model cuts out any subject, so
/// the hint only comes back as `X-Type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Foreground {
    Auto,
    Named(&'static str),
}

const FOREGROUNDS: &[&str] = &["person", "product", "car", "animal", "graphic", "transportation", "other"];

impl Foreground {
    fn parse(raw: &str) -> Option<Self> {
        if raw == "auto" {
            return Some(Foreground::Auto);
        }
        FOREGROUNDS.iter().copied().find(|f| *f == raw).map(Foreground::Named)
    }

    /// What `X-Type` says: the hint, or `other` (no classification is made).
    pub fn header(self) -> &'static str {
        match self {
            Foreground::Auto => "other",
            Foreground::Named(name) => name,
        }
    }
}

/// An RGBA background colour.
pub type Rgba = [u8; 4];

/// Every option of one call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub size: Size,
    pub format: Format,
    pub channels: Channels,
    pub bg_color: Option<Rgba>,
    pub crop: bool,
    pub foreground: Foreground,
}

impl Options {
    pub fn parse(fields: &Fields) -> Result<Options, Invalid> {
        let text = |name| fields.text(name).map(str::trim).filter(|v| !v.is_empty()).map(str::to_ascii_lowercase);
        let bad = |field| Invalid::field(ErrorCode::InvalidParam, field);
        let size = match text("size") {
            Some(v) => Size::parse(&v).ok_or(bad("size"))?,
            // remove.bg's default.
            None => Size::Preview,
        };
        let format = match text("format").as_deref() {
            None | Some("auto") => Format::Auto,
            Some("png") => Format::Png,
            Some("jpg" | "jpeg") => Format::Jpg,
            Some("zip") => Format::Zip,
            Some(_) => return Err(bad("format")),
        };
        let channels = match text("channels").as_deref() {
            None | Some("rgba") => Channels::Rgba,
            Some("alpha") => Channels::Alpha,
            Some(_) => return Err(bad("channels")),
        };
        let bg_color = match text("bg_color") {
            Some(v) => Some(parse_colour(&v).ok_or(bad("bg_color"))?),
            None => None,
        };
        let crop = match text("crop").as_deref() {
            None | Some("false" | "0") => false,
            Some("true" | "1") => true,
            Some(_) => return Err(bad("crop")),
        };
        let foreground = match text("type") {
            Some(v) => Foreground::parse(&v).ok_or(bad("type"))?,
            None => Foreground::Auto,
        };
        Ok(Options { size, format, channels, bg_color, crop, foreground })
    }
}

/// A hex colour (`81d4fa`, `fff`, with or without `#`, with an optional
/// alpha digit pair) or a colour name (`green`), as remove.bg takes them.
pub fn parse_colour(raw: &str) -> Option<Rgba> {
    if let Some(rgba) = NAMED.iter().find(|(name, _)| *name == raw).map(|(_, c)| *c) {
        return Some(rgba);
    }
    let hex = raw.strip_prefix('#').unwrap_or(raw);
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(hex.get(i..=i)?, 16).ok();
    let pair = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    match hex.len() {
        3 | 4 => {
            let d = |i| digit(i).map(|v| v * 17);
            Some([d(0)?, d(1)?, d(2)?, if hex.len() == 4 { d(3)? } else { 255 }])
        }
        6 | 8 => Some([pair(0)?, pair(2)?, pair(4)?, if hex.len() == 8 { pair(6)? } else { 255 }]),
        _ => None,
    }
}

/// The CSS basic colours and the common extended ones.
const NAMED: &[(&str, Rgba)] = &[
    ("black", [0, 0, 0, 255]),
    ("white", [255, 255, 255, 255]),
    ("red", [255, 0, 0, 255]),
    ("green", [0, 128, 0, 255]),
    ("lime", [0, 255, 0, 255]),
    ("blue", [0, 0, 255, 255]),
    ("yellow", [255, 255, 0, 255]),
    ("cyan", [0, 255, 255, 255]),
    ("aqua", [0, 255, 255, 255]),
    ("magenta", [255, 0, 255, 255]),
    ("fuchsia", [255, 0, 255, 255]),
    ("gray", [128, 128, 128, 255]),
    ("grey", [128, 128, 128, 255]),
    ("lightgray", [211, 211, 211, 255]),
    ("lightgrey", [211, 211, 211, 255]),
    ("darkgray", [169, 169, 169, 255]),
    ("darkgrey", [169, 169, 169, 255]),
    ("silver", [192, 192, 192, 255]),
    ("maroon", [128, 0, 0, 255]),
    ("olive", [128, 128, 0, 255]),
    ("teal", [0, 128, 128, 255]),
    ("navy", [0, 0, 128, 255]),
    ("purple", [128, 0, 128, 255]),
    ("orange", [255, 165, 0, 255]),
    ("pink", [255, 192, 203, 255]),
    ("brown", [165, 42, 42, 255]),
    ("beige", [245, 245, 220, 255]),
    ("gold", [255, 215, 0, 255]),
    ("transparent", [0, 0, 0, 0]),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Fields {
        let mut f = Fields::default();
        for (k, v) in pairs {
            f.set_text(k, v);
        }
        f
    }

    #[test]
    fn defaults_are_remove_bg_defaults() {
        let o = Options::parse(&Fields::default()).unwrap();
        assert_eq!(o.size, Size::Preview);
        assert_eq!((o.format, o.channels, o.bg_color, o.crop), (Format::Auto, Channels::Rgba, None, false));
        assert_eq!(o.foreground.header(), "other");
    }

    #[test]
    fn every_documented_value_parses() {
        for (size, px) in [
            ("preview", Some(250_000)),
            ("regular", Some(250_000)),
            ("medium", Some(1_500_000)),
            ("hd", Some(4_000_000)),
            ("full", None),
            ("4k", None),
            ("auto", None),
        ] {
            assert_eq!(Options::parse(&fields(&[("size", size)])).unwrap().size.max_pixels(), px, "{size}");
        }
        let o =
            Options::parse(&fields(&[("format", "ZIP"), ("channels", "alpha"), ("crop", "true"), ("type", "product")]))
                .unwrap();
        assert_eq!(
            (o.format, o.channels, o.crop, o.foreground.header()),
            (Format::Zip, Channels::Alpha, true, "product")
        );
    }

    #[test]
    fn bad_values_name_their_field() {
        for (field, value) in [
            ("size", "huge"),
            ("format", "gif"),
            ("channels", "rgb"),
            ("crop", "yes"),
            ("bg_color", "nocolour"),
            ("type", "ghost"),
        ] {
            let err = Options::parse(&fields(&[(field, value)])).unwrap_err();
            assert_eq!((err.code, err.field), (ErrorCode::InvalidParam, Some(field)), "{field}={value}");
        }
    }

    #[test]
    fn colours_as_remove_bg_takes_them() {
        assert_eq!(parse_colour("81d4fa"), Some([0x81, 0xd4, 0xfa, 255]));
        assert_eq!(parse_colour("#fff"), Some([255, 255, 255, 255]));
        assert_eq!(parse_colour("ff000080"), Some([255, 0, 0, 128]));
        assert_eq!(parse_colour("green"), Some([0, 128, 0, 255]));
        assert_eq!(parse_colour("12345"), None);
        assert_eq!(parse_colour("zzzzzz"), None);
    }
}
