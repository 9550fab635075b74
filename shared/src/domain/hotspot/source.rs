//! A hotspot source an operator configures: an RSS/Atom/JSON Feed, or any
//! JSON endpoint read through a mapping of JSON Pointers.

use serde::{Deserialize, Serialize};
use url::Url;
use utoipa::ToSchema;

use super::{wire_enum, HotspotKind, HotspotPlatform};
use crate::domain::Invalid;
use crate::error::ErrorCode;

/// Sources one installation may configure.
pub const MAX_SOURCES: u64 = 200;

wire_enum!(
    /// `rss` reads RSS 0.9–2.0, Atom and JSON Feed; `json` any JSON with a
    /// [`FeedMapping`].
    FeedFormat { Rss = "rss", Json = "json" }
);

/// Where a JSON source keeps its items and their fields, as JSON Pointers
/// (RFC 6901): `items` from the document's root, the others from each item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedMapping {
    /// The array of items, e.g. `/data/list` (`""` for a top-level array).
    pub items: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heat: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// A stable id; the url, then the title, when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

impl FeedMapping {
    fn valid(&self) -> bool {
        let pointer = |p: &str| p.is_empty() || (p.starts_with('/') && p.len() <= 200);
        pointer(&self.items)
            && !self.title.is_empty()
            && pointer(&self.title)
            && [&self.summary, &self.url, &self.heat, &self.image, &self.id]
                .iter()
                .all(|p| p.as_deref().is_none_or(|p| !p.is_empty() && pointer(p)))
    }
}

/// `POST /api/admin/hotspot-sources` and (all optional) `PATCH`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceBody {
    pub name: Option<String>,
    pub format: Option<String>,
    pub url: Option<String>,
    pub platform: Option<String>,
    pub kind: Option<String>,
    /// 5–1440 (default 30).
    pub interval_minutes: Option<u32>,
    pub enabled: Option<bool>,
    pub mapping: Option<FeedMapping>,
}

/// A complete, valid source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceSpec {
    pub name: String,
    pub format: FeedFormat,
    pub url: String,
    pub platform: HotspotPlatform,
    pub kind: HotspotKind,
    pub interval_minutes: u32,
    pub enabled: bool,
    pub mapping: Option<FeedMapping>,
}

/// A change to a source: the fields given, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceChange {
    pub name: Option<String>,
    pub format: Option<FeedFormat>,
    pub url: Option<String>,
    pub platform: Option<HotspotPlatform>,
    pub kind: Option<HotspotKind>,
    pub interval_minutes: Option<u32>,
    pub enabled: Option<bool>,
    pub mapping: Option<FeedMapping>,
}

fn invalid(field: &'static str, detail: &str) -> Invalid {
    Invalid::detailed(ErrorCode::HotspotSourceInvalid, field, detail.to_owned())
}

/// An optional listed value.
fn pick<T>(raw: &Option<String>, field: &'static str, parse: fn(&str) -> Option<T>) -> Result<Option<T>, Invalid> {
    match raw {
        None => Ok(None),
        Some(s) => parse(s).map(Some).ok_or_else(|| invalid(field, "not one of the listed values")),
    }
}

impl SourceChange {
    pub fn parse(b: &SourceBody) -> Result<Self, Invalid> {
        let name = match b.name.as_deref().map(str::trim) {
            None => None,
            Some(n) if n.is_empty() || n.chars().count() > 50 => return Err(invalid("name", "1 to 50 characters")),
            Some(n) => Some(n.to_owned()),
        };
        let url = match b.url.as_deref().map(str::trim) {
            None => None,
            Some(u) => {
                let parsed = Url::parse(u).map_err(|_| invalid("url", "an http(s) address"))?;
                if !matches!(parsed.scheme(), "http" | "https") || u.len() > 2048 {
                    return Err(invalid("url", "an http(s) address"));
                }
                Some(parsed.to_string())
            }
        };
        if b.interval_minutes.is_some_and(|m| !(5..=1440).contains(&m)) {
            return Err(invalid("intervalMinutes", "5 to 1440 minutes"));
        }
        if b.mapping.as_ref().is_some_and(|m| !m.valid()) {
            return Err(invalid("mapping", "JSON Pointers starting with /; items and title are needed"));
        }
        Ok(SourceChange {
            name,
            format: pick(&b.format, "format", FeedFormat::parse)?,
            url,
            platform: pick(&b.platform, "platform", HotspotPlatform::parse)?,
            kind: pick(&b.kind, "kind", HotspotKind::parse)?,
            interval_minutes: b.interval_minutes,
            enabled: b.enabled,
            mapping: b.mapping.clone(),
        })
    }

    /// The source after this change (a new source starts from nothing).
    pub fn apply(self, base: Option<SourceSpec>) -> Result<SourceSpec, Invalid> {
        let spec = match base {
            Some(b) => SourceSpec {
                name: self.name.unwrap_or(b.name),
                format: self.format.unwrap_or(b.format),
                url: self.url.unwrap_or(b.url),
                platform: self.platform.unwrap_or(b.platform),
                kind: self.kind.unwrap_or(b.kind),
                interval_minutes: self.interval_minutes.unwrap_or(b.interval_minutes),
                enabled: self.enabled.unwrap_or(b.enabled),
                mapping: self.mapping.or(b.mapping),
            },
            None => SourceSpec {
                name: self.name.ok_or_else(|| invalid("name", "needed"))?,
                format: self.format.unwrap_or(FeedFormat::Rss),
                url: self.url.ok_or_else(|| invalid("url", "needed"))?,
                platform: self.platform.unwrap_or(HotspotPlatform::Other),
                kind: self.kind.unwrap_or(HotspotKind::Topic),
                interval_minutes: self.interval_minutes.unwrap_or(30),
                enabled: self.enabled.unwrap_or(true),
                mapping: self.mapping,
            },
        };
        if spec.format == FeedFormat::Json && spec.mapping.is_none() {
            return Err(invalid("mapping", "a json source needs a mapping"));
        }
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mapping() -> FeedMapping {
        FeedMapping {
            items: "/data".into(),
            title: "/word".into(),
            summary: None,
            url: None,
            heat: Some("/hot".into()),
            image: None,
            id: None,
        }
    }

    #[test]
    fn a_new_source_needs_name_and_url_and_json_needs_a_mapping() {
        let body =
            SourceBody { name: Some("微博".into()), url: Some("https://example.com/f".into()), ..Default::default() };
        let spec = SourceChange::parse(&body).unwrap().apply(None).unwrap();
        assert_eq!((spec.format, spec.interval_minutes, spec.enabled), (FeedFormat::Rss, 30, true));
        let json = SourceBody { format: Some("json".into()), ..body.clone() };
        assert_eq!(SourceChange::parse(&json).unwrap().apply(None).unwrap_err().field, Some("mapping"));
        let json = SourceBody { mapping: Some(mapping()), ..json };
        assert!(SourceChange::parse(&json).unwrap().apply(None).is_ok());
        for (b, field) in [
            (SourceBody { url: Some("ftp://x/y".into()), ..body.clone() }, "url"),
            (SourceBody { interval_minutes: Some(1), ..body.clone() }, "intervalMinutes"),
            (SourceBody { platform: Some("myspace".into()), ..body.clone() }, "platform"),
            (
                SourceBody { mapping: Some(FeedMapping { title: "word".into(), ..mapping() }), ..body.clone() },
                "mapping",
            ),
            (SourceBody { name: Some(" ".into()), ..body }, "name"),
        ] {
            assert_eq!(SourceChange::parse(&b).unwrap_err().field, Some(field));
        }
    }
}
