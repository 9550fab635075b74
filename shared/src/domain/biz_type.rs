use serde::{Deserialize, Serialize};

use super::Invalid;
use crate::error::ErrorCode;

/// The original app's twelve generation task types (`bizType`). The spelling
/// `IMG_2_VEDIO` is the original app's and is kept for compatibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BizType {
    #[serde(rename = "MANNEQUIN_IMAGE")]
    MannequinImage,
    #[serde(rename = "MODEL_IMAGE_NEW")]
    ModelImageNew,
    #[serde(rename = "WIG_IMAGE")]
    WigImage,
    #[serde(rename = "SHOES_IMAGE")]
    ShoesImage,
    #[serde(rename = "PRODUCT_IMAGE")]
    ProductImage,
    #[serde(rename = "PRODUCT_REPLACE_IMAGE")]
    ProductReplaceImage,
    #[serde(rename = "MATTING_IMAGE")]
    MattingImage,
    #[serde(rename = "CUSTOMIZED_MODEL")]
    CustomizedModel,
    #[serde(rename = "PET_IMAGE_CUSTOMIZED")]
    PetImageCustomized,
    #[serde(rename = "IMG_2_VEDIO")]
    Img2Video,
    #[serde(rename = "TRY_ON")]
    TryOn,
    #[serde(rename = "QR_CODE_ART")]
    QrCodeArt,
}

/// Which kind of worker runs a task type; each family has its own queues so
/// a node only pulls the work its models can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JobFamily {
    /// Segmentation models (cutout).
    Segment,
    /// Compositing on top of segmentation (product on background).
    Compose,
    /// Diffusion pipelines (people, try-on, custom characters).
    Diffusion,
    /// QR art.
    Qr,
    /// Image-to-video.
    Video,
}

impl JobFamily {
    pub fn as_str(self) -> &'static str {
        match self {
            JobFamily::Segment => "segment",
            JobFamily::Compose => "compose",
            JobFamily::Diffusion => "diffusion",
            JobFamily::Qr => "qr",
            JobFamily::Video => "video",
        }
    }
}

impl BizType {
    pub const ALL: [BizType; 12] = [
        BizType::MannequinImage,
        BizType::ModelImageNew,
        BizType::WigImage,
        BizType::ShoesImage,
        BizType::ProductImage,
        BizType::ProductReplaceImage,
        BizType::MattingImage,
        BizType::CustomizedModel,
        BizType::PetImageCustomized,
        BizType::Img2Video,
        BizType::TryOn,
        BizType::QrCodeArt,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            BizType::MannequinImage => "MANNEQUIN_IMAGE",
            BizType::ModelImageNew => "MODEL_IMAGE_NEW",
            BizType::WigImage => "WIG_IMAGE",
            BizType::ShoesImage => "SHOES_IMAGE",
            BizType::ProductImage => "PRODUCT_IMAGE",
            BizType::ProductReplaceImage => "PRODUCT_REPLACE_IMAGE",
            BizType::MattingImage => "MATTING_IMAGE",
            BizType::CustomizedModel => "CUSTOMIZED_MODEL",
            BizType::PetImageCustomized => "PET_IMAGE_CUSTOMIZED",
            BizType::Img2Video => "IMG_2_VEDIO",
            BizType::TryOn => "TRY_ON",
            BizType::QrCodeArt => "QR_CODE_ART",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        Self::ALL
            .into_iter()
            .find(|b| b.as_str() == raw.trim())
            .ok_or(Invalid::field(ErrorCode::UnknownBizType, "bizType"))
    }

    pub fn family(self) -> JobFamily {
        match self {
            BizType::MattingImage => JobFamily::Segment,
            BizType::ProductImage | BizType::ProductReplaceImage => JobFamily::Compose,
            BizType::QrCodeArt => JobFamily::Qr,
            BizType::Img2Video => JobFamily::Video,
            BizType::MannequinImage
            | BizType::ModelImageNew
            | BizType::WigImage
            | BizType::ShoesImage
            | BizType::CustomizedModel
            | BizType::PetImageCustomized
            | BizType::TryOn => JobFamily::Diffusion,
        }
    }

    /// Lingshi charged per task (the price list the original app published; docs/BILLING.md);
    /// `None` where that list leaves the cost open.
    pub fn cost_lingshi(self) -> Option<u32> {
        match self {
            BizType::MattingImage => Some(5),
            // The spec names no cost for PRODUCT_IMAGE; we charge what a
            // cutout costs, per generated image (see product_image_cost_lingshi).
            BizType::ProductImage => Some(5),
            BizType::Img2Video => Some(80),
            BizType::TryOn => Some(20),
            BizType::CustomizedModel | BizType::PetImageCustomized | BizType::QrCodeArt => Some(0),
            _ => None,
        }
    }
}

/// `PRODUCT_IMAGE` (product on a new background): the per-image price
/// times the number of images (`genNum`).
pub fn product_image_cost_lingshi(images: u8) -> u32 {
    BizType::ProductImage.cost_lingshi().unwrap_or(5) * u32::from(images.max(1))
}

/// `IMG_2_VEDIO` by resolution (the published prices: 480p 40, 720p 80).
pub fn video_cost_lingshi(is_720p: bool) -> u32 {
    if is_720p {
        BizType::Img2Video.cost_lingshi().unwrap_or(80)
    } else {
        40
    }
}

impl BizType {
    /// What a task of this type is charged: the published cost, or nothing
    /// where the price list names none. The table above is the one place costs
    /// live.
    pub fn cost(self) -> crate::domain::Lingshi {
        crate::domain::Lingshi::new(self.cost_lingshi().unwrap_or(0))
    }
}

impl std::fmt::Display for BizType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_biz_type_round_trips_through_string_and_serde() {
        for b in BizType::ALL {
            assert_eq!(BizType::parse(b.as_str()), Ok(b));
            let json = serde_json::to_string(&b).unwrap();
            assert_eq!(json, format!("\"{}\"", b.as_str()));
        }
        assert_eq!(BizType::parse("CUTOUT").unwrap_err().code, ErrorCode::UnknownBizType);
    }

    #[test]
    fn spec_costs() {
        assert_eq!(BizType::MattingImage.cost_lingshi(), Some(5));
        assert_eq!(BizType::Img2Video.cost_lingshi(), Some(80));
        assert_eq!(BizType::QrCodeArt.cost_lingshi(), Some(0));
    }
}
