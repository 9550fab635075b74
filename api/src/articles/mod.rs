//! Fetching an article by its link for 爆文改写: the guarded fetch
//! (`pixmart_shared::web_fetch`), then the page's readable text extracted
//! with `dom_smoothie` (a port of Mozilla's Readability).

mod extract;

pub use extract::{extract, Article};
