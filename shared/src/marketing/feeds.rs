//! Reading a source's body into items: RSS 0.9–2.0, Atom and JSON Feed with
//! `feed-rs`, any other JSON through the source's JSON Pointers. Pure: the
//! fetch (guarded) and the storing happen elsewhere.

use serde_json::Value;

use crate::domain::hotspot::{FeedFormat, FeedMapping};

/// Items kept from one fetch of one source (a hot list is a top 50 or so).
pub const MAX_ITEMS: usize = 200;
const TITLE_MAX_CHARS: usize = 200;
const SUMMARY_MAX_CHARS: usize = 1000;

/// One item as its source lists it, in the source's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedItem {
    /// Stable within the source: its id, else its link, else its title.
    pub key: String,
    pub title: String,
    pub summary: String,
    pub url: Option<String>,
    pub image: Option<String>,
    /// The source's own heat figure, if it gives one.
    pub heat: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeedError {
    #[error("not a feed: {0}")]
    NotAFeed(String),
    #[error("the mapping finds no items: {0}")]
    Mapping(String),
    #[error("the feed lists no items")]
    Empty,
}

pub fn parse(format: FeedFormat, mapping: Option<&FeedMapping>, body: &str) -> Result<Vec<FeedItem>, FeedError> {
    let items = match (format, mapping) {
        (FeedFormat::Rss, _) => syndication(body)?,
        (FeedFormat::Json, Some(m)) => mapped(body, m)?,
        (FeedFormat::Json, None) => return Err(FeedError::Mapping("a json source needs a mapping".into())),
    };
    if items.is_empty() {
        return Err(FeedError::Empty);
    }
    Ok(items)
}

fn syndication(body: &str) -> Result<Vec<FeedItem>, FeedError> {
    let feed = feed_rs::parser::parse(body.as_bytes()).map_err(|e| FeedError::NotAFeed(e.to_string()))?;
    Ok(feed
        .entries
        .into_iter()
        .filter_map(|e| {
            let title = clean(&e.title.map(|t| t.content).unwrap_or_default(), TITLE_MAX_CHARS);
            let url = e.links.first().map(|l| l.href.clone()).filter(|u| is_http(u));
            let summary = e.summary.map(|t| t.content).or_else(|| e.content.and_then(|c| c.body)).unwrap_or_default();
            let image = e
                .media
                .iter()
                .flat_map(|m| {
                    // Thumbnails, else an image enclosure or media:content (not a video's).
                    let images = m
                        .content
                        .iter()
                        .filter(|c| c.content_type.as_ref().is_none_or(|t| t.to_string().starts_with("image/")));
                    m.thumbnails
                        .iter()
                        .map(|t| t.image.uri.clone())
                        .chain(images.filter_map(|c| c.url.as_ref().map(|u| u.to_string())))
                })
                .find(|u| is_http(u));
            let key = url.clone().unwrap_or_else(|| title.clone());
            (!title.is_empty()).then(|| FeedItem {
                key,
                title,
                summary: clean(&summary, SUMMARY_MAX_CHARS),
                url,
                image,
                heat: None,
            })
        })
        .take(MAX_ITEMS)
        .collect())
}

fn mapped(body: &str, m: &FeedMapping) -> Result<Vec<FeedItem>, FeedError> {
    let doc: Value = serde_json::from_str(body).map_err(|e| FeedError::NotAFeed(format!("not JSON: {e}")))?;
    let list = doc.pointer(&m.items).and_then(Value::as_array).ok_or_else(|| {
        FeedError::Mapping(format!("{} is not an array", if m.items.is_empty() { "the document" } else { &m.items }))
    })?;
    let field = |item: &Value, pointer: &Option<String>| -> Option<String> {
        pointer.as_deref().and_then(|p| item.pointer(p)).and_then(|v| match v {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
    };
    Ok(list
        .iter()
        .filter_map(|item| {
            let title = clean(&field(item, &Some(m.title.clone()))?, TITLE_MAX_CHARS);
            let url = field(item, &m.url).filter(|u| is_http(u));
            let key = field(item, &m.id).or_else(|| url.clone()).unwrap_or_else(|| title.clone());
            (!title.is_empty()).then(|| FeedItem {
                key,
                summary: clean(&field(item, &m.summary).unwrap_or_default(), SUMMARY_MAX_CHARS),
                url,
                image: field(item, &m.image).filter(|u| is_http(u)),
                heat: field(item, &m.heat).and_then(|h| parse_heat(&h)),
                title,
            })
        })
        .take(MAX_ITEMS)
        .collect())
}

fn is_http(u: &str) -> bool {
    url::Url::parse(u).is_ok_and(|u| matches!(u.scheme(), "http" | "https"))
}

/// Text without markup, whitespace collapsed, at most `max` characters.
fn clean(raw: &str, max: usize) -> String {
    let text = if raw.contains('<') { ammonia::Builder::empty().clean(raw).to_string() } else { raw.to_owned() };
    // ammonia escapes what it keeps; undo exactly its escapes.
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    collapsed.chars().take(max).collect()
}

/// A heat figure as hot lists write it: `12345`, `1,234,567`, `123.4万`,
/// `1.2w`, `3亿`, `12k`.
pub fn parse_heat(raw: &str) -> Option<i64> {
    let s: String = raw.trim().chars().filter(|c| *c != ',' && !c.is_whitespace()).collect();
    let (number, scale) = match s.chars().last()? {
        '万' | 'w' | 'W' => (&s[..s.len() - s.chars().last()?.len_utf8()], 10_000.0),
        '亿' => (&s[..s.len() - '亿'.len_utf8()], 100_000_000.0),
        'k' | 'K' => (&s[..s.len() - 1], 1_000.0),
        _ => (s.as_str(), 1.0),
    };
    let value: f64 = number.parse().ok()?;
    (value.is_finite() && value >= 0.0).then(|| (value * scale).round() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RSS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" ><channel><title>热榜</title>
<item><title>秋冬护手霜测评</title><link>https://example.com/a</link><description><![CDATA[<p>五款<b>平价</b>好物 &amp; 使用感受</p>]]></description>
<enclosure url="https://example.com/a.jpg" type="image/jpeg" length="1024"/></item>
<item><title>  </title><link>https://example.com/empty</link></item>
<item><title>露营装备清单</title><link>javascript:alert(1)</link></item>
</channel></rss>"#;

    #[test]
    fn rss_items_in_order_with_text_summaries() {
        let items = parse(FeedFormat::Rss, None, RSS).unwrap();
        assert_eq!(items.len(), 2, "an item without a title is skipped");
        assert_eq!(items[0].title, "秋冬护手霜测评");
        assert_eq!(items[0].summary, "五款平价好物 & 使用感受");
        assert_eq!(items[0].image.as_deref(), Some("https://example.com/a.jpg"));
        assert_eq!((items[1].url.as_deref(), items[1].key.as_str()), (None, "露营装备清单"));
    }

    #[test]
    fn json_through_pointers() {
        let body = r#"{"data":{"list":[{"word":"双11预售","hot":"123.4万","id":7},{"word":"","hot":1},{"word":"围炉煮茶","hot":98765,"link":"https://e.com/x"}]}}"#;
        let m = FeedMapping {
            items: "/data/list".into(),
            title: "/word".into(),
            summary: None,
            url: Some("/link".into()),
            heat: Some("/hot".into()),
            image: None,
            id: Some("/id".into()),
        };
        let items = parse(FeedFormat::Json, Some(&m), body).unwrap();
        assert_eq!(
            items.iter().map(|i| (i.key.as_str(), i.heat)).collect::<Vec<_>>(),
            vec![("7", Some(1_234_000)), ("https://e.com/x", Some(98_765))]
        );
        let wrong = FeedMapping { items: "/data/nothing".into(), ..m.clone() };
        assert!(matches!(parse(FeedFormat::Json, Some(&wrong), body), Err(FeedError::Mapping(_))));
        assert!(matches!(parse(FeedFormat::Json, Some(&m), "<html>"), Err(FeedError::NotAFeed(_))));
    }

    #[test]
    fn garbage_and_empty_feeds_are_errors() {
        assert!(matches!(parse(FeedFormat::Rss, None, "\u{0}\u{1}garbage"), Err(FeedError::NotAFeed(_))));
        let empty = r#"<rss version="2.0"><channel><title>x</title></channel></rss>"#;
        assert_eq!(parse(FeedFormat::Rss, None, empty), Err(FeedError::Empty));
    }

    #[test]
    fn heat_figures() {
        for (raw, heat) in [
            ("12345", 12_345),
            ("1,234,567", 1_234_567),
            ("123.4万", 1_234_000),
            ("1.2w", 12_000),
            ("3亿", 300_000_000),
            ("12k", 12_000),
        ] {
            assert_eq!(parse_heat(raw), Some(heat), "{raw}");
        }
        assert_eq!(parse_heat("hot"), None);
        assert_eq!(parse_heat("-5"), None);
    }
}
