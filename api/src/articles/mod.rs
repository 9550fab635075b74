//! Fetching an article by its link for 爆文改写: only over http(s), only
//! to public addresses (each redirect checked again, the address pinned
//! so DNS cannot change it between the check and the connection), within
//! size and time limits; the page's readable text extracted with
//! `dom_smoothie` (a port of Mozilla's Readability).

mod address;
mod extract;
mod fetch;

pub use address::{is_public, AddressPolicy};
pub use extract::{extract, Article};
pub use fetch::{fetch, FetchError, Fetched};
