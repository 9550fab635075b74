//! STYLE_IMITATION's background on a node with diffusion weights: the
//! template background, tinted towards the reference's palette, re-rendered
//! by img2img with `denoisingStrength` as the img2img strength (the share
//! of the schedule that runs from the noised base), so the option keeps its
//! meaning: how far the result departs from its base background, 0 = the
//! base itself. The product is composed on afterwards by the caller; it
//! never goes through the model.

use image::imageops::FilterType;
use image::RgbImage;
use pixmart_models::diffusion::{run_size, Control, DiffusionModel, GenerateRequest, Mode};
use pixmart_models::reproduce;
use pixmart_shared::ErrorCode;

use crate::failure::JobFailure;

const NEGATIVE_PROMPT: &str = "product, person, hands, text, watermark, logo, lowres, blurry, deformed";

/// The restyled background at `base`'s size. `surface` names the template
/// ("Wooden table top") for the prompt; `seed` makes it reproducible.
pub fn diffused_background(
    model: &DiffusionModel,
    base: &RgbImage,
    reference: &RgbImage,
    surface: &str,
    strength: f32,
    seed: u64,
) -> Result<RgbImage, JobFailure> {
    let s = strength.clamp(0.0, 1.0);
    if s == 0.0 {
        return Ok(base.clone());
    }
    let tinted = reproduce::palette_toward(base, reference, s);
    let (w, h) = base.dimensions();
    let config = model.config();
    let (rw, rh) = run_size(w, h, config.size_divisor(), config.vae_factor());
    let small = image::imageops::resize(&tinted, rw, rh, FilterType::Triangle);
    let request = GenerateRequest {
        prompt: format!(
            "an empty product photography background, {}, soft natural light, high quality",
            surface.to_lowercase()
        ),
        negative_prompt: NEGATIVE_PROMPT.into(),
        width: rw,
        height: rh,
        steps: None,
        guidance_scale: None,
        seed,
        count: 1,
        mode: Mode::ImageToImage { init: small.clone(), strength: f64::from(s) },
    };
    let generated = model
        .generate(&request, &mut |_| Control::Continue)
        .map_err(|e| JobFailure::abort(ErrorCode::GenerationFailed, format!("{}: {e}", e.code())))?
        .pop()
        .ok_or_else(|| JobFailure::abort(ErrorCode::GenerationFailed, "the model returned no image"))?;
    Ok(with_base_detail(&generated, &tinted, &small, 1.0 - s))
}

/// `generated` (model size) scaled to the base's size, plus `weight` of the
/// base's detail the model size cannot hold (`base` − `base_small` scaled
/// up): a low strength keeps the base's texture as well as its layout.
fn with_base_detail(generated: &RgbImage, base: &RgbImage, base_small: &RgbImage, weight: f32) -> RgbImage {
    let (w, h) = base.dimensions();
    let mut out = image::imageops::resize(generated, w, h, FilterType::CatmullRom);
    if weight <= 0.0 {
        return out;
    }
    let blurred = image::imageops::resize(base_small, w, h, FilterType::CatmullRom);
    for ((o, b), s) in out.as_mut().iter_mut().zip(base.as_raw()).zip(blurred.as_raw()) {
        let detail = f32::from(*b) - f32::from(*s);
        *o = (f32::from(*o) + weight * detail).round().clamp(0.0, 255.0) as u8;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_detail_returns_the_base_when_the_model_changed_nothing() {
        let base = RgbImage::from_fn(64, 48, |x, y| image::Rgb([(x * 3) as u8, ((x + y) % 7 * 30) as u8, 90]));
        let small = image::imageops::resize(&base, 16, 12, FilterType::Triangle);
        let out = with_base_detail(&small, &base, &small, 1.0);
        assert_eq!(out, base, "model output = its input: full detail gives the base back");
        let none = with_base_detail(&small, &base, &small, 0.0);
        assert_eq!(none, image::imageops::resize(&small, 64, 48, FilterType::CatmullRom));
    }
}
