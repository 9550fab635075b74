//! The original app's upload rules: png/jpeg/webp, 500 KB to 10 MB, aspect ratio
//! 0.5 to 2, a minimum resolution; decoding is bounded so a decompression
//! bomb or a truncated file is refused instead of exhausting memory.

use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageReader, Limits};

use super::{image_colour, Invalid};
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
    /// The original app's limits.
    pub const SPEC: UploadRules = UploadRules {
        min_bytes: 500 * 1024,
        max_bytes: 10 * 1024 * 1024,
        min_ratio: 0.5,
        max_ratio: 2.0,
        min_side: 256,
        max_side: 8192,
        max_decode_alloc: 512 * 1024 * 1024,
    };

    /// A note's picture for 图片改写 (read for its text, never composed):
    /// screenshots and long images of any file size, within what a worker
    /// decodes.
    pub const NOTE: UploadRules = UploadRules {
        min_bytes: 1,
        max_bytes: UploadRules::SPEC.max_bytes,
        min_ratio: 0.1,
        max_ratio: 10.0,
        min_side: 64,
        max_side: UploadRules::SPEC.max_side,
        max_decode_alloc: UploadRules::SPEC.max_decode_alloc,
    };

    /// A poster material (a logo, a badge, a picture for a poster): logos
    /// are small files of any shape, so no least file size, any ratio to
    /// 1:10, at least 32 px a side, within what a worker decodes.
    pub const MATERIAL: UploadRules = UploadRules {
        min_bytes: 1,
        max_bytes: UploadRules::SPEC.max_bytes,
        min_ratio: 0.1,
        max_ratio: 10.0,
        min_side: 32,
        max_side: UploadRules::SPEC.max_side,
        max_decode_alloc: UploadRules::SPEC.max_decode_alloc,
    };

    /// The remove.bg-compatible API's limits: what remove.bg accepts (any
    /// aspect ratio, small images, files up to 22 MB), within what a worker
    /// decodes (`SPEC`'s largest side and allocation ceiling).
    pub const API: UploadRules = UploadRules {
        min_bytes: 1,
        max_bytes: 22 * 1024 * 1024,
        min_ratio: 0.0,
        max_ratio: f64::INFINITY,
        min_side: 16,
        max_side: UploadRules::SPEC.max_side,
        max_decode_alloc: UploadRules::SPEC.max_decode_alloc,
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
        // The size as shown: a phone photo stored sideways with an EXIF
        // orientation is checked (ratio, minimum side) the way people see it.
        let mut decoder = reader.into_decoder().map_err(|_| Invalid::new(ErrorCode::UploadCorrupt))?;
        let (stored_w, stored_h) = decoder.dimensions();
        let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
        let (width, height) = if swaps_sides(orientation) { (stored_h, stored_w) } else { (stored_w, stored_h) };
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
    let corrupt = |_| Invalid::new(ErrorCode::UploadCorrupt);
    let mut decoder = reader.into_decoder().map_err(corrupt)?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let icc = decoder.icc_profile().ok().flatten();
    let img = DynamicImage::from_decoder(decoder).map_err(corrupt)?;
    // sRGB and 8 bits, as the models and the browser take it (see
    // image_colour); metadata (EXIF, GPS, the profile) is not carried:
    // results are encoded from pixels alone.
    let mut img = image_colour::to_8bit(image_colour::to_srgb(img, icc.as_deref()));
    // Upright, as the browser shows it: results keep the photo's orientation.
    img.apply_orientation(orientation);
    Ok(img)
}

/// Orientations that turn the stored image by a quarter.
fn swaps_sides(o: Orientation) -> bool {
    matches!(
        o,
        Orientation::Rotate90 | Orientation::Rotate270 | Orientation::Rotate90FlipH | Orientation::Rotate270FlipH
    )
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

    /// A JPEG of `w`×`h` (stored) with an EXIF APP1 segment holding
    /// `orientation`, as a phone writes it; its top-left quarter is red.
    pub(crate) fn jpeg_with_orientation(w: u32, h: u32, orientation: u16) -> Vec<u8> {
        let img = RgbImage::from_fn(w, h, |x, y| {
            if x < w / 4 && y < h / 4 {
                image::Rgb([230, 20, 20])
            } else {
                image::Rgb([20, 20, 230])
            }
        });
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 95)
            .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8)
            .unwrap();
        // TIFF, little endian: one IFD entry, tag 0x0112 (Orientation), SHORT.
        let mut tiff = b"II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0".to_vec();
        tiff.extend_from_slice(&orientation.to_le_bytes());
        tiff.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
        let mut app1 = b"Exif\0\0".to_vec();
        app1.extend_from_slice(&tiff);
        let len = u16::try_from(app1.len() + 2).unwrap();
        let mut out = jpeg[..2].to_vec();
        out.extend_from_slice(&[0xFF, 0xE1]);
        out.extend_from_slice(&len.to_be_bytes());
        out.extend_from_slice(&app1);
        out.extend_from_slice(&jpeg[2..]);
        out
    }

    #[test]
    fn exif_orientation_is_applied_to_checks_and_pixels() {
        let rules = UploadRules { min_bytes: 0, ..UploadRules::SPEC };
        // Stored 600×400 (landscape), shown 400×600 after a quarter turn
        // clockwise (orientation 6): the red corner moves to the top right.
        let data = jpeg_with_orientation(600, 400, 6);
        let facts = rules.inspect(&data).unwrap();
        assert_eq!((facts.width, facts.height), (400, 600));
        let img = rules.decode(&data, &facts).unwrap().to_rgb8();
        assert_eq!(img.dimensions(), (400, 600));
        let red = |p: &image::Rgb<u8>| p[0] > 150 && p[2] < 100;
        assert!(red(img.get_pixel(395, 5)), "{:?}", img.get_pixel(395, 5));
        assert!(!red(img.get_pixel(5, 5)));
        // Every orientation gives the shown size, and 1 changes nothing.
        for o in 1..=8u16 {
            let data = jpeg_with_orientation(600, 400, o);
            let facts = rules.inspect(&data).unwrap();
            let want = if o >= 5 { (400, 600) } else { (600, 400) };
            assert_eq!((facts.width, facts.height), want, "orientation {o}");
            assert_eq!(rules.decode(&data, &facts).unwrap().to_rgb8().dimensions(), want, "orientation {o}");
        }
        assert!(red(rules
            .decode(&jpeg_with_orientation(600, 400, 1), &facts_of(&rules, 1))
            .unwrap()
            .to_rgb8()
            .get_pixel(5, 5)));
    }

    fn facts_of(rules: &UploadRules, o: u16) -> ImageFacts {
        rules.inspect(&jpeg_with_orientation(600, 400, o)).unwrap()
    }
}
