//! `TaskSpec::parse`: a task submission's `bizType` and `params` become one
//! typed spec. Option names are the original app's, in camelCase.
//!
//! Each task type's options live in their own submodule of this folder;
//! this file only dispatches and holds the helpers they share.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{BizType, Invalid, UploadId};
use crate::error::ErrorCode;

pub mod diffusion;
pub use diffusion::{DiffusionKind, DiffusionRatio, DiffusionSpec, TryOnType};

pub mod qr_code_art;
pub use qr_code_art::{QrCodeArtSpec, QrShape};

pub mod background_reproduce;
pub use background_reproduce::{BackgroundReproduceSpec, ReproduceMode};

pub mod video;
pub use video::{CameraMove, MotionSpeed, VideoFormat, VideoResolution, VideoSpec};

pub mod copy;
pub use copy::{CopyKind, CopySpec};

pub mod media_copy;
pub use media_copy::{MediaCopySpec, MediaSource};

pub mod limits;
pub mod poster;
pub use poster::{PosterDocument, PosterSpec};
pub mod poster_copy;
pub use poster_copy::PosterCopySpec;
pub mod idea_stage;
pub use idea_stage::IdeaStageSpec;
pub mod content;
pub use content::ContentSpec;
pub mod product_image;
pub use limits::limits_of;
pub use product_image::{OutputFormat, OutputRatio, ProductBackground, ProductImageSpec};

/// The segmentation network a cutout uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CutoutModel {
    /// ISNet guarded by U²-Net, edges refined at full resolution: the most
    /// accurate on the evaluation set (docs/MODELS.md), so the default.
    #[default]
    Fused,
    /// ISNet fp16 alone: the sharpest edges, fooled by some busy textures.
    Isnet,
    /// U²-Net: steadier on busy backgrounds (brick, gravel), softer edges.
    U2net,
    /// U²-Netp: fast, coarser.
    U2netp,
}

impl CutoutModel {
    pub fn as_str(self) -> &'static str {
        match self {
            CutoutModel::Fused => "fused",
            CutoutModel::Isnet => "isnet",
            CutoutModel::U2net => "u2net",
            CutoutModel::U2netp => "u2netp",
        }
    }
}

/// `MATTING_IMAGE` options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CutoutSpec {
    pub image: UploadId,
    pub model: CutoutModel,
}

/// A parsed, typed task submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TaskSpec {
    Cutout(CutoutSpec),
    Diffusion(DiffusionSpec),
    QrCodeArt(QrCodeArtSpec),
    Video(VideoSpec),
    BackgroundReproduce(BackgroundReproduceSpec),
    ProductImage(ProductImageSpec),
    /// Marketing copy (TEXT_REWRITE, HOT_ARTICLE_REWRITE).
    Copy(CopySpec),
    /// Marketing copy from pictures or a video (HOT_PIC_REWRITE,
    /// HOT_VIDEO_REWRITE).
    MediaCopy(MediaCopySpec),
    /// A poster from a template (PLACARD_GEN).
    Poster(PosterSpec),
    /// Words for a poster's text slots (POSTER_COPY_GEN).
    PosterCopy(PosterCopySpec),
    /// One stage of an idea report (MKT_IDEA_GEN).
    IdeaStage(IdeaStageSpec),
    /// One platform's post of a content batch (MKT_CONTENT_GEN).
    Content(ContentSpec),
}

impl TaskSpec {
    /// Parses a submission. Task types whose pipeline is not built yet are
    /// refused with `BIZ_TYPE_NOT_AVAILABLE`, never accepted to fail later.
    pub fn parse(biz_type: &str, params: &Value) -> Result<Self, Invalid> {
        let biz = BizType::parse(biz_type)?;
        let params = params.as_object().ok_or(Invalid::field(ErrorCode::InvalidParam, "params"))?;
        match biz {
            BizType::MattingImage => parse_cutout(params).map(TaskSpec::Cutout),
            BizType::MannequinImage
            | BizType::ModelImageNew
            | BizType::WigImage
            | BizType::ShoesImage
            | BizType::ProductReplaceImage
            | BizType::CustomizedModel
            | BizType::PetImageCustomized
            | BizType::TryOn => {
                let kind = DiffusionKind::from_biz_type(biz)
                    .ok_or(Invalid::field(ErrorCode::BizTypeNotAvailable, "bizType"))?;
                diffusion::parse(kind, params).map(TaskSpec::Diffusion)
            }
            BizType::QrCodeArt => qr_code_art::parse(params).map(TaskSpec::QrCodeArt),
            BizType::Img2Video => video::parse(params).map(TaskSpec::Video),
            // PRODUCT_IMAGE has sub-modes by `taskType`: background replication
            // (BACKGROUND_REPRODUCE) has its own options; anything else is the
            // product on a new background.
            BizType::ProductImage => match params.get("taskType").and_then(Value::as_str) {
                Some(background_reproduce::TASK_TYPE) => {
                    background_reproduce::parse(params).map(TaskSpec::BackgroundReproduce)
                }
                _ => product_image::parse(params).map(TaskSpec::ProductImage),
            },
            BizType::TextRewrite => copy::parse(CopyKind::TextRewrite, params).map(TaskSpec::Copy),
            BizType::ArticleRewrite => copy::parse(CopyKind::ArticleRewrite, params).map(TaskSpec::Copy),
            BizType::TopicArticle => copy::parse(CopyKind::Topic, params).map(TaskSpec::Copy),
            BizType::PicRewrite => media_copy::parse_images(params).map(TaskSpec::MediaCopy),
            BizType::VideoRewrite => media_copy::parse_video(params).map(TaskSpec::MediaCopy),
            BizType::PlacardGen => poster::parse(params).map(TaskSpec::Poster),
            BizType::PosterCopy => poster_copy::parse(params).map(TaskSpec::PosterCopy),
            BizType::MktIdeaGen => idea_stage::parse(params).map(TaskSpec::IdeaStage),
            BizType::MktContentGen => content::parse(params).map(TaskSpec::Content),
        }
    }

    /// What this task is charged when accepted: its type's price rule
    /// ([`BizType::price`]) applied to the options that change the price.
    pub fn cost(&self) -> crate::domain::Lingshi {
        // A report stage that is free (all but the ideas, and the ideas
        // while their free period lasts) costs nothing whatever its type's
        // price.
        if let TaskSpec::IdeaStage(stage) = self {
            if !stage.charged {
                return crate::domain::Lingshi::new(0);
            }
        }
        self.biz_type().price().charge(self.price_basis())
    }

    /// The options a price rule reads: images generated, resolution.
    fn price_basis(&self) -> super::PriceBasis {
        use super::PriceBasis;
        match self {
            TaskSpec::Cutout(_)
            | TaskSpec::QrCodeArt(_)
            | TaskSpec::Poster(_)
            | TaskSpec::PosterCopy(_)
            | TaskSpec::IdeaStage(_)
            | TaskSpec::Content(_) => PriceBasis::ONE,
            TaskSpec::Diffusion(d) => PriceBasis { images: d.gen_num, high_resolution: false },
            TaskSpec::ProductImage(p) => PriceBasis { images: p.gen_num, high_resolution: false },
            TaskSpec::BackgroundReproduce(b) => PriceBasis { images: b.gen_num, high_resolution: false },
            TaskSpec::Video(v) => PriceBasis { images: 1, high_resolution: v.resolution == VideoResolution::P720 },
            TaskSpec::Copy(c) => PriceBasis { images: c.gen_num, high_resolution: false },
            TaskSpec::MediaCopy(m) => PriceBasis { images: m.gen_num, high_resolution: false },
        }
    }

    pub fn biz_type(&self) -> BizType {
        match self {
            TaskSpec::Cutout(_) => BizType::MattingImage,
            TaskSpec::Diffusion(d) => d.kind.biz_type(),
            TaskSpec::QrCodeArt(_) => BizType::QrCodeArt,
            TaskSpec::Video(_) => BizType::Img2Video,
            TaskSpec::BackgroundReproduce(_) => BizType::ProductImage,
            TaskSpec::ProductImage(_) => BizType::ProductImage,
            TaskSpec::Copy(c) => c.kind.biz_type(),
            TaskSpec::MediaCopy(m) => m.biz_type(),
            TaskSpec::Poster(_) => BizType::PlacardGen,
            TaskSpec::PosterCopy(_) => BizType::PosterCopy,
            TaskSpec::IdeaStage(_) => BizType::MktIdeaGen,
            TaskSpec::Content(_) => BizType::MktContentGen,
        }
    }

    /// Whether the task uses a colour outside the 7-colour palette, which
    /// only paid tiers may (the API checks the tier). A poster's colours
    /// are judged against the template it started from, which may be in
    /// the database: `admission::uses_custom_colour`.
    pub fn uses_custom_colour(&self) -> bool {
        matches!(self, TaskSpec::ProductImage(p) if p.uses_custom_colour())
    }

    /// Images the task reads; the API checks the caller owns each one and
    /// that it is an image.
    pub fn input_uploads(&self) -> Vec<UploadId> {
        match self {
            TaskSpec::Cutout(c) => vec![c.image],
            TaskSpec::Diffusion(d) => d.input_uploads(),
            TaskSpec::QrCodeArt(q) => vec![q.image],
            TaskSpec::Video(v) => vec![v.image],
            TaskSpec::BackgroundReproduce(b) => b.input_uploads(),
            TaskSpec::ProductImage(p) => p.input_uploads(),
            TaskSpec::Copy(_) => Vec::new(),
            TaskSpec::MediaCopy(m) => m.input_images(),
            TaskSpec::Poster(p) => p.input_uploads(),
            TaskSpec::PosterCopy(_) | TaskSpec::IdeaStage(_) | TaskSpec::Content(_) => Vec::new(),
        }
    }

    /// The video the task reads, if any (owned by the caller, a video).
    pub fn input_video(&self) -> Option<UploadId> {
        match self {
            TaskSpec::MediaCopy(m) => m.input_video(),
            TaskSpec::Cutout(_)
            | TaskSpec::Diffusion(_)
            | TaskSpec::QrCodeArt(_)
            | TaskSpec::Video(_)
            | TaskSpec::BackgroundReproduce(_)
            | TaskSpec::ProductImage(_)
            | TaskSpec::Copy(_)
            | TaskSpec::Poster(_)
            | TaskSpec::PosterCopy(_)
            | TaskSpec::IdeaStage(_)
            | TaskSpec::Content(_) => None,
        }
    }

    /// The canonical `params` JSON stored in the task row; `parse` of it
    /// gives back the same spec.
    pub fn to_params(&self) -> Value {
        match self {
            TaskSpec::Cutout(c) => serde_json::json!({
                "imageUrl": upload_url(c.image),
                "model": c.model.as_str(),
            }),
            TaskSpec::Diffusion(d) => d.to_params(),
            TaskSpec::QrCodeArt(q) => q.to_params(),
            TaskSpec::Video(v) => v.to_params(),
            TaskSpec::BackgroundReproduce(b) => b.to_params(),
            TaskSpec::ProductImage(p) => p.to_params(),
            TaskSpec::Copy(c) => c.to_params(),
            TaskSpec::MediaCopy(m) => m.to_params(),
            TaskSpec::Poster(p) => p.to_params(),
            TaskSpec::PosterCopy(p) => p.to_params(),
            TaskSpec::IdeaStage(s) => s.to_params(),
            TaskSpec::Content(c) => c.to_params(),
        }
    }
}

/// An optional small integer option: `default` when absent or null, else
/// a whole number in `min..=max`, or `INVALID_PARAM` naming `key`.
pub(crate) fn small_int(
    params: &Map<String, Value>,
    key: &'static str,
    min: u8,
    max: u8,
    default: u8,
) -> Result<u8, Invalid> {
    match params.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => v
            .as_u64()
            .filter(|n| (u64::from(min)..=u64::from(max)).contains(n))
            .map(|n| n as u8)
            .ok_or(Invalid::field(ErrorCode::InvalidParam, key)),
    }
}

fn parse_cutout(params: &Map<String, Value>) -> Result<CutoutSpec, Invalid> {
    reject_unknown(params, &["imageUrl", "model", "mode"])?;
    let image = parse_upload_url(required_str(params, "imageUrl")?)
        .ok_or(Invalid::field(ErrorCode::ImageNotFound, "imageUrl"))?;
    let model = match params.get("model") {
        None | Some(Value::Null) => CutoutModel::default(),
        Some(Value::String(s)) if s == "fused" => CutoutModel::Fused,
        Some(Value::String(s)) if s == "isnet" => CutoutModel::Isnet,
        Some(Value::String(s)) if s == "u2net" => CutoutModel::U2net,
        Some(Value::String(s)) if s == "u2netp" => CutoutModel::U2netp,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "model")),
    };
    // The original app's cutout modes: only the automatic one is a task; click and
    // brush edits are client-side mask edits.
    match params.get("mode") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) if s == "auto" => {}
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "mode")),
    }
    Ok(CutoutSpec { image, model })
}

pub(crate) fn required_str<'a>(params: &'a Map<String, Value>, key: &'static str) -> Result<&'a str, Invalid> {
    match params.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.trim()),
        _ => Err(Invalid::field(ErrorCode::InvalidParam, key)),
    }
}

pub(crate) fn reject_unknown(params: &Map<String, Value>, known: &[&'static str]) -> Result<(), Invalid> {
    match params.keys().find(|k| !known.contains(&k.as_str())) {
        Some(_) => Err(Invalid::field(ErrorCode::InvalidParam, "params")),
        None => Ok(()),
    }
}

/// The URL path an upload is served at; the upload call returns it.
pub fn upload_url(id: UploadId) -> String {
    format!("/api/files/uploads/{id}")
}

/// An upload named by its id or by the URL the upload call answered.
pub fn upload_ref(raw: &str) -> Option<UploadId> {
    let raw = raw.trim();
    raw.parse().ok().or_else(|| parse_upload_url(raw))
}

/// Accepts the upload URL as the upload call returned it, with or without
/// scheme and host.
pub fn parse_upload_url(raw: &str) -> Option<UploadId> {
    const MARKER: &str = "/api/files/uploads/";
    let start = raw.find(MARKER)? + MARKER.len();
    let rest = &raw[start..];
    let id = rest.split(['.', '?', '#', '/']).next()?;
    id.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cutout_parses_with_defaults_and_round_trips() {
        let id = UploadId::new();
        let spec = TaskSpec::parse("MATTING_IMAGE", &json!({ "imageUrl": upload_url(id) })).unwrap();
        assert_eq!(spec, TaskSpec::Cutout(CutoutSpec { image: id, model: CutoutModel::Fused }));
        let again = TaskSpec::parse("MATTING_IMAGE", &spec.to_params()).unwrap();
        assert_eq!(again, spec);
        for model in [CutoutModel::Fused, CutoutModel::Isnet, CutoutModel::U2net, CutoutModel::U2netp] {
            let params = json!({ "imageUrl": upload_url(id), "model": model.as_str() });
            assert_eq!(
                TaskSpec::parse("MATTING_IMAGE", &params).unwrap(),
                TaskSpec::Cutout(CutoutSpec { image: id, model })
            );
        }
    }

    #[test]
    fn absolute_upload_urls_are_accepted() {
        let id = UploadId::new();
        let url = format!("http://127.0.0.1:8080/api/files/uploads/{id}");
        assert_eq!(parse_upload_url(&url), Some(id));
        assert_eq!(parse_upload_url("/api/files/uploads/not-a-uuid"), None);
        assert_eq!(parse_upload_url("https://evil.example/x.png"), None);
    }

    #[test]
    fn bad_params_name_the_field() {
        let id = upload_url(UploadId::new());
        let cases = [
            (json!({}), ErrorCode::InvalidParam, "imageUrl"),
            (json!({ "imageUrl": 3 }), ErrorCode::InvalidParam, "imageUrl"),
            (json!({ "imageUrl": "x.png" }), ErrorCode::ImageNotFound, "imageUrl"),
            (json!({ "imageUrl": id, "model": "sam" }), ErrorCode::InvalidParam, "model"),
            (json!({ "imageUrl": id, "colour": "red" }), ErrorCode::InvalidParam, "params"),
            (json!([1]), ErrorCode::InvalidParam, "params"),
        ];
        for (params, code, field) in cases {
            let err = TaskSpec::parse("MATTING_IMAGE", &params).unwrap_err();
            assert_eq!((err.code, err.field), (code, Some(field)), "{params}");
        }
    }

    #[test]
    fn unbuilt_and_unknown_types_are_refused() {
        let p = json!({ "imageUrl": upload_url(UploadId::new()) });
        assert_eq!(TaskSpec::parse("NOPE", &p).unwrap_err().code, ErrorCode::UnknownBizType);
    }
}
