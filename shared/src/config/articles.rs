//! Fetching an article by its link (爆文改写): the limits of the fetcher
//! (`PIXMART__ARTICLES__…`).

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct ArticleSettings {
    /// Most bytes of a page read (the rest is not downloaded).
    pub max_bytes: u64,
    /// Most seconds for the whole fetch, redirects included.
    pub timeout_secs: u64,
    /// Most redirects followed (each target checked like the first).
    pub max_redirects: u8,
    /// Fetches one user may have running at once on one instance.
    pub max_concurrent_per_user: u32,
    /// Non-public networks (CIDR, e.g. `10.20.0.0/16` for an intranet
    /// wiki) the fetcher may reach. Empty by default: only public
    /// addresses, so the server cannot be used to reach its own network.
    pub allow_private_networks: Vec<String>,
}

impl Default for ArticleSettings {
    fn default() -> Self {
        ArticleSettings {
            max_bytes: 3 * 1024 * 1024,
            timeout_secs: 15,
            max_redirects: 5,
            max_concurrent_per_user: 2,
            allow_private_networks: Vec::new(),
        }
    }
}
