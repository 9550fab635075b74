//! The models this node has loaded (which task types that serves is the
//! registry's to say: `crate::registry::assess`). Sessions are created once
//! per process, not per job.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use pixmart_models::registry::Registry;
use pixmart_models::{CutoutModelKind, CutoutOptions, CutoutSession, OrtRuntime};
use pixmart_shared::config::{ModelSettings, TextProvider, TextSettings};
use pixmart_shared::domain::CutoutModel;

#[derive(Default)]
pub struct LoadedModels {
    cutout: HashMap<CutoutModel, Arc<CutoutSession>>,
    diffusion: Option<crate::diffusion_loader::LoadedDiffusion>,
    /// The video encoder (image-to-video needs it besides ISNet).
    ffmpeg: Option<std::path::PathBuf>,
    /// Arbitrary style transfer (background replication, STYLE_IMITATION).
    style: Option<Arc<pixmart_models::style::StyleTransferSession>>,
    /// The text provider (a local LLM or an OpenAI-compatible endpoint).
    text: Option<Arc<crate::text::TextEngine>>,
    /// Text in pictures (图片改写).
    ocr: Option<Arc<pixmart_models::ocr::OcrEngine>>,
    /// Speech to text (视频改写).
    whisper: Option<Arc<pixmart_models::speech::Whisper>>,
    /// ONNX Runtime loaded (the OCR sessions need it).
    ort_ready: bool,
    /// Why each known model is not loaded, for the log and the node record.
    pub missing: Vec<String>,
}

impl LoadedModels {
    /// Loads every model whose file is present and whose licence the
    /// deployment's policy permits (`registry`: the node's, see
    /// `registry::node_registry`). A missing runtime or file is not an
    /// error: the node simply does not advertise that task type.
    pub fn load(settings: &ModelSettings, registry: &Registry) -> Self {
        // candle, not ONNX Runtime: loads whether or not ORT is present.
        let mut missing = Vec::new();
        let policy = crate::registry::policy(settings);
        let diffusion = crate::diffusion_loader::load_diffusion(&settings.dir, registry, policy, &mut missing);
        let mut loaded = LoadedModels { diffusion, missing, ..LoadedModels::default() };
        loaded.use_ffmpeg(settings.ffmpeg.clone());
        let Some(dylib) = settings.ort_dylib_path.as_deref() else {
            loaded
                .missing
                .push("ONNX Runtime library not found (set ORT_DYLIB_PATH or run scripts/fetch-models)".into());
            return loaded;
        };
        if let Err(e) = OrtRuntime::init(dylib) {
            loaded.missing.push(format!("ONNX Runtime at {} failed to load: {e}", dylib.display()));
            return loaded;
        }
        for (model, kind) in [
            (CutoutModel::Isnet, CutoutModelKind::IsNet),
            (CutoutModel::U2net, CutoutModelKind::U2Net),
            (CutoutModel::U2netp, CutoutModelKind::U2Netp),
        ] {
            let path = settings.dir.join(kind.file_name());
            let options = CutoutOptions {
                intra_threads: settings.intra_threads.max(1),
                fp32: settings.cutout_fp32,
                spinning: settings.ort_spinning,
            };
            match load_cutout(kind, &path, options) {
                Ok(session) => {
                    tracing::info!(model = kind.id(), path = %path.display(), "model loaded");
                    loaded.cutout.insert(model, Arc::new(session));
                }
                Err(reason) => {
                    tracing::warn!(model = kind.id(), %reason, "model not loaded");
                    loaded.missing.push(format!("{}: {reason}", kind.id()));
                }
            }
        }
        if settings.warm_up {
            loaded.warm_up_cutout();
        }
        loaded.ort_ready = true;
        match pixmart_models::style::StyleTransferSession::load(&settings.dir, settings.intra_threads) {
            Ok(session) => {
                tracing::info!(model = "style-arbitrary", "model loaded");
                loaded.style = Some(Arc::new(session));
            }
            Err(e) => {
                tracing::warn!(model = "style-arbitrary", reason = %e, "model not loaded");
                loaded.missing.push(format!("style-arbitrary: {e}"));
            }
        }
        loaded
    }

    /// Loads the text provider `text.provider` names: the local model
    /// (`text.local_model`, by default the best one present that fits in
    /// memory) or the OpenAI-compatible endpoint. Without one the node
    /// does not advertise the text task types.
    pub fn load_text(&mut self, text: &TextSettings, models: &ModelSettings, registry: &Registry) {
        use crate::text::{available_memory_mb, choose_local_model, LocalText, OpenAiText, TextEngine};
        let engine = match text.provider {
            TextProvider::None => Err("text.provider is none on this node".to_owned()),
            TextProvider::Openai => OpenAiText::new(&text.openai).map(TextEngine::Remote),
            TextProvider::Local => choose_local_model(&text.local_model, registry, &models.dir, available_memory_mb())
                .and_then(|(id, path)| {
                    let started = std::time::Instant::now();
                    let loaded = LocalText::load(&id, &path).map(TextEngine::Local);
                    if loaded.is_ok() {
                        tracing::info!(model = %id, secs = started.elapsed().as_secs_f32(), "text model loaded");
                    }
                    loaded.map_err(|e| format!("{id}: {e}"))
                }),
        };
        match engine {
            Ok(engine) => {
                tracing::info!(model = engine.model_name(), "text provider ready");
                self.text = Some(Arc::new(engine));
                // OCR and speech only feed the text types: a node without a
                // text provider does not hold them in memory.
                if self.ort_ready {
                    self.load_ocr(models);
                } else {
                    self.missing.push("ocr: ONNX Runtime is not loaded".into());
                }
                self.load_whisper(models);
            }
            Err(reason) => {
                tracing::warn!(%reason, "no text provider: the text task types are not advertised");
                self.missing.push(format!("text: {reason}"));
                self.missing.push("ocr: not loaded: this node has no text provider".into());
                self.missing.push("whisper: not loaded: this node has no text provider".into());
            }
        }
    }

    pub fn text(&self) -> Option<Arc<crate::text::TextEngine>> {
        self.text.clone()
    }

    pub fn ocr(&self) -> Option<Arc<pixmart_models::ocr::OcrEngine>> {
        self.ocr.clone()
    }

    pub fn whisper(&self) -> Option<Arc<pixmart_models::speech::Whisper>> {
        self.whisper.clone()
    }

    /// PP-OCR's detector and recogniser (ONNX): needs the runtime.
    fn load_ocr(&mut self, settings: &ModelSettings) {
        let paths = pixmart_models::ocr::OcrPaths::in_models_dir(&settings.dir);
        if !paths.det.is_file() || !paths.rec.is_file() {
            self.missing.push("ocr: PP-OCR files are missing (run scripts/fetch-models)".into());
            return;
        }
        match pixmart_models::ocr::OcrEngine::load(&paths, settings.intra_threads.max(1)) {
            Ok(engine) => {
                tracing::info!(model = "ppocr", "model loaded");
                self.ocr = Some(Arc::new(engine));
            }
            Err(e) => {
                tracing::warn!(model = "ppocr", reason = %e, "model not loaded");
                self.missing.push(format!("ocr: {e}"));
            }
        }
    }

    /// Whisper on candle: loads whether or not ONNX Runtime is present.
    fn load_whisper(&mut self, settings: &ModelSettings) {
        let dir = settings.dir.join(pixmart_models::speech::WHISPER_DIR);
        if !dir.join("model.safetensors").is_file() {
            self.missing.push("whisper: the Whisper base files are missing (run scripts/fetch-models)".into());
            return;
        }
        let started = std::time::Instant::now();
        match pixmart_models::speech::Whisper::load(&dir) {
            Ok(whisper) => {
                tracing::info!(model = "whisper-base", secs = started.elapsed().as_secs_f32(), "model loaded");
                self.whisper = Some(Arc::new(whisper));
            }
            Err(e) => {
                tracing::warn!(model = "whisper-base", reason = %e, "model not loaded");
                self.missing.push(format!("whisper: {e}"));
            }
        }
    }

    /// The style-transfer networks, when loaded (background replication's
    /// STYLE_IMITATION mode needs them; the worker refuses that mode without).
    pub fn style(&self) -> Option<Arc<pixmart_models::style::StyleTransferSession>> {
        self.style.clone()
    }

    /// Runs each loaded cutout model once on a blank image, in a thread of
    /// its own: ONNX Runtime's first run allocates its arena and is slower,
    /// so the node's first task does not pay for it (a task that comes
    /// before the warm-up ends waits for that one run on the session's lock).
    fn warm_up_cutout(&self) {
        let sessions: Vec<Arc<CutoutSession>> = self.cutout.values().cloned().collect();
        if sessions.is_empty() {
            return;
        }
        let spawned = std::thread::Builder::new().name("cutout-warm-up".into()).spawn(move || {
            let blank = image::RgbImage::new(64, 64);
            for session in sessions {
                let t = std::time::Instant::now();
                match session.mask(&blank) {
                    Ok(_) => tracing::info!(model = session.kind().id(), ms = t.elapsed().as_millis(), "warmed up"),
                    Err(e) => tracing::warn!(model = session.kind().id(), error = %e, "warm-up run failed"),
                }
            }
        });
        if let Err(e) = spawned {
            tracing::warn!(error = %e, "no warm-up thread");
        }
    }

    pub fn cutout(&self, model: CutoutModel) -> Option<Arc<CutoutSession>> {
        self.cutout.get(&model).cloned()
    }

    pub fn diffusion(&self) -> Option<&crate::diffusion_loader::LoadedDiffusion> {
        self.diffusion.as_ref()
    }

    pub fn ffmpeg(&self) -> Option<&Path> {
        self.ffmpeg.as_deref()
    }

    /// The ffmpeg the settings found (`ModelSettings::ffmpeg`).
    fn use_ffmpeg(&mut self, ffmpeg: Option<std::path::PathBuf>) {
        self.ffmpeg = ffmpeg;
        match &self.ffmpeg {
            Some(p) => tracing::info!(path = %p.display(), "ffmpeg found"),
            None => self
                .missing
                .push("ffmpeg: not found (install the ffmpeg package or set PIXMART__MODELS__FFMPEG)".into()),
        }
    }
}

fn load_cutout(kind: CutoutModelKind, path: &Path, options: CutoutOptions) -> Result<CutoutSession, String> {
    if !path.is_file() {
        return Err(format!("{} is missing (run scripts/fetch-models)", path.display()));
    }
    CutoutSession::load_with(kind, path, options).map_err(|e| e.to_string())
}
