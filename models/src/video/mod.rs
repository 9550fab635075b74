//! Image-to-video frame synthesis: a 2.5D parallax camera move.
//!
//! The subject (the cutout mask, from ISNet) and the background become two
//! layers. The camera move transforms both, the near subject further than
//! the far background, so the clip reads as a camera moving around a
//! product rather than a flat pan. The background behind the subject is
//! filled in first (the hole the subject leaves when it moves).
//!
//! Pure: frames are returned in memory; encoding them is the caller's job.

mod fill;
mod motion;
mod sample;
mod scene;

pub use fill::fill_hole;
pub use motion::{ease_in_out, CameraPath, LayerTransform, Motion, FOREGROUND_PARALLAX};
pub use scene::ParallaxScene;
