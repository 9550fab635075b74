//! Text line recognition: the CTC recogniser over upright strips.
//!
//! Strips are scaled to 48 pixels high, keeping their aspect ratio; a batch
//! is padded (zeros, after normalisation) to its widest strip, at least
//! 320 wide. The model gives per-column class probabilities; CTC greedy
//! decoding takes each column's best class, merges repeats and drops the
//! blank (class 0). Classes: blank, the model's `character` metadata
//! (one per line), then a space.

use image::RgbImage;

use super::tensor::write_normalised;
use super::Net;
use crate::ModelError;

/// Input height of the recogniser.
pub(crate) const HEIGHT: usize = 48;
/// Least input width (RapidOCR's 3×48×320 input shape).
pub(crate) const MIN_WIDTH: usize = 320;
/// Strips per run.
pub(crate) const BATCH: usize = 6;

/// The recogniser's classes, index 0 the CTC blank.
#[derive(Debug, Clone)]
pub(crate) struct Charset(Vec<String>);

impl Charset {
    /// From the model's `character` metadata (one character per line):
    /// blank first, then those, then a space.
    pub fn from_metadata(text: &str) -> Self {
        let mut chars = vec![String::new()];
        chars.extend(text.split('\n').map(|c| c.strip_suffix('\r').unwrap_or(c).to_owned()));
        chars.push(" ".to_owned());
        Charset(chars)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// Greedy CTC decoding of one strip's `steps`×`classes` probabilities:
/// the text and the mean probability of the characters kept (0 for none).
pub(crate) fn ctc_decode(probs: &[f32], steps: usize, classes: usize, charset: &Charset) -> (String, f32) {
    let mut text = String::new();
    let (mut sum, mut kept) = (0f64, 0usize);
    let mut prev = usize::MAX;
    for t in 0..steps {
        let Some(row) = probs.get(t * classes..(t + 1) * classes) else { break };
        let (best, p) =
            row.iter().enumerate().fold((0usize, f32::MIN), |(bi, bp), (i, &p)| if p > bp { (i, p) } else { (bi, bp) });
        if best != 0 && best != prev {
            if let Some(c) = charset.0.get(best) {
                text.push_str(c);
                sum += f64::from(p);
                kept += 1;
            }
        }
        prev = best;
    }
    let score = if kept == 0 { 0.0 } else { (sum / kept as f64) as f32 };
    (text, score)
}

/// The text and score of each strip (upright, any size).
pub(crate) fn recognise(net: &Net, charset: &Charset, strips: &[RgbImage]) -> Result<Vec<(String, f32)>, ModelError> {
    let ratio = |s: &RgbImage| s.width() as f32 / s.height().max(1) as f32;
    let mut order: Vec<usize> = (0..strips.len()).collect();
    order.sort_by(|&a, &b| ratio(&strips[a]).total_cmp(&ratio(&strips[b])));
    let mut out = vec![(String::new(), 0.0); strips.len()];
    for batch in order.chunks(BATCH) {
        let max_ratio = batch.iter().map(|&i| ratio(&strips[i])).fold(MIN_WIDTH as f32 / HEIGHT as f32, f32::max);
        let width = (HEIGHT as f32 * max_ratio) as usize;
        let plane = 3 * HEIGHT * width;
        let mut input = vec![0f32; batch.len() * plane];
        for (k, &i) in batch.iter().enumerate() {
            let w = ((HEIGHT as f32 * ratio(&strips[i])).ceil() as usize).clamp(1, width);
            write_normalised(&strips[i], w, HEIGHT, &mut input[k * plane..(k + 1) * plane], width);
        }
        let (shape, probs) = net.run([batch.len(), 3, HEIGHT, width], &input)?;
        let [n, steps, classes] = shape[..] else {
            return Err(ModelError::Inference(format!(
                "recogniser output shape {shape:?}, expected [n, steps, classes]"
            )));
        };
        if n != batch.len() || classes != charset.len() {
            return Err(ModelError::Inference(format!(
                "recogniser output {shape:?} for {} strips and {} classes",
                batch.len(),
                charset.len()
            )));
        }
        for (k, &i) in batch.iter().enumerate() {
            out[i] = ctc_decode(&probs[k * steps * classes..(k + 1) * steps * classes], steps, classes, charset);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One-hot-ish rows: `best` gets `p`, the rest share what is left.
    fn rows(best: &[(usize, f32)], classes: usize) -> Vec<f32> {
        best.iter()
            .flat_map(|&(b, p)| (0..classes).map(move |c| if c == b { p } else { (1.0 - p) / (classes - 1) as f32 }))
            .collect()
    }

    #[test]
    fn charset_wraps_the_metadata_with_blank_and_space() {
        let cs = Charset::from_metadata("a\nb\n夏");
        assert_eq!(cs.0, vec!["", "a", "b", "夏", " "]);
        assert_eq!(cs.len(), 5);
    }

    #[test]
    fn ctc_merges_repeats_and_drops_blanks() {
        let cs = Charset::from_metadata("a\nb\n夏");
        // a a _ a b b _ _ 夏 ␠ 夏
        let seq = [
            (1, 0.9),
            (1, 0.8),
            (0, 0.9),
            (1, 0.7),
            (2, 0.6),
            (2, 0.9),
            (0, 0.99),
            (0, 0.99),
            (3, 0.5),
            (4, 0.8),
            (3, 1.0),
        ];
        let probs = rows(&seq, cs.len());
        let (text, score) = ctc_decode(&probs, seq.len(), cs.len(), &cs);
        assert_eq!(text, "aab夏 夏");
        // kept: a 0.9, a 0.7, b 0.6, 夏 0.5, space 0.8, 夏 1.0
        assert!((score - (0.9 + 0.7 + 0.6 + 0.5 + 0.8 + 1.0) / 6.0).abs() < 1e-5, "{score}");
    }

    #[test]
    fn all_blank_is_empty_with_zero_score() {
        let cs = Charset::from_metadata("a");
        let probs = rows(&[(0, 0.9), (0, 0.9)], cs.len());
        assert_eq!(ctc_decode(&probs, 2, cs.len(), &cs), (String::new(), 0.0));
    }
}
