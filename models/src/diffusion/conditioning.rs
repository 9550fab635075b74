//! What a request gives the denoising loop besides the text: the known
//! latents (img2img, inpainting), the extra input channels of a 9-channel
//! inpainting UNet, and the blend mask of 4-channel inpainting. None of it
//! depends on the seed: it is built once per request and shared by all of
//! its images.

use candle_core::Tensor;
use image::{GrayImage, Luma, Rgb, RgbImage};

use super::generate::{GenerateRequest, Mode};
use super::tensors::mask_to_latent;
use super::{DiffusionError, DiffusionModel};

pub(crate) struct Conditioning {
    /// Scaled latents of the input image: img2img's starting point, the
    /// inpainting image.
    pub init: Option<Tensor>,
    /// 9-channel UNets: latent mask ‖ masked-image latents, repeated over
    /// the guidance batch. Always present for them, whatever the mode.
    pub extra_channels: Option<Tensor>,
    /// 4-channel inpainting: where to regenerate, in latent space (1 =
    /// regenerate); the known latents are blended back after every step.
    pub blend_mask: Option<Tensor>,
}

/// diffusers' "masked" pixel: 127.5 maps to 0 in -1..1.
const MASKED: Rgb<u8> = Rgb([127, 127, 127]);

impl DiffusionModel {
    /// `batch` is the UNet's batch (2 with classifier-free guidance).
    pub(crate) fn conditioning(&self, req: &GenerateRequest, batch: usize) -> Result<Conditioning, DiffusionError> {
        let e = DiffusionError::inference;
        let f = self.config.vae_factor();
        let init = match &req.mode {
            Mode::TextToImage => None,
            Mode::ImageToImage { init, .. } => Some(self.encode(init)?),
            Mode::Inpaint { image, .. } => Some(self.encode(image)?),
        };
        if !self.config.inpainting {
            let blend_mask = match &req.mode {
                Mode::Inpaint { mask, .. } => Some(mask_to_latent(mask, f, &self.device, self.dtype)?),
                _ => None,
            };
            return Ok(Conditioning { init, extra_channels: None, blend_mask });
        }
        // A 9-channel UNet was trained with these channels on every input,
        // so text-to-image and img2img get them too: regenerate everywhere
        // (a white mask over a fully masked image), as diffusers'
        // inpainting pipeline does with a full mask; img2img's strength
        // still starts from the noised input latents.
        let (mask, masked) = match &req.mode {
            Mode::Inpaint { image, mask, .. } => (mask.clone(), masked_image(image, mask)),
            Mode::TextToImage | Mode::ImageToImage { .. } => (
                GrayImage::from_pixel(req.width, req.height, Luma([255])),
                RgbImage::from_pixel(req.width, req.height, MASKED),
            ),
        };
        let m = mask_to_latent(&mask, f, &self.device, self.dtype)?;
        let masked_latents = self.encode(&masked)?;
        let extra = Tensor::cat(&[&m, &masked_latents], 1).map_err(e)?;
        let extra = if batch > 1 { Tensor::cat(&vec![extra; batch], 0).map_err(e)? } else { extra };
        Ok(Conditioning { init, extra_channels: Some(extra), blend_mask: None })
    }
}

/// The image with the region to regenerate (mask ≥ 128) blanked out.
fn masked_image(image: &RgbImage, mask: &GrayImage) -> RgbImage {
    let mut masked = image.clone();
    for (p, mp) in masked.pixels_mut().zip(mask.pixels()) {
        if mp[0] >= 128 {
            *p = MASKED;
        }
    }
    masked
}
