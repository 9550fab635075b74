//! The text line direction classifier: is an upright strip upside down?
//!
//! Strips are scaled to 48 pixels high (at most 192 wide, padded with
//! zeros after normalisation); the model gives probabilities for 0° and
//! 180°. A strip is turned when 180° wins with more than 0.9.

use image::RgbImage;

use super::tensor::write_normalised;
use super::Net;
use crate::ModelError;

const HEIGHT: usize = 48;
const WIDTH: usize = 192;
const BATCH: usize = 6;
/// Least probability of 180° for a strip to be turned.
pub(crate) const THRESHOLD: f32 = 0.9;

/// Whether each strip is upside down.
pub(crate) fn upside_down(net: &Net, strips: &[RgbImage]) -> Result<Vec<bool>, ModelError> {
    let mut out = Vec::with_capacity(strips.len());
    for batch in strips.chunks(BATCH) {
        let plane = 3 * HEIGHT * WIDTH;
        let mut input = vec![0f32; batch.len() * plane];
        for (k, s) in batch.iter().enumerate() {
            let ratio = s.width() as f32 / s.height().max(1) as f32;
            let w = ((HEIGHT as f32 * ratio).ceil() as usize).clamp(1, WIDTH);
            write_normalised(s, w, HEIGHT, &mut input[k * plane..(k + 1) * plane], WIDTH);
        }
        let (shape, probs) = net.run([batch.len(), 3, HEIGHT, WIDTH], &input)?;
        if shape != [batch.len(), 2] {
            return Err(ModelError::Inference(format!(
                "classifier output shape {shape:?}, expected [{}, 2]",
                batch.len()
            )));
        }
        out.extend(probs.chunks_exact(2).map(|p| is_turned(p[0], p[1])));
    }
    Ok(out)
}

/// The 180° rule on one strip's (0°, 180°) probabilities.
pub(crate) fn is_turned(p0: f32, p180: f32) -> bool {
    p180 > p0 && p180 > THRESHOLD
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_confident_180_turns() {
        assert!(is_turned(0.05, 0.95));
        assert!(!is_turned(0.15, 0.85));
        assert!(!is_turned(0.95, 0.05));
    }
}
