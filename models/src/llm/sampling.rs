//! Sampling settings and the per-token choice (temperature, top-k, top-p,
//! repetition penalty, seed).

use candle_core::{DType, Tensor};
use candle_transformers::generation::{LogitsProcessor, Sampling as Strategy};

use crate::ModelError;

/// How tokens are chosen and when generation stops.
#[derive(Clone, Debug)]
pub struct Sampling {
    /// 0 (or below) = greedy (argmax); otherwise logits are divided by it.
    pub temperature: f64,
    /// Nucleus sampling: keep the smallest set of tokens whose probability
    /// sums to at least this (None or ≥ 1: off).
    pub top_p: Option<f64>,
    /// Keep only the k most likely tokens (None or 0: off).
    pub top_k: Option<usize>,
    /// Above 1, tokens seen in the last `repeat_last_n` tokens (prompt
    /// included) are made less likely; 1 = off.
    pub repeat_penalty: f32,
    pub repeat_last_n: usize,
    /// Same seed + same input (and same device) ⇒ same output.
    pub seed: u64,
    /// Most tokens generated (the end-of-turn token is not counted).
    pub max_tokens: usize,
    /// Generation ends at the first of these strings, which is not part of
    /// the output (nor of any streamed delta).
    pub stop: Vec<String>,
}

impl Default for Sampling {
    /// Settings for marketing copy: temperature 0.7, top-p 0.9, top-k 40,
    /// repetition penalty 1.1 over the last 64 tokens, 512 tokens at most.
    fn default() -> Self {
        Self {
            temperature: 0.7,
            top_p: Some(0.9),
            top_k: Some(40),
            repeat_penalty: 1.1,
            repeat_last_n: 64,
            seed: 42,
            max_tokens: 512,
            stop: Vec::new(),
        }
    }
}

impl Sampling {
    /// Greedy decoding (temperature 0), no repetition penalty.
    pub fn greedy(max_tokens: usize) -> Self {
        Self { temperature: 0.0, top_p: None, top_k: None, repeat_penalty: 1.0, max_tokens, ..Self::default() }
    }

    pub(crate) fn validate(&self) -> Result<(), ModelError> {
        let bad = |what: String| Err(ModelError::InvalidSampling(what));
        if !self.temperature.is_finite() {
            return bad(format!("temperature must be a finite number, not {}", self.temperature));
        }
        if let Some(p) = self.top_p {
            if p.is_nan() || p <= 0.0 {
                return bad(format!("top_p must be above 0, not {p}"));
            }
        }
        if !(self.repeat_penalty.is_finite() && self.repeat_penalty > 0.0) {
            return bad(format!("repeat_penalty must be above 0, not {}", self.repeat_penalty));
        }
        if self.stop.iter().any(String::is_empty) {
            return bad("a stop string is empty".into());
        }
        Ok(())
    }

    fn strategy(&self) -> Strategy {
        if self.temperature <= 0.0 {
            return Strategy::ArgMax;
        }
        let temperature = self.temperature;
        let k = self.top_k.filter(|&k| k > 0);
        let p = self.top_p.filter(|&p| p < 1.0);
        match (k, p) {
            (None, None) => Strategy::All { temperature },
            (Some(k), None) => Strategy::TopK { k, temperature },
            (None, Some(p)) => Strategy::TopP { p, temperature },
            (Some(k), Some(p)) => Strategy::TopKThenTopP { k, p, temperature },
        }
    }
}

/// Chooses tokens for one generation (owns the seeded random generator).
pub(crate) struct Sampler {
    processor: LogitsProcessor,
    penalty: f32,
    last_n: usize,
}

impl Sampler {
    pub(crate) fn new(s: &Sampling) -> Self {
        Self {
            processor: LogitsProcessor::from_sampling(s.seed, s.strategy()),
            penalty: s.repeat_penalty,
            last_n: s.repeat_last_n,
        }
    }

    /// The next token from the last position's logits, `[vocab]` or `[1, vocab]`;
    /// `context` is every token so far (prompt and generated).
    pub(crate) fn next(&mut self, logits: &Tensor, context: &[u32]) -> Result<u32, ModelError> {
        let logits = logits.flatten_all().and_then(|l| l.to_dtype(DType::F32)).map_err(ModelError::inference)?;
        let logits = if self.penalty == 1.0 || self.last_n == 0 {
            logits
        } else {
            let start = context.len().saturating_sub(self.last_n);
            candle_transformers::utils::apply_repeat_penalty(&logits, self.penalty, &context[start..])
                .map_err(ModelError::inference)?
        };
        self.processor.sample(&logits).map_err(ModelError::inference)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategies_and_validation() {
        assert!(matches!(Sampling::greedy(5).strategy(), Strategy::ArgMax));
        assert!(matches!(Sampling::default().strategy(), Strategy::TopKThenTopP { k: 40, .. }));
        let s = Sampling { top_k: None, top_p: Some(1.0), ..Sampling::default() };
        assert!(matches!(s.strategy(), Strategy::All { .. }));
        assert!(Sampling::default().validate().is_ok());
        assert!(Sampling { temperature: f64::NAN, ..Sampling::default() }.validate().is_err());
        assert!(Sampling { stop: vec![String::new()], ..Sampling::default() }.validate().is_err());
        assert!(Sampling { top_p: Some(0.0), ..Sampling::default() }.validate().is_err());
    }

    #[test]
    fn the_repeat_penalty_demotes_seen_tokens() {
        let logits = Tensor::new(&[1.0f32, 1.05, 0.0], &candle_core::Device::Cpu).unwrap();
        let mut greedy = Sampler::new(&Sampling { repeat_penalty: 1.5, ..Sampling::greedy(1) });
        assert_eq!(greedy.next(&logits, &[1]).unwrap(), 0);
        let mut plain = Sampler::new(&Sampling::greedy(1));
        assert_eq!(plain.next(&logits, &[1]).unwrap(), 1);
    }
}
