//! The marketing workbench's settings (`[marketing]`).

use serde::Deserialize;

use crate::marketing::calendar::{default_nodes, MarketingNode};

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct MarketingSettings {
    /// The platforms' marketing nodes on the calendar (618, 双11…): each
    /// `{name, name_en, date, description, description_en}`, the date as
    /// `06-18`, `lunar:12-08` or `11:thu:4+1` (the day after the fourth
    /// Thursday of November). Setting the list replaces the built-in one.
    pub calendar_nodes: Vec<MarketingNode>,
    /// How often each worker looks for hotspot sources due for a refresh.
    pub refresh_poll_secs: u64,
    /// Most bytes of one feed (a larger one is an error, not a partial read).
    pub feed_max_bytes: u64,
    /// Most seconds for one feed's fetch, redirects included.
    pub feed_timeout_secs: u64,
    pub feed_max_redirects: u8,
    /// Non-public networks (CIDR) a feed may be on: an intranet feed, or
    /// the tests' local feed server. Empty: public addresses only.
    pub feeds_allow_private_networks: Vec<String>,
    /// Days of observations kept (the longest window is 7 days, and the
    /// hot words compare it with the one before).
    pub observation_days: u32,
    /// The last day video and offline ideas of a report are free (the
    /// original app's "free for a limited time"); from the day after they
    /// cost what picture ideas cost.
    pub ideas_free_until: chrono::NaiveDate,
}

impl Default for MarketingSettings {
    fn default() -> Self {
        MarketingSettings {
            calendar_nodes: default_nodes(),
            refresh_poll_secs: 60,
            feed_max_bytes: 2 * 1024 * 1024,
            feed_timeout_secs: 15,
            feed_max_redirects: 3,
            feeds_allow_private_networks: Vec::new(),
            observation_days: 15,
            ideas_free_until: chrono::NaiveDate::from_ymd_opt(2027, 6, 30).unwrap_or_default(),
        }
    }
}

impl MarketingSettings {
    pub fn feed_limits(&self) -> crate::web_fetch::FetchLimits {
        crate::web_fetch::FetchLimits {
            max_bytes: self.feed_max_bytes,
            timeout_secs: self.feed_timeout_secs,
            max_redirects: self.feed_max_redirects,
        }
    }
}
