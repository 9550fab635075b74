//! The spec's upload rules: png/jpeg/webp, 500 KB to 10 MB, aspect ratio
//! 0.5 to 2, a minimum resolution; decoding is bounded so a decompression
//! bomb or a truncated file is refused instead of exhausting memory.

use std::io::Cursor;

use image::{DynamicImage, ImageReader, Limits};

use super::Invalid;
use crate::error::ErrorCode;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
    Webp,
}

impl ImageFormat {
    pub fn mime(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Webp => "image/webp",
        }
    }

    pub fn parse_mime(mime: &str) -> Option<Self> {
        match mime {
            "image/png" => Some(ImageFormat::Png),
            "image/jpeg" => Some(ImageFormat::Jpeg),
            "image/webp" => Some(ImageFormat::Webp),
            _ => None,
        }
    }

    fn from_image_format(f: image::ImageFormat) -> Option<Self> {
        match f {
            image::ImageFormat::Png => Some(ImageFormat::Png),
            image::ImageFormat::Jpeg => Some(ImageFormat::Jpeg),
            image::ImageFormat::WebP => Some(ImageFormat::Webp),
            _ => None,
        }
    }

    fn to_image_format(self) -> image::ImageFormat {
        match self {
            ImageFormat::Png => image::ImageFormat::Png,
            ImageFormat::Jpeg => image::ImageFormat::Jpeg,
            ImageFormat::Webp => image::ImageFormat::WebP,
        }
    }
}

/// What a valid upload turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageFacts {
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UploadRules {
    pub min_bytes: u64,
    pub max_bytes: u64,
    pub min_ratio: f64,
    pub max_ratio: f64,
    pub min_side: u32,
    pub max_side: u32,
    /// Decoder allocation ceiling; a bomb that passes the side check still
    /// cannot allocate more than this.
    pub max_decode_alloc: u64,
}

impl UploadRules {
    /// The spec's limits (section 9.2).
    pub const SPEC: UploadRules = UploadRules {
        min_bytes: 500 * 1024,
        max_bytes: 10 * 1024 * 1024,
        min_ratio: 0.5,
        max_ratio: 2.0,
        min_side: 256,
        max_side: 8192,
        max_decode_alloc: 512 * 1024 * 1024,
    };

    /// Checks everything that does not need pixels: format by content (not
    /// by the name or declared type), size, header dimensions, ratio.
    pub fn inspect(&self, data: &[u8]) -> Result<ImageFacts, Invalid> {
        let reader = ImageReader::new(Cursor::new(data))
            .with_guessed_format()
            .map_err(|_| Invalid::new(ErrorCode::UploadBadFormat))?;
        let format =
            reader.format().and_then(ImageFormat::from_image_format).ok_or(Invalid::new(ErrorCode::UploadBadFormat))?;
        let bytes = data.len() as u64;
        if bytes < self.min_bytes || bytes > self.max_bytes {
            return Err(Invalid::new(ErrorCode::UploadBadSize));
        }
        let (width, height) = reader.into_dimensions().map_err(|_| Invalid::new(ErrorCode::UploadCorrupt))?;
        if width > self.max_side || height > self.max_side {
            return Err(Invalid::new(ErrorCode::UploadTooManyPixels));
        }
        if width < self.min_side || height < self.min_side {
            return Err(Invalid::new(ErrorCode::UploadLowResolution));
        }
        let ratio = f64::from(width) / f64::from(height);
        if ratio < self.min_ratio || ratio > self.max_ratio {
            return Err(Invalid::new(ErrorCode::UploadBadRatio));
        }
        Ok(ImageFacts { format, width, height, bytes })
    }

    /// Fully decodes an upload already accepted by [`inspect`], under the
    /// allocation limit; a truncated or corrupt body is `UPLOAD_CORRUPT`.
    pub fn decode(&self, data: &[u8], facts: &ImageFacts) -> Result<DynamicImage, Invalid> {
        decode_bounded(data, facts.format, self.max_side, self.max_decode_alloc)
    }
}

/// Decodes with dimension and allocation limits; used by the API when it
/// validates an upload and by the worker when it loads one.
pub fn decode_bounded(
    data: &[u8],
    format: ImageFormat,
    max_side: u32,
    max_alloc: u64,
) -> Result<DynamicImage, Invalid> {
    let mut reader = ImageReader::with_format(Cursor::new(data), format.to_image_format());
    let mut limits = Limits::default();
    limits.max_image_width = Some(max_side);
    limits.max_image_height = Some(max_side);
    limits.max_alloc = Some(max_alloc);
    reader.limits(limits);
    reader.decode().map_err(|_| Invalid::new(ErrorCode::UploadCorrupt))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageEncoder, RgbImage};

    fn noisy_png(w: u32, h: u32) -> Vec<u8> {
        // Noise keeps PNG from compressing below the 500 KB floor.
        let mut state = 0x2545_f491_u32;
        let img = RgbImage::from_fn(w, h, |_, _| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let b = state.to_le_bytes();
            image::Rgb([b[0], b[1], b[2]])
        });
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8)
            .unwrap();
        out
    }

    #[test]
    fn accepts_a_valid_png() {
        let data = noisy_png(600, 500);
        let facts = UploadRules::SPEC.inspect(&data).unwrap();
        assert_eq!((facts.format, facts.width, facts.height), (ImageFormat::Png, 600, 500));
        let img = UploadRules::SPEC.decode(&data, &facts).unwrap();
        assert_eq!(img.width(), 600);
    }

    #[test]
    fn each_rule_has_its_code() {
        let rules = UploadRules::SPEC;
        let code = |d: &[u8]| rules.inspect(d).unwrap_err().code;
        assert_eq!(code(b"GIF89a not an accepted format........"), ErrorCode::UploadBadFormat);
        assert_eq!(code(&noisy_png(300, 300)), ErrorCode::UploadBadSize);
        assert_eq!(code(&noisy_png(1200, 500)), ErrorCode::UploadBadRatio);
        let tiny_but_heavy = UploadRules { min_bytes: 0, ..rules };
        assert_eq!(tiny_but_heavy.inspect(&noisy_png(200, 200)).unwrap_err().code, ErrorCode::UploadLowResolution);
    }

    #[test]
    fn truncated_file_is_corrupt_not_a_panic() {
        let mut data = noisy_png(600, 500);
        data.truncate(data.len() * 2 / 3);
        let rules = UploadRules { min_bytes: 0, ..UploadRules::SPEC };
        let facts = rules.inspect(&data).unwrap();
        assert_eq!(rules.decode(&data, &facts).unwrap_err().code, ErrorCode::UploadCorrupt);
    }
}
