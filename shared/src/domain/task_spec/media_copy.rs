//! Options of the rewrites that read their source from media (图片改写
//! HOT_PIC_REWRITE: a note's pictures, read by OCR; 视频改写
//! HOT_VIDEO_REWRITE: a short video, its speech transcribed). The text
//! they read is only known on the worker, so the language of the answer
//! may be left to it.

use serde_json::{Map, Value};

use super::{parse_upload_url, reject_unknown, small_int, upload_url};
use crate::copywriting::{CopyLanguage, CopyStyle, Platform};
use crate::domain::{BizType, Invalid, UploadId};
use crate::error::ErrorCode;

/// Pictures of one note: a redbook note carries at most nine.
pub const MEDIA_IMAGES_MAX: usize = 9;
/// The spec: "genNum 2" for both.
pub const MEDIA_GEN_NUM_MAX: u8 = 2;
pub const MEDIA_GEN_NUM_DEFAULT: u8 = 2;

/// What the copy is written from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaSource {
    /// A note's pictures, in the order given.
    Images(Vec<UploadId>),
    /// A short video (MP4 or QuickTime, with sound), and the language
    /// spoken in it when the merchant says (else Whisper detects it).
    Video { video: UploadId, speech: Option<CopyLanguage> },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaCopySpec {
    pub source: MediaSource,
    /// A video always becomes a short-video script (tiktok's shape).
    pub platform: Platform,
    pub style: CopyStyle,
    /// The answers' language; `None`: the language of the text read.
    pub language: Option<CopyLanguage>,
    pub gen_num: u8,
}

impl MediaCopySpec {
    pub fn biz_type(&self) -> BizType {
        match self.source {
            MediaSource::Images(_) => BizType::PicRewrite,
            MediaSource::Video { .. } => BizType::VideoRewrite,
        }
    }

    pub fn input_images(&self) -> Vec<UploadId> {
        match &self.source {
            MediaSource::Images(ids) => ids.clone(),
            MediaSource::Video { .. } => Vec::new(),
        }
    }

    pub fn input_video(&self) -> Option<UploadId> {
        match self.source {
            MediaSource::Video { video, .. } => Some(video),
            MediaSource::Images(_) => None,
        }
    }

    pub fn to_params(&self) -> Value {
        let mut map = Map::new();
        match &self.source {
            MediaSource::Images(ids) => {
                map.insert("imageUrls".into(), ids.iter().map(|id| Value::String(upload_url(*id))).collect());
                map.insert("socialPlatform".into(), self.platform.as_str().into());
            }
            MediaSource::Video { video, speech } => {
                map.insert("videoUrl".into(), upload_url(*video).into());
                if let Some(speech) = speech {
                    map.insert("speechLanguage".into(), speech.as_str().into());
                }
            }
        }
        map.insert("style".into(), self.style.as_str().into());
        map.insert("genNum".into(), self.gen_num.into());
        if let Some(language) = self.language {
            map.insert("language".into(), language.as_str().into());
        }
        Value::Object(map)
    }
}

/// HOT_PIC_REWRITE's options.
pub fn parse_images(params: &Map<String, Value>) -> Result<MediaCopySpec, Invalid> {
    reject_unknown(params, &["imageUrls", "socialPlatform", "style", "language", "genNum"])?;
    let required = || Invalid::field(ErrorCode::MediaImagesRequired, "imageUrls");
    let urls = match params.get("imageUrls") {
        Some(Value::Array(urls)) if !urls.is_empty() && urls.len() <= MEDIA_IMAGES_MAX => urls,
        _ => return Err(required()),
    };
    let mut images = Vec::with_capacity(urls.len());
    for url in urls {
        let id =
            url.as_str().and_then(parse_upload_url).ok_or(Invalid::field(ErrorCode::ImageNotFound, "imageUrls"))?;
        if images.contains(&id) {
            return Err(Invalid::field(ErrorCode::InvalidParam, "imageUrls"));
        }
        images.push(id);
    }
    let platform = match params.get("socialPlatform") {
        None | Some(Value::Null) => Platform::Redbook,
        Some(Value::String(s)) => {
            Platform::parse(s).ok_or(Invalid::field(ErrorCode::CopyBadPlatform, "socialPlatform"))?
        }
        Some(_) => return Err(Invalid::field(ErrorCode::CopyBadPlatform, "socialPlatform")),
    };
    let (style, language, gen_num) = common(params)?;
    Ok(MediaCopySpec { source: MediaSource::Images(images), platform, style, language, gen_num })
}

/// HOT_VIDEO_REWRITE's options.
pub fn parse_video(params: &Map<String, Value>) -> Result<MediaCopySpec, Invalid> {
    reject_unknown(params, &["videoUrl", "speechLanguage", "style", "language", "genNum"])?;
    let video = match params.get("videoUrl") {
        None | Some(Value::Null) => return Err(Invalid::field(ErrorCode::MediaVideoRequired, "videoUrl")),
        Some(Value::String(s)) if s.trim().is_empty() => {
            return Err(Invalid::field(ErrorCode::MediaVideoRequired, "videoUrl"))
        }
        Some(v) => {
            v.as_str().and_then(parse_upload_url).ok_or(Invalid::field(ErrorCode::InputVideoUnreadable, "videoUrl"))?
        }
    };
    let speech = optional_language(params, "speechLanguage")?;
    let (style, language, gen_num) = common(params)?;
    let source = MediaSource::Video { video, speech };
    Ok(MediaCopySpec { source, platform: Platform::Tiktok, style, language, gen_num })
}

fn common(params: &Map<String, Value>) -> Result<(CopyStyle, Option<CopyLanguage>, u8), Invalid> {
    let style = match params.get("style") {
        None | Some(Value::Null) => CopyStyle::default(),
        Some(Value::String(s)) => CopyStyle::parse(s).ok_or(Invalid::field(ErrorCode::CopyBadStyle, "style"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::CopyBadStyle, "style")),
    };
    let language = optional_language(params, "language")?;
    let gen_num = small_int(params, "genNum", 1, MEDIA_GEN_NUM_MAX, MEDIA_GEN_NUM_DEFAULT)?;
    Ok((style, language, gen_num))
}

/// `zh`, `en`, or absent / null for "as read".
fn optional_language(params: &Map<String, Value>, key: &'static str) -> Result<Option<CopyLanguage>, Invalid> {
    match params.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => CopyLanguage::parse(s).map(Some).ok_or(Invalid::field(ErrorCode::InvalidParam, key)),
        Some(_) => Err(Invalid::field(ErrorCode::InvalidParam, key)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::domain::task_spec::TaskSpec;

    fn url() -> String {
        upload_url(UploadId::new())
    }

    #[test]
    fn pictures_parse_with_defaults_and_round_trip() {
        let (a, b) = (url(), url());
        let spec = TaskSpec::parse("HOT_PIC_REWRITE", &json!({ "imageUrls": [a, b] })).unwrap();
        let TaskSpec::MediaCopy(m) = &spec else { panic!("{spec:?}") };
        assert_eq!(m.input_images().len(), 2);
        assert_eq!((m.platform, m.style, m.language, m.gen_num), (Platform::Redbook, CopyStyle::default(), None, 2));
        assert_eq!(spec.biz_type(), BizType::PicRewrite);
        assert_eq!(spec.cost().get(), 20, "10 per result, two results");
        assert_eq!(TaskSpec::parse("HOT_PIC_REWRITE", &spec.to_params()).unwrap(), spec);
    }

    #[test]
    fn a_video_becomes_a_script_and_round_trips() {
        let spec = TaskSpec::parse(
            "HOT_VIDEO_REWRITE",
            &json!({ "videoUrl": url(), "genNum": 1, "language": "en", "speechLanguage": "zh" }),
        )
        .unwrap();
        let TaskSpec::MediaCopy(m) = &spec else { panic!("{spec:?}") };
        assert_eq!((m.platform, m.language, m.gen_num), (Platform::Tiktok, Some(CopyLanguage::En), 1));
        assert!(m.input_video().is_some() && m.input_images().is_empty());
        assert!(matches!(m.source, MediaSource::Video { speech: Some(CopyLanguage::Zh), .. }));
        assert_eq!(spec.cost().get(), 10);
        assert_eq!(TaskSpec::parse("HOT_VIDEO_REWRITE", &spec.to_params()).unwrap(), spec);
    }

    #[test]
    fn bad_pictures_are_refused_with_their_codes() {
        let code = |p: Value| TaskSpec::parse("HOT_PIC_REWRITE", &p).unwrap_err().code;
        assert_eq!(code(json!({})), ErrorCode::MediaImagesRequired);
        assert_eq!(code(json!({ "imageUrls": [] })), ErrorCode::MediaImagesRequired);
        let ten: Vec<String> = (0..10).map(|_| url()).collect();
        assert_eq!(code(json!({ "imageUrls": ten })), ErrorCode::MediaImagesRequired);
        assert_eq!(code(json!({ "imageUrls": ["not a url"] })), ErrorCode::ImageNotFound);
        let one = url();
        assert_eq!(code(json!({ "imageUrls": [one, one] })), ErrorCode::InvalidParam);
        assert_eq!(code(json!({ "imageUrls": [url()], "genNum": 3 })), ErrorCode::InvalidParam);
        assert_eq!(code(json!({ "imageUrls": [url()], "socialPlatform": "myspace" })), ErrorCode::CopyBadPlatform);
        assert_eq!(code(json!({ "imageUrls": [url()], "videoUrl": url() })), ErrorCode::InvalidParam);
    }

    #[test]
    fn bad_videos_are_refused_with_their_codes() {
        let code = |p: Value| TaskSpec::parse("HOT_VIDEO_REWRITE", &p).unwrap_err().code;
        assert_eq!(code(json!({})), ErrorCode::MediaVideoRequired);
        assert_eq!(code(json!({ "videoUrl": " " })), ErrorCode::MediaVideoRequired);
        assert_eq!(code(json!({ "videoUrl": 7 })), ErrorCode::InputVideoUnreadable);
        // A script has one shape: the platform is not an option.
        assert_eq!(code(json!({ "videoUrl": url(), "socialPlatform": "redbook" })), ErrorCode::InvalidParam);
        assert_eq!(code(json!({ "videoUrl": url(), "style": "?" })), ErrorCode::CopyBadStyle);
        assert_eq!(code(json!({ "videoUrl": url(), "speechLanguage": "fr" })), ErrorCode::InvalidParam);
    }
}
