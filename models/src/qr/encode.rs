//! Level-H module matrices: the smallest version that holds the content and
//! the next two, each under all eight masks, so the renderer can pick the
//! variants whose module colours already agree most with the image.

use image::imageops::{self, FilterType};
use image::RgbImage;
use qrcode::bits::{encode_auto, Bits};
use qrcode::canvas::{self, Canvas, MaskPattern};
use qrcode::{ec, Color, EcLevel, Version};

use super::QrError;

/// The largest QR version (177 × 177 modules).
pub const MAX_VERSION: i16 = 40;

/// Extra versions above the smallest: more, smaller modules give the image
/// finer detail and the ranking more choice.
const EXTRA_VERSIONS: i16 = 2;

const MASKS: [MaskPattern; 8] = [
    MaskPattern::Checkerboard,
    MaskPattern::HorizontalLines,
    MaskPattern::VerticalLines,
    MaskPattern::DiagonalLines,
    MaskPattern::LargeCheckerboard,
    MaskPattern::Fields,
    MaskPattern::Diamonds,
    MaskPattern::Meadow,
];

/// One drawable code: which modules are dark and which are functional.
#[derive(Debug, Clone)]
pub struct QrMatrix {
    pub width: usize,
    pub version: i16,
    pub mask: u8,
    dark: Vec<bool>,
    functional: Vec<bool>,
}

impl QrMatrix {
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        self.dark[y * self.width + x]
    }

    /// Finder, separator, timing, alignment, format and version modules.
    pub fn is_functional(&self, x: usize, y: usize) -> bool {
        self.functional[y * self.width + x]
    }
}

/// Whether `content` fits a level-H code at all (version 40 holds 1,273
/// bytes of text, more when it is all digits or upper-case letters).
pub fn content_fits(content: &[u8]) -> bool {
    encode_auto(content, EcLevel::H).is_ok()
}

/// Every (version, mask) variant of the content at level H.
pub fn variants(content: &[u8]) -> Result<Vec<QrMatrix>, QrError> {
    if content.is_empty() {
        return Err(QrError::EmptyContent);
    }
    let smallest = match encode_auto(content, EcLevel::H).map_err(|_| QrError::ContentTooLong)?.version() {
        Version::Normal(v) | Version::Micro(v) => v,
    };
    let mut out = Vec::new();
    for v in smallest..=(smallest + EXTRA_VERSIONS).min(MAX_VERSION) {
        let version = Version::Normal(v);
        let Some((data, ecc)) = codewords(content, version) else { continue };
        for (i, mask) in MASKS.iter().enumerate() {
            out.push(draw(version, v, i as u8, *mask, &data, &ecc));
        }
    }
    if out.is_empty() {
        return Err(QrError::ContentTooLong);
    }
    Ok(out)
}

fn codewords(content: &[u8], version: Version) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut bits = Bits::new(version);
    bits.push_optimal_data(content).ok()?;
    bits.push_terminator(EcLevel::H).ok()?;
    ec::construct_codewords(&bits.into_bytes(), version, EcLevel::H).ok()
}

fn draw(version: Version, v: i16, mask_id: u8, mask: MaskPattern, data: &[u8], ecc: &[u8]) -> QrMatrix {
    let mut c = Canvas::new(version, EcLevel::H);
    c.draw_all_functional_patterns();
    c.draw_data(data, ecc);
    c.apply_mask(mask);
    let width = version.width() as usize;
    let dark = c.into_colors().into_iter().map(|m| m == Color::Dark).collect();
    let w = width as i16;
    let functional = (0..w).flat_map(|y| (0..w).map(move |x| canvas::is_functional(version, w, x, y))).collect();
    QrMatrix { width, version: v, mask: mask_id, dark, functional }
}

/// Variants ordered by how many data modules already have the colour the
/// image shows at their centre (the fewer modules forced against the
/// image, the more of it survives); smaller versions win ties.
pub fn rank_by_fit(variants: &[QrMatrix], image: &RgbImage) -> Vec<QrMatrix> {
    let mut scored: Vec<(f32, &QrMatrix)> = variants.iter().map(|m| (fit(m, image), m)).collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.version.cmp(&b.1.version)));
    scored.into_iter().map(|(_, m)| m.clone()).collect()
}

fn fit(m: &QrMatrix, image: &RgbImage) -> f32 {
    let side = m.width as u32;
    let square = imageops::resize(&crop_square(image), side, side, FilterType::Triangle);
    let (mut agree, mut total) = (0u32, 0u32);
    for y in 0..m.width {
        for x in 0..m.width {
            if m.is_functional(x, y) {
                continue;
            }
            total += 1;
            let dark_in_image = luma(square.get_pixel(x as u32, y as u32).0) < 0.5;
            if dark_in_image == m.is_dark(x, y) {
                agree += 1;
            }
        }
    }
    agree as f32 / total.max(1) as f32
}

/// The centred square of an image (codes are square).
pub(crate) fn crop_square(image: &RgbImage) -> RgbImage {
    let side = image.width().min(image.height());
    let (x, y) = ((image.width() - side) / 2, (image.height() - side) / 2);
    imageops::crop_imm(image, x, y, side, side).to_image()
}

/// Relative luminance, 0..=1 (Rec. 601 weights, as decoders use).
pub(crate) fn luma(rgb: [u8; 3]) -> f32 {
    (0.299 * rgb[0] as f32 + 0.587 * rgb[1] as f32 + 0.114 * rgb[2] as f32) / 255.0
}
