//! A cutout mask edited in the browser (brush, eraser, click refinement)
//! and uploaded back: decoded, checked against the result it belongs to,
//! and refused when empty with the original app's "Mask Cannot Be Empty！".

use std::io::Cursor;

use image::{GrayImage, ImageFormat, ImageReader, RgbaImage};

use super::Invalid;
use crate::error::ErrorCode;

/// Share of pixels at or above 50 % below which a mask counts as empty
/// (the models crate's threshold for a cutout with no subject).
pub const EMPTY_MASK_MIN_FRACTION: f64 = 1e-4;
/// Largest side an edited mask may have (the editor's limit is 2000; results
/// can be larger, and the mask must match its result).
pub const MAX_MASK_SIDE: u32 = 8192;

/// Decodes an uploaded PNG mask for a result of `size`.
///
/// The contract: a PNG with an alpha channel carries the mask in its alpha
/// (opaque = kept), as the editor exports it and as a downloaded cutout
/// has it; a PNG without alpha (grey or RGB) carries it in its luminance.
/// A PNG whose alpha is fully opaque while its grey levels vary is the
/// mask written into the wrong channel (saving it would keep the whole
/// photo): refused with `MASK_OPAQUE_ALPHA`. Other errors: not a PNG of
/// that size (`INVALID_PARAM` on `mask`), or empty (`MASK_EMPTY`).
pub fn parse_mask(png: &[u8], size: (u32, u32)) -> Result<GrayImage, Invalid> {
    let bad = || Invalid::field(ErrorCode::InvalidParam, "mask");
    let mut reader = ImageReader::with_format(Cursor::new(png), ImageFormat::Png);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_MASK_SIDE);
    limits.max_image_height = Some(MAX_MASK_SIDE);
    reader.limits(limits);
    let img = reader.decode().map_err(|_| bad())?;
    if (img.width(), img.height()) != size {
        return Err(bad());
    }
    let mask = if img.color().has_alpha() {
        let rgba = img.to_rgba8();
        let alpha = GrayImage::from_fn(size.0, size.1, |x, y| image::Luma([rgba.get_pixel(x, y)[3]]));
        if alpha.as_raw().iter().all(|&a| a == u8::MAX) && grey_varies(&rgba) {
            return Err(Invalid::field(ErrorCode::MaskOpaqueAlpha, "mask"));
        }
        alpha
    } else {
        img.to_luma8()
    };
    if is_empty(&mask) {
        return Err(Invalid::new(ErrorCode::MaskEmpty));
    }
    Ok(mask)
}

/// Whether the pixels' grey levels differ (beyond compression noise).
fn grey_varies(rgba: &RgbaImage) -> bool {
    let mut luma = rgba.pixels().map(|p| (u16::from(p[0]) + u16::from(p[1]) + u16::from(p[2])) / 3);
    let Some(first) = luma.next() else { return false };
    let (lo, hi) = luma.fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v)));
    hi - lo > 8
}

pub fn is_empty(mask: &GrayImage) -> bool {
    let total = mask.as_raw().len();
    let on = mask.as_raw().iter().filter(|&&v| v >= 128).count();
    total == 0 || (on as f64) < EMPTY_MASK_MIN_FRACTION * total as f64
}

/// The cutout with `mask` as its alpha (colour untouched: the cutout keeps
/// the photo's colour under transparent pixels, so restoring works too).
pub fn apply_mask(cutout: &RgbaImage, mask: &GrayImage) -> Option<RgbaImage> {
    if cutout.dimensions() != mask.dimensions() {
        return None;
    }
    let mut out = cutout.clone();
    for (px, &a) in out.chunks_exact_mut(4).zip(mask.as_raw()) {
        px[3] = a;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(img: image::DynamicImage) -> Vec<u8> {
        let mut buf = Cursor::new(Vec::new());
        img.write_to(&mut buf, ImageFormat::Png).unwrap();
        buf.into_inner()
    }

    #[test]
    fn empty_masks_are_refused_with_the_spec_message() {
        let empty = png(image::DynamicImage::ImageLuma8(GrayImage::new(64, 48)));
        let err = parse_mask(&empty, (64, 48)).unwrap_err();
        assert_eq!(err.code, ErrorCode::MaskEmpty);
        assert_eq!(ErrorCode::MaskEmpty.message(crate::Lang::Zh), "Mask Cannot Be Empty！");
    }

    #[test]
    fn alpha_or_luma_masks_of_the_right_size_parse() {
        let luma = GrayImage::from_fn(64, 48, |x, _| image::Luma([if x < 32 { 255 } else { 0 }]));
        assert_eq!(parse_mask(&png(image::DynamicImage::ImageLuma8(luma.clone())), (64, 48)).unwrap(), luma);
        let rgba = RgbaImage::from_fn(64, 48, |x, _| image::Rgba([0, 0, 0, if x < 32 { 255 } else { 0 }]));
        assert_eq!(parse_mask(&png(image::DynamicImage::ImageRgba8(rgba)), (64, 48)).unwrap(), luma);
        let err = parse_mask(&png(image::DynamicImage::ImageLuma8(luma)), (65, 48)).unwrap_err();
        assert_eq!((err.code, err.field), (ErrorCode::InvalidParam, Some("mask")));
        assert_eq!(parse_mask(b"not a png", (64, 48)).unwrap_err().code, ErrorCode::InvalidParam);
    }

    #[test]
    fn an_opaque_png_with_the_mask_in_its_grey_levels_is_refused() {
        // What a canvas export of grey levels gives: alpha 255 everywhere.
        let grey_in_rgb =
            RgbaImage::from_fn(64, 48, |x, _| if x < 32 { image::Rgba([255; 4]) } else { image::Rgba([0, 0, 0, 255]) });
        let err = parse_mask(&png(image::DynamicImage::ImageRgba8(grey_in_rgb)), (64, 48)).unwrap_err();
        assert_eq!((err.code, err.field), (ErrorCode::MaskOpaqueAlpha, Some("mask")));
        // Fully opaque and uniform: "keep everything" is a valid mask.
        let all = RgbaImage::from_pixel(64, 48, image::Rgba([255, 255, 255, 255]));
        assert!(parse_mask(&png(image::DynamicImage::ImageRgba8(all)), (64, 48))
            .unwrap()
            .pixels()
            .all(|p| p[0] == 255));
        // The editor's export: white with the mask in alpha.
        let editor = RgbaImage::from_fn(64, 48, |x, _| image::Rgba([255, 255, 255, if x < 32 { 255 } else { 0 }]));
        let parsed = parse_mask(&png(image::DynamicImage::ImageRgba8(editor)), (64, 48)).unwrap();
        assert_eq!((parsed.get_pixel(0, 0)[0], parsed.get_pixel(63, 0)[0]), (255, 0));
    }

    #[test]
    fn apply_mask_only_changes_alpha() {
        let cut = RgbaImage::from_pixel(4, 4, image::Rgba([10, 20, 30, 0]));
        let out = apply_mask(&cut, &GrayImage::from_pixel(4, 4, image::Luma([200]))).unwrap();
        assert_eq!(out.get_pixel(1, 1).0, [10, 20, 30, 200]);
        assert!(apply_mask(&cut, &GrayImage::new(3, 4)).is_none());
    }
}
