//! Stable Diffusion on candle-transformers' `stable_diffusion` module:
//! CLIP text encoder(s), UNet (4- or 9-channel), VAE, DDIM / Euler
//! ancestral schedulers; text-to-image, img2img and inpainting with seeds,
//! per-step progress and cancellation between steps; SD 1.5-class and
//! SDXL-class configurations. Plus the kept-region guarantee (the
//! merchant's product is pasted back and verified after decoding).
//!
//! Pure: callers pass the model folder and decoded images.

mod conditioning;
mod config;
mod error;
mod generate;
mod keep;
mod load;
mod sizes;
mod tensors;
mod text;
pub mod tiny;
mod vae_encoder;

pub use config::{Architecture, CustomArchitecture, CustomText, DiffusionConfig, SchedulerKind};
pub use error::DiffusionError;
pub use generate::{Control, GenerateRequest, LoopTimes, Mode, PartTimes, StepProgress};
pub use keep::{paste_kept_region, regenerate_mask, verify_kept_region, KEPT_REGION_TOLERANCE};
pub use load::{device_label, select_device, DiffusionModel, CONFIG_FILE};
pub use sizes::{run_size, OutputRatio};
