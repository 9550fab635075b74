//! Tiny SD-shaped models with RANDOM weights, for tests and the overhead
//! bench only: same module structure and tensor names as real Stable
//! Diffusion, a few thousand times smaller. They produce noise-like images;
//! nothing about quality can be learnt from them.
//!
//! The files are written like a real model folder and loaded through
//! [`DiffusionModel::load`](super::DiffusionModel::load).

use std::path::Path;

use candle_core::{DType, Device};
use candle_nn::{VarBuilder, VarMap};
use candle_transformers::models::clip::text_model::ClipTextTransformer;
use candle_transformers::models::stable_diffusion::unet_2d::UNet2DConditionModel;
use candle_transformers::models::stable_diffusion::vae::AutoEncoderKL;

use super::config::{Architecture, CustomArchitecture, CustomText, DiffusionConfig, SchedulerKind, TextEncoderConfig};
use super::load::CONFIG_FILE;
use super::DiffusionError;

/// Words the tiny tokenizer knows (anything else is `<unk>`).
const WORDS: &[&str] = &[
    "a",
    "an",
    "the",
    "model",
    "woman",
    "man",
    "wearing",
    "dress",
    "shirt",
    "shoes",
    "wig",
    "hair",
    "cat",
    "dog",
    "studio",
    "street",
    "beach",
    "white",
    "black",
    "red",
    "blue",
    "green",
    "background",
    "photo",
    "product",
    "on",
    "in",
    "with",
    "and",
    "of",
    "pet",
    "portrait",
];

#[derive(Debug, Clone, Copy)]
pub struct TinyOptions {
    /// 9-channel inpainting UNet instead of the 4-channel one.
    pub inpainting: bool,
    pub scheduler: SchedulerKind,
    pub default_steps: usize,
}

impl Default for TinyOptions {
    fn default() -> Self {
        TinyOptions { inpainting: false, scheduler: SchedulerKind::Ddim, default_steps: 4 }
    }
}

/// The tiny architecture: CLIP 32-d × 2 layers, UNet blocks 32/64 with
/// cross-attention, VAE 16/16/32/32 (factor 8, so 64×64 images have 8×8
/// latents).
pub fn tiny_config(opts: &TinyOptions) -> DiffusionConfig {
    DiffusionConfig {
        architecture: Architecture::Custom(CustomArchitecture {
            text: CustomText {
                vocab_size: WORDS.len() + 3,
                embed_dim: 32,
                intermediate_size: 64,
                max_position_embeddings: 16,
                num_hidden_layers: 2,
                num_attention_heads: 4,
            },
            unet_blocks: vec![(32, 1, 4), (64, 1, 4)],
            unet_layers_per_block: 1,
            unet_norm_groups: 8,
            vae_blocks: vec![16, 16, 32, 32],
            vae_layers_per_block: 1,
            vae_norm_groups: 8,
        }),
        inpainting: opts.inpainting,
        scheduler: opts.scheduler,
        default_steps: opts.default_steps,
        guidance_scale: 7.5,
        size_divisor: Some(16),
        licence: None,
        commercial_use: None,
    }
}

/// Writes config.json, tokenizer.json and random-weight safetensors into
/// `dir` (created if needed).
pub fn write_tiny_model(dir: &Path, opts: &TinyOptions) -> Result<DiffusionConfig, DiffusionError> {
    let io = |e: std::io::Error| DiffusionError::LoadFailed { path: dir.into(), reason: e.to_string() };
    std::fs::create_dir_all(dir).map_err(io)?;
    let config = tiny_config(opts);
    let json = serde_json::to_string_pretty(&config).map_err(|e| DiffusionError::InvalidRequest(e.to_string()))?;
    std::fs::write(dir.join(CONFIG_FILE), json).map_err(io)?;
    std::fs::write(dir.join("tokenizer.json"), tokenizer_json()).map_err(io)?;

    let resolved = config.resolve();
    let dev = Device::Cpu;
    let save = |name: &str, build: &dyn Fn(VarBuilder) -> candle_core::Result<()>| -> Result<(), DiffusionError> {
        let path = dir.join(name);
        let failed = |e: candle_core::Error| DiffusionError::LoadFailed { path: path.clone(), reason: e.to_string() };
        let varmap = VarMap::new();
        build(VarBuilder::from_varmap(&varmap, DType::F32, &dev)).map_err(failed)?;
        varmap.save(&path).map_err(failed)
    };
    for text in &resolved.text_encoders {
        if let TextEncoderConfig::Custom(c) = text {
            save("clip.safetensors", &|vb| ClipTextTransformer::new(vb.pp("text_model"), c).map(|_| ()))?;
        }
    }
    let unet_cfg = resolved.unet.clone();
    let in_channels = config.unet_in_channels();
    save("unet.safetensors", &|vb| UNet2DConditionModel::new(vb, in_channels, 4, false, unet_cfg.clone()).map(|_| ()))?;
    let vae_cfg = resolved.vae.clone();
    save("vae.safetensors", &|vb| AutoEncoderKL::new(vb, 3, 3, vae_cfg.clone()).map(|_| ()))?;
    Ok(config)
}

/// A WordLevel tokenizer in the `tokenizer.json` format real CLIP
/// tokenizers use, so it goes through the same loading code.
fn tokenizer_json() -> String {
    let mut vocab = serde_json::Map::new();
    for (i, t) in ["<|startoftext|>", "<|endoftext|>", "<unk>"].iter().chain(WORDS).enumerate() {
        vocab.insert((*t).to_string(), serde_json::Value::from(i as u64));
    }
    serde_json::json!({
        "version": "1.0",
        "truncation": null,
        "padding": null,
        "added_tokens": [],
        "normalizer": { "type": "Lowercase" },
        "pre_tokenizer": { "type": "Whitespace" },
        "post_processor": null,
        "decoder": null,
        "model": { "type": "WordLevel", "vocab": vocab, "unk_token": "<unk>" }
    })
    .to_string()
}
