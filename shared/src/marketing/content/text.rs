//! A post's words as the page shows and edits them, and the limits an
//! edit must keep.

use serde::{Deserialize, Serialize};

use crate::copywriting::text::char_count;
use crate::copywriting::{MarketingCopy, Platform};
use crate::domain::Invalid;
use crate::error::ErrorCode;

/// Platforms per batch: each of the four at most once.
pub const MAX_PLATFORMS: usize = Platform::ALL.len();
/// Pictures per post (a redbook note shows nine).
pub const MAX_IMAGES: usize = 9;
/// Most hashtags an edit may keep, and characters per hashtag.
const MAX_TAGS: usize = 10;
const MAX_TAG_CHARS: usize = 20;
/// A script's shot labels and an article's headings are in the stored
/// text but not in the platform's count (`MarketingCopy::content_chars`
/// counts what is said and shown): room for them in an edit.
const LABEL_ROOM: usize = 300;

/// Title (none on weibo), body and hashtags (without `#`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContentText {
    pub title: Option<String>,
    pub content: String,
    pub tags: Vec<String>,
}

impl ContentText {
    /// The written copy as the post's text: the body is the plain text
    /// without the title and hashtags (they have their own fields).
    pub fn from_copy(copy: &MarketingCopy, chinese: bool) -> Self {
        let plain = copy.to_plain_text(chinese);
        let mut blocks: Vec<&str> = plain.split("\n\n").collect();
        if copy.title().is_some() && !blocks.is_empty() {
            blocks.remove(0);
        }
        if !copy.tags().is_empty() {
            blocks.pop();
        }
        ContentText { title: copy.title().map(str::to_owned), content: blocks.join("\n\n"), tags: copy.tags().to_vec() }
    }
}

/// The most body characters an edit may keep on `platform` (line breaks
/// not counted).
pub fn edit_content_max(platform: Platform) -> usize {
    let room = match platform {
        Platform::Redbook | Platform::Weibo => 0,
        Platform::Tiktok | Platform::Wechat => LABEL_ROOM,
    };
    platform.content_max() + room
}

/// Body characters as limited: line breaks do not count.
fn body_chars(content: &str) -> usize {
    char_count(&content.replace(['\n', '\r'], ""))
}

/// An edit of a post on `platform`, trimmed, or why not: a body is
/// required; title and body within the platform's limits; a weibo post
/// has no title; hashtags are stripped of `#` and blank ones dropped.
pub fn check_text(
    platform: Platform,
    title: Option<&str>,
    content: &str,
    tags: &[String],
) -> Result<ContentText, Invalid> {
    let too_long = |field| Invalid::field(ErrorCode::ContentTextTooLong, field);
    let content = content.trim().to_owned();
    if content.is_empty() {
        return Err(Invalid::field(ErrorCode::InvalidParam, "content"));
    }
    if body_chars(&content) > edit_content_max(platform) {
        return Err(too_long("content"));
    }
    let title = title.map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
    let title = match (platform.title_max(), title) {
        (Some(max), Some(t)) if char_count(&t) > max => return Err(too_long("title")),
        (None, Some(_)) => return Err(Invalid::field(ErrorCode::InvalidParam, "title")),
        (_, t) => t,
    };
    let tags: Vec<String> =
        tags.iter().map(|t| t.trim().trim_matches('#').trim().to_owned()).filter(|t| !t.is_empty()).collect();
    if tags.len() > MAX_TAGS || tags.iter().any(|t| char_count(t) > MAX_TAG_CHARS) {
        return Err(too_long("tags"));
    }
    Ok(ContentText { title, content, tags })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_copy_splits_into_title_body_and_tags() {
        let note = MarketingCopy::Note {
            title: "秋天第一杯".into(),
            paragraphs: vec!["第一段".into(), "第二段".into()],
            tags: vec!["立秋".into(), "奶茶".into()],
        };
        let text = ContentText::from_copy(&note, true);
        assert_eq!(text.title.as_deref(), Some("秋天第一杯"));
        assert_eq!(text.content, "第一段\n\n第二段");
        assert_eq!(text.tags, ["立秋", "奶茶"]);
        let post = MarketingCopy::Post { paragraphs: vec!["只有一段".into()], tags: vec![] };
        assert_eq!(
            ContentText::from_copy(&post, true),
            ContentText { title: None, content: "只有一段".into(), tags: vec![] }
        );
    }

    #[test]
    fn edits_keep_the_platforms_limits() {
        let ok = check_text(Platform::Redbook, Some(" 标题 "), " 正文 ", &["#立秋".into(), " ".into()]).unwrap();
        assert_eq!(
            (ok.title.as_deref(), ok.content.as_str(), ok.tags.as_slice()),
            (Some("标题"), "正文", &["立秋".to_owned()][..])
        );
        let field = |r: Result<ContentText, Invalid>| r.unwrap_err().field;
        assert_eq!(field(check_text(Platform::Redbook, Some(&"字".repeat(21)), "正文", &[])), Some("title"));
        assert!(check_text(Platform::Redbook, Some(&"字".repeat(20)), "正文", &[]).is_ok());
        assert_eq!(field(check_text(Platform::Redbook, None, &"字".repeat(1001), &[])), Some("content"));
        // Line breaks are not counted.
        assert!(check_text(Platform::Redbook, None, &"字\n".repeat(1000), &[]).is_ok());
        assert_eq!(field(check_text(Platform::Weibo, Some("标题"), "正文", &[])), Some("title"));
        assert_eq!(field(check_text(Platform::Weibo, None, "  ", &[])), Some("content"));
        assert_eq!(field(check_text(Platform::Weibo, None, "正文", &vec!["话题".to_owned(); 11])), Some("tags"));
        assert_eq!(check_text(Platform::Weibo, Some("标题"), "正文", &[]).unwrap_err().code, ErrorCode::InvalidParam);
    }
}
