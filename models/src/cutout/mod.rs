//! Background removal ("cutout"): ISNet, U²-Net and U²-Netp via ONNX Runtime.

pub mod fusion;
mod process;

use std::path::Path;
use std::sync::Mutex;

use image::{DynamicImage, GrayImage, RgbImage, RgbaImage};
use ort::session::{HasSelectedOutputs, OutputSelector, RunOptions, Session};
use ort::value::TensorRef;

pub use process::{
    isnet_postprocess, isnet_preprocess, u2net_postprocess, u2net_preprocess, ISNET_INPUT_SIZE, U2NET_INPUT_SIZE,
};

use crate::mask::{compose_cutout, mask_is_empty};
use crate::runtime::{load_session_from, ModelSource, SessionOptions};
use crate::ModelError;

/// Which cutout model a session runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CutoutModelKind {
    /// ISNet fp16 (best quality, ~2.3 s on 2 CPU cores).
    IsNet,
    /// U²-Net (~0.8 s).
    U2Net,
    /// U²-Netp (fast, ~0.3 s).
    U2Netp,
}

impl CutoutModelKind {
    pub const ALL: [CutoutModelKind; 3] = [CutoutModelKind::IsNet, CutoutModelKind::U2Net, CutoutModelKind::U2Netp];

    /// The model's file name in the models directory.
    pub fn file_name(&self) -> &'static str {
        match self {
            CutoutModelKind::IsNet => "isnet_fp16.onnx",
            CutoutModelKind::U2Net => "u2net.onnx",
            CutoutModelKind::U2Netp => "u2netp.onnx",
        }
    }

    /// Stable short id.
    pub fn id(&self) -> &'static str {
        match self {
            CutoutModelKind::IsNet => "isnet",
            CutoutModelKind::U2Net => "u2net",
            CutoutModelKind::U2Netp => "u2netp",
        }
    }

    /// Parses an id as returned by [`CutoutModelKind::id`].
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Side of the square model input.
    pub fn input_size(&self) -> u32 {
        match self {
            CutoutModelKind::IsNet => ISNET_INPUT_SIZE,
            CutoutModelKind::U2Net | CutoutModelKind::U2Netp => U2NET_INPUT_SIZE,
        }
    }

    fn input_name(&self) -> &'static str {
        match self {
            CutoutModelKind::IsNet => "input",
            CutoutModelKind::U2Net | CutoutModelKind::U2Netp => "input.1",
        }
    }

    /// The output we use: ISNet's `output` (the other 12 are side outputs);
    /// for U²-Net the first of its 7 outputs, whatever it is called.
    fn output_name<'s>(&self, session: &'s Session) -> Option<&'s str> {
        match self {
            CutoutModelKind::IsNet => session.outputs().iter().map(|o| o.name()).find(|n| *n == "output"),
            CutoutModelKind::U2Net | CutoutModelKind::U2Netp => session.outputs().first().map(|o| o.name()),
        }
    }

    fn preprocess(&self, rgb: &image::RgbImage) -> Vec<f32> {
        match self {
            CutoutModelKind::IsNet => isnet_preprocess(rgb),
            CutoutModelKind::U2Net | CutoutModelKind::U2Netp => u2net_preprocess(rgb),
        }
    }

    fn postprocess(&self, out: &[f32], width: u32, height: u32) -> Result<GrayImage, ModelError> {
        let size = self.input_size();
        match self {
            CutoutModelKind::IsNet => isnet_postprocess(out, size, width, height),
            CutoutModelKind::U2Net | CutoutModelKind::U2Netp => u2net_postprocess(out, size, width, height),
        }
    }
}

/// The result of a cutout, both at the input's resolution.
#[derive(Debug, Clone)]
pub struct CutoutOutput {
    /// The input's RGB with the mask as alpha.
    pub cutout: RgbaImage,
    /// The foreground mask (255 = subject).
    pub mask: GrayImage,
}

/// How a cutout session is built ([`CutoutSession::load_with`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutoutOptions {
    /// CPU threads one inference may use (at least 1).
    pub intra_threads: usize,
    /// Rewrite an fp16 model to fp32 in memory before loading it, dropping
    /// the outputs the session never fetches (ISNet's side outputs): no
    /// casts left for ONNX Runtime to run ([`crate::onnx_fp32`]). Default on.
    pub fp32: bool,
    /// ONNX Runtime's intra-op thread spinning. Default off: on a worker
    /// whose cores also run decoding, encoding and other jobs, spinning
    /// threads take their time (docs/MODELS.md, "Cutout speed").
    pub spinning: bool,
}

impl CutoutOptions {
    pub fn new(intra_threads: usize) -> Self {
        CutoutOptions { intra_threads, fp32: true, spinning: false }
    }
}

struct Inner {
    session: Session,
    options: RunOptions<HasSelectedOutputs>,
}

/// A loaded cutout model. `Send + Sync`: runs are serialised by an internal
/// lock (ONNX Runtime sessions need exclusive access to run in `ort`); load
/// one session per concurrent lane if you need parallel inference.
pub struct CutoutSession {
    kind: CutoutModelKind,
    input_name: &'static str,
    output_name: String,
    inner: Mutex<Inner>,
}

impl std::fmt::Debug for CutoutSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CutoutSession")
            .field("kind", &self.kind)
            .field("output", &self.output_name)
            .finish_non_exhaustive()
    }
}

impl CutoutSession {
    /// Loads `model_path` as a `kind` model, running on `intra_threads` CPU
    /// threads (at least 1), with the default [`CutoutOptions`].
    /// [`crate::OrtRuntime::init`] must have succeeded first.
    pub fn load(kind: CutoutModelKind, model_path: &Path, intra_threads: usize) -> Result<Self, ModelError> {
        Self::load_with(kind, model_path, CutoutOptions::new(intra_threads))
    }

    /// As [`load`](Self::load), with every option given.
    pub fn load_with(kind: CutoutModelKind, model_path: &Path, opts: CutoutOptions) -> Result<Self, ModelError> {
        let load_failed = |reason: String| ModelError::LoadFailed { path: model_path.to_path_buf(), reason };
        let mut session_opts = SessionOptions::new(opts.intra_threads, true);
        session_opts.spinning = opts.spinning;
        // fp16 weights: rewritten to fp32 in memory (an fp32 model comes
        // back unchanged and is loaded from its file).
        let rewritten = if opts.fp32 && model_path.is_file() {
            let bytes = std::fs::read(model_path).map_err(|e| load_failed(e.to_string()))?;
            let keep: &[&str] = match kind {
                CutoutModelKind::IsNet => &["output"],
                CutoutModelKind::U2Net | CutoutModelKind::U2Netp => &[],
            };
            match crate::onnx_fp32::fp16_to_fp32(&bytes, keep) {
                Ok((model, stats)) if stats.tensors > 0 || stats.outputs_dropped > 0 => {
                    tracing::debug!(kind = kind.id(), ?stats, "cutout model rewritten to fp32");
                    Some(model)
                }
                Ok(_) => None,
                Err(e) => {
                    tracing::warn!(kind = kind.id(), error = %e, "fp32 rewrite failed; loading the file as it is");
                    None
                }
            }
        } else {
            None
        };
        let source = rewritten.as_deref().map_or(ModelSource::File, ModelSource::Bytes);
        let session = load_session_from(model_path, source, session_opts)?;

        let input_name = kind.input_name();
        if !session.inputs().iter().any(|i| i.name() == input_name) {
            let found: Vec<&str> = session.inputs().iter().map(|i| i.name()).collect();
            return Err(load_failed(format!("not a {} model: no input `{input_name}` (inputs: {found:?})", kind.id())));
        }
        let output_name = kind
            .output_name(&session)
            .ok_or_else(|| load_failed(format!("not a {} model: missing output", kind.id())))?
            .to_owned();
        let options = RunOptions::new()
            .map_err(|e| load_failed(e.to_string()))?
            .with_outputs(OutputSelector::no_default().with(output_name.clone()));
        tracing::debug!(kind = kind.id(), path = %model_path.display(), "cutout model loaded");
        Ok(CutoutSession { kind, input_name, output_name, inner: Mutex::new(Inner { session, options }) })
    }

    pub fn kind(&self) -> CutoutModelKind {
        self.kind
    }

    /// Removes the background of `image`. Returns the cutout and the mask at
    /// the image's resolution, or [`ModelError::EmptyMask`] when the model
    /// finds no subject.
    pub fn run(&self, image: &DynamicImage) -> Result<CutoutOutput, ModelError> {
        self.run_rgb(&image.to_rgb8())
    }

    /// As [`run`](Self::run), on an RGB image (no conversion, no copy).
    pub fn run_rgb(&self, rgb: &RgbImage) -> Result<CutoutOutput, ModelError> {
        let mask = self.mask(rgb)?;
        finish(rgb, mask)
    }

    /// The model's mask of `rgb` at its resolution (no emptiness check).
    pub fn mask(&self, rgb: &RgbImage) -> Result<GrayImage, ModelError> {
        let (width, height) = rgb.dimensions();
        if width == 0 || height == 0 {
            return Err(ModelError::InvalidImage(format!("image is {width}x{height}")));
        }
        let input = self.kind.preprocess(rgb);
        let raw = self.infer(&input)?;
        self.kind.postprocess(&raw, width, height)
    }

    /// Runs the model on a preprocessed NCHW input (`3 * size * size` values)
    /// and returns the raw selected output (`size * size` values). Exposed for
    /// benchmarks.
    pub fn infer(&self, input: &[f32]) -> Result<Vec<f32>, ModelError> {
        let size = self.kind.input_size() as usize;
        if input.len() != 3 * size * size {
            return Err(ModelError::Inference(format!("input has {} values, expected 3x{size}x{size}", input.len())));
        }
        let tensor = TensorRef::from_array_view(([1usize, 3, size, size], input)).map_err(ModelError::inference)?;
        let mut guard = self.inner.lock().map_err(|_| ModelError::Inference("session lock poisoned".into()))?;
        let Inner { session, options } = &mut *guard;
        let outputs = session
            .run_with_options(ort::inputs![self.input_name => tensor], &*options)
            .map_err(ModelError::inference)?;
        let value = outputs
            .get(&self.output_name)
            .ok_or_else(|| ModelError::Inference(format!("model returned no `{}`", self.output_name)))?;
        let (_shape, data) = value.try_extract_tensor::<f32>().map_err(ModelError::inference)?;
        Ok(data.to_vec())
    }
}

/// The cutout pixmart serves by default: ISNet guarded by U²-Net
/// ([`fusion::fuse`]). Both sessions run on the same photo.
pub fn run_fused(
    isnet: &CutoutSession,
    u2net: &CutoutSession,
    image: &DynamicImage,
) -> Result<CutoutOutput, ModelError> {
    run_fused_rgb(isnet, u2net, &image.to_rgb8(), false)
}

/// As [`run_fused`], on an RGB image. `parallel`: U²-Net runs in a second
/// thread beside ISNet (its resizing and inference overlap ISNet's; both
/// sessions keep their own intra-op threads), else one after the other.
pub fn run_fused_rgb(
    isnet: &CutoutSession,
    u2net: &CutoutSession,
    rgb: &RgbImage,
    parallel: bool,
) -> Result<CutoutOutput, ModelError> {
    let (primary, guard) = if parallel {
        std::thread::scope(|scope| {
            let guard = scope.spawn(|| u2net.mask(rgb));
            let primary = isnet.mask(rgb);
            let guard = guard.join().unwrap_or_else(|_| Err(ModelError::Inference("U²-Net thread panicked".into())));
            (primary, guard)
        })
    } else {
        (isnet.mask(rgb), u2net.mask(rgb))
    };
    finish(rgb, fusion::fuse(&primary?, &guard?))
}

/// The emptiness check and the composed cutout.
fn finish(rgb: &RgbImage, mask: GrayImage) -> Result<CutoutOutput, ModelError> {
    if mask_is_empty(&mask) {
        return Err(ModelError::EmptyMask);
    }
    let cutout =
        compose_cutout(rgb, &mask).ok_or_else(|| ModelError::Inference("mask size differs from image".into()))?;
    Ok(CutoutOutput { cutout, mask })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_stable_names() {
        assert_eq!(CutoutModelKind::IsNet.file_name(), "isnet_fp16.onnx");
        assert_eq!(CutoutModelKind::U2Net.file_name(), "u2net.onnx");
        assert_eq!(CutoutModelKind::U2Netp.file_name(), "u2netp.onnx");
        for k in CutoutModelKind::ALL {
            assert_eq!(CutoutModelKind::from_id(k.id()), Some(k));
        }
        assert_eq!(CutoutModelKind::from_id("sam"), None);
    }

    #[test]
    fn session_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<CutoutSession>();
    }

    #[test]
    fn load_without_runtime_is_a_clear_error() {
        // No test in this binary initialises the runtime.
        let err = CutoutSession::load(CutoutModelKind::U2Netp, Path::new("/nonexistent.onnx"), 1).unwrap_err();
        assert_eq!(err.code(), "MODEL_RUNTIME_MISSING");
    }
}
