//! Artistic QR codes that always scan (`QR_CODE_ART`).
//!
//! The halftone / "QArt" idea: a level-H code whose functional patterns
//! (finders, timing, alignment, format and version) stay crisp, and whose
//! data modules each get a small centre of the colour the code requires
//! while the rest of the module shows the image, pushed towards that colour
//! by an amount that falls as the strength rises. Every candidate is
//! decoded (here, with `rqrr`) at its delivered size and after degradation
//! before it may be delivered; if none passes, the strength is lowered and
//! the codes are drawn again, down to a plain code that always scans.

mod encode;
mod error;
mod render;
mod verify;

pub use encode::{content_fits, rank_by_fit, variants, QrMatrix, MAX_VERSION};
pub use error::QrError;
pub use render::{render, RenderParams};
pub use verify::{decode_with_rqrr, degrade, verify, Degradation, Verification};

use image::{DynamicImage, RgbImage};

/// Module shapes, named as in the API's `shape` option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum QrShape {
    /// Square module centres.
    #[default]
    Square,
    /// Round (concentric circle) centres.
    Circle,
    /// Vertical runs of same-colour modules joined into rectangles with
    /// rounded ends.
    LongCircle,
    /// Vertical runs joined into plain rectangles.
    LongSquare,
}

impl QrShape {
    pub const ALL: [QrShape; 4] = [QrShape::Square, QrShape::Circle, QrShape::LongCircle, QrShape::LongSquare];
}

/// What to draw.
#[derive(Debug, Clone)]
pub struct QrArtOptions {
    /// The text or URL to encode.
    pub content: String,
    pub shape: QrShape,
    /// 0..=100: how much of the image shows (the API's default is 33).
    pub strength: u8,
    /// How many codes to deliver (1..=4).
    pub top_n: usize,
    /// Wanted side of a delivered code in pixels; modules are never
    /// narrower than [`MIN_MODULE_PX`], so small codes come out larger.
    pub target_px: u32,
}

/// A module must stay readable after the 25 % downscale: 12 px become 3.
pub const MIN_MODULE_PX: u32 = 12;

/// How far the strength drops per retry when no candidate passed.
pub const STRENGTH_STEP: u8 = 12;

/// One delivered code.
#[derive(Debug, Clone)]
pub struct QrArtCode {
    pub image: RgbImage,
    /// The strength it was drawn at (lower than asked when retries were needed).
    pub strength: u8,
    /// 0..=1: how cleanly the module colours survive the degradations (see [`Verification`]).
    pub robustness: f32,
    pub version: i16,
    pub mask: u8,
}

/// Draws, verifies and ranks codes; returns up to `top_n` of them, all of
/// which decode to `content` under every [`Degradation`], best first.
pub fn generate(image: &DynamicImage, options: &QrArtOptions) -> Result<Vec<QrArtCode>, QrError> {
    let top_n = options.top_n.clamp(1, 4);
    let variants = encode::variants(options.content.as_bytes())?;
    let source = image.to_rgb8();
    let ranked = encode::rank_by_fit(&variants, &source);
    let mut delivered: Vec<QrArtCode> = Vec::new();
    for level in levels(options.strength.min(100)) {
        // A plain code is the last resort, only when no art code passed.
        if level.is_none() && !delivered.is_empty() {
            break;
        }
        let mut passing = Vec::new();
        // Two spare candidates per round: some may fail verification.
        for matrix in ranked.iter().filter(|m| !delivered.iter().any(|d| same(d, m))).take(top_n + 2) {
            let params = RenderParams::new(options.shape, level, options.target_px, matrix.width);
            let code = render(matrix, &source, &params);
            let check = verify(&code, &options.content, matrix, params.module_px);
            tracing::debug!(version = matrix.version, mask = matrix.mask, ?level, ?check, "qr candidate");
            if check.passed() {
                passing.push(QrArtCode {
                    image: code,
                    strength: level.unwrap_or(0),
                    robustness: check.robustness(),
                    version: matrix.version,
                    mask: matrix.mask,
                });
            }
        }
        passing.sort_by(|a, b| b.robustness.total_cmp(&a.robustness));
        delivered.extend(passing.into_iter().take(top_n - delivered.len()));
        if delivered.len() >= top_n {
            break;
        }
    }
    if delivered.is_empty() {
        return Err(QrError::NoScannableCode);
    }
    Ok(delivered)
}

/// The strengths tried in turn: the asked one, lower ones down to 0, then
/// `None`, a plain code.
fn levels(asked: u8) -> Vec<Option<u8>> {
    let mut out: Vec<Option<u8>> = (0..=asked / STRENGTH_STEP).map(|i| Some(asked - i * STRENGTH_STEP)).collect();
    if out.last() != Some(&Some(0)) {
        out.push(Some(0));
    }
    out.push(None);
    out
}

fn same(code: &QrArtCode, matrix: &QrMatrix) -> bool {
    code.version == matrix.version && code.mask == matrix.mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strengths_step_down_to_zero_then_a_plain_code() {
        assert_eq!(levels(33), vec![Some(33), Some(21), Some(9), Some(0), None]);
        assert_eq!(levels(24), vec![Some(24), Some(12), Some(0), None]);
        assert_eq!(levels(0), vec![Some(0), None]);
    }

    #[test]
    fn empty_content_is_refused() {
        let image = DynamicImage::new_rgb8(64, 64);
        let options =
            QrArtOptions { content: String::new(), shape: QrShape::Square, strength: 33, top_n: 1, target_px: 256 };
        assert_eq!(generate(&image, &options).unwrap_err(), QrError::EmptyContent);
    }
}
