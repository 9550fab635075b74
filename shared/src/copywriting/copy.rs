//! A delivered piece of copy, in the shape its platform expects.

use serde::{Deserialize, Serialize};

use super::text::char_count;
use super::Platform;

/// One shot of a short-video script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shot {
    /// What the camera shows.
    pub visual: String,
    /// What is said (voice-over or on-screen words).
    pub narration: String,
    /// How long the shot lasts, in seconds.
    pub seconds: u8,
}

/// One part of an article: an optional heading and its paragraphs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Section {
    pub heading: Option<String>,
    pub paragraphs: Vec<String>,
}

/// Copy for one platform, parsed into its parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "shape", rename_all = "camelCase")]
pub enum MarketingCopy {
    /// A redbook note.
    #[serde(rename_all = "camelCase")]
    Note { title: String, paragraphs: Vec<String>, tags: Vec<String> },
    /// A weibo post.
    #[serde(rename_all = "camelCase")]
    Post { paragraphs: Vec<String>, tags: Vec<String> },
    /// A short-video script (tiktok).
    #[serde(rename_all = "camelCase")]
    Script { title: String, shots: Vec<Shot>, tags: Vec<String> },
    /// A WeChat article.
    #[serde(rename_all = "camelCase")]
    Article { title: String, sections: Vec<Section> },
}

impl MarketingCopy {
    /// The shape a platform's copy takes.
    pub fn platform_fits(&self, platform: Platform) -> bool {
        matches!(
            (self, platform),
            (MarketingCopy::Note { .. }, Platform::Redbook)
                | (MarketingCopy::Post { .. }, Platform::Weibo)
                | (MarketingCopy::Script { .. }, Platform::Tiktok)
                | (MarketingCopy::Article { .. }, Platform::Wechat)
        )
    }

    pub fn title(&self) -> Option<&str> {
        match self {
            MarketingCopy::Note { title, .. }
            | MarketingCopy::Script { title, .. }
            | MarketingCopy::Article { title, .. } => Some(title),
            MarketingCopy::Post { .. } => None,
        }
    }

    pub fn tags(&self) -> &[String] {
        match self {
            MarketingCopy::Note { tags, .. }
            | MarketingCopy::Post { tags, .. }
            | MarketingCopy::Script { tags, .. } => tags,
            MarketingCopy::Article { .. } => &[],
        }
    }

    /// The prose of the copy, one entry per paragraph (a shot's narration,
    /// an article's paragraphs and headings), for the rules to read.
    pub fn prose(&self) -> Vec<&str> {
        match self {
            MarketingCopy::Note { paragraphs, .. } | MarketingCopy::Post { paragraphs, .. } => {
                paragraphs.iter().map(String::as_str).collect()
            }
            MarketingCopy::Script { shots, .. } => {
                shots.iter().flat_map(|s| [s.visual.as_str(), s.narration.as_str()]).collect()
            }
            MarketingCopy::Article { sections, .. } => sections
                .iter()
                .flat_map(|s| s.heading.iter().map(String::as_str).chain(s.paragraphs.iter().map(String::as_str)))
                .collect(),
        }
    }

    /// Characters counted against the platform's content limit: the body
    /// (a script's narration and visuals; an article's text and headings).
    pub fn content_chars(&self) -> usize {
        self.prose().iter().map(|p| char_count(p)).sum()
    }

    /// The copy as the merchant pastes it: title, blank line, paragraphs,
    /// hashtags; a script shot by shot.
    pub fn to_plain_text(&self, chinese: bool) -> String {
        let tags = |tags: &[String], weibo: bool| {
            tags.iter().map(|t| if weibo { format!("#{t}#") } else { format!("#{t}") }).collect::<Vec<_>>().join(" ")
        };
        let mut out = Vec::new();
        match self {
            MarketingCopy::Note { title, paragraphs, tags: t } => {
                out.push(title.clone());
                out.extend(paragraphs.iter().cloned());
                if !t.is_empty() {
                    out.push(tags(t, false));
                }
            }
            MarketingCopy::Post { paragraphs, tags: t } => {
                out.extend(paragraphs.iter().cloned());
                if !t.is_empty() {
                    out.push(tags(t, true));
                }
            }
            MarketingCopy::Script { title, shots, tags: t } => {
                out.push(title.clone());
                for (i, shot) in shots.iter().enumerate() {
                    let n = i + 1;
                    out.push(if chinese {
                        format!("镜头{n}（{}秒）\n画面：{}\n台词：{}", shot.seconds, shot.visual, shot.narration)
                    } else {
                        format!("Shot {n} ({} s)\nVisual: {}\nNarration: {}", shot.seconds, shot.visual, shot.narration)
                    });
                }
                if !t.is_empty() {
                    out.push(tags(t, false));
                }
            }
            MarketingCopy::Article { title, sections } => {
                out.push(title.clone());
                for section in sections {
                    if let Some(h) = &section.heading {
                        out.push(h.clone());
                    }
                    out.extend(section.paragraphs.iter().cloned());
                }
            }
        }
        out.join("\n\n")
    }
}
