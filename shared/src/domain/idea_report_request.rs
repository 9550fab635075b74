//! "Create an idea report": the spec's payload (hotspotSourceType, prompt,
//! mktType, marketDesc, ideaStyle, socialType, hotspotId, reportTitle)
//! parsed at the edge. The report is about a hotspot (its title and
//! summary are read from the hotspot) or about a topic the caller names (a
//! calendar day, a custom inspiration).

use serde::Deserialize;

use super::task_spec::upload_ref;
use super::text_field::{optional, required};
use super::{HotspotId, Invalid, UploadId};
use crate::copywriting::{CopyLanguage, CopyStyle};
use crate::error::ErrorCode;
use crate::marketing::ideas::{MktType, ReportOrdering, SocialType};

pub const TOPIC_MAX: usize = 100;
pub const BACKGROUND_MAX: usize = 500;
pub const MARKET_DESC_MAX: usize = 500;
pub const PROMPT_MAX: usize = 500;
/// The spec's hotspot source types a report may come from.
pub const SOURCE_TYPES: &[&str] =
    &["PUBLIC", "PERSONAL", "CALENDAR", "CUSTOM_INSPIRATION", "HOTSPOT_MARKETING", "CREATIVE_IDEA_GENERATE"];

#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdeaReportBody {
    /// One of PUBLIC (default with a hotspot), PERSONAL, CALENDAR,
    /// CUSTOM_INSPIRATION (default without one), HOTSPOT_MARKETING,
    /// CREATIVE_IDEA_GENERATE.
    pub hotspot_source_type: Option<String>,
    /// The hotspot the report is about.
    pub hotspot_id: Option<String>,
    /// Without a hotspot: the topic (a calendar day's name, an idea); with
    /// one, an optional title for the report.
    pub report_title: Option<String>,
    /// Without a hotspot: what the topic is about (a day's description).
    pub topic_desc: Option<String>,
    /// product (default), brand, country, city or spots.
    pub mkt_type: Option<String>,
    /// The product or brand: its name and what matters about it.
    pub market_desc: Option<String>,
    /// The merchant's own request.
    pub prompt: Option<String>,
    /// One of the seven styles (id or Chinese name); default 整活幽默.
    pub idea_style: Option<String>,
    /// image, video, offline; default all three.
    pub social_type: Option<Vec<String>>,
    /// desktop (default) or mobile.
    pub ordering: Option<String>,
    /// zh or en; default the language of marketDesc.
    pub language: Option<String>,
    /// The product's photo (the URL or id an upload answered): each
    /// picture idea then gets a scene and a design picture of it.
    pub product_image: Option<String>,
}

/// What the report is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportSubject {
    Hotspot(HotspotId),
    Topic { title: String, description: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewIdeaReport {
    pub subject: ReportSubject,
    pub title: Option<String>,
    pub source_type: String,
    pub mkt_type: MktType,
    pub market_desc: String,
    pub prompt: String,
    pub style: CopyStyle,
    pub social_types: Vec<SocialType>,
    pub ordering: ReportOrdering,
    pub language: CopyLanguage,
    pub product_image: Option<UploadId>,
}

fn choice<T>(
    raw: Option<&str>,
    parse: impl Fn(&str) -> Option<T>,
    default: T,
    field: &'static str,
) -> Result<T, Invalid> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(s) => parse(s).ok_or(Invalid::field(ErrorCode::InvalidParam, field)),
    }
}

impl NewIdeaReport {
    pub fn parse(b: &IdeaReportBody) -> Result<Self, Invalid> {
        let hotspot = match b.hotspot_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(id) => {
                Some(id.parse::<HotspotId>().map_err(|_| Invalid::field(ErrorCode::HotspotNotFound, "hotspotId"))?)
            }
            None => None,
        };
        let title = optional(b.report_title.as_deref(), TOPIC_MAX, ErrorCode::IdeaTextTooLong)?;
        let subject = match hotspot {
            Some(id) => ReportSubject::Hotspot(id),
            None => ReportSubject::Topic {
                title: title.clone().ok_or(Invalid::field(ErrorCode::IdeaTopicRequired, "reportTitle"))?,
                description: optional(b.topic_desc.as_deref(), BACKGROUND_MAX, ErrorCode::IdeaTextTooLong)?
                    .unwrap_or_default(),
            },
        };
        let default_source = if hotspot.is_some() { "PUBLIC" } else { "CUSTOM_INSPIRATION" };
        let source_type = choice(
            b.hotspot_source_type.as_deref(),
            |s| SOURCE_TYPES.iter().find(|t| **t == s).map(|t| (*t).to_owned()),
            default_source.to_owned(),
            "hotspotSourceType",
        )?;
        let market_desc = required(
            b.market_desc.as_deref(),
            MARKET_DESC_MAX,
            ErrorCode::IdeaMarketDescRequired,
            ErrorCode::IdeaTextTooLong,
        )
        .map_err(|e| Invalid { field: Some("marketDesc"), ..e })?;
        let prompt = optional(b.prompt.as_deref(), PROMPT_MAX, ErrorCode::IdeaTextTooLong)?.unwrap_or_default();
        let social_types = match &b.social_type {
            None => SocialType::ALL.to_vec(),
            Some(list) => {
                let mut types = Vec::new();
                for raw in list {
                    let t = SocialType::parse(raw).ok_or(Invalid::field(ErrorCode::InvalidParam, "socialType"))?;
                    if !types.contains(&t) {
                        types.push(t);
                    }
                }
                if types.is_empty() {
                    return Err(Invalid::field(ErrorCode::IdeaSocialTypeRequired, "socialType"));
                }
                types
            }
        };
        let product_image = match b.product_image.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(raw) => Some(upload_ref(raw).ok_or(Invalid::field(ErrorCode::ImageNotFound, "productImage"))?),
        };
        Ok(NewIdeaReport {
            product_image,
            subject,
            title,
            source_type,
            mkt_type: choice(b.mkt_type.as_deref(), MktType::parse, MktType::Product, "mktType")?,
            style: choice(b.idea_style.as_deref(), CopyStyle::parse, CopyStyle::Humorous, "ideaStyle")?,
            ordering: choice(b.ordering.as_deref(), ReportOrdering::parse, ReportOrdering::Desktop, "ordering")?,
            language: choice(
                b.language.as_deref(),
                CopyLanguage::parse,
                CopyLanguage::detect(&market_desc),
                "language",
            )?,
            market_desc,
            prompt,
            social_types,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body() -> IdeaReportBody {
        IdeaReportBody {
            report_title: Some(" 立秋 ".into()),
            market_desc: Some("桂花乌龙奶茶，18元".into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_topic_report_takes_the_defaults() {
        let r = NewIdeaReport::parse(&body()).unwrap();
        assert_eq!(r.subject, ReportSubject::Topic { title: "立秋".into(), description: String::new() });
        assert_eq!(r.source_type, "CUSTOM_INSPIRATION");
        assert_eq!((r.mkt_type, r.style, r.ordering), (MktType::Product, CopyStyle::Humorous, ReportOrdering::Desktop));
        assert_eq!(r.social_types, SocialType::ALL);
        assert_eq!(r.language, CopyLanguage::Zh);
    }

    #[test]
    fn the_chinese_style_names_and_a_hotspot_are_read() {
        let id = HotspotId::new();
        let b = IdeaReportBody {
            hotspot_id: Some(id.to_string()),
            idea_style: Some("情感共鸣".into()),
            social_type: Some(vec!["video".into(), "video".into()]),
            report_title: None,
            ..body()
        };
        let r = NewIdeaReport::parse(&b).unwrap();
        assert_eq!(r.subject, ReportSubject::Hotspot(id));
        assert_eq!((r.style, r.source_type.as_str()), (CopyStyle::Emotional, "PUBLIC"));
        assert_eq!(r.social_types, [SocialType::Video]);
    }

    #[test]
    fn bad_input_names_its_field() {
        let cases = [
            (IdeaReportBody { market_desc: None, ..body() }, ErrorCode::IdeaMarketDescRequired, Some("marketDesc")),
            (IdeaReportBody { report_title: None, ..body() }, ErrorCode::IdeaTopicRequired, Some("reportTitle")),
            (
                IdeaReportBody { social_type: Some(vec![]), ..body() },
                ErrorCode::IdeaSocialTypeRequired,
                Some("socialType"),
            ),
            (
                IdeaReportBody { social_type: Some(vec!["radio".into()]), ..body() },
                ErrorCode::InvalidParam,
                Some("socialType"),
            ),
            (IdeaReportBody { mkt_type: Some("planet".into()), ..body() }, ErrorCode::InvalidParam, Some("mktType")),
            (
                IdeaReportBody { hotspot_id: Some("nope".into()), ..body() },
                ErrorCode::HotspotNotFound,
                Some("hotspotId"),
            ),
            (IdeaReportBody { prompt: Some("字".repeat(501)), ..body() }, ErrorCode::IdeaTextTooLong, None),
            (
                IdeaReportBody { hotspot_source_type: Some("MOON".into()), ..body() },
                ErrorCode::InvalidParam,
                Some("hotspotSourceType"),
            ),
        ];
        for (b, code, field) in cases {
            let e = NewIdeaReport::parse(&b).unwrap_err();
            assert_eq!((e.code, e.field), (code, field), "{b:?}");
        }
    }
}
