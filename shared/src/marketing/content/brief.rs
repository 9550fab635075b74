//! What a batch's posts are written from.

use serde::{Deserialize, Serialize};

use crate::copywriting::{CopyLanguage, CopyStyle};

/// Where the subject came from (the spec's source kinds, plus `custom`:
/// a topic typed by the merchant). Only a label once the subject is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ContentSource {
    Hotspot,
    Calendar,
    ImportHot,
    ImportPopular,
    ImportPopularImage,
    ImportIdea,
    Custom,
}

impl ContentSource {
    pub const ALL: [ContentSource; 7] = [
        ContentSource::Hotspot,
        ContentSource::Calendar,
        ContentSource::ImportHot,
        ContentSource::ImportPopular,
        ContentSource::ImportPopularImage,
        ContentSource::ImportIdea,
        ContentSource::Custom,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ContentSource::Hotspot => "hotspot",
            ContentSource::Calendar => "calendar",
            ContentSource::ImportHot => "importHot",
            ContentSource::ImportPopular => "importPopular",
            ContentSource::ImportPopularImage => "importPopularImage",
            ContentSource::ImportIdea => "importIdea",
            ContentSource::Custom => "custom",
        }
    }

    /// The spec spells the calendar source `calender`; both are read.
    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim() {
            "calender" => Some(ContentSource::Calendar),
            s => Self::ALL.into_iter().find(|k| k.as_str() == s),
        }
    }

    /// Whether the subject is a hotspot (its id is required).
    pub fn is_hotspot(self) -> bool {
        matches!(
            self,
            ContentSource::Hotspot
                | ContentSource::ImportHot
                | ContentSource::ImportPopular
                | ContentSource::ImportPopularImage
        )
    }
}

/// Everything a post is written from, resolved by the API (a hotspot's
/// title and summary, an idea's title and text): the worker reads no
/// database to write it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContentBrief {
    /// The hotspot, day or idea the post rides.
    pub topic: String,
    /// What the topic is about (a hotspot's summary, an idea's text).
    #[serde(default)]
    pub topic_desc: String,
    pub product_name: String,
    #[serde(default)]
    pub product_info: String,
    /// Who the post is for and what it should achieve.
    #[serde(default)]
    pub market_desc: String,
    /// The merchant's extra wishes.
    #[serde(default)]
    pub prompt: String,
    pub style: CopyStyle,
    pub language: CopyLanguage,
    /// The product photo: each written post gets a scene and a design
    /// picture of it. None: no pictures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product_image: Option<crate::domain::UploadId>,
}

impl ContentBrief {
    /// The facts a post may take figures from: only what the merchant
    /// and the subject state (a post must not invent a price or a spec).
    pub fn facts(&self) -> String {
        [&self.topic, &self.topic_desc, &self.product_name, &self.product_info, &self.market_desc, &self.prompt]
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_round_trip_and_read_the_specs_spelling() {
        for s in ContentSource::ALL {
            assert_eq!(ContentSource::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), serde_json::Value::from(s.as_str()));
        }
        assert_eq!(ContentSource::parse("calender"), Some(ContentSource::Calendar));
        assert_eq!(ContentSource::parse("rss"), None);
        assert!(ContentSource::ImportPopularImage.is_hotspot());
        assert!(!ContentSource::ImportIdea.is_hotspot());
    }
}
