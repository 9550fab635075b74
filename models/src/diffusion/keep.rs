//! The merchant's product is never altered: after decoding, the kept
//! region (garment, product) gets its original pixels back, feathered only
//! OUTSIDE the region, and the result is checked before delivery.

use image::{GrayImage, RgbImage};

use super::DiffusionError;

/// Largest per-channel difference allowed inside the kept region. Paste
/// back is exact, so 0 would do; 1 leaves room for a lossless re-encode
/// through another colour path without letting a real edit through.
pub const KEPT_REGION_TOLERANCE: u8 = 1;

/// `keep` ≥ 128 marks pixels to keep. Inside: the original pixel, exactly.
/// Outside, within `feather_px` of the region: a linear blend from the
/// original to the generated pixel, hiding the seam without ever touching
/// the region itself.
pub fn paste_kept_region(
    original: &RgbImage,
    generated: &RgbImage,
    keep: &GrayImage,
    feather_px: u32,
) -> Result<RgbImage, DiffusionError> {
    same_size(original, generated, keep)?;
    let dist = distance_outside(keep);
    let (w, _) = keep.dimensions();
    let mut out = generated.clone();
    for (x, y, p) in out.enumerate_pixels_mut() {
        let d = dist[(y * w + x) as usize];
        if d == 0.0 {
            *p = *original.get_pixel(x, y);
        } else if feather_px > 0 && d < feather_px as f32 {
            let a = 1.0 - d / feather_px as f32; // weight of the original
            let o = original.get_pixel(x, y);
            for c in 0..3 {
                p[c] = (a * o[c] as f32 + (1.0 - a) * p[c] as f32).round().clamp(0.0, 255.0) as u8;
            }
        }
    }
    Ok(out)
}

/// Errors unless every kept pixel of `delivered` is within `tolerance` of
/// `original` on every channel.
pub fn verify_kept_region(
    original: &RgbImage,
    delivered: &RgbImage,
    keep: &GrayImage,
    tolerance: u8,
) -> Result<(), DiffusionError> {
    same_size(original, delivered, keep)?;
    let mut pixels = 0;
    let mut max_diff = 0u8;
    for ((o, d), k) in original.pixels().zip(delivered.pixels()).zip(keep.pixels()) {
        if k[0] < 128 {
            continue;
        }
        let diff = (0..3).map(|c| o[c].abs_diff(d[c])).max().unwrap_or(0);
        if diff > tolerance {
            pixels += 1;
            max_diff = max_diff.max(diff);
        }
    }
    if pixels > 0 {
        return Err(DiffusionError::KeptRegionAltered { pixels, max_diff, tolerance });
    }
    Ok(())
}

/// The inpainting mask for a kept region: white (regenerate) everywhere
/// but the region.
pub fn regenerate_mask(keep: &GrayImage) -> GrayImage {
    let mut m = keep.clone();
    for p in m.pixels_mut() {
        p[0] = if p[0] >= 128 { 0 } else { 255 };
    }
    m
}

fn same_size(a: &RgbImage, b: &RgbImage, keep: &GrayImage) -> Result<(), DiffusionError> {
    if a.dimensions() != b.dimensions() || a.dimensions() != keep.dimensions() {
        return Err(DiffusionError::InvalidRequest(format!(
            "kept region sizes differ: {:?}, {:?}, mask {:?}",
            a.dimensions(),
            b.dimensions(),
            keep.dimensions()
        )));
    }
    Ok(())
}

/// Approximate Euclidean distance (chamfer 3-4, two passes) from each pixel
/// to the kept region; 0 inside it.
fn distance_outside(keep: &GrayImage) -> Vec<f32> {
    let (w, h) = keep.dimensions();
    let (w, h) = (w as usize, h as usize);
    let far = f32::MAX / 4.0;
    let mut d: Vec<f32> = keep.pixels().map(|p| if p[0] >= 128 { 0.0 } else { far }).collect();
    let (a, b) = (1.0f32, std::f32::consts::SQRT_2);
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let mut v = d[i];
            if x > 0 {
                v = v.min(d[i - 1] + a);
            }
            if y > 0 {
                v = v.min(d[i - w] + a);
                if x > 0 {
                    v = v.min(d[i - w - 1] + b);
                }
                if x + 1 < w {
                    v = v.min(d[i - w + 1] + b);
                }
            }
            d[i] = v;
        }
    }
    for y in (0..h).rev() {
        for x in (0..w).rev() {
            let i = y * w + x;
            let mut v = d[i];
            if x + 1 < w {
                v = v.min(d[i + 1] + a);
            }
            if y + 1 < h {
                v = v.min(d[i + w] + a);
                if x + 1 < w {
                    v = v.min(d[i + w + 1] + b);
                }
                if x > 0 {
                    v = v.min(d[i + w - 1] + b);
                }
            }
            d[i] = v;
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb};

    fn fixtures() -> (RgbImage, RgbImage, GrayImage) {
        let original = RgbImage::from_fn(32, 32, |x, y| Rgb([x as u8 * 7, y as u8 * 5, 200]));
        let generated = RgbImage::from_pixel(32, 32, Rgb([10, 250, 10]));
        let keep = GrayImage::from_fn(32, 32, |x, y| {
            Luma([if (8..24).contains(&x) && (8..24).contains(&y) { 255 } else { 0 }])
        });
        (original, generated, keep)
    }

    #[test]
    fn kept_pixels_are_exact_and_feathering_stays_outside() {
        let (original, generated, keep) = fixtures();
        let out = paste_kept_region(&original, &generated, &keep, 4).unwrap();
        verify_kept_region(&original, &out, &keep, 0).unwrap();
        // Far outside: generated untouched. Next to the region: blended.
        assert_eq!(out.get_pixel(0, 0), generated.get_pixel(0, 0));
        let near = out.get_pixel(7, 16);
        assert_ne!(near, generated.get_pixel(7, 16));
        assert_ne!(near, original.get_pixel(7, 16));
    }

    #[test]
    fn an_altered_kept_region_is_refused() {
        let (original, generated, keep) = fixtures();
        let err = verify_kept_region(&original, &generated, &keep, KEPT_REGION_TOLERANCE).unwrap_err();
        assert!(matches!(err, DiffusionError::KeptRegionAltered { pixels: 256, .. }), "{err}");
        assert_eq!(err.code(), "KEPT_REGION_ALTERED");
    }

    #[test]
    fn regenerate_mask_is_the_complement() {
        let (_, _, keep) = fixtures();
        let m = regenerate_mask(&keep);
        assert_eq!(m.get_pixel(0, 0)[0], 255);
        assert_eq!(m.get_pixel(16, 16)[0], 0);
    }
}
