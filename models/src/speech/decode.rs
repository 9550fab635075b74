//! Decoding one 30 s window: the prompt prefix, greedy (or, on fallback,
//! temperature) sampling with Whisper's token suppression, the no-speech
//! probability and the average log-probability.

use candle_transformers::models::whisper as m;
use rand::rngs::StdRng;
use rand::Rng;
use tokenizers::Tokenizer;

use super::decoder::{CachedDecoder, DecoderState};
use crate::ModelError;

/// The special token ids decoding needs, read from the tokenizer.
#[derive(Debug, Clone)]
pub(crate) struct SpecialTokens {
    pub sot: u32,
    pub eot: u32,
    pub transcribe: u32,
    pub no_timestamps: u32,
    pub start_of_prev: u32,
    /// `<|nospeech|>` (or `<|nocaptions|>` in older vocabularies).
    pub no_speech: u32,
    /// The language tokens (`<|en|>` …) with their codes, in vocabulary order.
    pub languages: Vec<(u32, String)>,
}

fn token(tok: &Tokenizer, name: &str) -> Result<u32, String> {
    tok.token_to_id(name).ok_or_else(|| format!("the tokenizer has no {name} token"))
}

impl SpecialTokens {
    pub(crate) fn from_tokenizer(tok: &Tokenizer) -> Result<Self, String> {
        let sot = token(tok, m::SOT_TOKEN)?;
        let translate = token(tok, m::TRANSLATE_TOKEN)?;
        let no_speech = m::NO_SPEECH_TOKENS
            .iter()
            .find_map(|t| tok.token_to_id(t))
            .ok_or("the tokenizer has no <|nospeech|> token")?;
        // The language tokens sit between <|startoftranscript|> and <|translate|>.
        let languages: Vec<(u32, String)> = (sot + 1..translate)
            .filter_map(|id| {
                let t = tok.id_to_token(id)?;
                let code = t.strip_prefix("<|")?.strip_suffix("|>")?;
                Some((id, code.to_owned()))
            })
            .collect();
        if languages.is_empty() {
            return Err("the tokenizer has no language tokens".into());
        }
        Ok(Self {
            sot,
            eot: token(tok, m::EOT_TOKEN)?,
            transcribe: token(tok, m::TRANSCRIBE_TOKEN)?,
            no_timestamps: token(tok, m::NO_TIMESTAMPS_TOKEN)?,
            start_of_prev: token(tok, "<|startofprev|>")?,
            no_speech,
            languages,
        })
    }

    pub(crate) fn language(&self, code: &str) -> Option<u32> {
        self.languages.iter().find(|(_, c)| c == code).map(|(id, _)| *id)
    }
}

/// Which tokens may never be sampled, and which not as the first one.
pub(crate) struct LogitFilter {
    /// `true` = suppressed: the config's `suppress_tokens` (non-speech
    /// symbols) and every special token from <|startoftranscript|> on
    /// (languages, tasks, <|nospeech|>, timestamps): only text and
    /// <|endoftext|> are ever sampled.
    pub suppress: Vec<bool>,
    /// Not allowed as the first sampled token (a blank, <|endoftext|>).
    pub begin_suppress: Vec<u32>,
}

impl LogitFilter {
    pub(crate) fn new(cfg: &m::Config, begin_suppress: Vec<u32>, tokens: &SpecialTokens) -> Self {
        let mut suppress = vec![false; cfg.vocab_size];
        for &t in &cfg.suppress_tokens {
            if let Some(s) = suppress.get_mut(t as usize) {
                *s = true;
            }
        }
        for s in suppress.iter_mut().skip(tokens.sot as usize) {
            *s = true;
        }
        Self { suppress, begin_suppress }
    }
}

/// What decoding one window gave.
#[derive(Debug, Clone)]
pub(crate) struct WindowResult {
    /// The sampled text tokens (no special tokens, no <|endoftext|>).
    pub tokens: Vec<u32>,
    pub avg_logprob: f32,
    /// Softmax of <|nospeech|> at the <|startoftranscript|> position.
    pub no_speech_prob: f32,
    /// Stopped by the length limit, not by <|endoftext|> (typically a loop).
    pub hit_limit: bool,
}

impl WindowResult {
    /// Whisper's compression-ratio test, approximated without gzip: a long
    /// output made mostly of repeated token trigrams is a decoding loop.
    pub(crate) fn repetitive(&self) -> bool {
        let t = &self.tokens;
        if t.len() < 24 {
            return false;
        }
        let trigrams: std::collections::HashSet<&[u32]> = t.windows(3).collect();
        (trigrams.len() as f32) < 0.4 * (t.len() - 2) as f32
    }
}

/// The decoder prefix: `<|startofprev|> prompt… <|startoftranscript|>
/// <|lang|> <|transcribe|> <|notimestamps|>`, and the index of
/// <|startoftranscript|> in it.
pub(crate) fn prefix(tokens: &SpecialTokens, prompt: &[u32], language: u32, max_prompt: usize) -> (Vec<u32>, usize) {
    let mut out = Vec::with_capacity(prompt.len() + 5);
    if !prompt.is_empty() {
        out.push(tokens.start_of_prev);
        out.extend_from_slice(&prompt[prompt.len().saturating_sub(max_prompt)..]);
    }
    let sot_index = out.len();
    out.extend_from_slice(&[tokens.sot, language, tokens.transcribe, tokens.no_timestamps]);
    (out, sot_index)
}

fn err(e: candle_core::Error) -> ModelError {
    ModelError::inference(format!("whisper: {e}"))
}

fn log_softmax(x: &[f32]) -> Vec<f32> {
    let max = x.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let sum: f32 = x.iter().map(|v| (v - max).exp()).sum();
    let log_sum = max + sum.ln();
    x.iter().map(|v| v - log_sum).collect()
}

/// Decodes one window from its decoder state (fresh: cross-attention only).
/// `temperature` 0 is greedy.
#[allow(clippy::too_many_arguments)]
pub(crate) fn decode_window(
    decoder: &CachedDecoder,
    start: &DecoderState,
    max_tokens: usize,
    prefix: &[u32],
    sot_index: usize,
    tokens: &SpecialTokens,
    filter: &LogitFilter,
    temperature: f64,
    rng: &mut StdRng,
    cancel: &dyn Fn() -> bool,
) -> Result<WindowResult, ModelError> {
    let max_new = max_tokens / 2;
    let mut state = start.clone();
    let mut input = prefix.to_vec();
    let mut out = Vec::new();
    let mut sum_logprob = 0f64;
    let mut no_speech_prob = 0f32;
    let mut ended = false;
    for step in 0..max_new {
        if cancel() {
            return Err(ModelError::Cancelled);
        }
        if state.len + input.len() > max_tokens {
            break;
        }
        let hidden = decoder.forward(&input, &mut state).map_err(err)?;
        if step == 0 {
            let lp = log_softmax(&decoder.logits(&hidden, sot_index).map_err(err)?);
            no_speech_prob = lp.get(tokens.no_speech as usize).map_or(0.0, |v| v.exp());
        }
        let mut logits = decoder.logits(&hidden, input.len() - 1).map_err(err)?;
        for (l, &s) in logits.iter_mut().zip(&filter.suppress) {
            if s {
                *l = f32::NEG_INFINITY;
            }
        }
        if step == 0 {
            for &t in &filter.begin_suppress {
                if let Some(l) = logits.get_mut(t as usize) {
                    *l = f32::NEG_INFINITY;
                }
            }
        }
        let logprobs = log_softmax(&logits);
        let next = if temperature > 0.0 {
            let scaled: Vec<f32> = logits.iter().map(|l| (*l as f64 / temperature) as f32).collect();
            let probs: Vec<f64> = log_softmax(&scaled).iter().map(|v| (*v as f64).exp()).collect();
            let mut r: f64 = rng.random::<f64>();
            let mut pick = tokens.eot as usize;
            for (i, p) in probs.iter().enumerate() {
                if *p > 0.0 {
                    pick = i;
                    if r < *p {
                        break;
                    }
                    r -= p;
                }
            }
            pick
        } else {
            logprobs
                .iter()
                .enumerate()
                .fold((tokens.eot as usize, f32::NEG_INFINITY), |a, (i, &v)| if v > a.1 { (i, v) } else { a })
                .0
        };
        sum_logprob += logprobs[next] as f64;
        let next = next as u32;
        if next == tokens.eot {
            ended = true;
            break;
        }
        out.push(next);
        input = vec![next];
    }
    let avg_logprob = (sum_logprob / (out.len() + 1) as f64) as f32;
    Ok(WindowResult { tokens: out, avg_logprob, no_speech_prob, hit_limit: !ended })
}

/// The most probable language token for a window, from the logits after
/// <|startoftranscript|>, restricted to the language tokens.
pub(crate) fn detect_language(
    decoder: &CachedDecoder,
    start: &DecoderState,
    tokens: &SpecialTokens,
) -> Result<(u32, String), ModelError> {
    let mut state = start.clone();
    let hidden = decoder.forward(&[tokens.sot], &mut state).map_err(err)?;
    let logits = decoder.logits(&hidden, 0).map_err(err)?;
    let best = tokens
        .languages
        .iter()
        .max_by(|a, b| logits[a.0 as usize].total_cmp(&logits[b.0 as usize]))
        .ok_or_else(|| ModelError::inference("whisper: no language tokens"))?;
    Ok(best.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn special() -> SpecialTokens {
        SpecialTokens {
            sot: 100,
            eot: 99,
            transcribe: 110,
            no_timestamps: 111,
            start_of_prev: 112,
            no_speech: 113,
            languages: vec![(101, "en".into()), (102, "zh".into())],
        }
    }

    #[test]
    fn prefix_puts_the_prompt_before_start_of_transcript() {
        let t = special();
        let (p, sot) = prefix(&t, &[], 102, 4);
        assert_eq!((p, sot), (vec![100, 102, 110, 111], 0));
        let (p, sot) = prefix(&t, &[1, 2, 3, 4, 5, 6], 101, 4);
        assert_eq!(p, vec![112, 3, 4, 5, 6, 100, 101, 110, 111]);
        assert_eq!(sot, 5);
    }

    #[test]
    fn loops_are_repetitive_and_sentences_are_not() {
        let w = |tokens: Vec<u32>| WindowResult { tokens, avg_logprob: 0.0, no_speech_prob: 0.0, hit_limit: false };
        assert!(w([7, 8, 9].repeat(20)).repetitive());
        assert!(!w((0..60).collect()).repetitive());
        assert!(!w(vec![7, 7, 7]).repetitive());
    }

    #[test]
    fn log_softmax_normalises() {
        let lp = log_softmax(&[1.0, 2.0, f32::NEG_INFINITY]);
        let sum: f32 = lp.iter().map(|v| v.exp()).sum();
        assert!((sum - 1.0).abs() < 1e-6);
        assert_eq!(lp[2], f32::NEG_INFINITY);
    }
}
