//! Text detection: the DB detector's probability map of an image.
//!
//! The image is scaled so its shorter side is at least 736 pixels and its
//! longer at most 2000 (the longer side wins), each side then rounded to a
//! multiple of 32; a very flat or very low image is first padded above and
//! below with black (RapidOCR's vertical padding) so lines are not squashed
//! against the edges.

use image::RgbImage;

use super::boxes::{db_boxes, DbParams, ProbMap, TextBox};
use super::tensor::write_normalised;
use super::Net;
use crate::ModelError;

/// The shorter side is scaled up to at least this.
pub(crate) const MIN_SIDE: f64 = 736.0;
/// The longer side is scaled down to at most this.
pub(crate) const MAX_SIDE: f64 = 2000.0;
/// Images wider than this many times their height are padded.
const FLAT_RATIO: u32 = 8;
/// Images at most this high are padded.
const LOW_HEIGHT: u32 = 30;

/// The detector's input size (width, height) for a `w`×`h` image.
pub(crate) fn input_size(w: u32, h: u32) -> (usize, usize) {
    let (fw, fh) = (f64::from(w), f64::from(h));
    let mut ratio = 1.0;
    if fw.min(fh) < MIN_SIDE {
        ratio = MIN_SIDE / fw.min(fh);
    }
    if fw.max(fh) * ratio > MAX_SIDE {
        ratio = MAX_SIDE / fw.max(fh);
    }
    let round32 = |v: f64| ((((v * ratio).trunc() / 32.0).round() as usize) * 32).max(32);
    (round32(fw), round32(fh))
}

/// Rows of black to add above and below a `w`×`h` image before detection
/// (0: none).
pub(crate) fn vertical_padding(w: u32, h: u32) -> u32 {
    if h == 0 || (h > LOW_HEIGHT && w <= FLAT_RATIO * h) {
        return 0;
    }
    let target = (w / FLAT_RATIO).max(LOW_HEIGHT) * 2;
    target.abs_diff(h) / 2
}

/// The text boxes of `img`, in its pixels.
pub(crate) fn detect(net: &Net, img: &RgbImage, params: &DbParams) -> Result<Vec<TextBox>, ModelError> {
    let (w, h) = input_size(img.width(), img.height());
    let mut input = vec![0f32; 3 * w * h];
    write_normalised(img, w, h, &mut input, w);
    let (shape, probs) = net.run([1, 3, h, w], &input)?;
    let (mh, mw) = match shape[..] {
        [1, 1, mh, mw] | [1, mh, mw] => (mh, mw),
        _ => return Err(ModelError::Inference(format!("detector output shape {shape:?}, expected [1, 1, h, w]"))),
    };
    Ok(db_boxes(&ProbMap { data: &probs, width: mw, height: mh }, img.width(), img.height(), params))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_sizes_follow_the_limits_in_multiples_of_32() {
        // A 1080×1440 note: shorter side already ≥ 736, rounded only.
        assert_eq!(input_size(1080, 1440), (1088, 1440));
        // A small image grows to a 736 short side.
        assert_eq!(input_size(400, 300), (992, 736));
        // A large one shrinks to a 2000 long side.
        assert_eq!(input_size(4000, 3000), (2016, 1504));
        // A long banner: the 2000 limit wins over the 736 one.
        assert_eq!(input_size(3000, 100), (2016, 64));
        assert_eq!(input_size(1, 1), (736, 736));
    }

    #[test]
    fn flat_and_low_images_are_padded() {
        assert_eq!(vertical_padding(1080, 1440), 0);
        assert_eq!(vertical_padding(300, 40), 0);
        // 400×40 is 10:1: padded to 2·(400/8) = 100 rows.
        assert_eq!(vertical_padding(400, 40), 30);
        // 900×60 is 15:1: padded to 2·(900/8) = 224 rows.
        assert_eq!(vertical_padding(900, 60), 82);
        // 100×20 is low: padded to 60 rows.
        assert_eq!(vertical_padding(100, 20), 20);
    }
}
