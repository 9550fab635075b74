//! Mask helpers: compositing a cutout and comparing masks.

use image::{DynamicImage, GrayImage, RgbImage, RgbaImage};

/// Intersection over union of the foregrounds of two masks, where a pixel is
/// foreground when its value is `>= threshold`.
///
/// Two masks with no foreground at all are identical (1.0). Masks of
/// different sizes share nothing (0.0).
pub fn mask_iou(a: &GrayImage, b: &GrayImage, threshold: u8) -> f64 {
    if a.dimensions() != b.dimensions() {
        return 0.0;
    }
    let (mut inter, mut union) = (0u64, 0u64);
    for (&pa, &pb) in a.as_raw().iter().zip(b.as_raw().iter()) {
        let (fa, fb) = (pa >= threshold, pb >= threshold);
        inter += u64::from(fa && fb);
        union += u64::from(fa || fb);
    }
    if union == 0 {
        1.0
    } else {
        inter as f64 / union as f64
    }
}

/// Share of the pixels at or above 50 % below which a mask counts as empty
/// (a handful of stray pixels is not a subject).
pub const EMPTY_MASK_MIN_FRACTION: f64 = 1e-4;

/// Whether `mask` has (almost) no pixel at or above 50 % opacity; see
/// [`EMPTY_MASK_MIN_FRACTION`].
pub fn mask_is_empty(mask: &GrayImage) -> bool {
    let total = mask.as_raw().len();
    if total == 0 {
        return true;
    }
    let mut on = 0usize;
    for &v in mask.as_raw() {
        on += usize::from(v >= 128);
    }
    (on as f64) < (total as f64 * EMPTY_MASK_MIN_FRACTION).max(1.0)
}

/// The RGB image with `mask` as its alpha channel. `None` if the sizes differ.
pub fn compose_cutout(rgb: &RgbImage, mask: &GrayImage) -> Option<RgbaImage> {
    if rgb.dimensions() != mask.dimensions() {
        return None;
    }
    // `into_rgba8` runs optimised inside `image`; then only alpha is written.
    let mut out = DynamicImage::ImageRgb8(rgb.clone()).into_rgba8();
    for (px, &a) in out.chunks_exact_mut(4).zip(mask.as_raw().iter()) {
        px[3] = a;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use image::{Luma, Rgb};

    fn rect_mask(w: u32, h: u32, x0: u32, x1: u32) -> GrayImage {
        GrayImage::from_fn(w, h, |x, _| Luma([if x >= x0 && x < x1 { 255 } else { 0 }]))
    }

    #[test]
    fn iou_of_overlapping_rectangles() {
        let a = rect_mask(10, 4, 0, 6); // columns 0..6
        let b = rect_mask(10, 4, 3, 9); // columns 3..9
                                        // intersection 3 columns, union 9 columns
        assert!((mask_iou(&a, &b, 128) - 3.0 / 9.0).abs() < 1e-12);
        assert_eq!(mask_iou(&a, &a, 128), 1.0);
    }

    #[test]
    fn iou_edge_cases() {
        let empty = GrayImage::new(5, 5);
        assert_eq!(mask_iou(&empty, &empty, 128), 1.0);
        assert_eq!(mask_iou(&empty, &rect_mask(5, 5, 0, 5), 128), 0.0);
        assert_eq!(mask_iou(&empty, &GrayImage::new(4, 5), 128), 0.0);
        // threshold is inclusive
        let a = GrayImage::from_pixel(2, 2, Luma([128]));
        let b = GrayImage::from_pixel(2, 2, Luma([200]));
        assert_eq!(mask_iou(&a, &b, 128), 1.0);
        assert_eq!(mask_iou(&a, &b, 129), 0.0);
    }

    #[test]
    fn empty_mask_detection() {
        assert!(mask_is_empty(&GrayImage::new(100, 100)));
        assert!(mask_is_empty(&GrayImage::from_pixel(100, 100, Luma([127]))));
        let mut m = GrayImage::new(100, 100);
        m.put_pixel(3, 3, Luma([255])); // 1 of 10,000 pixels = the minimum
        assert!(!mask_is_empty(&m));
        assert!(mask_is_empty(&GrayImage::new(0, 0)));
    }

    #[test]
    fn compose_puts_mask_in_alpha() {
        let rgb = RgbImage::from_fn(3, 2, |x, y| Rgb([x as u8, y as u8, 7]));
        let mask = GrayImage::from_fn(3, 2, |x, y| Luma([(10 * x + y) as u8]));
        let out = compose_cutout(&rgb, &mask).unwrap();
        assert_eq!(out.dimensions(), (3, 2));
        assert_eq!(out.get_pixel(2, 1).0, [2, 1, 7, 21]);
        assert!(compose_cutout(&rgb, &GrayImage::new(2, 2)).is_none());
    }
}
