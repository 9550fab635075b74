//! Super-resolution for 2K downloads: Real-ESRGAN (x4plus, or the much
//! faster AnimeVideo v3 compact model; both ONNX converted from the ncnn
//! release by `scripts/fetch-models`), run tile by tile so memory stays
//! bounded, tiles spread over several sessions in parallel, then resized to
//! the exact target size. [`route`] decides when the model is needed at all.
//!
//! Input RGB 0..1 NCHW of any size, output ×4. Alpha (cutouts) is not a
//! model input: it is resized with Lanczos, which keeps mask edges clean.

mod route;
mod tiles;

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

use image::imageops::{self, FilterType};
use image::{DynamicImage, GrayImage, ImageBuffer, Luma, RgbImage, RgbaImage};
use ort::session::Session;
use ort::value::TensorRef;

pub use route::{plan_route, Route, RouteOptions};
pub use tiles::{plan_tiles, Rect, Tile};

use crate::runtime::{self, SessionOptions};
use crate::ModelError;

/// The models' scale factor.
pub const UPSCALE_FACTOR: u32 = 4;
/// The files `scripts/fetch-models` places in the models directory.
pub const REALESRGAN_X4PLUS_FILE: &str = "realesrgan_x4plus.onnx";
/// The compact model: about 20× less work per pixel than x4plus.
pub const REALESRGAN_FAST_FILE: &str = "realesrgan_animavideov3_x4.onnx";

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

/// The strength of the unsharp mask at the largest factor resized.
const MAX_SHARPEN: f32 = 0.25;

/// Enlarges by Lanczos and restores edge contrast with an unsharp mask
/// (the route for small factors, where a model adds little but time).
pub fn sharpened_resize(image: &DynamicImage, long_side: u32) -> DynamicImage {
    let (w, h) = fit_long_side(image.width(), image.height(), long_side);
    let rgb = imageops::resize(&image.to_rgb8(), w, h, FilterType::Lanczos3);
    // The blur a resize adds grows with the factor, and so does the
    // sharpening: none at 1×, a full unsharp mask (sigma 1 px, threshold 2
    // levels, so flat areas' noise is left alone) at MAX_SHARPEN strength
    // at 1.5×. Measured: a full-strength mask at 1.5× over-sharpens (halos,
    // −1 dB PSNR against Lanczos alone).
    let factor = w.max(h) as f32 / image.width().max(image.height()).max(1) as f32;
    let amount = ((factor - 1.0) / 0.5).clamp(0.0, 1.0) * MAX_SHARPEN;
    if amount > 0.0 {
        let sharp = imageops::unsharpen(&rgb, 1.0, 2);
        let blended = RgbImage::from_fn(w, h, |x, y| {
            let (a, b) = (rgb.get_pixel(x, y), sharp.get_pixel(x, y));
            image::Rgb(std::array::from_fn(|c| {
                (f32::from(a[c]) + amount * (f32::from(b[c]) - f32::from(a[c]))).round().clamp(0.0, 255.0) as u8
            }))
        });
        return with_source_alpha(image, blended);
    }
    with_source_alpha(image, rgb)
}

/// `rgb` (already at the target size) with `source`'s alpha resized to it,
/// when the source has alpha.
fn with_source_alpha(source: &DynamicImage, rgb: RgbImage) -> DynamicImage {
    if !source.color().has_alpha() {
        return DynamicImage::ImageRgb8(rgb);
    }
    let (tw, th) = rgb.dimensions();
    let src = source.to_rgba8();
    let alpha: GrayImage = ImageBuffer::from_fn(src.width(), src.height(), |x, y| Luma([src.get_pixel(x, y)[3]]));
    let alpha = imageops::resize(&alpha, tw, th, FilterType::Lanczos3);
    let rgba = RgbaImage::from_fn(tw, th, |x, y| {
        let p = rgb.get_pixel(x, y);
        image::Rgba([p[0], p[1], p[2], alpha.get_pixel(x, y)[0]])
    });
    DynamicImage::ImageRgba8(rgba)
}

/// A loaded Real-ESRGAN model: one ONNX Runtime session per parallel tile
/// (a session runs one tile at a time).
pub struct UpscaleSession {
    sessions: Vec<Mutex<Session>>,
}

impl std::fmt::Debug for UpscaleSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpscaleSession").field("parallel", &self.sessions.len()).finish_non_exhaustive()
    }
}

impl UpscaleSession {
    /// Loads a converted Real-ESRGAN model with one session using
    /// `intra_threads` threads. [`crate::OrtRuntime::init`] must have succeeded first.
    pub fn load(model_path: &Path, intra_threads: usize) -> Result<Self, ModelError> {
        Self::load_parallel(model_path, intra_threads, 1)
    }

    /// Loads `parallel` sessions that share `threads` threads between them,
    /// so that many tiles run at once. Small convolutions scale better over
    /// tiles than over threads inside one tile (`scripts/bench upscale`).
    pub fn load_parallel(model_path: &Path, threads: usize, parallel: usize) -> Result<Self, ModelError> {
        let parallel = parallel.max(1);
        let per_session = (threads / parallel).max(1);
        let sessions =
            (0..parallel).map(|_| load_session(model_path, per_session).map(Mutex::new)).collect::<Result<_, _>>()?;
        Ok(UpscaleSession { sessions })
    }

    /// RGB ×4 through the model, tile by tile, tiles in parallel over the
    /// sessions. `on_tile` is called with (tiles done, tiles total) as each
    /// tile lands; answering `Break` stops the work (tiles running finish,
    /// no new one starts) and the call answers [`ModelError::Cancelled`].
    pub fn upscale_x4(
        &self,
        rgb: &RgbImage,
        opts: TileOptions,
        mut on_tile: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> Result<RgbImage, ModelError> {
        let (w, h) = rgb.dimensions();
        if w == 0 || h == 0 {
            return Err(ModelError::InvalidImage(format!("image is {w}x{h}")));
        }
        let s = UPSCALE_FACTOR;
        let mut out = RgbImage::new(w * s, h * s);
        let plan = plan_tiles(w, h, opts.tile, opts.overlap);
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let (tx, rx) = mpsc::channel::<Result<(usize, RgbImage), ModelError>>();
        std::thread::scope(|scope| {
            for session in &self.sessions {
                let (tx, next, stop, plan) = (tx.clone(), &next, &stop, &plan);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(t) = plan.get(i) else { break };
                        let crop =
                            imageops::crop_imm(rgb, t.input.x, t.input.y, t.input.width, t.input.height).to_image();
                        let result = infer(session, &crop).map(|up| (i, up));
                        let failed = result.is_err();
                        if tx.send(result).is_err() || failed {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            let mut done = 0;
            for message in rx {
                let (i, up) = match message {
                    Ok(tile) => tile,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                };
                let t = plan[i];
                let c = t.core_in_output(s);
                let core = imageops::crop_imm(&up, c.x, c.y, c.width, c.height);
                imageops::replace(&mut out, &*core, i64::from(t.core.x * s), i64::from(t.core.y * s));
                done += 1;
                if on_tile(done, plan.len()).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return Err(ModelError::Cancelled);
                }
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// `image` at long side `long_side` exactly, by the route [`plan_route`]
    /// picks: only large enlargements go through the model. Alpha, if any,
    /// is resized with Lanczos and kept. `on_tile` as for [`Self::upscale_x4`]
    /// (never called when the model is not used).
    pub fn upscale_to_long_side(
        &self,
        image: &DynamicImage,
        long_side: u32,
        opts: TileOptions,
        route: RouteOptions,
        on_tile: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> Result<DynamicImage, ModelError> {
        let (w, h) = (image.width(), image.height());
        match plan_route((w, h), long_side, UPSCALE_FACTOR, route) {
            Route::Keep => Ok(image.clone()),
            Route::Downscale => Ok(resize_long_side(image, long_side)),
            Route::ResizeSharpen => Ok(sharpened_resize(image, long_side)),
            Route::SuperResolve { input } => {
                let rgb = image.to_rgb8();
                let rgb =
                    if input == (w, h) { rgb } else { imageops::resize(&rgb, input.0, input.1, FilterType::Lanczos3) };
                let up = self.upscale_x4(&rgb, opts, on_tile)?;
                let (tw, th) = fit_long_side(w, h, long_side);
                let up =
                    if up.dimensions() == (tw, th) { up } else { imageops::resize(&up, tw, th, FilterType::Lanczos3) };
                Ok(with_source_alpha(image, up))
            }
        }
    }
}

fn load_session(model_path: &Path, intra_threads: usize) -> Result<Session, ModelError> {
    // Tiles vary in size at the image's edges: no memory pattern.
    let session = runtime::load_session(model_path, SessionOptions::new(intra_threads, false))?;
    let load_failed = |reason: String| ModelError::LoadFailed { path: model_path.to_path_buf(), reason };
    let has = |names: Vec<&str>, want: &str| names.contains(&want);
    if !has(session.inputs().iter().map(|i| i.name()).collect(), "input")
        || !has(session.outputs().iter().map(|o| o.name()).collect(), "output")
    {
        return Err(load_failed("not a converted Real-ESRGAN model (needs `input` and `output`)".into()));
    }
    Ok(session)
}

/// One tile through one session.
fn infer(session: &Mutex<Session>, rgb: &RgbImage) -> Result<RgbImage, ModelError> {
    let (w, h) = (rgb.width() as usize, rgb.height() as usize);
    let plane = w * h;
    let mut input = vec![0f32; 3 * plane];
    for (i, px) in rgb.pixels().enumerate() {
        for c in 0..3 {
            input[c * plane + i] = f32::from(px[c]) / 255.0;
        }
    }
    let tensor = TensorRef::from_array_view(([1usize, 3, h, w], &*input)).map_err(ModelError::inference)?;
    let mut session = session.lock().map_err(|_| ModelError::Inference("session lock poisoned".into()))?;
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

    #[test]
    fn a_sharpened_resize_is_exact_keeps_alpha_and_is_crisper_than_lanczos() {
        // A hard diagonal edge, half transparent.
        let src = RgbaImage::from_fn(1400, 1000, |x, y| {
            let v = if x > y + 200 { 230 } else { 30 };
            image::Rgba([v, v, v, if x < 700 { 255 } else { 0 }])
        });
        let src = DynamicImage::ImageRgba8(src);
        let out = sharpened_resize(&src, 2048);
        assert_eq!((out.width(), out.height()), (2048, 1463));
        let rgba = out.to_rgba8();
        assert!(rgba.get_pixel(100, 700)[3] > 250 && rgba.get_pixel(1900, 700)[3] < 5, "alpha follows the source");
        let plain = imageops::resize(&src.to_rgb8(), 2048, 1463, FilterType::Lanczos3);
        let contrast = |img: &dyn Fn(u32, u32) -> u8| {
            // Steepest step across the edge on row 700.
            (300..1400).map(|x| img(x + 1, 700).abs_diff(img(x, 700))).max().unwrap_or(0)
        };
        let sharp = contrast(&|x, y| rgba.get_pixel(x, y)[0]);
        let soft = contrast(&|x, y| plain.get_pixel(x, y)[0]);
        assert!(sharp > soft, "sharpened step {sharp} vs Lanczos {soft}");
    }
}
