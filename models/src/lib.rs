//! Inference and image pipelines for pixmart.
//!
//! This crate is pure: it takes decoded images and typed options and returns
//! images. It knows nothing about the database, Redis, HTTP or where files
//! live; callers pass the paths of model files and of the ONNX Runtime
//! library (see `scripts/fetch-models`).
//!
//! Start with [`OrtRuntime::init`] once per process, then load sessions such
//! as [`CutoutSession`].

pub mod compose;
mod cutout;
pub mod diffusion;
mod error;
pub mod inpaint;
pub mod llm;
mod mask;
pub mod ocr;
pub mod onnx_fp32;
pub mod poster;
pub mod qr;
pub mod refine;
pub mod registry;
pub mod reproduce;
pub mod resize;
mod runtime;
pub mod speech;
pub mod style;
pub mod upscale;
pub mod video;

pub use cutout::{
    isnet_postprocess, isnet_preprocess, run_fused, run_fused_rgb, u2net_postprocess, u2net_preprocess,
    CutoutModelKind, CutoutOptions, CutoutOutput, CutoutSession, ISNET_INPUT_SIZE, U2NET_INPUT_SIZE,
};
pub use error::ModelError;
pub use inpaint::{inpaint, inpaint_with, InpaintOptions};
pub use mask::{compose_cutout, mask_iou, mask_is_empty};
pub use runtime::OrtRuntime;
