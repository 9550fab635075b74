//! The option bounds of each task type, as the web shows them: the same
//! constants the parsers enforce, so a form can never offer what the API
//! would refuse. Served by `GET /api/task-types`.

use super::{copy, diffusion, media_copy, poster, poster_copy, product_image, qr_code_art, video};
use crate::domain::{BizType, VideoRules};

/// Named bounds of `biz`'s options (`genNumMax`, `erodeMax`, ...).
pub fn limits_of(biz: BizType) -> Vec<(&'static str, u32)> {
    match biz {
        BizType::MattingImage | BizType::MktIdeaGen | BizType::MktContentGen => Vec::new(),
        BizType::PlacardGen => vec![
            ("imagesMax", poster::POSTER_MAX_IMAGES as u32),
            ("textMaxChars", crate::poster::limits::MAX_TEXT_CHARS as u32),
            ("canvasMaxSide", crate::poster::limits::MAX_CANVAS_SIDE),
        ],
        BizType::PosterCopy => vec![
            ("contentMinChars", poster_copy::POSTER_COPY_MIN_CHARS as u32),
            ("contentMaxChars", poster_copy::POSTER_COPY_MAX_CHARS as u32),
        ],
        BizType::ProductImage => vec![
            ("genNumMax", u32::from(product_image::MAX_GEN_NUM)),
            ("erodeMax", u32::from(product_image::MAX_ERODE)),
            ("erodeDefault", u32::from(product_image::DEFAULT_ERODE)),
        ],
        BizType::MannequinImage
        | BizType::ModelImageNew
        | BizType::WigImage
        | BizType::ShoesImage
        | BizType::ProductReplaceImage
        | BizType::CustomizedModel
        | BizType::PetImageCustomized
        | BizType::TryOn => vec![
            ("genNumMax", u32::from(diffusion::DIFFUSION_GEN_NUM_MAX)),
            ("genNumDefault", u32::from(diffusion::DIFFUSION_GEN_NUM_DEFAULT)),
        ],
        BizType::QrCodeArt => vec![
            ("topNMax", u32::from(qr_code_art::QR_MAX_TOP_N)),
            ("topNDefault", u32::from(qr_code_art::QR_DEFAULT_TOP_N)),
            ("textMaxBytes", qr_code_art::QR_MAX_BYTES_LEVEL_H as u32),
            ("textMaxDigits", qr_code_art::QR_MAX_DIGITS_LEVEL_H as u32),
        ],
        BizType::TextRewrite => copy_limits(copy::CopyKind::TextRewrite),
        BizType::ArticleRewrite => copy_limits(copy::CopyKind::ArticleRewrite),
        BizType::TopicArticle => copy_limits(copy::CopyKind::Topic),
        BizType::PicRewrite => vec![
            ("imagesMax", media_copy::MEDIA_IMAGES_MAX as u32),
            ("genNumMax", u32::from(media_copy::MEDIA_GEN_NUM_MAX)),
            ("genNumDefault", u32::from(media_copy::MEDIA_GEN_NUM_DEFAULT)),
        ],
        BizType::VideoRewrite => vec![
            ("videoMaxBytes", VideoRules::SPEC.max_bytes as u32),
            ("videoMaxSeconds", VideoRules::SPEC.max_seconds),
            ("genNumMax", u32::from(media_copy::MEDIA_GEN_NUM_MAX)),
            ("genNumDefault", u32::from(media_copy::MEDIA_GEN_NUM_DEFAULT)),
        ],
        BizType::Img2Video => vec![
            ("durationMinMs", video::MIN_DURATION_TENTHS * 100),
            ("durationMaxMs", video::MAX_DURATION_TENTHS * 100),
            ("durationDefaultMs", video::DEFAULT_DURATION_TENTHS * 100),
            ("motionDistanceMin", video::MIN_MOTION_DISTANCE),
            ("motionDistanceMax", video::MAX_MOTION_DISTANCE),
            ("motionDistanceDefault", video::DEFAULT_MOTION_DISTANCE),
        ],
    }
}

fn copy_limits(kind: copy::CopyKind) -> Vec<(&'static str, u32)> {
    let (min, max) = kind.source_bounds();
    let (gen_max, gen_default) = kind.gen_num_bounds();
    vec![
        ("contentMinChars", min as u32),
        ("contentMaxChars", max as u32),
        ("genNumMax", u32::from(gen_max)),
        ("genNumDefault", u32::from(gen_default)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bound_is_positive_and_named_once() {
        for biz in BizType::ALL {
            let limits = limits_of(biz);
            let names: std::collections::BTreeSet<_> = limits.iter().map(|(n, _)| *n).collect();
            assert_eq!(names.len(), limits.len(), "{biz}: a bound named twice");
            assert!(limits.iter().all(|(_, v)| *v > 0), "{biz}: {limits:?}");
        }
        assert!(limits_of(BizType::ProductImage).contains(&("genNumMax", 4)));
    }
}
