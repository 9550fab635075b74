//! The list and hot-word queries.

use serde::Deserialize;

use super::{wire_enum, HotspotKind, HotspotOrigin, HotspotPlatform};
use crate::domain::Invalid;
use crate::error::ErrorCode;

wire_enum!(
    /// `rising` real-time hot (heat gained in the window), `ranking` topic
    /// ranking (mentions in the window), `latest` newest first.
    HotspotSort { Rising = "rising", Ranking = "ranking", Latest = "latest" }
);

pub const MAX_WINDOW_HOURS: u32 = 168;
pub const MAX_PAGE_SIZE: u32 = 50;

#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HotspotQueryParams {
    /// From 1 (default 1).
    pub page_num: Option<String>,
    /// 1–50 (default 10).
    pub page_size: Option<String>,
    /// `rising` (default), `ranking` or `latest`.
    pub sort: Option<String>,
    /// `topic`, `note`, `video` or `image`; several comma-separated.
    pub kind: Option<String>,
    /// `redbook`, `weibo`, `tiktok`, `wechat` or `other`.
    pub platform: Option<String>,
    /// `feed`, `import` or `custom`.
    pub origin: Option<String>,
    /// Words the title or summary contains (at most 50 characters).
    pub keyword: Option<String>,
    /// 1–168 (default 24).
    pub window_hours: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HotspotQuery {
    pub page: u32,
    pub size: u32,
    pub sort: HotspotSort,
    pub kinds: Vec<HotspotKind>,
    pub platform: Option<HotspotPlatform>,
    pub origin: Option<HotspotOrigin>,
    pub keyword: Option<String>,
    pub window_hours: u32,
}

fn bad(field: &'static str) -> Invalid {
    Invalid::field(ErrorCode::InvalidParam, field)
}

fn number(
    raw: &Option<String>,
    field: &'static str,
    range: std::ops::RangeInclusive<u32>,
    default: u32,
) -> Result<u32, Invalid> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(default),
        Some(s) => s.parse().ok().filter(|n| range.contains(n)).ok_or(bad(field)),
    }
}

fn optional<T>(raw: &Option<String>, field: &'static str, parse: fn(&str) -> Option<T>) -> Result<Option<T>, Invalid> {
    match raw.as_deref().map(str::trim) {
        None | Some("") | Some("all") => Ok(None),
        Some(s) => parse(s).map(Some).ok_or(bad(field)),
    }
}

impl HotspotQuery {
    pub fn parse(p: &HotspotQueryParams) -> Result<Self, Invalid> {
        let mut kinds = Vec::new();
        if let Some(list) = p.kind.as_deref().map(str::trim).filter(|s| !s.is_empty() && *s != "all") {
            for k in list.split(',') {
                let kind = HotspotKind::parse(k).ok_or(bad("kind"))?;
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
            }
        }
        let keyword = match p.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
            Some(k) if k.chars().count() > 50 => return Err(bad("keyword")),
            k => k.map(str::to_owned),
        };
        Ok(HotspotQuery {
            page: number(&p.page_num, "pageNum", 1..=10_000, 1)?,
            size: number(&p.page_size, "pageSize", 1..=MAX_PAGE_SIZE, 10)?,
            sort: optional(&p.sort, "sort", HotspotSort::parse)?.unwrap_or(HotspotSort::Rising),
            kinds,
            platform: optional(&p.platform, "platform", HotspotPlatform::parse)?,
            origin: optional(&p.origin, "origin", HotspotOrigin::parse)?,
            keyword,
            window_hours: number(&p.window_hours, "windowHours", 1..=MAX_WINDOW_HOURS, 24)?,
        })
    }
}

#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HotWordQueryParams {
    /// 1–168 (default 24): the recent window; the earlier one is as long.
    pub window_hours: Option<String>,
    /// 1–100 (default 30).
    pub size: Option<String>,
    /// Only hotspots on this platform.
    pub platform: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HotWordQuery {
    pub window_hours: u32,
    pub size: u32,
    pub platform: Option<HotspotPlatform>,
}

impl HotWordQuery {
    pub fn parse(p: &HotWordQueryParams) -> Result<Self, Invalid> {
        Ok(HotWordQuery {
            window_hours: number(&p.window_hours, "windowHours", 1..=MAX_WINDOW_HOURS, 24)?,
            size: number(&p.size, "size", 1..=100, 30)?,
            platform: optional(&p.platform, "platform", HotspotPlatform::parse)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_refusals() {
        let q = HotspotQuery::parse(&HotspotQueryParams::default()).unwrap();
        assert_eq!((q.page, q.size, q.sort, q.window_hours), (1, 10, HotspotSort::Rising, 24));
        let p =
            HotspotQueryParams { kind: Some("note,video".into()), platform: Some("all".into()), ..Default::default() };
        let q = HotspotQuery::parse(&p).unwrap();
        assert_eq!((q.kinds, q.platform), (vec![HotspotKind::Note, HotspotKind::Video], None));
        for (p, field) in [
            (HotspotQueryParams { page_size: Some("51".into()), ..Default::default() }, "pageSize"),
            (HotspotQueryParams { sort: Some("hot".into()), ..Default::default() }, "sort"),
            (HotspotQueryParams { kind: Some("topic,x".into()), ..Default::default() }, "kind"),
            (HotspotQueryParams { window_hours: Some("0".into()), ..Default::default() }, "windowHours"),
            (HotspotQueryParams { keyword: Some("长".repeat(51)), ..Default::default() }, "keyword"),
        ] {
            assert_eq!(HotspotQuery::parse(&p).unwrap_err().field, Some(field));
        }
    }
}
