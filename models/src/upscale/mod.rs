//! Super-resolution for 2K downloads: Real-ESRGAN x4plus (RRDBNet, ONNX
//! converted from the ncnn release by `scripts/fetch-models`), run tile by
//! tile so memory stays bounded, then resized to the exact target size.
//!
//! Input RGB 0..1 NCHW of any size, output ×4. Alpha (cutouts) is not a
//! model input: it is resized with Lanczos, which keeps mask edges clean.

mod tiles;

use std::path::Path;
use std::sync::Mutex;

use image::imageops::{self, FilterType};
use image::{DynamicImage, GrayImage, ImageBuffer, Luma, RgbImage, RgbaImage};
use ort::session::builder::GraphOptimizationLevel;
use ort::session::Session;
use ort::value::TensorRef;

pub use tiles::{plan_tiles, Rect, Tile};

use crate::{ModelError, OrtRuntime};

/// The model's scale factor.
pub const UPSCALE_FACTOR: u32 = 4;
/// The file `scripts/fetch-models` places in the models directory.
pub const REALESRGAN_X4PLUS_FILE: &str = "realesrgan_x4plus.onnx";

/// Tiling: a core of `tile` pixels with `overlap` pixels of context per
/// side. 192/16 keeps one tile's activations (the ×4 tail is 64 channels at
/// 896² px) around 200 MB; larger tiles save a little overlap work but
/// cost memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileOptions {
    pub tile: u32,
    pub overlap: u32,
}

impl Default for TileOptions {
    fn default() -> Self {
        TileOptions { tile: 192, overlap: 16 }
    }
}

/// The size of `(width, height)` scaled so its long side is `long_side`
/// (each side at least 1 px).
pub fn fit_long_side(width: u32, height: u32, long_side: u32) -> (u32, u32) {
    let long = width.max(height).max(1);
    let scale = |v: u32| ((u64::from(v) * u64::from(long_side) + u64::from(long) / 2) / u64::from(long)).max(1) as u32;
    if width >= height {
        (long_side, scale(height))
    } else {
        (scale(width), long_side)
    }
}

/// Resizes to long side `long_side` with Lanczos (no model), keeping alpha.
pub fn resize_long_side(image: &DynamicImage, long_side: u32) -> DynamicImage {
    let (w, h) = fit_long_side(image.width(), image.height(), long_side);
    if (w, h) == (image.width(), image.height()) {
        return image.clone();
    }
    image.resize_exact(w, h, FilterType::Lanczos3)
}

/// A loaded Real-ESRGAN session. Runs are serialised by an internal lock.
pub struct UpscaleSession {
    session: Mutex<Session>,
}

impl std::fmt::Debug for UpscaleSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpscaleSession").finish_non_exhaustive()
    }
}

impl UpscaleSession {
    /// Loads the converted Real-ESRGAN x4plus model. [`OrtRuntime::init`]
    /// must have succeeded first.
    pub fn load(model_path: &Path, intra_threads: usize) -> Result<Self, ModelError> {
        let env = OrtRuntime::environment()?;
        if !model_path.is_file() {
            return Err(ModelError::ModelMissing { path: model_path.to_path_buf() });
        }
        let load_failed = |reason: String| ModelError::LoadFailed { path: model_path.to_path_buf(), reason };
        let session = Session::builder(env)
            .and_then(|b| Ok(b.with_optimization_level(GraphOptimizationLevel::All)?))
            .and_then(|b| Ok(b.with_intra_threads(intra_threads.max(1))?))
            .and_then(|b| Ok(b.with_inter_threads(1)?))
            // Tiles vary in size at the image's edges; the arena would keep
            // the largest allocation of every shape around.
            .and_then(|b| Ok(b.with_memory_pattern(false)?))
            .and_then(|mut b| b.commit_from_file(model_path))
            .map_err(|e| load_failed(e.to_string()))?;
        let has = |names: Vec<&str>, want: &str| names.contains(&want);
        if !has(session.inputs().iter().map(|i| i.name()).collect(), "input")
            || !has(session.outputs().iter().map(|o| o.name()).collect(), "output")
        {
            return Err(load_failed("not the converted Real-ESRGAN model (needs `input` and `output`)".into()));
        }
        Ok(UpscaleSession { session: Mutex::new(session) })
    }

    /// RGB ×4 through the model, tile by tile. `progress` is called with
    /// (tiles done, tiles total).
    pub fn upscale_x4(
        &self,
        rgb: &RgbImage,
        opts: TileOptions,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<RgbImage, ModelError> {
        let (w, h) = rgb.dimensions();
        if w == 0 || h == 0 {
            return Err(ModelError::InvalidImage(format!("image is {w}x{h}")));
        }
        let s = UPSCALE_FACTOR;
        let mut out = RgbImage::new(w * s, h * s);
        let plan = plan_tiles(w, h, opts.tile, opts.overlap);
        for (i, t) in plan.iter().enumerate() {
            let crop = imageops::crop_imm(rgb, t.input.x, t.input.y, t.input.width, t.input.height).to_image();
            let up = self.infer(&crop)?;
            let c = t.core_in_output(s);
            let core = imageops::crop_imm(&up, c.x, c.y, c.width, c.height);
            imageops::replace(&mut out, &*core, i64::from(t.core.x * s), i64::from(t.core.y * s));
            progress(i + 1, plan.len());
        }
        Ok(out)
    }

    /// One tile through the model.
    fn infer(&self, rgb: &RgbImage) -> Result<RgbImage, ModelError> {
        let (w, h) = (rgb.width() as usize, rgb.height() as usize);
        let plane = w * h;
        let mut input = vec![0f32; 3 * plane];
        for (i, px) in rgb.pixels().enumerate() {
            for c in 0..3 {
                input[c * plane + i] = f32::from(px[c]) / 255.0;
            }
        }
        let tensor = TensorRef::from_array_view(([1usize, 3, h, w], &*input)).map_err(ModelError::inference)?;
        let mut session = self.session.lock().map_err(|_| ModelError::Inference("session lock poisoned".into()))?;
        let outputs = session.run(ort::inputs!["input" => tensor]).map_err(ModelError::inference)?;
        let value = outputs.get("output").ok_or_else(|| ModelError::Inference("model returned no `output`".into()))?;
        let (shape, data) = value.try_extract_tensor::<f32>().map_err(ModelError::inference)?;
        let s = UPSCALE_FACTOR as usize;
        let (ow, oh) = (w * s, h * s);
        if shape.len() != 4 || shape[1] != 3 || shape[2] as usize != oh || shape[3] as usize != ow {
            return Err(ModelError::Inference(format!("unexpected output shape {shape:?} for a {w}x{h} tile")));
        }
        let oplane = ow * oh;
        let to_u8 = |v: f32| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
        let mut buf = Vec::with_capacity(3 * oplane);
        for i in 0..oplane {
            buf.extend_from_slice(&[to_u8(data[i]), to_u8(data[oplane + i]), to_u8(data[2 * oplane + i])]);
        }
        RgbImage::from_raw(ow as u32, oh as u32, buf).ok_or_else(|| ModelError::Inference("output buffer size".into()))
    }

    /// `image` at long side `long_side` exactly: smaller sources go through
    /// the model (×4, then Lanczos to the target), larger ones are only
    /// resized down. Alpha, if any, is resized with Lanczos and kept.
    pub fn upscale_to_long_side(
        &self,
        image: &DynamicImage,
        long_side: u32,
        opts: TileOptions,
        progress: impl FnMut(usize, usize),
    ) -> Result<DynamicImage, ModelError> {
        let (w, h) = (image.width(), image.height());
        if w.max(h) >= long_side {
            return Ok(resize_long_side(image, long_side));
        }
        let up = self.upscale_x4(&image.to_rgb8(), opts, progress)?;
        let (tw, th) = fit_long_side(w, h, long_side);
        let rgb = if up.dimensions() == (tw, th) { up } else { imageops::resize(&up, tw, th, FilterType::Lanczos3) };
        if !image.color().has_alpha() {
            return Ok(DynamicImage::ImageRgb8(rgb));
        }
        let src = image.to_rgba8();
        let alpha: GrayImage = ImageBuffer::from_fn(w, h, |x, y| Luma([src.get_pixel(x, y)[3]]));
        let alpha = imageops::resize(&alpha, tw, th, FilterType::Lanczos3);
        let rgba = RgbaImage::from_fn(tw, th, |x, y| {
            let p = rgb.get_pixel(x, y);
            image::Rgba([p[0], p[1], p[2], alpha.get_pixel(x, y)[0]])
        });
        Ok(DynamicImage::ImageRgba8(rgba))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_side_is_exact_and_ratio_kept() {
        assert_eq!(fit_long_side(512, 384, 2048), (2048, 1536));
        assert_eq!(fit_long_side(384, 512, 2048), (1536, 2048));
        assert_eq!(fit_long_side(3000, 1, 1920), (1920, 1));
        assert_eq!(fit_long_side(1000, 333, 2048), (2048, 682));
    }

    #[test]
    fn larger_sources_are_resized_without_the_model() {
        let img = DynamicImage::ImageRgba8(RgbaImage::new(4000, 3000));
        let out = resize_long_side(&img, 2048);
        assert_eq!((out.width(), out.height()), (2048, 1536));
        assert!(out.color().has_alpha());
    }
}
