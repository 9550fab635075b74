//! `QR_CODE_ART` options: the content to encode, the image the code shows,
//! the module shape, strength, topN and scene (defaults: scene 1, topN 4,
//! strength 33, shape SQUARE).

use qrcode::bits::encode_auto;
use qrcode::EcLevel;
use serde_json::{Map, Value};

use super::{parse_upload_url, reject_unknown, required_str, small_int, upload_url};
use crate::domain::{Invalid, UploadId};
use crate::error::ErrorCode;

/// The original app's module shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum QrShape {
    #[default]
    Square,
    /// Concentric circle.
    Circle,
    /// Rectangle with rounded corners.
    LongCircle,
    /// Rectangle.
    LongSquare,
}

impl QrShape {
    pub const ALL: [QrShape; 4] = [QrShape::Square, QrShape::Circle, QrShape::LongCircle, QrShape::LongSquare];

    pub fn as_str(self) -> &'static str {
        match self {
            QrShape::Square => "SQUARE",
            QrShape::Circle => "CIRCLE",
            QrShape::LongCircle => "LONG_CIRCLE",
            QrShape::LongSquare => "LONG_SQUARE",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw.trim())
    }
}

/// The original app's defaults.
pub const QR_DEFAULT_STRENGTH: u8 = 33;
pub const QR_DEFAULT_TOP_N: u8 = 4;
pub const QR_MAX_TOP_N: u8 = 4;
pub const QR_SCENE: u8 = 1;

/// Text a QR code holds at error correction level H, version 40, in the
/// byte mode (digits and upper-case letters pack denser).
pub const QR_MAX_BYTES_LEVEL_H: usize = 1273;
/// The same for text of digits only (the numeric mode).
pub const QR_MAX_DIGITS_LEVEL_H: usize = 3057;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrCodeArtSpec {
    /// What the code encodes (a URL or any text), trimmed.
    pub content: String,
    pub image: UploadId,
    pub shape: QrShape,
    /// 0..=100: how much of the image shows.
    pub strength: u8,
    /// Codes delivered, 1..=4.
    pub top_n: u8,
    pub scene: u8,
}

impl QrCodeArtSpec {
    pub fn to_params(&self) -> Value {
        serde_json::json!({
            "content": self.content,
            "imageUrl": upload_url(self.image),
            "shape": self.shape.as_str(),
            "strength": self.strength,
            "topN": self.top_n,
            "scene": self.scene,
        })
    }
}

pub fn parse(params: &Map<String, Value>) -> Result<QrCodeArtSpec, Invalid> {
    reject_unknown(params, &["content", "imageUrl", "shape", "strength", "topN", "scene"])?;
    let content = match params.get("content") {
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
        Some(Value::String(_)) | None | Some(Value::Null) => {
            return Err(Invalid::field(ErrorCode::QrContentRequired, "content"))
        }
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "content")),
    };
    // The exact capacity check: the encoder's own segmenting at level H.
    if encode_auto(content.as_bytes(), EcLevel::H).is_err() {
        return Err(Invalid::field(ErrorCode::QrContentTooLong, "content"));
    }
    let image = parse_upload_url(required_str(params, "imageUrl")?)
        .ok_or(Invalid::field(ErrorCode::ImageNotFound, "imageUrl"))?;
    let shape = match params.get("shape") {
        None | Some(Value::Null) => QrShape::default(),
        Some(Value::String(s)) => QrShape::parse(s).ok_or(Invalid::field(ErrorCode::InvalidParam, "shape"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "shape")),
    };
    let strength = small_int(params, "strength", 0, 100, QR_DEFAULT_STRENGTH)?;
    let top_n = small_int(params, "topN", 1, QR_MAX_TOP_N, QR_DEFAULT_TOP_N)?;
    let scene = small_int(params, "scene", QR_SCENE, QR_SCENE, QR_SCENE)?;
    Ok(QrCodeArtSpec { content, image, shape, strength, top_n, scene })
}

#[cfg(test)]
mod tests {
    use super::super::TaskSpec;
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_and_round_trip() {
        let id = UploadId::new();
        let spec =
            TaskSpec::parse("QR_CODE_ART", &json!({ "content": " https://example.com ", "imageUrl": upload_url(id) }))
                .unwrap();
        let TaskSpec::QrCodeArt(q) = &spec else { panic!("{spec:?}") };
        assert_eq!(q.content, "https://example.com");
        assert_eq!((q.shape, q.strength, q.top_n, q.scene), (QrShape::Square, 33, 4, 1));
        assert_eq!(TaskSpec::parse("QR_CODE_ART", &spec.to_params()).unwrap(), spec);
        assert_eq!(spec.cost(), crate::domain::Lingshi::new(0));
        assert_eq!(spec.input_uploads(), vec![id]);
        for shape in QrShape::ALL {
            let p = json!({ "content": "x", "imageUrl": upload_url(id), "shape": shape.as_str(), "strength": 100, "topN": 1 });
            let s = TaskSpec::parse("QR_CODE_ART", &p).unwrap();
            assert_eq!(TaskSpec::parse("QR_CODE_ART", &s.to_params()).unwrap(), s);
        }
    }

    #[test]
    fn content_limits_and_bad_options() {
        let img = upload_url(UploadId::new());
        let fits = "a".repeat(QR_MAX_BYTES_LEVEL_H);
        assert!(TaskSpec::parse("QR_CODE_ART", &json!({ "content": fits, "imageUrl": img })).is_ok());
        let digits = "7".repeat(QR_MAX_DIGITS_LEVEL_H);
        assert!(TaskSpec::parse("QR_CODE_ART", &json!({ "content": digits, "imageUrl": img })).is_ok());
        let cases = [
            (json!({ "imageUrl": img }), ErrorCode::QrContentRequired, "content"),
            (json!({ "content": "  ", "imageUrl": img }), ErrorCode::QrContentRequired, "content"),
            (
                json!({ "content": "a".repeat(QR_MAX_BYTES_LEVEL_H + 1), "imageUrl": img }),
                ErrorCode::QrContentTooLong,
                "content",
            ),
            (
                json!({ "content": "7".repeat(QR_MAX_DIGITS_LEVEL_H + 1), "imageUrl": img }),
                ErrorCode::QrContentTooLong,
                "content",
            ),
            (json!({ "content": "x" }), ErrorCode::InvalidParam, "imageUrl"),
            (json!({ "content": "x", "imageUrl": img, "shape": "STAR" }), ErrorCode::InvalidParam, "shape"),
            (json!({ "content": "x", "imageUrl": img, "strength": 101 }), ErrorCode::InvalidParam, "strength"),
            (json!({ "content": "x", "imageUrl": img, "topN": 0 }), ErrorCode::InvalidParam, "topN"),
            (json!({ "content": "x", "imageUrl": img, "topN": 5 }), ErrorCode::InvalidParam, "topN"),
            (json!({ "content": "x", "imageUrl": img, "scene": 2 }), ErrorCode::InvalidParam, "scene"),
            (json!({ "content": "x", "imageUrl": img, "logo": 1 }), ErrorCode::InvalidParam, "params"),
        ];
        for (params, code, field) in cases {
            let err = TaskSpec::parse("QR_CODE_ART", &params).unwrap_err();
            assert_eq!((err.code, err.field), (code, Some(field)), "{params}");
        }
    }
}
