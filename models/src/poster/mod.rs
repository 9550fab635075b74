//! Posters: typeset marketing images from templates (`PLACARD_GEN`'s pure core).
//!
//! A [`Template`] (versioned JSON, documented in `docs/POSTERS.md`) places
//! image slots, text slots, shapes and a QR code on a canvas.
//! [`Template::from_json`] parses and validates it; [`render`] fills its
//! slots from [`PosterInputs`] and draws it with the fonts of a shared
//! [`FontSet`]: text is shaped by cosmic-text (Chinese line-breaking rules,
//! font fallback for emoji), shrunk until it fits its slot and cut with an
//! ellipsis only at the smallest size, and everything is rasterised by
//! tiny-skia. [`library`] lists the built-in templates.

mod encode;
mod fonts;
pub mod kinsoku;
mod layers;
mod paint;
mod raster;
mod render;
mod sample_inputs;
pub mod samples;
mod text;
pub mod vertical;

// The format itself (types, validation, the built-in library) is its own
// crate, which the API reads too; re-exported so the renderer's users see
// one module.
pub use pixmart_poster_template::*;

pub use encode::{encode_jpeg, encode_png, encode_webp_preview};
pub use fonts::{FontPaths, FontSet, DEBIAN_NOTO_CJK_DIR, DEBIAN_NOTO_EMOJI, SANS_FAMILY, SERIF_FAMILY};
pub use render::{render, render_detailed, render_scaled, PosterInputs, RenderReport};
pub use sample_inputs::sample_inputs;
pub use text::{Ink, TextLayout};
