//! Verification: a code is delivered only if `rqrr` decodes it to the
//! content at its delivered size and after each degradation a phone camera
//! or a messenger inflicts (a 25 % downscale, a blur, JPEG quality 60).

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::{self, FilterType};
use image::{DynamicImage, GrayImage, ImageFormat, RgbImage};

use super::render::QUIET_MODULES;
use super::QrMatrix;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Degradation {
    AsDelivered,
    /// Each side to a quarter (area filter).
    Downscale25,
    /// Gaussian blur with σ of a fifth of a module.
    Blur,
    /// Re-encoded as JPEG at quality 60.
    Jpeg60,
}

impl Degradation {
    pub const ALL: [Degradation; 4] =
        [Degradation::AsDelivered, Degradation::Downscale25, Degradation::Blur, Degradation::Jpeg60];

    /// How much smaller the degraded image is than the delivered one.
    pub fn scale(self) -> f32 {
        match self {
            Degradation::Downscale25 => 0.25,
            _ => 1.0,
        }
    }
}

/// The grey image a decoder sees after `d`.
pub fn degrade(code: &RgbImage, d: Degradation, module_px: u32) -> GrayImage {
    match d {
        Degradation::AsDelivered => DynamicImage::ImageRgb8(code.clone()).to_luma8(),
        Degradation::Downscale25 => {
            let small =
                imageops::resize(code, (code.width() / 4).max(1), (code.height() / 4).max(1), FilterType::Triangle);
            DynamicImage::ImageRgb8(small).to_luma8()
        }
        Degradation::Blur => {
            let grey = DynamicImage::ImageRgb8(code.clone()).to_luma8();
            imageops::blur(&grey, module_px as f32 / 5.0)
        }
        Degradation::Jpeg60 => {
            let mut buf = Cursor::new(Vec::new());
            let encoded = JpegEncoder::new_with_quality(&mut buf, 60).encode_image(code);
            match encoded.ok().and_then(|_| image::load_from_memory_with_format(buf.get_ref(), ImageFormat::Jpeg).ok())
            {
                Some(img) => img.to_luma8(),
                // An encoder failure on a plain RGB buffer cannot happen;
                // should it, an all-white image fails verification.
                None => GrayImage::from_pixel(code.width(), code.height(), image::Luma([255])),
            }
        }
    }
}

/// Every payload `rqrr` reads in a grey image.
pub fn decode_with_rqrr(grey: &GrayImage) -> Vec<String> {
    let mut prepared =
        rqrr::PreparedImage::prepare_from_greyscale(grey.width() as usize, grey.height() as usize, |x, y| {
            grey.get_pixel(x as u32, y as u32).0[0]
        });
    prepared.detect_grids().into_iter().filter_map(|g| g.decode().ok().map(|(_, text)| text)).collect()
}

/// The outcome of decoding one candidate under every [`Degradation`].
#[derive(Debug, Clone, PartialEq)]
pub struct Verification {
    /// Whether the content was read, per degradation (order of [`Degradation::ALL`]).
    pub decoded: [bool; 4],
    /// Share of data modules whose sampled centre falls on the wrong side
    /// of the image's mean grey, per degradation: the margin the error
    /// correction still has (level H repairs about 30 % of codewords).
    pub module_errors: [f32; 4],
}

impl Verification {
    pub fn passed(&self) -> bool {
        self.decoded.iter().all(|d| *d)
    }

    /// 1 − the worst module error rate: the ranking key.
    pub fn robustness(&self) -> f32 {
        1.0 - self.module_errors.iter().copied().fold(0.0, f32::max)
    }
}

pub fn verify(code: &RgbImage, content: &str, matrix: &QrMatrix, module_px: u32) -> Verification {
    let mut decoded = [false; 4];
    let mut module_errors = [1.0; 4];
    for (i, d) in Degradation::ALL.into_iter().enumerate() {
        let grey = degrade(code, d, module_px);
        // rqrr needs a few pixels per module to find the finder patterns;
        // the quarter-size image is brought back to size by bilinear
        // interpolation, which adds no detail (the error rate below is
        // measured on the small image itself).
        let readable = match d {
            Degradation::Downscale25 => imageops::resize(&grey, code.width(), code.height(), FilterType::Triangle),
            _ => grey.clone(),
        };
        decoded[i] = decode_with_rqrr(&readable).iter().any(|t| t == content);
        module_errors[i] = module_error_rate(&grey, matrix, module_px as f32 * d.scale());
    }
    Verification { decoded, module_errors }
}

fn module_error_rate(grey: &GrayImage, m: &QrMatrix, module: f32) -> f32 {
    let mean = grey.pixels().map(|p| f32::from(p.0[0])).sum::<f32>() / (grey.width() * grey.height()).max(1) as f32;
    let (mut wrong, mut total) = (0u32, 0u32);
    // Each module averaged on a 4 × 4 grid: what a sampling decoder sees
    // once the degradation bleeds the image around the centre into it.
    let at = |v: f32, hi: u32| (v as u32).min(hi - 1);
    for y in 0..m.width {
        for x in 0..m.width {
            if m.is_functional(x, y) {
                continue;
            }
            let (x0, y0) = ((x as f32 + QUIET_MODULES as f32) * module, (y as f32 + QUIET_MODULES as f32) * module);
            let mut sum = 0.0;
            for j in 0..4 {
                for i in 0..4 {
                    let fx = x0 + module * (i as f32 + 0.5) / 4.0;
                    let fy = y0 + module * (j as f32 + 0.5) / 4.0;
                    sum += f32::from(grey.get_pixel(at(fx, grey.width()), at(fy, grey.height())).0[0]);
                }
            }
            total += 1;
            if (sum / 16.0 < mean) != m.is_dark(x, y) {
                wrong += 1;
            }
        }
    }
    wrong as f32 / total.max(1) as f32
}
