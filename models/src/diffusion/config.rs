//! `config.json` of a diffusion model folder: which architecture the
//! weights have (SD 1.5-class, SDXL-class, or explicit sizes for small
//! test models), whether the UNet is a 9-channel inpainting UNet, and the
//! sampler defaults.

use candle_transformers::models::clip::text_model::{Activation, ClipTextConfig};
use candle_transformers::models::stable_diffusion::clip as sd_clip;
use candle_transformers::models::stable_diffusion::schedulers::PredictionType;
use candle_transformers::models::stable_diffusion::unet_2d::{BlockConfig, UNet2DConditionModelConfig};
use candle_transformers::models::stable_diffusion::vae::AutoEncoderKLConfig;
use serde::{Deserialize, Serialize};

/// The on-disk config. Example for SD 1.5 inpainting:
/// `{"architecture": "sd15", "inpainting": true}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DiffusionConfig {
    pub architecture: Architecture,
    /// 9-channel UNet input: noisy latents ‖ mask ‖ masked-image latents.
    #[serde(default)]
    pub inpainting: bool,
    #[serde(default)]
    pub scheduler: SchedulerKind,
    #[serde(default = "default_steps")]
    pub default_steps: usize,
    #[serde(default = "default_guidance")]
    pub guidance_scale: f64,
    /// Overrides the architecture's divisor of the product's output sizes
    /// (SD 1.5: 2, SDXL: 1); small test models use 16 (1024² → 64²).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_divisor: Option<u32>,
    /// The weights' licence, as the operator declares it for an
    /// operator-supplied folder (`diffusion/`, registry id `sd-custom`);
    /// the registry's own folders have theirs in models/registry.toml.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub licence: Option<String>,
    /// Whether that licence permits commercial use. Undeclared, the
    /// registry's `sd-custom` entry decides (by default: not known to, so a
    /// deployment or tenant that refuses non-commercial models never uses
    /// such weights).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commercial_use: Option<bool>,
}

fn default_steps() -> usize {
    30
}

fn default_guidance() -> f64 {
    7.5
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Architecture {
    /// SD 1.x (and its inpainting variant): CLIP ViT-L/14 text encoder,
    /// 512² native; the output sizes are halved for this class.
    Sd15,
    /// SDXL 1.0: two text encoders (CLIP ViT-L + OpenCLIP bigG), 1024² native.
    Sdxl,
    /// Explicit sizes with the same module structure (small test models).
    Custom(CustomArchitecture),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomArchitecture {
    pub text: CustomText,
    /// (out_channels, cross-attention transformer layers or 0, attention heads) per UNet block.
    pub unet_blocks: Vec<(usize, usize, usize)>,
    pub unet_layers_per_block: usize,
    pub unet_norm_groups: usize,
    pub vae_blocks: Vec<usize>,
    pub vae_layers_per_block: usize,
    pub vae_norm_groups: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomText {
    pub vocab_size: usize,
    pub embed_dim: usize,
    pub intermediate_size: usize,
    pub max_position_embeddings: usize,
    pub num_hidden_layers: usize,
    pub num_attention_heads: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SchedulerKind {
    /// Deterministic (eta 0): the same seed gives the same image.
    #[default]
    Ddim,
    /// Ancestral sampling draws fresh noise every step from candle's device
    /// RNG, which cannot be seeded on CPU: not reproducible per seed there.
    EulerAncestral,
}

/// A text encoder as candle builds it.
#[derive(Debug, Clone)]
pub(crate) enum TextEncoderConfig {
    /// candle's Stable Diffusion CLIP configs (QuickGelu or Gelu).
    Sd(sd_clip::Config),
    /// Explicit sizes, QuickGelu, same tensor names.
    Custom(ClipTextConfig),
}

impl TextEncoderConfig {
    pub(crate) fn max_len(&self) -> usize {
        match self {
            TextEncoderConfig::Sd(c) => c.max_position_embeddings,
            TextEncoderConfig::Custom(c) => c.max_position_embeddings,
        }
    }

    pub(crate) fn pad_token(&self) -> String {
        let pad = match self {
            TextEncoderConfig::Sd(c) => c.pad_with.clone(),
            TextEncoderConfig::Custom(c) => c.pad_with.clone(),
        };
        pad.unwrap_or_else(|| "<|endoftext|>".to_string())
    }
}

/// Everything candle needs, resolved from a [`DiffusionConfig`].
#[derive(Debug, Clone)]
pub(crate) struct Resolved {
    pub text_encoders: Vec<TextEncoderConfig>,
    pub unet: UNet2DConditionModelConfig,
    pub vae: AutoEncoderKLConfig,
    /// Latent scaling of the VAE (0.18215 for SD 1.x, 0.13025 for SDXL).
    pub vae_scale: f64,
    pub prediction: PredictionType,
}

impl DiffusionConfig {
    /// The preset of a registry folder (models/registry.toml ids).
    pub fn for_registry_id(id: &str) -> Option<Self> {
        let (architecture, inpainting) = match id {
            "sd15" => (Architecture::Sd15, false),
            "sd15-inpainting" => (Architecture::Sd15, true),
            "sdxl-base" => (Architecture::Sdxl, false),
            "sdxl-inpainting" => (Architecture::Sdxl, true),
            _ => return None,
        };
        Some(DiffusionConfig {
            architecture,
            inpainting,
            scheduler: SchedulerKind::Ddim,
            default_steps: default_steps(),
            guidance_scale: default_guidance(),
            size_divisor: None,
            licence: None,
            commercial_use: None,
        })
    }

    /// Spatial factor between image and latents.
    pub fn vae_factor(&self) -> u32 {
        match &self.architecture {
            Architecture::Sd15 | Architecture::Sdxl => 8,
            Architecture::Custom(c) => 1 << c.vae_blocks.len().saturating_sub(1),
        }
    }

    /// Output size is halved for SD 1.5-class models (trained at 512²).
    pub fn size_divisor(&self) -> u32 {
        if let Some(d) = self.size_divisor {
            return d.max(1);
        }
        match &self.architecture {
            Architecture::Sd15 => 2,
            Architecture::Sdxl | Architecture::Custom(_) => 1,
        }
    }

    pub fn unet_in_channels(&self) -> usize {
        if self.inpainting {
            9
        } else {
            4
        }
    }

    pub(crate) fn resolve(&self) -> Resolved {
        match &self.architecture {
            Architecture::Sd15 => {
                // candle's v1_5 preset; sizes are irrelevant here (set per request).
                let unet = UNet2DConditionModelConfig {
                    blocks: vec![bc(320, 1, 8), bc(640, 1, 8), bc(1280, 1, 8), bc(1280, 0, 8)],
                    center_input_sample: false,
                    cross_attention_dim: 768,
                    downsample_padding: 1,
                    flip_sin_to_cos: true,
                    freq_shift: 0.,
                    layers_per_block: 2,
                    mid_block_scale_factor: 1.,
                    norm_eps: 1e-5,
                    norm_num_groups: 32,
                    sliced_attention_size: None,
                    use_linear_projection: false,
                };
                Resolved {
                    text_encoders: vec![TextEncoderConfig::Sd(sd_clip::Config::v1_5())],
                    unet,
                    vae: sd_vae(vec![128, 256, 512, 512], 2, 32),
                    vae_scale: 0.18215,
                    prediction: PredictionType::Epsilon,
                }
            }
            Architecture::Sdxl => {
                let unet = UNet2DConditionModelConfig {
                    blocks: vec![bc(320, 0, 5), bc(640, 2, 10), bc(1280, 10, 20)],
                    center_input_sample: false,
                    cross_attention_dim: 2048,
                    downsample_padding: 1,
                    flip_sin_to_cos: true,
                    freq_shift: 0.,
                    layers_per_block: 2,
                    mid_block_scale_factor: 1.,
                    norm_eps: 1e-5,
                    norm_num_groups: 32,
                    sliced_attention_size: None,
                    use_linear_projection: true,
                };
                Resolved {
                    text_encoders: vec![
                        TextEncoderConfig::Sd(sd_clip::Config::sdxl()),
                        TextEncoderConfig::Sd(sd_clip::Config::sdxl2()),
                    ],
                    unet,
                    vae: sd_vae(vec![128, 256, 512, 512], 2, 32),
                    vae_scale: 0.13025,
                    prediction: PredictionType::Epsilon,
                }
            }
            Architecture::Custom(c) => {
                let text = ClipTextConfig {
                    vocab_size: c.text.vocab_size,
                    embed_dim: c.text.embed_dim,
                    activation: Activation::QuickGelu,
                    intermediate_size: c.text.intermediate_size,
                    max_position_embeddings: c.text.max_position_embeddings,
                    pad_with: None,
                    num_hidden_layers: c.text.num_hidden_layers,
                    num_attention_heads: c.text.num_attention_heads,
                    projection_dim: c.text.embed_dim,
                };
                let unet = UNet2DConditionModelConfig {
                    blocks: c.unet_blocks.iter().map(|&(ch, layers, heads)| bc(ch, layers, heads)).collect(),
                    center_input_sample: false,
                    cross_attention_dim: c.text.embed_dim,
                    downsample_padding: 1,
                    flip_sin_to_cos: true,
                    freq_shift: 0.,
                    layers_per_block: c.unet_layers_per_block,
                    mid_block_scale_factor: 1.,
                    norm_eps: 1e-5,
                    norm_num_groups: c.unet_norm_groups,
                    sliced_attention_size: None,
                    use_linear_projection: false,
                };
                Resolved {
                    text_encoders: vec![TextEncoderConfig::Custom(text)],
                    unet,
                    vae: sd_vae(c.vae_blocks.clone(), c.vae_layers_per_block, c.vae_norm_groups),
                    vae_scale: 0.18215,
                    prediction: PredictionType::Epsilon,
                }
            }
        }
    }
}

fn bc(out_channels: usize, cross_attn_layers: usize, attention_head_dim: usize) -> BlockConfig {
    BlockConfig {
        out_channels,
        use_cross_attn: (cross_attn_layers > 0).then_some(cross_attn_layers),
        attention_head_dim,
    }
}

fn sd_vae(block_out_channels: Vec<usize>, layers_per_block: usize, norm_num_groups: usize) -> AutoEncoderKLConfig {
    AutoEncoderKLConfig {
        block_out_channels,
        layers_per_block,
        latent_channels: 4,
        norm_num_groups,
        use_quant_conv: true,
        use_post_quant_conv: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_from_json() {
        let c: DiffusionConfig = serde_json::from_str(r#"{"architecture":"sd15","inpainting":true}"#).unwrap();
        assert_eq!(c.architecture, Architecture::Sd15);
        assert_eq!((c.unet_in_channels(), c.vae_factor(), c.size_divisor()), (9, 8, 2));
        assert_eq!(c.scheduler, SchedulerKind::Ddim);
        let x: DiffusionConfig = serde_json::from_str(r#"{"architecture":"sdxl"}"#).unwrap();
        assert_eq!(x.resolve().text_encoders.len(), 2);
        assert_eq!(x.size_divisor(), 1);
        let r = DiffusionConfig::for_registry_id("sd15-inpainting").unwrap();
        assert_eq!((r.architecture, r.inpainting), (Architecture::Sd15, true));
        assert!(DiffusionConfig::for_registry_id("catvton").is_none());
    }
}
