//! Content per platform (/mott-content): from a hotspot, a calendar day, an
//! import, an idea of a report or the merchant's own topic, plus their
//! product, one post per chosen platform. Each post is an item with its own
//! status; each writing of it is one `MKT_CONTENT_GEN` task (charged when
//! created, refunded when it fails or is stopped). See docs/MARKETING.md.

mod brief;
mod pictures;
mod status;
mod text;

pub use brief::{ContentBrief, ContentSource};
pub use pictures::{post_pictures, GenImage};
pub use status::{GenMode, ItemResult, ItemStatus};
pub use text::{check_text, edit_content_max, ContentText, MAX_IMAGES, MAX_PLATFORMS};
