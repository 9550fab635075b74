//! Hotspots: what people are talking about, from a configured source, an
//! admin's import, or a user's own save. The vocabulary, and the requests
//! about them parsed at the edge.

mod query;
mod save;
mod source;

pub use query::{HotWordQuery, HotWordQueryParams, HotspotQuery, HotspotQueryParams, HotspotSort};
pub use save::{NewHotspot, NewHotspotBody, MAX_CUSTOM_PER_USER};
pub use source::{FeedFormat, FeedMapping, SourceBody, SourceChange, SourceSpec, MAX_SOURCES};

pub(crate) use crate::domain::wire_enum::wire_enum;

wire_enum!(
    /// What a hotspot is: a topic (news, a trending subject), a popular note,
    /// a video or an image.
    HotspotKind { Topic = "topic", Note = "note", Video = "video", Image = "image" }
);

wire_enum!(
    /// Where people talk about it.
    HotspotPlatform { Redbook = "redbook", Weibo = "weibo", Tiktok = "tiktok", Wechat = "wechat", Other = "other" }
);

wire_enum!(
    /// How it came in: a configured source, an admin's import, a user's save.
    HotspotOrigin { Feed = "feed", Import = "import", Custom = "custom" }
);

/// Where a source gives no heat, the heat from the rank: first place
/// 100000, second 50000…
pub fn heat_from_rank(rank: u32) -> i64 {
    100_000 / i64::from(rank.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    fn same_on_the_wire<T: Serialize>(all: &[T], as_str: impl Fn(&T) -> &'static str) {
        for v in all {
            assert_eq!(serde_json::to_value(v).unwrap(), serde_json::Value::from(as_str(v)));
        }
    }

    #[test]
    fn serde_and_the_declared_wire_names_agree() {
        same_on_the_wire(HotspotKind::ALL, |v| v.as_str());
        same_on_the_wire(HotspotPlatform::ALL, |v| v.as_str());
        same_on_the_wire(HotspotOrigin::ALL, |v| v.as_str());
        same_on_the_wire(HotspotSort::ALL, |v| v.as_str());
        same_on_the_wire(FeedFormat::ALL, |v| v.as_str());
    }
}
