//! "Create content": the request of `POST /api/content-batches` parsed at
//! the edge. The posts ride a hotspot (its title and summary are read from
//! it), an idea of one of the caller's idea reports, or a topic the caller
//! names (a calendar day, their own); for the caller's product.

use serde::Deserialize;

use super::idea_report_request::{BACKGROUND_MAX, MARKET_DESC_MAX, PROMPT_MAX, TOPIC_MAX};
use super::task_spec::upload_ref;
use super::text_field::{optional, required};
use super::{HotspotId, Invalid, UploadId};
use crate::copywriting::{CopyLanguage, CopyStyle, Platform};
use crate::error::ErrorCode;
use crate::marketing::content::{ContentSource, MAX_PLATFORMS};

pub const PRODUCT_NAME_MAX: usize = 50;
pub const PRODUCT_INFO_MAX: usize = 1000;

#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentBatchBody {
    /// hotspot, calendar (or calender), importHot, importPopular,
    /// importPopularImage, importIdea or custom; default hotspot with a
    /// hotspotId, importIdea with a reportId, else custom.
    pub source: Option<String>,
    /// The hotspot (hotspot and import sources).
    pub hotspot_id: Option<String>,
    /// The idea report (importIdea) and which of its picture ideas
    /// (0-based).
    pub report_id: Option<String>,
    pub idea_index: Option<u32>,
    /// Without a hotspot or idea: the topic (a calendar day's name, the
    /// merchant's own), 1–100 characters.
    pub topic: Option<String>,
    /// What the topic is about, at most 500.
    pub topic_desc: Option<String>,
    /// 1–50 characters.
    pub product_name: Option<String>,
    /// What matters about the product: at most 1000.
    pub product_info: Option<String>,
    /// redbook, weibo, tiktok, wechat: 1 to 4, each once.
    pub platforms: Option<Vec<String>>,
    /// One of the seven styles (id or Chinese name); default 整活幽默.
    pub idea_style: Option<String>,
    /// Who the posts are for and what they should achieve, at most 500.
    pub market_desc: Option<String>,
    /// Anything else the merchant wants, at most 500.
    pub prompt: Option<String>,
    /// zh or en; default the language of the product's name and information.
    pub language: Option<String>,
    /// The product's photo (the URL or id an upload answered): each written
    /// post then gets a scene and a design picture of it.
    pub product_image: Option<String>,
}

/// What the posts ride.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentSubject {
    Hotspot(HotspotId),
    Idea { report_id: String, index: usize },
    Topic { title: String, description: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewContentBatch {
    pub source: ContentSource,
    pub subject: ContentSubject,
    pub product_name: String,
    pub product_info: String,
    pub platforms: Vec<Platform>,
    pub style: CopyStyle,
    pub market_desc: String,
    pub prompt: String,
    pub language: CopyLanguage,
    pub product_image: Option<UploadId>,
}

fn trimmed(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|s| !s.is_empty())
}

impl NewContentBatch {
    pub fn parse(b: &ContentBatchBody) -> Result<Self, Invalid> {
        let hotspot = match trimmed(b.hotspot_id.as_deref()) {
            Some(id) => {
                Some(id.parse::<HotspotId>().map_err(|_| Invalid::field(ErrorCode::HotspotNotFound, "hotspotId"))?)
            }
            None => None,
        };
        let report = trimmed(b.report_id.as_deref()).map(str::to_owned);
        let default_source = match (hotspot, &report) {
            (Some(_), _) => ContentSource::Hotspot,
            (None, Some(_)) => ContentSource::ImportIdea,
            (None, None) => ContentSource::Custom,
        };
        let source = match trimmed(b.source.as_deref()) {
            None => default_source,
            Some(s) => ContentSource::parse(s).ok_or(Invalid::field(ErrorCode::InvalidParam, "source"))?,
        };
        let subject = if source.is_hotspot() {
            ContentSubject::Hotspot(hotspot.ok_or(Invalid::field(ErrorCode::IdeaTopicRequired, "hotspotId"))?)
        } else if source == ContentSource::ImportIdea {
            ContentSubject::Idea {
                report_id: report.ok_or(Invalid::field(ErrorCode::IdeaTopicRequired, "reportId"))?,
                index: b.idea_index.ok_or(Invalid::field(ErrorCode::IdeaTopicRequired, "ideaIndex"))? as usize,
            }
        } else {
            let title = optional(b.topic.as_deref(), TOPIC_MAX, ErrorCode::IdeaTextTooLong)
                .map_err(|e| Invalid { field: Some("topic"), ..e })?
                .ok_or(Invalid::field(ErrorCode::IdeaTopicRequired, "topic"))?;
            let description = optional(b.topic_desc.as_deref(), BACKGROUND_MAX, ErrorCode::IdeaTextTooLong)
                .map_err(|e| Invalid { field: Some("topicDesc"), ..e })?
                .unwrap_or_default();
            ContentSubject::Topic { title, description }
        };
        let product_name = required(
            b.product_name.as_deref(),
            PRODUCT_NAME_MAX,
            ErrorCode::ContentProductRequired,
            ErrorCode::IdeaTextTooLong,
        )
        .map_err(|e| Invalid { field: Some("productName"), ..e })?;
        let product_info = optional(b.product_info.as_deref(), PRODUCT_INFO_MAX, ErrorCode::IdeaTextTooLong)
            .map_err(|e| Invalid { field: Some("productInfo"), ..e })?
            .unwrap_or_default();
        let mut platforms = Vec::new();
        for raw in b.platforms.iter().flatten() {
            let p = Platform::parse(raw).ok_or(Invalid::field(ErrorCode::CopyBadPlatform, "platforms"))?;
            if platforms.contains(&p) {
                return Err(Invalid::field(ErrorCode::InvalidParam, "platforms"));
            }
            platforms.push(p);
        }
        if platforms.is_empty() {
            return Err(Invalid::field(ErrorCode::ContentPlatformRequired, "platforms"));
        }
        debug_assert!(platforms.len() <= MAX_PLATFORMS);
        let style = match trimmed(b.idea_style.as_deref()) {
            None => CopyStyle::Humorous,
            Some(s) => CopyStyle::parse(s).ok_or(Invalid::field(ErrorCode::CopyBadStyle, "ideaStyle"))?,
        };
        let market_desc = optional(b.market_desc.as_deref(), MARKET_DESC_MAX, ErrorCode::IdeaTextTooLong)
            .map_err(|e| Invalid { field: Some("marketDesc"), ..e })?
            .unwrap_or_default();
        let prompt = optional(b.prompt.as_deref(), PROMPT_MAX, ErrorCode::IdeaTextTooLong)
            .map_err(|e| Invalid { field: Some("prompt"), ..e })?
            .unwrap_or_default();
        let language = match trimmed(b.language.as_deref()) {
            None => CopyLanguage::detect(&format!("{product_name}{product_info}")),
            Some(s) => CopyLanguage::parse(s).ok_or(Invalid::field(ErrorCode::InvalidParam, "language"))?,
        };
        let product_image = match trimmed(b.product_image.as_deref()) {
            None => None,
            Some(raw) => Some(upload_ref(raw).ok_or(Invalid::field(ErrorCode::ImageNotFound, "productImage"))?),
        };
        Ok(NewContentBatch {
            product_image,
            source,
            subject,
            product_name,
            product_info,
            platforms,
            style,
            market_desc,
            prompt,
            language,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body() -> ContentBatchBody {
        ContentBatchBody {
            source: Some("calender".into()),
            topic: Some(" 立秋 ".into()),
            product_name: Some("桂花乌龙奶茶".into()),
            platforms: Some(vec!["redbook".into(), "weibo".into()]),
            ..Default::default()
        }
    }

    #[test]
    fn a_calendar_day_takes_the_defaults() {
        let r = NewContentBatch::parse(&body()).unwrap();
        assert_eq!(r.source, ContentSource::Calendar);
        assert_eq!(r.subject, ContentSubject::Topic { title: "立秋".into(), description: String::new() });
        assert_eq!(r.platforms, [Platform::Redbook, Platform::Weibo]);
        assert_eq!((r.style, r.language), (CopyStyle::Humorous, CopyLanguage::Zh));
    }

    #[test]
    fn a_hotspot_or_an_idea_sets_the_default_source() {
        let id = HotspotId::new();
        let b = ContentBatchBody { source: None, topic: None, hotspot_id: Some(id.to_string()), ..body() };
        let r = NewContentBatch::parse(&b).unwrap();
        assert_eq!((r.source, r.subject), (ContentSource::Hotspot, ContentSubject::Hotspot(id)));
        let b =
            ContentBatchBody { source: None, topic: None, report_id: Some("r1".into()), idea_index: Some(2), ..body() };
        let r = NewContentBatch::parse(&b).unwrap();
        assert_eq!(r.subject, ContentSubject::Idea { report_id: "r1".into(), index: 2 });
        assert_eq!(r.source, ContentSource::ImportIdea);
    }

    #[test]
    fn bad_input_names_its_field() {
        let cases = [
            (ContentBatchBody { product_name: None, ..body() }, ErrorCode::ContentProductRequired, Some("productName")),
            (
                ContentBatchBody { platforms: Some(vec![]), ..body() },
                ErrorCode::ContentPlatformRequired,
                Some("platforms"),
            ),
            (ContentBatchBody { platforms: None, ..body() }, ErrorCode::ContentPlatformRequired, Some("platforms")),
            (
                ContentBatchBody { platforms: Some(vec!["weibo".into(), "weibo".into()]), ..body() },
                ErrorCode::InvalidParam,
                Some("platforms"),
            ),
            (
                ContentBatchBody { platforms: Some(vec!["myspace".into()]), ..body() },
                ErrorCode::CopyBadPlatform,
                Some("platforms"),
            ),
            (ContentBatchBody { topic: None, ..body() }, ErrorCode::IdeaTopicRequired, Some("topic")),
            (ContentBatchBody { topic: Some("字".repeat(101)), ..body() }, ErrorCode::IdeaTextTooLong, Some("topic")),
            (
                ContentBatchBody { source: Some("hotspot".into()), ..body() },
                ErrorCode::IdeaTopicRequired,
                Some("hotspotId"),
            ),
            (ContentBatchBody { source: Some("rss".into()), ..body() }, ErrorCode::InvalidParam, Some("source")),
            (
                ContentBatchBody { idea_style: Some("loud".into()), ..body() },
                ErrorCode::CopyBadStyle,
                Some("ideaStyle"),
            ),
            (
                ContentBatchBody { product_info: Some("字".repeat(1001)), ..body() },
                ErrorCode::IdeaTextTooLong,
                Some("productInfo"),
            ),
            (
                ContentBatchBody { hotspot_id: Some("nope".into()), ..body() },
                ErrorCode::HotspotNotFound,
                Some("hotspotId"),
            ),
        ];
        for (b, code, field) in cases {
            let e = NewContentBatch::parse(&b).unwrap_err();
            assert_eq!((e.code, e.field), (code, field), "{b:?}");
        }
    }
}
