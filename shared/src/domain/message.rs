//! In-app messages: plain text, sanitised HTML, or a link that opens in a
//! new tab. HTML is cleaned (ammonia: no scripts, event handlers or
//! `javascript:` URLs) before it is stored and again when it is shown, so a
//! row written by any other path is still safe to render.

use super::Invalid;
use crate::error::ErrorCode;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageContentType {
    Text,
    Html,
    Link,
}

impl MessageContentType {
    pub fn as_str(self) -> &'static str {
        match self {
            MessageContentType::Text => "text",
            MessageContentType::Html => "html",
            MessageContentType::Link => "link",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        match raw {
            "text" => Ok(MessageContentType::Text),
            "html" => Ok(MessageContentType::Html),
            "link" => Ok(MessageContentType::Link),
            _ => Err(Invalid::field(ErrorCode::InvalidParam, "msgContentType")),
        }
    }
}

pub const MESSAGE_TITLE_MAX: usize = 200;
pub const MESSAGE_BRIEF_MAX: usize = 500;
pub const MESSAGE_CONTENT_MAX: usize = 100_000;

/// A message ready to be stored: bounded, HTML cleaned, links checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    pub title: String,
    pub brief: String,
    pub content: String,
    pub content_type: MessageContentType,
    pub img: Option<String>,
}

impl NewMessage {
    pub fn parse(
        title: &str,
        brief: &str,
        content: &str,
        content_type: MessageContentType,
        img: Option<&str>,
    ) -> Result<Self, Invalid> {
        let title = title.trim();
        if title.is_empty() || title.chars().count() > MESSAGE_TITLE_MAX {
            return Err(Invalid::field(ErrorCode::InvalidParam, "msgTitle"));
        }
        let brief = brief.trim();
        if brief.chars().count() > MESSAGE_BRIEF_MAX {
            return Err(Invalid::field(ErrorCode::InvalidParam, "msgBrief"));
        }
        if content.chars().count() > MESSAGE_CONTENT_MAX {
            return Err(Invalid::field(ErrorCode::InvalidParam, "msgContent"));
        }
        let content = match content_type {
            MessageContentType::Text => content.to_owned(),
            MessageContentType::Html => sanitize_html(content),
            MessageContentType::Link => {
                safe_url(content.trim()).ok_or(Invalid::field(ErrorCode::InvalidParam, "msgContent"))?.to_owned()
            }
        };
        let img = match img.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(u) => Some(safe_url(u).ok_or(Invalid::field(ErrorCode::InvalidParam, "msgImg"))?.to_owned()),
        };
        Ok(NewMessage { title: title.to_owned(), brief: brief.to_owned(), content, content_type, img })
    }

    pub fn text(title: &str, brief: &str, content: &str) -> Result<Self, Invalid> {
        Self::parse(title, brief, content, MessageContentType::Text, None)
    }

    pub fn html(title: &str, brief: &str, html: &str) -> Result<Self, Invalid> {
        Self::parse(title, brief, html, MessageContentType::Html, None)
    }

    pub fn link(title: &str, brief: &str, url: &str) -> Result<Self, Invalid> {
        Self::parse(title, brief, url, MessageContentType::Link, None)
    }
}

/// HTML reduced to ammonia's safe subset; links get `rel="noopener
/// noreferrer"`.
pub fn sanitize_html(html: &str) -> String {
    ammonia::clean(html)
}

/// An absolute http(s) URL with a host and no credentials, or a same-site
/// path, else `None`. Browsers read `\\` as `/`, so `/\\evil.example` is a
/// protocol-relative link to another site: a path must resolve against the
/// site itself and stay on it.
pub fn safe_url(url: &str) -> Option<&str> {
    if url.is_empty() || url.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\') {
        return None;
    }
    if url.starts_with('/') {
        let base = url::Url::parse("https://same-site.invalid/").ok()?;
        let resolved = base.join(url).ok()?;
        return (!url.starts_with("//") && resolved.host_str() == Some("same-site.invalid")).then_some(url);
    }
    let lower = url.to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        return None;
    }
    let parsed = url::Url::parse(url).ok()?;
    let ok = matches!(parsed.scheme(), "http" | "https")
        && parsed.host_str().is_some_and(|h| !h.is_empty())
        && parsed.username().is_empty()
        && parsed.password().is_none();
    ok.then_some(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_cleaned() {
        let m = NewMessage::html(
            "t",
            "b",
            r#"<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>"#,
        )
        .unwrap();
        assert!(!m.content.contains("script"), "{}", m.content);
        assert!(!m.content.contains("onclick"), "{}", m.content);
        assert!(!m.content.contains("javascript:"), "{}", m.content);
        assert!(m.content.contains("<p>hi"), "{}", m.content);
    }

    #[test]
    fn links_must_be_http_or_same_site() {
        assert!(NewMessage::link("t", "b", "https://example.com/x").is_ok());
        assert!(NewMessage::link("t", "b", "/member").is_ok());
        assert!(NewMessage::link("t", "b", "/member?tab=1#x").is_ok());
        for bad in [
            "javascript:alert(1)",
            "//evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "/\\/evil.example",
            "data:text/html,x",
            "https://a b",
            "https://user:pw@evil.example/",
            "http:evil.example",
        ] {
            assert!(NewMessage::link("t", "b", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn text_is_kept_verbatim_and_title_required() {
        assert_eq!(NewMessage::text("t", "", "<b>x</b>").unwrap().content, "<b>x</b>");
        assert!(NewMessage::text(" ", "", "x").is_err());
        assert_eq!(MessageContentType::parse("html").unwrap(), MessageContentType::Html);
        assert!(MessageContentType::parse("pdf").is_err());
    }
}
