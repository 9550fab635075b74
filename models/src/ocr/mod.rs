//! Text in images (OCR): Chinese and English lines with PP-OCRv6 small.
//!
//! Three ONNX models from the PyPI `rapidocr` 3.10.0 wheel (fetched by
//! `scripts/fetch-models ppocr-v6` into `<models dir>/ocr/`):
//!
//! 1. the DB text detector gives a text probability map, turned into
//!    rotated line boxes ([`det`], [`boxes`]);
//! 2. each box is cut out as an upright strip by a perspective transform;
//!    strips 1.5 times taller than wide are turned a quarter left ([`crop`]);
//! 3. the optional 0°/180° classifier turns upside-down strips ([`cls`]);
//! 4. the CTC recogniser reads each strip; its character list is the
//!    model's `character` metadata ([`rec`]).
//!
//! Lines with no text or a mean character probability under 0.5 are
//! dropped; the rest come back in reading order ([`layout`]). Pre- and
//! post-processing follow RapidOCR's defaults for these models (see
//! docs/MODELS.md, "OCR").

mod boxes;
mod cls;
mod crop;
mod det;
mod geometry;
mod layout;
mod rec;
mod tensor;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use image::{DynamicImage, RgbImage};
use ort::session::Session;
use ort::value::TensorRef;

use crate::runtime::{load_session, SessionOptions};
use crate::ModelError;

/// The detector's file in the models directory.
pub const DET_FILE: &str = "ocr/PP-OCRv6_det_small.onnx";
/// The recogniser's file in the models directory.
pub const REC_FILE: &str = "ocr/PP-OCRv6_rec_small.onnx";
/// The 180° classifier's file in the models directory.
pub const CLS_FILE: &str = "ocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx";

/// Lines whose mean character probability is under this are dropped.
pub const MIN_TEXT_SCORE: f32 = 0.5;

/// Where the three models are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OcrPaths {
    pub det: PathBuf,
    pub rec: PathBuf,
    /// The 0°/180° classifier; without it upside-down lines are read as they are.
    pub cls: Option<PathBuf>,
}

impl OcrPaths {
    /// The files as `scripts/fetch-models ppocr-v6` places them under
    /// `dir`; the classifier only when its file exists.
    pub fn in_models_dir(dir: &Path) -> Self {
        let cls = dir.join(CLS_FILE);
        OcrPaths { det: dir.join(DET_FILE), rec: dir.join(REC_FILE), cls: cls.is_file().then_some(cls) }
    }
}

/// One line of text found in an image.
#[derive(Debug, Clone, PartialEq)]
pub struct OcrLine {
    pub text: String,
    /// The mean probability of its characters (0..1).
    pub score: f32,
    /// Its box in the image's pixels, starting at the top-left corner of the
    /// text as read and going round clockwise (top-right, bottom-right,
    /// bottom-left as read): for upright text the image's top-left,
    /// top-right, bottom-right, bottom-left.
    pub quad: [[f32; 2]; 4],
}

/// One ONNX model: a session behind a lock, its input and output names.
pub(crate) struct Net {
    session: Mutex<Session>,
    input: String,
    output: String,
}

impl Net {
    fn load(path: &Path, intra_threads: usize) -> Result<Self, ModelError> {
        let mut options = SessionOptions::new(intra_threads, false);
        options.spinning = false;
        let session = load_session(path, options)?;
        let load_failed = |reason: &str| ModelError::LoadFailed { path: path.to_path_buf(), reason: reason.into() };
        let input = session.inputs().first().ok_or_else(|| load_failed("the model has no input"))?.name().to_owned();
        let output = session.outputs().first().ok_or_else(|| load_failed("the model has no output"))?.name().to_owned();
        Ok(Net { session: Mutex::new(session), input, output })
    }

    /// Runs the model on one NCHW tensor; its first output's shape and values.
    pub(crate) fn run(&self, shape: [usize; 4], data: &[f32]) -> Result<(Vec<usize>, Vec<f32>), ModelError> {
        let tensor = TensorRef::from_array_view((shape, data)).map_err(ModelError::inference)?;
        let mut session = self.session.lock().map_err(|_| ModelError::Inference("session lock poisoned".into()))?;
        let outputs = session.run(ort::inputs![self.input.as_str() => tensor]).map_err(ModelError::inference)?;
        let value = outputs
            .get(&self.output)
            .ok_or_else(|| ModelError::Inference(format!("model returned no `{}`", self.output)))?;
        let (shape, values) = value.try_extract_tensor::<f32>().map_err(ModelError::inference)?;
        Ok((shape.iter().map(|&d| d.max(0) as usize).collect(), values.to_vec()))
    }
}

/// The loaded OCR models. `Send + Sync`; each model's runs are serialised
/// by its own lock.
pub struct OcrEngine {
    det: Net,
    rec: Net,
    cls: Option<Net>,
    charset: rec::Charset,
    db: boxes::DbParams,
}

impl std::fmt::Debug for OcrEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OcrEngine")
            .field("classes", &self.charset.len())
            .field("cls", &self.cls.is_some())
            .finish_non_exhaustive()
    }
}

impl OcrEngine {
    /// Loads the models, each running on `intra_threads` CPU threads (at
    /// least 1). [`crate::OrtRuntime::init`] must have succeeded first.
    pub fn load(paths: &OcrPaths, intra_threads: usize) -> Result<Self, ModelError> {
        let det = Net::load(&paths.det, intra_threads)?;
        let rec = Net::load(&paths.rec, intra_threads)?;
        let characters = {
            let session = rec.session.lock().map_err(|_| ModelError::Inference("session lock poisoned".into()))?;
            let metadata = session
                .metadata()
                .map_err(|e| ModelError::LoadFailed { path: paths.rec.clone(), reason: e.to_string() })?;
            metadata.custom("character")
        };
        let characters = characters.filter(|c| !c.is_empty()).ok_or_else(|| ModelError::LoadFailed {
            path: paths.rec.clone(),
            reason: "not a PP-OCR recogniser: no `character` metadata".into(),
        })?;
        let charset = rec::Charset::from_metadata(&characters);
        let cls = paths.cls.as_deref().map(|p| Net::load(p, intra_threads)).transpose()?;
        tracing::debug!(classes = charset.len(), cls = cls.is_some(), "OCR models loaded");
        Ok(OcrEngine { det, rec, cls, charset, db: boxes::DbParams::default() })
    }

    /// Text lines in reading order (top to bottom, then left to right on one line).
    pub fn read(&self, image: &DynamicImage) -> Result<Vec<OcrLine>, ModelError> {
        let rgb = to_rgb(image);
        let (w, h) = rgb.dimensions();
        if w == 0 || h == 0 {
            return Err(ModelError::InvalidImage(format!("image is {w}x{h}")));
        }
        let pad = det::vertical_padding(w, h);
        let padded;
        let work = if pad > 0 {
            let mut canvas = RgbImage::new(w, h + 2 * pad);
            image::imageops::replace(&mut canvas, &rgb, 0, i64::from(pad));
            padded = canvas;
            &padded
        } else {
            &rgb
        };
        let found = det::detect(&self.det, work, &self.db)?;

        // Upright strips, each with its quad from the text's start.
        let mut strips = Vec::with_capacity(found.len());
        let mut quads = Vec::with_capacity(found.len());
        for b in &found {
            let Some(strip) = crop::crop_quad(work, &b.quad) else { continue };
            if crop::is_tall(&strip) {
                strips.push(image::imageops::rotate270(&strip));
                quads.push(turn(b.quad, 1));
            } else {
                strips.push(strip);
                quads.push(b.quad);
            }
        }
        if let Some(cls) = &self.cls {
            for (k, flip) in cls::upside_down(cls, &strips)?.into_iter().enumerate() {
                if flip {
                    image::imageops::rotate180_in_place(&mut strips[k]);
                    quads[k] = turn(quads[k], 2);
                }
            }
        }
        let read = rec::recognise(&self.rec, &self.charset, &strips)?;
        let top = pad as f32;
        let lines = read
            .into_iter()
            .zip(quads)
            .filter(|((text, score), _)| !text.trim().is_empty() && *score >= MIN_TEXT_SCORE)
            .map(|((text, score), quad)| OcrLine {
                text,
                score,
                quad: quad.map(|[x, y]| [x, (y - top).clamp(0.0, h as f32)]),
            })
            .collect();
        Ok(layout::reading_order(lines))
    }
}

/// The quad starting `k` corners later (a strip turned a quarter left per step).
fn turn(q: [[f32; 2]; 4], k: usize) -> [[f32; 2]; 4] {
    std::array::from_fn(|i| q[(i + k) % 4])
}

/// RGB for the models: transparency is flattened onto white, or onto black
/// when the visible pixels are mostly light (so text keeps its contrast).
fn to_rgb(image: &DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.to_rgb8();
    }
    let rgba = image.to_rgba8();
    let (mut sum, mut n) = (0f64, 0u64);
    for p in rgba.pixels().filter(|p| p.0[3] > 0) {
        sum += 0.299 * f64::from(p.0[0]) + 0.587 * f64::from(p.0[1]) + 0.114 * f64::from(p.0[2]);
        n += 1;
    }
    let bg = if n > 0 && sum / n as f64 >= 128.0 { 0.0 } else { 255.0 };
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let a = f32::from(a) / 255.0;
        image::Rgb([r, g, b].map(|c| (f32::from(c) * a + bg * (1.0 - a)) as u8))
    })
}

/// Lines joined into the text a person would read: lines that belong to
/// one paragraph are joined (no space between CJK characters, one space
/// between Latin words), a clear vertical gap starts a new paragraph
/// (`"\n"`). Lines on one row are joined the same way; a much larger or
/// smaller line, or one beside rather than below the last, also starts a
/// paragraph. Works on lines in any order (they are put in reading order
/// first).
pub fn lines_to_text(lines: &[OcrLine]) -> String {
    layout::lines_to_text(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<OcrEngine>();
    }

    #[test]
    fn paths_in_the_models_dir() {
        let dir = std::env::temp_dir().join(format!("pixmart-ocr-paths-{}", std::process::id()));
        let p = OcrPaths::in_models_dir(&dir);
        assert_eq!(p.det, dir.join("ocr/PP-OCRv6_det_small.onnx"));
        assert_eq!(p.rec, dir.join("ocr/PP-OCRv6_rec_small.onnx"));
        assert_eq!(p.cls, None, "no classifier file, none used");
        std::fs::create_dir_all(dir.join("ocr")).unwrap();
        std::fs::write(dir.join(CLS_FILE), b"x").unwrap();
        assert_eq!(OcrPaths::in_models_dir(&dir).cls, Some(dir.join(CLS_FILE)));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn load_without_runtime_is_a_clear_error() {
        // No test in this binary initialises the runtime.
        let paths = OcrPaths::in_models_dir(Path::new("/nonexistent"));
        assert_eq!(OcrEngine::load(&paths, 1).unwrap_err().code(), "MODEL_RUNTIME_MISSING");
    }

    #[test]
    fn quads_turn_with_their_strips() {
        let q = [[0.0, 0.0], [1.0, 0.0], [1.0, 2.0], [0.0, 2.0]];
        assert_eq!(turn(q, 1), [[1.0, 0.0], [1.0, 2.0], [0.0, 2.0], [0.0, 0.0]]);
        assert_eq!(turn(turn(q, 1), 3), q);
    }

    #[test]
    fn transparency_is_flattened_for_contrast() {
        let mut dark = image::RgbaImage::new(2, 1);
        dark.put_pixel(0, 0, image::Rgba([10, 10, 10, 255]));
        let rgb = to_rgb(&DynamicImage::ImageRgba8(dark));
        assert_eq!(rgb.get_pixel(1, 0).0, [255, 255, 255]);
        let mut light = image::RgbaImage::new(2, 1);
        light.put_pixel(0, 0, image::Rgba([250, 250, 250, 255]));
        assert_eq!(to_rgb(&DynamicImage::ImageRgba8(light)).get_pixel(1, 0).0, [0, 0, 0]);
    }
}
