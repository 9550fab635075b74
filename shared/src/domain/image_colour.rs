//! Colour on decode: every input becomes 8-bit sRGB, the space the models
//! were trained in and the one a browser assumes for an untagged result.
//!
//! A photo tagged with another RGB profile (Display P3 from a phone, Adobe
//! RGB from a camera) is converted with its ICC profile (moxcms); read as
//! sRGB it would come back dull or shifted, and every result would carry
//! the shift. A 16-bit input is brought to 8 bits with an ordered dither, so
//! a smooth studio gradient keeps its tones (the local mean of the 8-bit
//! values follows the 16-bit value) instead of turning into bands.

use image::{DynamicImage, ImageBuffer, Luma, LumaA, Rgb, Rgba};
use std::sync::Arc;

use moxcms::{CmsError, ColorProfile, DataColorSpace, Layout, TransformExecutor, TransformOptions};

/// Converts an image tagged with the ICC profile `icc` to sRGB. Images
/// without a profile, with an sRGB or grey profile, or with a profile that
/// cannot be read are returned unchanged: sRGB is what they are taken for.
/// CMYK JPEGs are already turned into RGB by the decoder (their CMYK profile
/// does not apply to RGB values) and are left as decoded.
pub fn to_srgb(image: DynamicImage, icc: Option<&[u8]>) -> DynamicImage {
    let Some(source) = icc.and_then(|bytes| ColorProfile::new_from_slice(bytes).ok()) else {
        return image;
    };
    if source.color_space != DataColorSpace::Rgb || is_srgb(&source) {
        return image;
    }
    let srgb = ColorProfile::new_srgb();
    let o = TransformOptions::default();
    // A conversion that fails leaves the image as decoded: a wrong tint is
    // better than refusing a photo the browser shows.
    macro_rules! convert {
        ($buf:expr, $variant:path, $create:ident, $layout:expr) => {{
            let buf = $buf;
            match apply(buf.as_raw(), source.$create($layout, &srgb, $layout, o))
                .and_then(|v| ImageBuffer::from_raw(buf.width(), buf.height(), v))
            {
                Some(converted) => $variant(converted),
                None => $variant(buf),
            }
        }};
    }
    match image {
        DynamicImage::ImageRgb8(b) => convert!(b, DynamicImage::ImageRgb8, create_transform_8bit, Layout::Rgb),
        DynamicImage::ImageRgba8(b) => convert!(b, DynamicImage::ImageRgba8, create_transform_8bit, Layout::Rgba),
        DynamicImage::ImageRgb16(b) => convert!(b, DynamicImage::ImageRgb16, create_transform_16bit, Layout::Rgb),
        DynamicImage::ImageRgba16(b) => convert!(b, DynamicImage::ImageRgba16, create_transform_16bit, Layout::Rgba),
        other => other,
    }
}

/// Runs a transform over interleaved samples into a new buffer.
fn apply<T: Copy + Default>(
    samples: &[T],
    transform: Result<Arc<dyn TransformExecutor<T> + Send + Sync>, CmsError>,
) -> Option<Vec<T>> {
    let transform = transform.ok()?;
    let mut out = vec![T::default(); samples.len()];
    transform.transform(samples, &mut out).ok()?;
    Some(out)
}

/// Whether a profile describes sRGB closely enough that converting would
/// only add rounding (many cameras embed a copy of sRGB).
fn is_srgb(profile: &ColorProfile) -> bool {
    let srgb = ColorProfile::new_srgb();
    let close = |a: moxcms::Xyzd, b: moxcms::Xyzd| (a.x - b.x).abs() + (a.y - b.y).abs() + (a.z - b.z).abs() < 2e-3;
    close(profile.red_colorant, srgb.red_colorant)
        && close(profile.green_colorant, srgb.green_colorant)
        && close(profile.blue_colorant, srgb.blue_colorant)
        && trc_matches_srgb(profile)
}

/// Compares the tone curves with sRGB's at a few grey levels.
fn trc_matches_srgb(profile: &ColorProfile) -> bool {
    let src: Vec<u8> = [16u8, 64, 128, 192, 240].iter().flat_map(|&v| [v, v, v]).collect();
    let options = TransformOptions::default();
    apply(&src, profile.create_transform_8bit(Layout::Rgb, &ColorProfile::new_srgb(), Layout::Rgb, options))
        .is_some_and(|d| d.iter().zip(&src).all(|(a, b)| a.abs_diff(*b) <= 1))
}

/// 8×8 Bayer thresholds in 0..64; `(t + 0.5) / 64` spreads them over 0..1.
const BAYER8: [[u8; 8]; 8] = [
    [0, 32, 8, 40, 2, 34, 10, 42],
    [48, 16, 56, 24, 50, 18, 58, 26],
    [12, 44, 4, 36, 14, 46, 6, 38],
    [60, 28, 52, 20, 62, 30, 54, 22],
    [3, 35, 11, 43, 1, 33, 9, 41],
    [51, 19, 59, 27, 49, 17, 57, 25],
    [15, 47, 7, 39, 13, 45, 5, 37],
    [63, 31, 55, 23, 61, 29, 53, 21],
];

/// One 16-bit sample at (x, y) to 8 bits: the fraction left after dividing
/// by 257 is compared with the position's threshold, so over any 8×8 block
/// the mean of the outputs equals the input to within 1/64 of a level.
fn dither(v: u16, x: u32, y: u32) -> u8 {
    let scaled = u32::from(v) * 255 * 64 / 65535; // 0..=255*64
    let (level, frac) = (scaled / 64, scaled % 64);
    let threshold = u32::from(BAYER8[(y % 8) as usize][(x % 8) as usize]);
    (level + u32::from(frac > threshold)).min(255) as u8
}

/// Brings a 16-bit image to 8 bits with an ordered dither (colour channels;
/// alpha is rounded, a dithered edge would look rough). 8-bit images and
/// float images are returned as they are (floats are converted by the
/// caller's `to_rgb8`).
pub fn to_8bit(image: DynamicImage) -> DynamicImage {
    let round = |v: u16| ((u32::from(v) * 255 + 32767) / 65535) as u8;
    match image {
        DynamicImage::ImageRgb16(b) => DynamicImage::ImageRgb8(ImageBuffer::from_fn(b.width(), b.height(), |x, y| {
            let p = b.get_pixel(x, y).0;
            Rgb([dither(p[0], x, y), dither(p[1], x, y), dither(p[2], x, y)])
        })),
        DynamicImage::ImageRgba16(b) => {
            DynamicImage::ImageRgba8(ImageBuffer::from_fn(b.width(), b.height(), |x, y| {
                let p = b.get_pixel(x, y).0;
                Rgba([dither(p[0], x, y), dither(p[1], x, y), dither(p[2], x, y), round(p[3])])
            }))
        }
        DynamicImage::ImageLuma16(b) => {
            DynamicImage::ImageLuma8(ImageBuffer::from_fn(b.width(), b.height(), |x, y| {
                Luma([dither(b.get_pixel(x, y).0[0], x, y)])
            }))
        }
        DynamicImage::ImageLumaA16(b) => {
            DynamicImage::ImageLumaA8(ImageBuffer::from_fn(b.width(), b.height(), |x, y| {
                let p = b.get_pixel(x, y).0;
                LumaA([dither(p[0], x, y), round(p[1])])
            }))
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sRGB's transfer function, linear 0..1 to encoded 0..255.
    fn srgb_encode(l: f64) -> f64 {
        let l = l.clamp(0.0, 1.0);
        255.0 * if l <= 0.003_130_8 { 12.92 * l } else { 1.055 * l.powf(1.0 / 2.4) - 0.055 }
    }

    fn srgb_decode(v: f64) -> f64 {
        let v = v / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    }

    fn convert_one(profile: &ColorProfile, rgb: [u8; 3]) -> [u8; 3] {
        let img = DynamicImage::ImageRgb8(ImageBuffer::from_pixel(4, 4, Rgb(rgb)));
        let icc = profile.encode().unwrap();
        to_srgb(img, Some(&icc)).to_rgb8().get_pixel(1, 1).0
    }

    /// Expected values from the published linear-light matrices, not from
    /// the library under test.
    #[test]
    fn display_p3_is_converted_to_srgb() {
        // Display P3 uses sRGB's tone curve; P3 -> sRGB linear matrix.
        let m = [[1.2249, -0.2247, 0.0], [-0.0420, 1.0419, 0.0], [-0.0197, -0.0786, 1.0979]];
        for rgb in [[200u8, 120, 60], [60, 160, 90], [128, 128, 128]] {
            let lin = rgb.map(|v| srgb_decode(f64::from(v)));
            let want: Vec<f64> =
                m.iter().map(|row| srgb_encode(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2])).collect();
            let got = convert_one(&ColorProfile::new_display_p3(), rgb);
            for c in 0..3 {
                assert!((f64::from(got[c]) - want[c]).abs() <= 2.0, "P3 {rgb:?}: got {got:?}, want {want:?}");
            }
        }
        // Saturated P3 red is more saturated than sRGB red can show: it is
        // not left as sRGB (255, 0, 0) with a different meaning; its green
        // and blue stay at the floor, its red at the ceiling.
        assert_eq!(convert_one(&ColorProfile::new_display_p3(), [255, 0, 0]), [255, 0, 0]);
    }

    #[test]
    fn adobe_rgb_is_converted_to_srgb() {
        // Adobe RGB (1998): gamma 563/256, Adobe -> sRGB linear matrix.
        let m = [[1.3982, -0.3982, 0.0], [0.0, 1.0, 0.0], [0.0, -0.0429, 1.0429]];
        for rgb in [[180u8, 140, 100], [90, 170, 120]] {
            let lin = rgb.map(|v| (f64::from(v) / 255.0).powf(563.0 / 256.0));
            let want: Vec<f64> =
                m.iter().map(|row| srgb_encode(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2])).collect();
            let got = convert_one(&ColorProfile::new_adobe_rgb(), rgb);
            for c in 0..3 {
                assert!((f64::from(got[c]) - want[c]).abs() <= 2.0, "Adobe RGB {rgb:?}: got {got:?}, want {want:?}");
            }
        }
    }

    #[test]
    fn srgb_tagged_and_untagged_images_are_unchanged() {
        let img =
            DynamicImage::ImageRgb8(ImageBuffer::from_fn(16, 16, |x, y| Rgb([(x * 16) as u8, (y * 16) as u8, 77])));
        let icc = ColorProfile::new_srgb().encode().unwrap();
        assert_eq!(to_srgb(img.clone(), Some(&icc)), img);
        assert_eq!(to_srgb(img.clone(), None), img);
        assert_eq!(to_srgb(img.clone(), Some(b"not a profile")), img);
    }

    #[test]
    fn sixteen_bit_gradient_keeps_its_tones_in_eight_bits() {
        // A studio backdrop: 4 levels across 1024 columns. Rounding would
        // make 4 flat bands (column means off by up to half a level);
        // the dither keeps every 8-column block's mean on the true value.
        let (w, h) = (1024u32, 64u32);
        let value = |x: u32| 30_000.0 + 4.0 * 257.0 * f64::from(x) / f64::from(w);
        let img = DynamicImage::ImageRgb16(ImageBuffer::from_fn(w, h, |x, _| {
            let v = value(x) as u16;
            Rgb([v, v, v])
        }));
        let out = to_8bit(img).to_rgb8();
        let mut worst = 0f64;
        for bx in (0..w).step_by(8) {
            let mut sum = 0f64;
            for y in 0..8 {
                for x in bx..bx + 8 {
                    sum += f64::from(out.get_pixel(x, y)[0]);
                }
            }
            let want = (value(bx) + value(bx + 7)) / 2.0 / 257.0;
            worst = worst.max((sum / 64.0 - want).abs());
        }
        assert!(worst < 0.1, "block means drift by {worst:.3} levels");
        // The plain rounding this replaces is off by far more.
        let rounded = |x: u32| (value(x) / 257.0).round();
        let banding = (0..w).map(|x| (rounded(x) - value(x) / 257.0).abs()).fold(0f64, f64::max);
        assert!(banding > 0.4);
    }

    #[test]
    fn eight_bit_images_pass_through() {
        let img = DynamicImage::ImageRgb8(ImageBuffer::from_pixel(3, 3, Rgb([1, 2, 3])));
        assert_eq!(to_8bit(img.clone()), img);
    }
}
