//! One guarded fetch of a user- or operator-given link, shared by the
//! article fetcher (爆文改写) and the hotspot feeds: only over http(s), only
//! to public addresses unless the operator allows a network (each redirect
//! checked again, the address pinned so DNS cannot change it between the
//! check and the connection), within size and time limits.

mod address;
mod fetch;

pub use address::{is_public, AddressPolicy};
pub use fetch::{fetch, Accept, FetchError, FetchLimits, Fetched};
