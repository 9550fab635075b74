//! Loading a diffusion model folder:
//!
//! ```text
//! config.json        DiffusionConfig; optional for the registry's folders
//!                    (sd15, sd15-inpainting, sdxl-base, sdxl-inpainting),
//!                    whose architecture follows from the folder name
//! tokenizer.json     CLIP tokenizer (tokenizer2.json: SDXL's second encoder, else tokenizer.json)
//! clip.safetensors   CLIP text model (clip2.safetensors: SDXL's OpenCLIP bigG)
//! unet.safetensors   UNet (9 input channels when inpainting)
//! vae.safetensors    AutoEncoderKL (encoder and decoder)
//! ```
//!
//! These are the registry's file names (models/registry.toml): the
//! diffusers repos' `text_encoder/model.safetensors`,
//! `unet/diffusion_pytorch_model.safetensors`, ... renamed.
//!
//! Weights are read with `candle_core::safetensors::load` (no mmap: this
//! workspace forbids `unsafe`), then handed to candle's module builders.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::stable_diffusion::unet_2d::UNet2DConditionModel;
use candle_transformers::models::stable_diffusion::vae::AutoEncoderKL;

use super::config::{DiffusionConfig, Resolved};
use super::text::TextEncoder;
use super::vae_encoder::VaeEncoder;
use super::DiffusionError;

pub const CONFIG_FILE: &str = "config.json";

/// A loaded Stable Diffusion model, ready to generate. Not `Sync`-free
/// state: generation takes `&self`, the scheduler is built per request.
pub struct DiffusionModel {
    pub(crate) config: DiffusionConfig,
    pub(crate) resolved: Resolved,
    pub(crate) text: Vec<TextEncoder>,
    pub(crate) unet: UNet2DConditionModel,
    pub(crate) vae: AutoEncoderKL,
    pub(crate) vae_encoder: VaeEncoder,
    pub(crate) device: Device,
    pub(crate) dtype: DType,
    weight_bytes: u64,
}

/// CUDA device 0 when built with the `cuda` feature and a GPU is present,
/// else CPU. f16 on GPU, f32 on CPU (candle's CPU f16 matmul is slow).
pub fn select_device() -> (Device, DType) {
    match Device::cuda_if_available(0) {
        Ok(d) if d.is_cuda() => (d, DType::F16),
        _ => (Device::Cpu, DType::F32),
    }
}

/// Human-readable device name for the node advertisement.
pub fn device_label(device: &Device) -> &'static str {
    if device.is_cuda() {
        "cuda:0"
    } else if device.is_metal() {
        "metal:0"
    } else {
        "cpu"
    }
}

impl DiffusionModel {
    /// Files a model folder must contain for `config`, relative to it.
    pub fn required_files(config: &DiffusionConfig) -> Vec<&'static str> {
        let mut files = vec!["tokenizer.json", "clip.safetensors", "unet.safetensors", "vae.safetensors"];
        if config.resolve().text_encoders.len() > 1 {
            files.push("clip2.safetensors");
        }
        files
    }

    /// `config.json` when present, else the registry folder's preset.
    pub fn read_config(dir: &Path) -> Result<DiffusionConfig, DiffusionError> {
        let path = dir.join(CONFIG_FILE);
        if !path.is_file() {
            let id = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            return DiffusionConfig::for_registry_id(id).ok_or(DiffusionError::ModelMissing { path });
        }
        let raw = std::fs::read_to_string(&path)
            .map_err(|e| DiffusionError::LoadFailed { path: path.clone(), reason: e.to_string() })?;
        serde_json::from_str(&raw).map_err(|e| DiffusionError::LoadFailed { path, reason: e.to_string() })
    }

    pub fn load(dir: &Path, device: &Device, dtype: DType) -> Result<Self, DiffusionError> {
        let config = Self::read_config(dir)?;
        for file in Self::required_files(&config) {
            let path = dir.join(file);
            if !path.is_file() {
                return Err(DiffusionError::ModelMissing { path });
            }
        }
        let resolved = config.resolve();
        let mut weight_bytes = 0u64;
        let mut text = Vec::with_capacity(resolved.text_encoders.len());
        for (i, enc) in resolved.text_encoders.iter().enumerate() {
            let (weights, tokenizer) = if i == 0 {
                (dir.join("clip.safetensors"), dir.join("tokenizer.json"))
            } else {
                let t2 = dir.join("tokenizer2.json");
                (dir.join("clip2.safetensors"), if t2.is_file() { t2 } else { dir.join("tokenizer.json") })
            };
            let (vb, bytes) = var_builder(&weights, device, dtype)?;
            weight_bytes += bytes;
            text.push(TextEncoder::load(enc, &tokenizer, vb, &weights)?);
        }
        let unet_path = dir.join("unet.safetensors");
        let (vb, bytes) = var_builder(&unet_path, device, dtype)?;
        weight_bytes += bytes;
        let unet = UNet2DConditionModel::new(vb, config.unet_in_channels(), 4, false, resolved.unet.clone())
            .map_err(|e| load_failed(&unet_path, e))?;
        let vae_path = dir.join("vae.safetensors");
        let (vb, bytes) = var_builder(&vae_path, device, dtype)?;
        weight_bytes += bytes;
        let vae = AutoEncoderKL::new(vb.clone(), 3, 3, resolved.vae.clone()).map_err(|e| load_failed(&vae_path, e))?;
        let vae_encoder = VaeEncoder::new(vb, &resolved.vae).map_err(|e| load_failed(&vae_path, e))?;
        Ok(DiffusionModel {
            config,
            resolved,
            text,
            unet,
            vae,
            vae_encoder,
            device: device.clone(),
            dtype,
            weight_bytes,
        })
    }

    pub fn config(&self) -> &DiffusionConfig {
        &self.config
    }

    pub fn device(&self) -> &Device {
        &self.device
    }

    /// Bytes of weights held on the device (for the node's memory report).
    pub fn weight_bytes(&self) -> u64 {
        self.weight_bytes
    }

    pub fn is_inpainting(&self) -> bool {
        self.config.inpainting
    }
}

fn load_failed(path: &Path, e: impl std::fmt::Display) -> DiffusionError {
    DiffusionError::LoadFailed { path: PathBuf::from(path), reason: e.to_string() }
}

fn var_builder(path: &Path, device: &Device, dtype: DType) -> Result<(VarBuilder<'static>, u64), DiffusionError> {
    let tensors: HashMap<String, Tensor> =
        candle_core::safetensors::load(path, device).map_err(|e| load_failed(path, e))?;
    let bytes = tensors.values().map(|t| (t.elem_count() * dtype.size_in_bytes()) as u64).sum();
    Ok((VarBuilder::from_tensors(tensors, dtype, device), bytes))
}

// Workers share one loaded model between jobs and threads.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<DiffusionModel>();
};
