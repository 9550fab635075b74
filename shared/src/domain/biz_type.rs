use serde::{Deserialize, Serialize};

use super::Invalid;
use crate::error::ErrorCode;

/// Declares every generation task type once: its variant, wire name
/// (`bizType`), job family and price rule. `BizType`, `ALL`, `as_str`,
/// `family` and `price` are generated from the one list below, so adding a
/// type is one line here (plus its options, pipeline and registry entry;
/// docs/ARCHITECTURE.md, "Adding a task type").
macro_rules! task_types {
    ($( $(#[$doc:meta])* $variant:ident = $wire:literal, $family:ident, $price:expr; )+) => {
        /// A generation task type (`bizType`). The spelling `IMG_2_VEDIO` is
        /// the original app's and is kept for compatibility.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum BizType {
            $( $(#[$doc])* #[serde(rename = $wire)] $variant, )+
        }

        impl BizType {
            pub const ALL: [BizType; [$($wire),+].len()] = [ $( BizType::$variant ),+ ];

            pub const fn as_str(self) -> &'static str {
                match self { $( BizType::$variant => $wire ),+ }
            }

            /// Which kind of worker runs it: what its pipeline needs, not
            /// what it is called (a type that runs diffusion is in the
            /// diffusion family, whatever its name says).
            pub const fn family(self) -> JobFamily {
                match self { $( BizType::$variant => JobFamily::$family ),+ }
            }

            /// How a task of this type is charged.
            pub const fn price(self) -> PriceRule {
                match self { $( BizType::$variant => $price ),+ }
            }
        }
    };
}

task_types! {
    MannequinImage = "MANNEQUIN_IMAGE", Diffusion, PriceRule::PerTask { lingshi: 0 };
    ModelImageNew = "MODEL_IMAGE_NEW", Diffusion, PriceRule::PerTask { lingshi: 0 };
    WigImage = "WIG_IMAGE", Diffusion, PriceRule::PerTask { lingshi: 0 };
    ShoesImage = "SHOES_IMAGE", Diffusion, PriceRule::PerTask { lingshi: 0 };
    /// Product on a new background; also background replication
    /// (`taskType` BACKGROUND_REPRODUCE). The original app names no price;
    /// each generated image costs what a cutout costs.
    ProductImage = "PRODUCT_IMAGE", Compose, PriceRule::PerImage { lingshi: 5 };
    /// Inpaints around the kept product: a diffusion pipeline.
    ProductReplaceImage = "PRODUCT_REPLACE_IMAGE", Diffusion, PriceRule::PerTask { lingshi: 0 };
    MattingImage = "MATTING_IMAGE", Segment, PriceRule::PerTask { lingshi: 5 };
    CustomizedModel = "CUSTOMIZED_MODEL", Diffusion, PriceRule::PerTask { lingshi: 0 };
    PetImageCustomized = "PET_IMAGE_CUSTOMIZED", Diffusion, PriceRule::PerTask { lingshi: 0 };
    Img2Video = "IMG_2_VEDIO", Video, PriceRule::ByResolution { p480: 40, p720: 80 };
    TryOn = "TRY_ON", Diffusion, PriceRule::PerTask { lingshi: 20 };
    QrCodeArt = "QR_CODE_ART", Qr, PriceRule::PerTask { lingshi: 0 };
    /// 文案改写: rewrite a piece of copy for a platform. The original app
    /// names no price; an answer costs what a cutout costs.
    TextRewrite = "TEXT_REWRITE", Text, PriceRule::PerResult { lingshi: 5 };
    /// 爆文改写: new content from a popular article; priced like a picture
    /// or video rewrite's result (10), which reads about as much.
    ArticleRewrite = "HOT_ARTICLE_REWRITE", Text, PriceRule::PerResult { lingshi: 10 };
    /// 主题创作: an article on a topic for a platform. The original app
    /// names no price; it writes as much as an article rewrite (10).
    TopicArticle = "THEME_ARTICLE_GEN", Text, PriceRule::PerResult { lingshi: 10 };
    /// 图片改写: a note's pictures read (OCR), new copy written from their
    /// text. The spec's price: 10 per result.
    PicRewrite = "HOT_PIC_REWRITE", Text, PriceRule::PerResult { lingshi: 10 };
    /// 视频改写: a short video's speech transcribed, a new short-video
    /// script written from it. The spec's price: 10 per script.
    VideoRewrite = "HOT_VIDEO_REWRITE", Text, PriceRule::PerResult { lingshi: 10 };
    /// 海报创作: a poster typeset from a template, its product pictures cut
    /// out first (so the compose family: segmentation plus drawing). The
    /// original app names no price; a poster costs what a cutout costs.
    PlacardGen = "PLACARD_GEN", Compose, PriceRule::PerTask { lingshi: 5 };
    /// 海报文案: words for a poster's text slots from a product or an idea
    /// ("fill from product / idea" in the editor). A few short lines, so
    /// less than a rewrite's answer (5).
    PosterCopy = "POSTER_COPY_GEN", Text, PriceRule::PerTask { lingshi: 2 };
    /// 营销创意报告: one stage of an idea report (event summary, ideas,
    /// association, risk), created by the report, never submitted alone.
    /// The spec's price: picture ideas 30 for 3; the other stages, and
    /// video and offline ideas while they are free, cost nothing
    /// (`IdeaStageSpec::charged`).
    MktIdeaGen = "MKT_IDEA_GEN", Text, PriceRule::PerTask { lingshi: 30 };
    /// 内容生成: one platform's post of a content batch (title, text,
    /// hashtags), created by the batch, never submitted alone. The spec
    /// names no price; a post costs what a rewritten article costs (10).
    MktContentGen = "MKT_CONTENT_GEN", Text, PriceRule::PerTask { lingshi: 10 };
}

/// On the wire: the type's name (`bizType`), one of [`BizType::ALL`].
impl utoipa::PartialSchema for BizType {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(BizType::ALL.iter().map(|b| b.as_str())))
            .into()
    }
}

impl utoipa::ToSchema for BizType {}

/// Which kind of worker runs a task type; each family has its own queues so
/// a node only pulls the work its models can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobFamily {
    /// Segmentation models (cutout).
    Segment,
    /// Compositing on top of segmentation (product on background).
    Compose,
    /// Diffusion pipelines (people, try-on, custom characters, product
    /// replacement).
    Diffusion,
    /// QR art.
    Qr,
    /// Image-to-video.
    Video,
    /// Text generation on a language model (local or an OpenAI-compatible
    /// endpoint).
    Text,
}

impl JobFamily {
    pub fn as_str(self) -> &'static str {
        match self {
            JobFamily::Segment => "segment",
            JobFamily::Compose => "compose",
            JobFamily::Diffusion => "diffusion",
            JobFamily::Qr => "qr",
            JobFamily::Video => "video",
            JobFamily::Text => "text",
        }
    }
}

/// How a task type is charged, in lingshi. Served to the web as is
/// (`GET /api/task-types`), so the price a page shows is the one charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(tag = "rule", rename_all = "camelCase")]
pub enum PriceRule {
    /// One price per task.
    PerTask { lingshi: u32 },
    /// Per generated image (`genNum`).
    PerImage { lingshi: u32 },
    /// Per generated text (`genNum` answers).
    PerResult { lingshi: u32 },
    /// By the output's resolution.
    ByResolution {
        #[serde(rename = "480p")]
        p480: u32,
        #[serde(rename = "720p")]
        p720: u32,
    },
}

/// What a task's options contribute to its price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceBasis {
    /// Images (or texts) generated (`genNum`, at least 1).
    pub images: u8,
    /// Whether the output is the higher resolution (720p video).
    pub high_resolution: bool,
}

impl PriceBasis {
    pub const ONE: PriceBasis = PriceBasis { images: 1, high_resolution: false };
}

impl PriceRule {
    pub fn charge(self, basis: PriceBasis) -> crate::domain::Lingshi {
        let n = match self {
            PriceRule::PerTask { lingshi } => lingshi,
            PriceRule::PerImage { lingshi } | PriceRule::PerResult { lingshi } => {
                lingshi * u32::from(basis.images.max(1))
            }
            PriceRule::ByResolution { p480, p720 } => {
                if basis.high_resolution {
                    p720
                } else {
                    p480
                }
            }
        };
        crate::domain::Lingshi::new(n)
    }
}

impl BizType {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        Self::ALL
            .into_iter()
            .find(|b| b.as_str() == raw.trim())
            .ok_or(Invalid::field(ErrorCode::UnknownBizType, "bizType"))
    }

    /// The charge for one task with the simplest options (one image, the
    /// lower resolution). Submissions are charged `TaskSpec::cost`.
    pub fn cost(self) -> crate::domain::Lingshi {
        self.price().charge(PriceBasis::ONE)
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
    fn prices_follow_their_rule() {
        assert_eq!(BizType::MattingImage.cost().get(), 5);
        assert_eq!(BizType::QrCodeArt.cost().get(), 0);
        let video = BizType::Img2Video.price();
        assert_eq!(video.charge(PriceBasis { images: 1, high_resolution: true }).get(), 80);
        assert_eq!(video.charge(PriceBasis::ONE).get(), 40);
        let product = BizType::ProductImage.price();
        assert_eq!(product.charge(PriceBasis { images: 3, high_resolution: false }).get(), 15);
        assert_eq!(product.charge(PriceBasis { images: 0, high_resolution: false }).get(), 5);
        let json = serde_json::to_value(video).unwrap();
        assert_eq!(json, serde_json::json!({ "rule": "byResolution", "480p": 40, "720p": 80 }));
    }

    #[test]
    fn a_type_runs_on_the_family_of_its_pipeline() {
        // Product replacement inpaints with diffusion: a CPU-only compose
        // node must never take it.
        assert_eq!(BizType::ProductReplaceImage.family(), JobFamily::Diffusion);
        assert_eq!(BizType::ProductImage.family(), JobFamily::Compose);
        let wires: std::collections::BTreeSet<_> = BizType::ALL.iter().map(|b| b.as_str()).collect();
        assert_eq!(wires.len(), BizType::ALL.len(), "wire names are unique");
    }
}
