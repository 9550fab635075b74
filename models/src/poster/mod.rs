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

mod color;
mod encode;
mod error;
mod fonts;
pub mod kinsoku;
mod layers;
mod library;
pub mod limits;
mod paint;
mod raster;
mod render;
pub mod samples;
mod template;
mod text;
mod validate;
pub mod vertical;

pub use color::Rgba;
pub use encode::{encode_jpeg, encode_png, encode_webp_preview};
pub use error::PosterError;
pub use fonts::{FontPaths, FontSet, DEBIAN_NOTO_CJK_DIR, DEBIAN_NOTO_EMOJI, SANS_FAMILY, SERIF_FAMILY};
pub use library::{library, library_sources, sample_inputs, search};
pub use render::{render, render_detailed, render_scaled, PosterInputs, RenderReport};
pub use template::*;
pub use text::{Ink, TextLayout};
