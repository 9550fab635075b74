//! `PRODUCT_IMAGE` options (routes /ai-product-image, /product-bg and, in a
//! batch, /batch-copy-bg): the product cut out and placed on a new
//! background.
//!
//! ```json
//! { "imageUrl": "/api/files/uploads/…",
//!   // one background, default the palette's white:
//!   "backgroundColor": "#FFFFFF" | "lightGrey",       // palette name or #RRGGBB
//!   "gradient": { "from": "#FFFFFF", "to": "#B8C4D0" },
//!   "backgroundId": "wood-table",                     // template library id
//!   "backgroundUrl": "/api/files/uploads/…",          // the user's own picture
//!   "scale": 0..100, "erodeSize": 0..20, "ratio": "original"|"1:1"|"3:4"|"16:9"|"9:16",
//!   "format": "png"|"jpeg", "genNum": 1..4, "reflection": false }
//! ```
//!
//! A colour outside the 7-colour palette is a custom colour, which
//! only paid tiers may use ([`ProductImageSpec::uses_custom_colour`]; the API
//! checks the tier). `taskType`, when present, must be `PRODUCT_BACKGROUND`
//! (the `BACKGROUND_REPRODUCE` sub-mode is routed elsewhere by the caller).

use serde_json::{json, Map, Value};

use super::{parse_upload_url, reject_unknown, required_str, small_int, upload_url};
use crate::domain::{Invalid, UploadId};
use crate::error::ErrorCode;

/// The `taskType` of this sub-mode of `PRODUCT_IMAGE`.
pub const TASK_TYPE: &str = "PRODUCT_BACKGROUND";

/// The original app's 7-colour background palette (white, cream, light grey,
/// grey-blue, dark grey, light blue, beige). The same values are in
/// `pixmart_models::compose::PALETTE`, which renders them.
pub const PALETTE: [(&str, [u8; 3]); 7] = [
    ("white", [0xFF, 0xFF, 0xFF]),
    ("cream", [0xFB, 0xF6, 0xE9]),
    ("lightGrey", [0xE5, 0xE6, 0xE8]),
    ("greyBlue", [0xB8, 0xC4, 0xD0]),
    ("darkGrey", [0x4A, 0x4D, 0x52]),
    ("lightBlue", [0xD6, 0xE8, 0xF7]),
    ("beige", [0xEA, 0xDC, 0xC4]),
];

/// One entry of the template library as the API lists it. The pictures
/// are rendered by `pixmart_models::compose::TEMPLATES` (same ids, checked
/// by a worker test); workers store a preview of each at
/// [`template_preview_key`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TemplateInfo {
    pub id: &'static str,
    /// `studio`, `texture` or `scene`.
    pub category: &'static str,
    pub name_zh: &'static str,
    pub name_en: &'static str,
}

pub const TEMPLATES: [TemplateInfo; 6] = [
    TemplateInfo { id: "studio-light", category: "studio", name_zh: "明亮影棚", name_en: "Bright studio" },
    TemplateInfo { id: "studio-dark", category: "studio", name_zh: "暗调影棚", name_en: "Dark studio" },
    TemplateInfo { id: "marble", category: "texture", name_zh: "白色大理石", name_en: "White marble" },
    TemplateInfo { id: "concrete", category: "texture", name_zh: "清水混凝土", name_en: "Concrete" },
    TemplateInfo { id: "wood-table", category: "scene", name_zh: "木质桌面", name_en: "Wooden table top" },
    TemplateInfo { id: "marble-counter", category: "scene", name_zh: "大理石台面", name_en: "Marble counter" },
];

/// Storage key of a template's preview picture (WebP).
pub fn template_preview_key(id: &str) -> String {
    format!("backgrounds/{id}.webp")
}

pub const MAX_GEN_NUM: u8 = 4;
pub const MAX_ERODE: u8 = 20;
pub const DEFAULT_ERODE: u8 = 3;

/// What the product is placed on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProductBackground {
    Colour([u8; 3]),
    Gradient { from: [u8; 3], to: [u8; 3] },
    Template(&'static str),
    Upload(UploadId),
}

/// The original app's output ratios with their sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputRatio {
    /// The input's aspect ratio, long side 1024.
    Original,
    #[default]
    Square,
    ThreeFour,
    SixteenNine,
    NineSixteen,
}

impl OutputRatio {
    pub const ALL: [OutputRatio; 5] = [
        OutputRatio::Original,
        OutputRatio::Square,
        OutputRatio::ThreeFour,
        OutputRatio::SixteenNine,
        OutputRatio::NineSixteen,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OutputRatio::Original => "original",
            OutputRatio::Square => "1:1",
            OutputRatio::ThreeFour => "3:4",
            OutputRatio::SixteenNine => "16:9",
            OutputRatio::NineSixteen => "9:16",
        }
    }

    /// Output size for an input of `w`×`h` (1:1 1024×1024, 16:9
    /// 1792×1024, 9:16 1024×1792, 3:4 768×1024; original keeps the input's
    /// ratio with a long side of 1024).
    pub fn size(self, w: u32, h: u32) -> (u32, u32) {
        match self {
            OutputRatio::Square => (1024, 1024),
            OutputRatio::ThreeFour => (768, 1024),
            OutputRatio::SixteenNine => (1792, 1024),
            OutputRatio::NineSixteen => (1024, 1792),
            OutputRatio::Original => {
                let (w, h) = (w.max(1) as f64, h.max(1) as f64);
                let s = 1024.0 / w.max(h);
                (((w * s).round() as u32).max(1), ((h * s).round() as u32).max(1))
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    #[default]
    Png,
    Jpeg,
}

impl OutputFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            OutputFormat::Png => "png",
            OutputFormat::Jpeg => "jpeg",
        }
    }
}

/// `PRODUCT_IMAGE` options, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductImageSpec {
    pub image: UploadId,
    pub background: ProductBackground,
    /// The original app's scale slider, 0..=100 (factor 1..1.6).
    pub scale: u8,
    pub erode: u8,
    pub ratio: OutputRatio,
    pub format: OutputFormat,
    pub gen_num: u8,
    pub reflection: bool,
}

impl ProductImageSpec {
    /// Whether a colour outside the palette is used (paid tiers only).
    pub fn uses_custom_colour(&self) -> bool {
        let custom = |c: &[u8; 3]| !PALETTE.iter().any(|(_, p)| p == c);
        match &self.background {
            ProductBackground::Colour(c) => custom(c),
            ProductBackground::Gradient { from, to } => custom(from) || custom(to),
            ProductBackground::Template(_) | ProductBackground::Upload(_) => false,
        }
    }

    pub fn input_uploads(&self) -> Vec<UploadId> {
        match self.background {
            ProductBackground::Upload(bg) => vec![self.image, bg],
            _ => vec![self.image],
        }
    }

    pub fn to_params(&self) -> Value {
        let mut p = json!({
            "imageUrl": upload_url(self.image),
            "scale": self.scale,
            "erodeSize": self.erode,
            "ratio": self.ratio.as_str(),
            "format": self.format.as_str(),
            "genNum": self.gen_num,
            "reflection": self.reflection,
        });
        let (key, value) = match &self.background {
            ProductBackground::Colour(c) => ("backgroundColor", json!(hex(*c))),
            ProductBackground::Gradient { from, to } => ("gradient", json!({ "from": hex(*from), "to": hex(*to) })),
            ProductBackground::Template(id) => ("backgroundId", json!(id)),
            ProductBackground::Upload(id) => ("backgroundUrl", json!(upload_url(*id))),
        };
        if let Some(obj) = p.as_object_mut() {
            obj.insert(key.to_owned(), value);
        }
        p
    }
}

pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02X}{:02X}{:02X}", c[0], c[1], c[2])
}

/// A palette name (`lightGrey`) or `#RRGGBB`.
pub fn parse_colour(raw: &str) -> Option<[u8; 3]> {
    let raw = raw.trim();
    if let Some((_, c)) = PALETTE.iter().find(|(n, _)| n.eq_ignore_ascii_case(raw)) {
        return Some(*c);
    }
    let h = raw.strip_prefix('#')?;
    if h.len() != 6 || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

fn colour_field(v: Option<&Value>, field: &'static str) -> Result<[u8; 3], Invalid> {
    v.and_then(Value::as_str).and_then(parse_colour).ok_or(Invalid::field(ErrorCode::ProductBadColour, field))
}

pub fn parse(params: &Map<String, Value>) -> Result<ProductImageSpec, Invalid> {
    reject_unknown(
        params,
        &[
            "imageUrl",
            "taskType",
            "backgroundColor",
            "gradient",
            "backgroundId",
            "backgroundUrl",
            "scale",
            "erodeSize",
            "ratio",
            "format",
            "genNum",
            "reflection",
        ],
    )?;
    match params.get("taskType") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) if s == TASK_TYPE => {}
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "taskType")),
    }
    let image = parse_upload_url(required_str(params, "imageUrl")?)
        .ok_or(Invalid::field(ErrorCode::ImageNotFound, "imageUrl"))?;
    let present = |k: &str| params.get(k).is_some_and(|v| !v.is_null());
    let chosen = ["backgroundColor", "gradient", "backgroundId", "backgroundUrl"].iter().filter(|k| present(k)).count();
    if chosen > 1 {
        return Err(Invalid::field(ErrorCode::ProductOneBackground, "background"));
    }
    let background = if present("gradient") {
        let g = params
            .get("gradient")
            .and_then(Value::as_object)
            .ok_or(Invalid::field(ErrorCode::InvalidParam, "gradient"))?;
        ProductBackground::Gradient {
            from: colour_field(g.get("from"), "gradient")?,
            to: colour_field(g.get("to"), "gradient")?,
        }
    } else if present("backgroundId") {
        let id = params.get("backgroundId").and_then(Value::as_str).unwrap_or_default();
        let t = TEMPLATES
            .iter()
            .find(|t| t.id == id.trim())
            .ok_or(Invalid::field(ErrorCode::ProductBackgroundNotFound, "backgroundId"))?;
        ProductBackground::Template(t.id)
    } else if present("backgroundUrl") {
        let raw = params.get("backgroundUrl").and_then(Value::as_str).unwrap_or_default();
        ProductBackground::Upload(
            parse_upload_url(raw).ok_or(Invalid::field(ErrorCode::ImageNotFound, "backgroundUrl"))?,
        )
    } else if present("backgroundColor") {
        ProductBackground::Colour(colour_field(params.get("backgroundColor"), "backgroundColor")?)
    } else {
        ProductBackground::Colour(PALETTE[0].1)
    };
    let ratio = match params.get("ratio") {
        None | Some(Value::Null) => OutputRatio::default(),
        Some(Value::String(s)) => OutputRatio::ALL
            .into_iter()
            .find(|r| r.as_str() == s.trim())
            .ok_or(Invalid::field(ErrorCode::InvalidParam, "ratio"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "ratio")),
    };
    let format = match params.get("format").filter(|v| !v.is_null()) {
        None => OutputFormat::Png,
        Some(Value::String(s)) if s == "png" => OutputFormat::Png,
        Some(Value::String(s)) if s == "jpeg" || s == "jpg" => OutputFormat::Jpeg,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "format")),
    };
    let reflection = match params.get("reflection") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "reflection")),
    };
    Ok(ProductImageSpec {
        image,
        background,
        scale: small_int(params, "scale", 0, 100, 0)?,
        erode: small_int(params, "erodeSize", 0, MAX_ERODE, DEFAULT_ERODE)?,
        ratio,
        format,
        gen_num: small_int(params, "genNum", 1, MAX_GEN_NUM, 1)?,
        reflection,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TaskSpec;

    fn parse_json(v: Value) -> Result<ProductImageSpec, Invalid> {
        parse(v.as_object().unwrap())
    }

    #[test]
    fn defaults_and_round_trip() {
        let id = UploadId::new();
        let spec = parse_json(json!({ "imageUrl": upload_url(id) })).unwrap();
        assert_eq!(spec.background, ProductBackground::Colour([255, 255, 255]));
        assert_eq!((spec.scale, spec.erode, spec.gen_num), (0, 3, 1));
        assert_eq!((spec.ratio, spec.format, spec.reflection), (OutputRatio::Square, OutputFormat::Png, false));
        assert!(!spec.uses_custom_colour());
        let bg = UploadId::new();
        for extra in [
            json!({ "backgroundColor": "lightGrey" }),
            json!({ "backgroundColor": "#123456" }),
            json!({ "gradient": { "from": "white", "to": "#B8C4D0" } }),
            json!({ "backgroundId": "wood-table" }),
            json!({ "backgroundUrl": upload_url(bg) }),
        ] {
            let mut p = json!({ "imageUrl": upload_url(id), "scale": 40, "erodeSize": 0, "ratio": "16:9",
                                "format": "jpeg", "genNum": 4, "reflection": true });
            p.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            let spec = TaskSpec::parse("PRODUCT_IMAGE", &p).unwrap();
            assert_eq!(TaskSpec::parse("PRODUCT_IMAGE", &spec.to_params()).unwrap(), spec, "{p}");
        }
    }

    #[test]
    fn custom_colours_are_detected() {
        let id = upload_url(UploadId::new());
        let custom = parse_json(json!({ "imageUrl": id, "backgroundColor": "#123456" })).unwrap();
        assert!(custom.uses_custom_colour());
        let palette = parse_json(json!({ "imageUrl": id, "backgroundColor": "#e5e6e8" })).unwrap();
        assert!(!palette.uses_custom_colour());
        let grad = parse_json(json!({ "imageUrl": id, "gradient": { "from": "white", "to": "#010101" } })).unwrap();
        assert!(grad.uses_custom_colour());
    }

    #[test]
    fn bad_options_name_the_field() {
        let id = upload_url(UploadId::new());
        let cases = [
            (json!({ "imageUrl": id, "scale": 101 }), ErrorCode::InvalidParam, "scale"),
            (json!({ "imageUrl": id, "genNum": 0 }), ErrorCode::InvalidParam, "genNum"),
            (json!({ "imageUrl": id, "genNum": 5 }), ErrorCode::InvalidParam, "genNum"),
            (json!({ "imageUrl": id, "erodeSize": 21 }), ErrorCode::InvalidParam, "erodeSize"),
            (json!({ "imageUrl": id, "ratio": "2:1" }), ErrorCode::InvalidParam, "ratio"),
            (json!({ "imageUrl": id, "format": "gif" }), ErrorCode::InvalidParam, "format"),
            (json!({ "imageUrl": id, "backgroundColor": "#12345" }), ErrorCode::ProductBadColour, "backgroundColor"),
            (json!({ "imageUrl": id, "backgroundId": "beach" }), ErrorCode::ProductBackgroundNotFound, "backgroundId"),
            (
                json!({ "imageUrl": id, "backgroundId": "marble", "backgroundColor": "white" }),
                ErrorCode::ProductOneBackground,
                "background",
            ),
            (json!({ "imageUrl": id, "taskType": "OTHER" }), ErrorCode::InvalidParam, "taskType"),
        ];
        for (p, code, field) in cases {
            let err = parse_json(p.clone()).unwrap_err();
            assert_eq!((err.code, err.field), (code, Some(field)), "{p}");
        }
    }

    #[test]
    fn ratio_sizes() {
        assert_eq!(OutputRatio::Square.size(10, 10), (1024, 1024));
        assert_eq!(OutputRatio::SixteenNine.size(10, 10), (1792, 1024));
        assert_eq!(OutputRatio::NineSixteen.size(10, 10), (1024, 1792));
        assert_eq!(OutputRatio::ThreeFour.size(10, 10), (768, 1024));
        assert_eq!(OutputRatio::Original.size(1000, 1200), (853, 1024));
    }
}
