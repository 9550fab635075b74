//! Options of the diffusion task family (MANNEQUIN_IMAGE, MODEL_IMAGE_NEW,
//! WIG_IMAGE, SHOES_IMAGE, PRODUCT_REPLACE_IMAGE, CUSTOMIZED_MODEL,
//! PET_IMAGE_CUSTOMIZED, TRY_ON). Each is inpainting around a kept region
//! (the merchant's garment or product, cut out with ISNet) or, for the
//! customized types, img2img from the uploaded picture.
//!
//! The original app's options: `genNum` (default 4), `ratio` (original, 1:1, 3:4, 16:9,
//! 9:16), `scene`, `modelId`, `backgroundId`, `color`, `petImageId`,
//! `styleId`; try-on `tryonType` split | set and the garment image.

use serde_json::{Map, Value};

use super::{parse_upload_url, reject_unknown, required_str, upload_url};
use crate::domain::text_field::{self, SHORT_TEXT_MAX};
use crate::domain::{BizType, Invalid, UploadId};
use crate::error::ErrorCode;

/// Default and largest `genNum` (the original app's default is 4).
pub const DIFFUSION_GEN_NUM_DEFAULT: u8 = 4;
pub const DIFFUSION_GEN_NUM_MAX: u8 = 4;

/// Which diffusion task type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiffusionKind {
    Mannequin,
    ModelNew,
    Wig,
    Shoes,
    ProductReplace,
    CustomizedModel,
    PetCustomized,
    TryOn,
}

impl DiffusionKind {
    pub const ALL: [DiffusionKind; 8] = [
        DiffusionKind::Mannequin,
        DiffusionKind::ModelNew,
        DiffusionKind::Wig,
        DiffusionKind::Shoes,
        DiffusionKind::ProductReplace,
        DiffusionKind::CustomizedModel,
        DiffusionKind::PetCustomized,
        DiffusionKind::TryOn,
    ];

    pub fn biz_type(self) -> BizType {
        match self {
            DiffusionKind::Mannequin => BizType::MannequinImage,
            DiffusionKind::ModelNew => BizType::ModelImageNew,
            DiffusionKind::Wig => BizType::WigImage,
            DiffusionKind::Shoes => BizType::ShoesImage,
            DiffusionKind::ProductReplace => BizType::ProductReplaceImage,
            DiffusionKind::CustomizedModel => BizType::CustomizedModel,
            DiffusionKind::PetCustomized => BizType::PetImageCustomized,
            DiffusionKind::TryOn => BizType::TryOn,
        }
    }

    pub fn from_biz_type(biz: BizType) -> Option<Self> {
        match biz {
            BizType::MannequinImage => Some(DiffusionKind::Mannequin),
            BizType::ModelImageNew => Some(DiffusionKind::ModelNew),
            BizType::WigImage => Some(DiffusionKind::Wig),
            BizType::ShoesImage => Some(DiffusionKind::Shoes),
            BizType::ProductReplaceImage => Some(DiffusionKind::ProductReplace),
            BizType::CustomizedModel => Some(DiffusionKind::CustomizedModel),
            BizType::PetImageCustomized => Some(DiffusionKind::PetCustomized),
            BizType::TryOn => Some(DiffusionKind::TryOn),
            BizType::ProductImage
            | BizType::MattingImage
            | BizType::Img2Video
            | BizType::QrCodeArt
            | BizType::TextRewrite
            | BizType::ArticleRewrite
            | BizType::TopicArticle
            | BizType::PicRewrite
            | BizType::VideoRewrite
            | BizType::PlacardGen
            | BizType::PosterCopy
            | BizType::MktIdeaGen
            | BizType::MktContentGen => None,
        }
    }

    /// Whether the input's cut-out subject (garment, wig, shoes, product)
    /// is kept pixel-exact and everything else regenerated. The customized
    /// types restyle the whole picture (img2img) instead.
    pub fn keeps_region(self) -> bool {
        !matches!(self, DiffusionKind::CustomizedModel | DiffusionKind::PetCustomized)
    }
}

/// Output ratio; `original` keeps the input's aspect (nearest of the output sizes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DiffusionRatio {
    #[default]
    Original,
    Square,
    Portrait3x4,
    Landscape16x9,
    Portrait9x16,
}

impl DiffusionRatio {
    pub const ALL: [DiffusionRatio; 5] = [
        DiffusionRatio::Original,
        DiffusionRatio::Square,
        DiffusionRatio::Portrait3x4,
        DiffusionRatio::Landscape16x9,
        DiffusionRatio::Portrait9x16,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DiffusionRatio::Original => "original",
            DiffusionRatio::Square => "1:1",
            DiffusionRatio::Portrait3x4 => "3:4",
            DiffusionRatio::Landscape16x9 => "16:9",
            DiffusionRatio::Portrait9x16 => "9:16",
        }
    }
}

/// Try-on: one garment (`split`: top or bottom) or a full outfit (`set`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TryOnType {
    Split,
    Set,
}

impl TryOnType {
    pub fn as_str(self) -> &'static str {
        match self {
            TryOnType::Split => "split",
            TryOnType::Set => "set",
        }
    }
}

/// A diffusion-family task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffusionSpec {
    pub kind: DiffusionKind,
    /// The merchant's photo (mannequin, product, wig, shoes, the person for
    /// try-on, the reference for customized models). For pets: `petImageId`.
    pub image: UploadId,
    /// Try-on only: the garment to put on the person.
    pub garment: Option<UploadId>,
    pub gen_num: u8,
    pub ratio: DiffusionRatio,
    pub scene: Option<String>,
    pub model_id: Option<String>,
    pub background_id: Option<String>,
    pub color: Option<String>,
    pub style_id: Option<String>,
    pub tryon_type: Option<TryOnType>,
}

const KNOWN: &[&str] = &[
    "imageUrl",
    "garmentUrl",
    "genNum",
    "ratio",
    "scene",
    "modelId",
    "backgroundId",
    "color",
    "petImageId",
    "styleId",
    "tryonType",
];

pub(super) fn parse(kind: DiffusionKind, params: &Map<String, Value>) -> Result<DiffusionSpec, Invalid> {
    reject_unknown(params, KNOWN)?;
    let upload = |key: &'static str| -> Result<UploadId, Invalid> {
        parse_upload_url(required_str(params, key)?).ok_or(Invalid::field(ErrorCode::ImageNotFound, key))
    };
    let image = if kind == DiffusionKind::PetCustomized { upload("petImageId")? } else { upload("imageUrl")? };
    let garment = if kind == DiffusionKind::TryOn { Some(upload("garmentUrl")?) } else { None };
    let gen_num = match params.get("genNum") {
        None | Some(Value::Null) => DIFFUSION_GEN_NUM_DEFAULT,
        Some(v) => match v.as_u64() {
            Some(n) if (1..=u64::from(DIFFUSION_GEN_NUM_MAX)).contains(&n) => n as u8,
            _ => return Err(Invalid::field(ErrorCode::InvalidParam, "genNum")),
        },
    };
    let ratio = match params.get("ratio") {
        None | Some(Value::Null) => DiffusionRatio::default(),
        Some(Value::String(s)) => DiffusionRatio::ALL
            .into_iter()
            .find(|r| r.as_str() == s.trim())
            .ok_or(Invalid::field(ErrorCode::InvalidParam, "ratio"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "ratio")),
    };
    let tryon_type = match (kind, params.get("tryonType")) {
        (DiffusionKind::TryOn, None | Some(Value::Null)) => Some(TryOnType::Split),
        (DiffusionKind::TryOn, Some(Value::String(s))) if s == "split" => Some(TryOnType::Split),
        (DiffusionKind::TryOn, Some(Value::String(s))) if s == "set" => Some(TryOnType::Set),
        (_, None | Some(Value::Null)) => None,
        _ => return Err(Invalid::field(ErrorCode::InvalidParam, "tryonType")),
    };
    Ok(DiffusionSpec {
        kind,
        image,
        garment,
        gen_num,
        ratio,
        scene: short_text(params, "scene")?,
        model_id: short_text(params, "modelId")?,
        background_id: short_text(params, "backgroundId")?,
        color: short_text(params, "color")?,
        style_id: short_text(params, "styleId")?,
        tryon_type,
    })
}

fn short_text(params: &Map<String, Value>, key: &'static str) -> Result<Option<String>, Invalid> {
    match params.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => text_field::optional(Some(s.as_str()), SHORT_TEXT_MAX, ErrorCode::InvalidParam)
            .map_err(|_| Invalid::field(ErrorCode::InvalidParam, key)),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(Invalid::field(ErrorCode::InvalidParam, key)),
    }
}

impl DiffusionSpec {
    pub fn input_uploads(&self) -> Vec<UploadId> {
        let mut v = vec![self.image];
        v.extend(self.garment);
        v
    }

    pub fn to_params(&self) -> Value {
        let mut m = Map::new();
        let image_key = if self.kind == DiffusionKind::PetCustomized { "petImageId" } else { "imageUrl" };
        m.insert(image_key.into(), upload_url(self.image).into());
        if let Some(g) = self.garment {
            m.insert("garmentUrl".into(), upload_url(g).into());
        }
        m.insert("genNum".into(), self.gen_num.into());
        m.insert("ratio".into(), self.ratio.as_str().into());
        for (key, value) in [
            ("scene", &self.scene),
            ("modelId", &self.model_id),
            ("backgroundId", &self.background_id),
            ("color", &self.color),
            ("styleId", &self.style_id),
        ] {
            if let Some(v) = value {
                m.insert(key.into(), v.clone().into());
            }
        }
        if let Some(t) = self.tryon_type {
            m.insert("tryonType".into(), t.as_str().into());
        }
        Value::Object(m)
    }
}

#[cfg(test)]
mod tests {
    use super::super::TaskSpec;
    use super::*;
    use serde_json::json;

    #[test]
    fn every_diffusion_type_parses_with_defaults_and_round_trips() {
        let img = upload_url(UploadId::new());
        for kind in DiffusionKind::ALL {
            let mut p = json!({ "imageUrl": img, "scene": "street", "ratio": "3:4" });
            if kind == DiffusionKind::PetCustomized {
                p = json!({ "petImageId": img, "styleId": "7" });
            }
            if kind == DiffusionKind::TryOn {
                p["garmentUrl"] = json!(upload_url(UploadId::new()));
                p["tryonType"] = json!("set");
            }
            let spec = TaskSpec::parse(kind.biz_type().as_str(), &p).unwrap();
            let TaskSpec::Diffusion(d) = &spec else { panic!("{spec:?}") };
            assert_eq!(d.gen_num, 4);
            assert_eq!(TaskSpec::parse(kind.biz_type().as_str(), &spec.to_params()).unwrap(), spec);
            assert_eq!(spec.biz_type(), kind.biz_type());
            assert_eq!(spec.input_uploads().len(), if kind == DiffusionKind::TryOn { 2 } else { 1 });
        }
    }

    #[test]
    fn bad_diffusion_params_name_the_field() {
        let img = upload_url(UploadId::new());
        let cases = [
            ("MANNEQUIN_IMAGE", json!({}), "imageUrl"),
            ("MANNEQUIN_IMAGE", json!({ "imageUrl": img, "genNum": 0 }), "genNum"),
            ("MANNEQUIN_IMAGE", json!({ "imageUrl": img, "genNum": 9 }), "genNum"),
            ("MANNEQUIN_IMAGE", json!({ "imageUrl": img, "ratio": "2:1" }), "ratio"),
            ("MANNEQUIN_IMAGE", json!({ "imageUrl": img, "tryonType": "set" }), "tryonType"),
            ("TRY_ON", json!({ "imageUrl": img }), "garmentUrl"),
            ("TRY_ON", json!({ "imageUrl": img, "garmentUrl": img, "tryonType": "x" }), "tryonType"),
            ("PET_IMAGE_CUSTOMIZED", json!({ "imageUrl": img }), "petImageId"),
        ];
        for (biz, params, field) in cases {
            let err = TaskSpec::parse(biz, &params).unwrap_err();
            assert_eq!(err.field, Some(field), "{biz} {params}");
        }
    }
}
