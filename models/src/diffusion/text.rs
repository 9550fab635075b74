//! Prompt → text embeddings: the CLIP tokenizer (a `tokenizer.json`) and
//! one or two CLIP text encoders (SDXL concatenates both).

use std::path::Path;

use candle_core::{Device, Module, Tensor, D};
use candle_nn::VarBuilder;
use candle_transformers::models::clip::text_model::ClipTextTransformer as CustomClip;
use candle_transformers::models::stable_diffusion::clip::ClipTextTransformer as SdClip;
use tokenizers::Tokenizer;

use super::config::TextEncoderConfig;
use super::DiffusionError;

enum Encoder {
    Sd(SdClip),
    Custom(CustomClip),
}

pub(crate) struct TextEncoder {
    tokenizer: Tokenizer,
    encoder: Encoder,
    max_len: usize,
    pad_id: u32,
}

impl TextEncoder {
    pub(crate) fn load(
        config: &TextEncoderConfig,
        tokenizer_path: &Path,
        vb: VarBuilder,
        weights_path: &Path,
    ) -> Result<Self, DiffusionError> {
        let tokenizer = Tokenizer::from_file(tokenizer_path)
            .map_err(|e| DiffusionError::LoadFailed { path: tokenizer_path.into(), reason: e.to_string() })?;
        let pad = config.pad_token();
        let pad_id = tokenizer.token_to_id(&pad).ok_or_else(|| DiffusionError::LoadFailed {
            path: tokenizer_path.into(),
            reason: format!("the tokenizer has no padding token {pad:?}"),
        })?;
        let failed =
            |e: candle_core::Error| DiffusionError::LoadFailed { path: weights_path.into(), reason: e.to_string() };
        let encoder = match config {
            TextEncoderConfig::Sd(c) => Encoder::Sd(SdClip::new(vb, c).map_err(failed)?),
            TextEncoderConfig::Custom(c) => Encoder::Custom(CustomClip::new(vb.pp("text_model"), c).map_err(failed)?),
        };
        Ok(TextEncoder { tokenizer, encoder, max_len: config.max_len(), pad_id })
    }

    /// Token ids padded (or truncated) to the encoder's context length.
    pub(crate) fn tokens(&self, prompt: &str) -> Result<Vec<u32>, DiffusionError> {
        let encoding =
            self.tokenizer.encode(prompt, true).map_err(|e| DiffusionError::inference(format!("tokenizer: {e}")))?;
        let mut ids = encoding.get_ids().to_vec();
        ids.truncate(self.max_len);
        ids.resize(self.max_len, self.pad_id);
        Ok(ids)
    }

    /// Hidden states [1, len, dim].
    pub(crate) fn encode(&self, prompt: &str, device: &Device) -> Result<Tensor, DiffusionError> {
        let ids = self.tokens(prompt)?;
        let ids =
            Tensor::new(ids.as_slice(), device).and_then(|t| t.unsqueeze(0)).map_err(DiffusionError::inference)?;
        match &self.encoder {
            Encoder::Sd(m) => m.forward(&ids),
            Encoder::Custom(m) => m.forward_with_mask(&ids, usize::MAX),
        }
        .map_err(DiffusionError::inference)
    }
}

/// Conditional and (for classifier-free guidance) unconditional embeddings
/// of all encoders, concatenated on the feature axis: [2 or 1, len, dim].
pub(crate) fn embed(
    encoders: &[TextEncoder],
    prompt: &str,
    negative: &str,
    guidance: bool,
    device: &Device,
    dtype: candle_core::DType,
) -> Result<Tensor, DiffusionError> {
    let mut per_encoder = Vec::with_capacity(encoders.len());
    for enc in encoders {
        let cond = enc.encode(prompt, device)?;
        let t = if guidance {
            let uncond = enc.encode(negative, device)?;
            Tensor::cat(&[uncond, cond], 0).map_err(DiffusionError::inference)?
        } else {
            cond
        };
        per_encoder.push(t);
    }
    Tensor::cat(&per_encoder, D::Minus1).and_then(|t| t.to_dtype(dtype)).map_err(DiffusionError::inference)
}
