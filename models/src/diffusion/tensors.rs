//! Image ↔ tensor conversions and seeded noise.

use candle_core::{DType, Device, Tensor};
use image::{GrayImage, RgbImage};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::DiffusionError;

/// RGB 0..255 → [1, 3, h, w] in -1..1.
pub(crate) fn image_to_tensor(img: &RgbImage, device: &Device, dtype: DType) -> Result<Tensor, DiffusionError> {
    let (w, h) = img.dimensions();
    let (w, h) = (w as usize, h as usize);
    let mut data = vec![0f32; 3 * w * h];
    for (x, y, p) in img.enumerate_pixels() {
        let i = y as usize * w + x as usize;
        for c in 0..3 {
            data[c * w * h + i] = p[c] as f32 / 127.5 - 1.0;
        }
    }
    Tensor::from_vec(data, (1, 3, h, w), device).and_then(|t| t.to_dtype(dtype)).map_err(DiffusionError::inference)
}

/// [1, 3, h, w] in -1..1 → RGB. Non-finite values are an error, never a
/// silently black image.
pub(crate) fn tensor_to_image(t: &Tensor) -> Result<RgbImage, DiffusionError> {
    let (_, c, h, w) = t.dims4().map_err(DiffusionError::inference)?;
    if c != 3 {
        return Err(DiffusionError::inference(format!("VAE returned {c} channels")));
    }
    let data: Vec<f32> = t
        .to_dtype(DType::F32)
        .and_then(|t| t.flatten_all())
        .and_then(|t| t.to_vec1())
        .map_err(DiffusionError::inference)?;
    if data.iter().any(|v| !v.is_finite()) {
        return Err(DiffusionError::inference("the decoded image has non-finite values"));
    }
    let mut img = RgbImage::new(w as u32, h as u32);
    for (x, y, p) in img.enumerate_pixels_mut() {
        let i = y as usize * w + x as usize;
        for ch in 0..3 {
            let v = (data[ch * w * h + i] + 1.0) * 127.5;
            p[ch] = v.round().clamp(0.0, 255.0) as u8;
        }
    }
    Ok(img)
}

/// Mask (255 = regenerate) downsampled to latent size by area average,
/// [1, 1, h/f, w/f] in 0..1.
pub(crate) fn mask_to_latent(
    mask: &GrayImage,
    factor: u32,
    device: &Device,
    dtype: DType,
) -> Result<Tensor, DiffusionError> {
    let (w, h) = mask.dimensions();
    let (lw, lh) = (w / factor, h / factor);
    let mut data = vec![0f32; (lw * lh) as usize];
    let area = (factor * factor) as f32;
    for ly in 0..lh {
        for lx in 0..lw {
            let mut sum = 0f32;
            for dy in 0..factor {
                for dx in 0..factor {
                    sum += mask.get_pixel(lx * factor + dx, ly * factor + dy)[0] as f32 / 255.0;
                }
            }
            data[(ly * lw + lx) as usize] = sum / area;
        }
    }
    Tensor::from_vec(data, (1, 1, lh as usize, lw as usize), device)
        .and_then(|t| t.to_dtype(dtype))
        .map_err(DiffusionError::inference)
}

/// Standard normal noise from a seeded generator (Box–Muller): the same
/// seed gives the same latents on every device.
pub(crate) fn seeded_noise(
    seed: u64,
    shape: (usize, usize, usize, usize),
    device: &Device,
    dtype: DType,
) -> Result<Tensor, DiffusionError> {
    let n = shape.0 * shape.1 * shape.2 * shape.3;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = Vec::with_capacity(n + 1);
    while data.len() < n {
        let u1: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
        let u2: f64 = rng.random::<f64>();
        let r = (-2.0 * u1.ln()).sqrt();
        let theta = 2.0 * std::f64::consts::PI * u2;
        data.push((r * theta.cos()) as f32);
        data.push((r * theta.sin()) as f32);
    }
    data.truncate(n);
    Tensor::from_vec(data, shape, device).and_then(|t| t.to_dtype(dtype)).map_err(DiffusionError::inference)
}
