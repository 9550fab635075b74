//! One module per task type: load inputs, call the pure pipeline in
//! `pixmart_models`, store outputs.

pub mod background_diffusion;
pub mod background_reproduce;
pub mod content;
pub mod copywriting;
pub mod cutout;
pub mod diffusion;
pub mod idea_stage;
pub mod inputs;
pub mod media_copy;
pub mod poster;
pub mod poster_copy;
pub mod product_image;
pub mod qr_code_art;
pub mod video;
