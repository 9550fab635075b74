//! Where a piece of copy will be posted, and what that platform allows.

use serde::{Deserialize, Serialize};

/// A social platform (`socialPlatform`). Each has its own shape of content
/// (see [`super::MarketingCopy`]) and its own limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    /// Xiaohongshu (RED): a note with a title, paragraphs with emoji, hashtags.
    Redbook,
    /// Weibo: a short post with #topics#.
    Weibo,
    /// Douyin/TikTok: a short-video script, shot by shot.
    Tiktok,
    /// A WeChat official-account article with headings.
    Wechat,
}

impl Platform {
    pub const ALL: [Platform; 4] = [Platform::Redbook, Platform::Weibo, Platform::Tiktok, Platform::Wechat];

    pub fn as_str(self) -> &'static str {
        match self {
            Platform::Redbook => "redbook",
            Platform::Weibo => "weibo",
            Platform::Tiktok => "tiktok",
            Platform::Wechat => "wechat",
        }
    }

    pub fn parse(raw: &str) -> Option<Platform> {
        Platform::ALL.into_iter().find(|p| p.as_str() == raw.trim())
    }

    /// The most characters a title may have (the original app's 20 for
    /// redbook and tiktok; WeChat shows about 30 in a share card). Weibo
    /// posts have no title.
    pub fn title_max(self) -> Option<usize> {
        match self {
            Platform::Redbook | Platform::Tiktok => Some(20),
            Platform::Wechat => Some(30),
            Platform::Weibo => None,
        }
    }

    /// The most characters of content (body, narration or article text):
    /// the original app's 1000 for redbook and tiktok; a weibo post is
    /// read in the feed, so 500; an article 2000.
    pub fn content_max(self) -> usize {
        match self {
            Platform::Redbook | Platform::Tiktok => 1000,
            Platform::Weibo => 500,
            Platform::Wechat => 2000,
        }
    }

    /// The fewest characters of content worth posting.
    pub fn content_min(self) -> usize {
        match self {
            Platform::Weibo => 30,
            Platform::Redbook | Platform::Tiktok => 60,
            Platform::Wechat => 200,
        }
    }

    /// The platform's name in prompts and plain-text exports.
    pub fn display_name(self, chinese: bool) -> &'static str {
        match (self, chinese) {
            (Platform::Redbook, true) => "小红书",
            (Platform::Weibo, true) => "微博",
            (Platform::Tiktok, true) => "抖音",
            (Platform::Wechat, true) => "微信公众号",
            (Platform::Redbook, false) => "Xiaohongshu (RED)",
            (Platform::Weibo, false) => "Weibo",
            (Platform::Tiktok, false) => "TikTok",
            (Platform::Wechat, false) => "WeChat official account",
        }
    }
}
