//! The poster template format (`PLACARD_GEN`): a versioned JSON document
//! that places image slots, text slots, shapes and a QR code on a canvas
//! (docs/POSTERS.md), its validation and the built-in library.
//!
//! Its own crate because three parties read it: the API refuses a bad
//! template or input before anything is queued, the worker fills it, and
//! the renderer in `pixmart-models` draws it; none of them should pull in
//! the others' dependencies.

mod catalogue;
mod color;
mod colours;
mod copy_slots;
mod error;
pub mod limits;
mod template;
mod validate;

pub use catalogue::{library, library_sources, library_template, search};
pub use color::Rgba;
pub use copy_slots::CopySlot;
pub use error::PosterError;
pub use template::*;
pub use validate::{check_qr_content, check_text_len, SlotKind};
