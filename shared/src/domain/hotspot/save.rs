//! "Save a hotspot for rewrite": a user's own hotspot (the CUSTOM tab).

use serde::Deserialize;
use url::Url;

use super::{HotspotKind, HotspotPlatform};
use crate::domain::Invalid;
use crate::error::ErrorCode;

pub const TITLE_MAX: usize = 100;
pub const SUMMARY_MAX: usize = 500;
pub const ARTICLE_MAX: usize = 6000;
/// Saved hotspots one user may keep.
pub const MAX_CUSTOM_PER_USER: u64 = 500;

/// The spec's payload: title, article, xhsUrl, summary, picUrl, picDesc,
/// hotspotSourceType.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewHotspotBody {
    pub title: Option<String>,
    pub article: Option<String>,
    /// A link to the note (Xiaohongshu or any http(s) page).
    pub xhs_url: Option<String>,
    pub summary: Option<String>,
    pub pic_url: Option<String>,
    pub pic_desc: Option<String>,
    /// Recorded for the caller's own use; every saved hotspot is `custom`.
    pub hotspot_source_type: Option<String>,
    /// `topic` (default), `note`, `video` or `image`.
    pub kind: Option<String>,
    /// Default `redbook` when `xhsUrl` is a Xiaohongshu link, else `other`.
    pub platform: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewHotspot {
    pub title: String,
    pub summary: String,
    pub article: Option<String>,
    pub url: Option<String>,
    pub pic_url: Option<String>,
    pub kind: HotspotKind,
    pub platform: HotspotPlatform,
}

fn text(raw: &Option<String>, max: usize) -> Result<Option<String>, Invalid> {
    match raw.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) if s.chars().count() > max => Err(Invalid::new(ErrorCode::HotspotTextTooLong)),
        s => Ok(s.map(str::to_owned)),
    }
}

/// An http(s) link, or nothing.
fn link(raw: &Option<String>, field: &'static str) -> Result<Option<String>, Invalid> {
    match raw.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => Url::parse(s)
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https") && s.len() <= 2048)
            .map(|u| Some(u.to_string()))
            .ok_or(Invalid::field(ErrorCode::InvalidParam, field)),
    }
}

impl NewHotspot {
    pub fn parse(b: &NewHotspotBody) -> Result<Self, Invalid> {
        let title = text(&b.title, TITLE_MAX)?.ok_or(Invalid::field(ErrorCode::HotspotTitleRequired, "title"))?;
        let url = link(&b.xhs_url, "xhsUrl")?;
        let pic_url = link(&b.pic_url, "picUrl")?;
        let kind = match b.kind.as_deref() {
            None | Some("") => HotspotKind::Topic,
            Some(k) => HotspotKind::parse(k).ok_or(Invalid::field(ErrorCode::InvalidParam, "kind"))?,
        };
        let is_xhs = url.as_deref().is_some_and(|u| u.contains("xiaohongshu.com") || u.contains("xhslink.com"));
        let platform = match b.platform.as_deref() {
            None | Some("") => {
                if is_xhs {
                    HotspotPlatform::Redbook
                } else {
                    HotspotPlatform::Other
                }
            }
            Some(p) => HotspotPlatform::parse(p).ok_or(Invalid::field(ErrorCode::InvalidParam, "platform"))?,
        };
        // The picture's description helps the idea report later; it is kept
        // with the summary, which is what the report reads.
        let summary = text(&b.summary, SUMMARY_MAX)?.unwrap_or_default();
        let pic_desc = text(&b.pic_desc, SUMMARY_MAX)?;
        let summary = match pic_desc {
            Some(d) if summary.is_empty() => d,
            Some(d) => format!("{summary}\n{d}"),
            None => summary,
        };
        Ok(NewHotspot { title, summary, article: text(&b.article, ARTICLE_MAX)?, url, pic_url, kind, platform })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_required_links_checked_platform_guessed() {
        let body = |title: &str, url: &str| NewHotspotBody {
            title: Some(title.into()),
            xhs_url: Some(url.into()),
            ..Default::default()
        };
        assert_eq!(NewHotspot::parse(&body("  ", "")).unwrap_err().code, ErrorCode::HotspotTitleRequired);
        assert_eq!(NewHotspot::parse(&body(&"长".repeat(101), "")).unwrap_err().code, ErrorCode::HotspotTextTooLong);
        assert_eq!(NewHotspot::parse(&body("t", "javascript:alert(1)")).unwrap_err().field, Some("xhsUrl"));
        let h = NewHotspot::parse(&body("秋冬穿搭", "https://www.xiaohongshu.com/explore/1")).unwrap();
        assert_eq!((h.platform, h.kind), (HotspotPlatform::Redbook, HotspotKind::Topic));
    }
}
