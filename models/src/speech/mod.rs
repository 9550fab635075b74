//! Speech to text with Whisper base (multilingual) on candle.
//!
//! [`Whisper::load`] reads `model.safetensors` (fp16 on disk, f32 in memory:
//! candle's CPU matmul is f32), `config.json` (Hugging Face `WhisperConfig`)
//! and `tokenizer.json` from one directory (`scripts/fetch-models
//! whisper-base` writes them to `<models dir>/whisper-base/`).
//! [`Whisper::transcribe`] splits 16 kHz mono samples into 30 s windows and
//! decodes each greedily without timestamps (one [`Segment`] per window;
//! the text decoder keeps a self-attention KV cache, which candle's lacks),
//! falling back to sampling at rising temperatures when greedy decoding
//! loops or is unsure, as Whisper does. [`decode_audio`] turns any audio or
//! video file into such samples with ffmpeg.
//!
//! Silence and noise: a window whose RMS is below [`SILENCE_RMS`] is never
//! decoded, and a decoded window is dropped when its no-speech probability
//! is above 0.6 while its average log-probability is below −1 (Whisper's
//! rule), so a silent clip gives no segment and [`Transcript::has_speech`]
//! is false.
//!
//! Chinese: Whisper base writes Mandarin in traditional characters when
//! unprompted; a Chinese window's prompt is [`ZH_PROMPT`] (simplified) when
//! the caller gives none, or starts with it when the caller's has no Chinese
//! characters, which steers it to simplified characters (and, measured on
//! espeak-ng speech, to fewer errors).

mod audio;
mod decode;
mod decoder;
mod mel;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::whisper::{self as m, model::Whisper as Model};
use rand::SeedableRng;
use tokenizers::Tokenizer;

pub use audio::decode_audio;

use crate::ModelError;
use decode::{LogitFilter, SpecialTokens};
use decoder::CachedDecoder;

/// The folder of the models dir that `scripts/fetch-models whisper-base`
/// fills (model.safetensors, config.json, tokenizer.json).
pub const WHISPER_DIR: &str = "whisper-base";

/// The sample rate [`Whisper::transcribe`] takes.
pub const SAMPLE_RATE: u32 = 16_000;

/// Windows quieter than this RMS (about −60 dBFS) are silence: not decoded.
pub const SILENCE_RMS: f32 = 0.001;

/// Whisper's thresholds: a window is silence when its no-speech probability
/// is above `NO_SPEECH_THRESHOLD` and its average log-probability below
/// `LOGPROB_THRESHOLD`; below that log-probability (or looping) decoding is
/// retried at the next of [`TEMPERATURES`].
pub const NO_SPEECH_THRESHOLD: f32 = 0.6;
pub const LOGPROB_THRESHOLD: f32 = -1.0;
pub const TEMPERATURES: [f64; 6] = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0];

/// The initial prompt of Chinese windows when the caller gives none: a
/// simplified-Chinese sentence, so base writes simplified characters.
pub const ZH_PROMPT: &str = "以下是普通话的句子。";

/// Options of one transcription.
#[derive(Debug, Clone, Default)]
pub struct TranscribeOptions {
    /// ISO 639-1 code ("zh", "en", …); `None`: detected on the first window
    /// with speech (a window judged silent does not fix it). An unknown code
    /// is [`ModelError::InvalidSampling`] (see [`Whisper::languages`]).
    pub language: Option<String>,
    /// Text that conditions the decoder (names, spelling, script).
    pub initial_prompt: Option<String>,
}

/// One decoded stretch of audio (here: one 30 s window).
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub start_s: f32,
    pub end_s: f32,
    pub text: String,
    /// Probability of <|nospeech|> for this window.
    pub no_speech_prob: f32,
}

/// The result of [`Whisper::transcribe`].
#[derive(Debug, Clone, PartialEq)]
pub struct Transcript {
    /// The language used: the given one, else the one detected on the first
    /// window with speech; empty when none was given and nothing was said.
    pub language: String,
    /// The segments' text, joined (with spaces, without for Chinese/Japanese).
    pub text: String,
    pub segments: Vec<Segment>,
}

impl Transcript {
    /// False when nothing was said (silence, noise): no segment with speech,
    /// or empty text. (Windows judged silent are never made segments.)
    pub fn has_speech(&self) -> bool {
        !self.text.trim().is_empty() && self.segments.iter().any(|s| !s.text.trim().is_empty())
    }
}

/// A loaded Whisper model with its tokenizer.
///
/// `Send + Sync`: candle's encoder (`forward` takes `&mut self`) sits behind
/// a [`Mutex`] held for a whole transcription, so concurrent transcriptions
/// run one after the other (one already uses every core). Decoding runs on
/// our own text decoder with a self-attention KV cache (`decoder.rs`; its
/// state lives per window), which shares the weights with candle's model.
pub struct Whisper {
    model: Mutex<Model>,
    decoder: CachedDecoder,
    tokenizer: Tokenizer,
    config: m::Config,
    tokens: SpecialTokens,
    filter: LogitFilter,
    mel_filters: Vec<f32>,
    device: Device,
}

fn load_failed(path: &Path, reason: impl std::fmt::Display) -> ModelError {
    ModelError::LoadFailed { path: path.to_path_buf(), reason: reason.to_string() }
}

fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}'))
}

fn rms(samples: &[f32]) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| (*s as f64).powi(2)).sum::<f64>() / samples.len() as f64).sqrt() as f32
}

impl Whisper {
    /// The directory holding model.safetensors, config.json, tokenizer.json.
    pub fn load(dir: &Path) -> Result<Self, ModelError> {
        let file = |name: &str| -> Result<PathBuf, ModelError> {
            let p = dir.join(name);
            if p.is_file() {
                Ok(p)
            } else {
                Err(ModelError::ModelMissing { path: p })
            }
        };
        let (weights, config_path, tokenizer_path) =
            (file("model.safetensors")?, file("config.json")?, file("tokenizer.json")?);
        let raw = std::fs::read_to_string(&config_path).map_err(|e| load_failed(&config_path, e))?;
        let config: m::Config = serde_json::from_str(&raw).map_err(|e| load_failed(&config_path, e))?;
        let extra: serde_json::Value = serde_json::from_str(&raw).map_err(|e| load_failed(&config_path, e))?;
        let tokenizer = Tokenizer::from_file(&tokenizer_path).map_err(|e| load_failed(&tokenizer_path, e))?;
        let tokens = SpecialTokens::from_tokenizer(&tokenizer).map_err(|e| load_failed(&tokenizer_path, e))?;
        let begin_suppress = extra
            .get("begin_suppress_tokens")
            .and_then(|v| serde_json::from_value::<Vec<u32>>(v.clone()).ok())
            .unwrap_or_else(|| vec![220, tokens.eot]);
        let filter = LogitFilter::new(&config, begin_suppress, &tokens);

        let device = crate::llm::select_device();
        // fp16 on disk → f32 once, so candle's model and the cached decoder share every tensor.
        let tensors = candle_core::safetensors::load(&weights, &device)
            .and_then(|t| t.into_iter().map(|(k, v)| Ok((k, v.to_dtype(DType::F32)?))).collect())
            .map_err(|e| load_failed(&weights, e))?;
        let vb = VarBuilder::from_tensors(tensors, DType::F32, &device);
        let model = Model::load(&vb, config.clone()).map_err(|e| load_failed(&weights, e))?;
        let decoder = CachedDecoder::load(vb.pp("model.decoder"), &config).map_err(|e| load_failed(&weights, e))?;
        let mel_filters = mel::mel_filters(config.num_mel_bins, m::N_FFT, SAMPLE_RATE as f64);
        Ok(Self { model: Mutex::new(model), decoder, tokenizer, config, tokens, filter, mel_filters, device })
    }

    /// The language codes the model knows ("en", "zh", …).
    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.tokens.languages.iter().map(|(_, c)| c.as_str())
    }

    /// 16 kHz mono f32 samples in [-1, 1]; any length (split into 30 s windows).
    /// `cancel` is polled between decoding steps ([`ModelError::Cancelled`]).
    pub fn transcribe(
        &self,
        samples: &[f32],
        opts: &TranscribeOptions,
        cancel: &dyn Fn() -> bool,
    ) -> Result<Transcript, ModelError> {
        let mut language = match &opts.language {
            Some(code) => {
                let code = code.trim().to_ascii_lowercase();
                let id = self
                    .tokens
                    .language(&code)
                    .ok_or_else(|| ModelError::InvalidSampling(format!("whisper knows no language {code:?}")))?;
                Some((id, code))
            }
            None => None,
        };
        let mut segments = Vec::new();
        if !samples.is_empty() {
            segments = self.transcribe_windows(samples, opts, &mut language, cancel)?;
        }
        // A language detected on noise means nothing: only a given one or one heard in speech is reported.
        let language = match language {
            Some((_, c)) if opts.language.is_some() || !segments.is_empty() => c,
            _ => String::new(),
        };
        let sep = if matches!(language.as_str(), "zh" | "ja" | "yue") { "" } else { " " };
        let text = segments.iter().map(|s: &Segment| s.text.as_str()).collect::<Vec<_>>().join(sep);
        Ok(Transcript { language, text, segments })
    }

    fn transcribe_windows(
        &self,
        samples: &[f32],
        opts: &TranscribeOptions,
        language: &mut Option<(u32, String)>,
        cancel: &dyn Fn() -> bool,
    ) -> Result<Vec<Segment>, ModelError> {
        let err = |e: candle_core::Error| ModelError::inference(format!("whisper: {e}"));
        let (mel, frames) = mel::log_mel(&self.config, samples, &self.mel_filters);
        let mel = Tensor::from_vec(mel, (1, self.config.num_mel_bins, frames), &self.device).map_err(err)?;
        let content_frames = samples.len().div_ceil(m::HOP_LENGTH);
        let mut model = self.model.lock().map_err(|_| ModelError::inference("whisper: a previous run panicked"))?;
        let mut rng = rand::rngs::StdRng::seed_from_u64(299_792_458);
        let max_prompt = self.config.max_target_positions / 2 - 1;
        let mut segments = Vec::new();
        let mut seek = 0;
        while seek < content_frames {
            if cancel() {
                return Err(ModelError::Cancelled);
            }
            let start = seek * m::HOP_LENGTH;
            let end = (start + m::N_SAMPLES).min(samples.len());
            let (start_s, end_s) = (start as f32 / SAMPLE_RATE as f32, end as f32 / SAMPLE_RATE as f32);
            let window_frames = seek;
            seek += m::N_FRAMES;
            if rms(&samples[start..end]) < SILENCE_RMS {
                continue;
            }
            let take = m::N_FRAMES.min(frames.saturating_sub(window_frames));
            let window = mel
                .narrow(2, window_frames, take)
                .and_then(|w| w.pad_with_zeros(2, 0, m::N_FRAMES - take))
                .map_err(err)?;
            let features = model.encoder.forward(&window, true).map_err(err)?;
            let start = self.decoder.start(&features).map_err(err)?;
            if language.is_none() {
                *language = Some(decode::detect_language(&self.decoder, &start, &self.tokens)?);
            }
            let Some((lang_id, lang)) = language.as_ref() else { continue };
            let prompt_text = match (&opts.initial_prompt, lang.as_str()) {
                // A prompt already in Chinese steers the script itself.
                (Some(p), "zh") if !p.trim().is_empty() && !has_cjk(p) => Some(format!("{ZH_PROMPT}{}", p.trim())),
                (Some(p), _) if !p.trim().is_empty() => Some(p.trim().to_owned()),
                (_, "zh") => Some(ZH_PROMPT.to_owned()),
                _ => None,
            };
            let prompt = match prompt_text {
                Some(p) => self
                    .tokenizer
                    .encode(format!(" {p}"), false)
                    .map_err(|e| ModelError::inference(format!("whisper: tokenizing the prompt: {e}")))?
                    .get_ids()
                    .to_vec(),
                None => Vec::new(),
            };
            let (prefix, sot_index) = decode::prefix(&self.tokens, &prompt, *lang_id, max_prompt);
            let mut result = None;
            for &t in &TEMPERATURES {
                let r = decode::decode_window(
                    &self.decoder,
                    &start,
                    self.config.max_target_positions,
                    &prefix,
                    sot_index,
                    &self.tokens,
                    &self.filter,
                    t,
                    &mut rng,
                    cancel,
                )?;
                let silent = r.no_speech_prob > NO_SPEECH_THRESHOLD && r.avg_logprob < LOGPROB_THRESHOLD;
                let failed = r.hit_limit || r.repetitive() || r.avg_logprob < LOGPROB_THRESHOLD;
                result = Some(r);
                if silent || !failed {
                    break;
                }
            }
            let Some(r) = result else { continue };
            tracing::debug!(
                start_s,
                no_speech_prob = r.no_speech_prob,
                avg_logprob = r.avg_logprob,
                tokens = r.tokens.len(),
                "whisper window"
            );
            if r.no_speech_prob > NO_SPEECH_THRESHOLD && r.avg_logprob < LOGPROB_THRESHOLD {
                // No speech: a language detected here means nothing; detect again on the next window.
                if opts.language.is_none() && segments.is_empty() {
                    *language = None;
                }
                continue;
            }
            let text = self
                .tokenizer
                .decode(&r.tokens, true)
                .map_err(|e| ModelError::inference(format!("whisper: detokenizing: {e}")))?;
            let text = text.trim().to_owned();
            if text.is_empty() {
                continue;
            }
            segments.push(Segment { start_s, end_s, text, no_speech_prob: r.no_speech_prob });
        }
        Ok(segments)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_speech_needs_text_in_a_speech_segment() {
        let seg = |text: &str, p: f32| Segment { start_s: 0.0, end_s: 1.0, text: text.into(), no_speech_prob: p };
        let t = |segments: Vec<Segment>| Transcript {
            language: "en".into(),
            text: segments.iter().map(|s| s.text.clone()).collect::<Vec<_>>().join(" "),
            segments,
        };
        assert!(!t(vec![]).has_speech());
        assert!(!t(vec![seg("  ", 0.1)]).has_speech());
        assert!(t(vec![seg("Hello there.", 0.05)]).has_speech());
    }

    #[test]
    fn chinese_characters_are_recognised() {
        assert!(has_cjk("以下是普通话的句子。"));
        assert!(!has_cjk("Product names: Thermos, Tiger."));
    }

    #[test]
    fn rms_of_silence_and_a_tone() {
        assert_eq!(rms(&[]), 0.0);
        assert!(rms(&[0.0; 100]) < SILENCE_RMS);
        let tone: Vec<f32> = (0..16_000).map(|i| 0.1 * (i as f32 * 0.1).sin()).collect();
        assert!((rms(&tone) - 0.1 / 2f32.sqrt()).abs() < 1e-3);
    }

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn whisper_is_shareable_across_threads() {
        assert_send_sync::<Whisper>();
    }
}
