//! Mask helpers: compositing a cutout, comparing masks, growing them and
//! finding the background a subject encloses.

use image::{GrayImage, RgbImage, RgbaImage};

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

/// Grows the pixels where `on` holds by `radius` with a square window (the
/// L∞ distance): true where some on-pixel lies within `radius` in x and y.
/// Two 1-D passes of nearest-on distances, so the cost does not depend on
/// the radius. `on` is row-major `w`×`h`.
pub fn dilate_square(on: &[bool], w: usize, h: usize, radius: usize) -> Vec<bool> {
    let rows = dilate_lines(on, w, h, radius, 1, w);
    dilate_lines(&rows, h, w, radius, w, 1)
}

/// One pass of [`dilate_square`] along `n` lines of `len` pixels, pixel `i`
/// of line `l` at `l * line_step + i * step`.
fn dilate_lines(on: &[bool], len: usize, n: usize, radius: usize, step: usize, line_step: usize) -> Vec<bool> {
    let mut out = vec![false; on.len()];
    let mut before = vec![usize::MAX; len];
    for l in 0..n {
        let at = |i: usize| l * line_step + i * step;
        let mut last: Option<usize> = None;
        for i in 0..len {
            if on[at(i)] {
                last = Some(i);
            }
            before[i] = last.map_or(usize::MAX, |p| i - p);
        }
        last = None;
        for i in (0..len).rev() {
            if on[at(i)] {
                last = Some(i);
            }
            let after = last.map_or(usize::MAX, |p| p - i);
            out[at(i)] = before[i].min(after) <= radius;
        }
    }
    out
}

/// Background pixels (`!subject`) that the subject encloses: not connected
/// to the image border through background (4-neighbours). The inside of a
/// mug handle or of a ring is such a region; it shows the real scene, not
/// the subject.
pub fn enclosed_background(subject: &[bool], w: usize, h: usize) -> Vec<bool> {
    let mut outside = vec![false; subject.len()];
    let mut stack: Vec<usize> = Vec::new();
    let seed = |i: usize, outside: &mut Vec<bool>, stack: &mut Vec<usize>| {
        if !subject[i] && !outside[i] {
            outside[i] = true;
            stack.push(i);
        }
    };
    for x in 0..w {
        seed(x, &mut outside, &mut stack);
        seed((h.saturating_sub(1)) * w + x, &mut outside, &mut stack);
    }
    for y in 0..h {
        seed(y * w, &mut outside, &mut stack);
        seed(y * w + w.saturating_sub(1), &mut outside, &mut stack);
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        if x > 0 {
            seed(i - 1, &mut outside, &mut stack);
        }
        if x + 1 < w {
            seed(i + 1, &mut outside, &mut stack);
        }
        if y > 0 {
            seed(i - w, &mut outside, &mut stack);
        }
        if y + 1 < h {
            seed(i + w, &mut outside, &mut stack);
        }
    }
    subject.iter().zip(&outside).map(|(&s, &o)| !s && !o).collect()
}

/// The RGB image with `mask` as its alpha channel. `None` if the sizes differ.
pub fn compose_cutout(rgb: &RgbImage, mask: &GrayImage) -> Option<RgbaImage> {
    if rgb.dimensions() != mask.dimensions() {
        return None;
    }
    // One pass, no copy of the photo first.
    let mut out = vec![0u8; mask.as_raw().len() * 4];
    for ((px, rgb), &a) in out.chunks_exact_mut(4).zip(rgb.as_raw().chunks_exact(3)).zip(mask.as_raw()) {
        px[..3].copy_from_slice(rgb);
        px[3] = a;
    }
    RgbaImage::from_raw(mask.width(), mask.height(), out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb};

    fn rect_mask(w: u32, h: u32, x0: u32, x1: u32) -> GrayImage {
        GrayImage::from_fn(w, h, |x, _| Luma([if x >= x0 && x < x1 { 255 } else { 0 }]))
    }

    #[test]
    fn dilation_is_a_square_of_the_radius() {
        let (w, h) = (9, 7);
        let mut on = vec![false; w * h];
        on[3 * w + 4] = true;
        let grown = dilate_square(&on, w, h, 2);
        assert_eq!(grown.iter().filter(|&&v| v).count(), 25);
        assert!(grown[w + 2] && grown[5 * w + 6] && !grown[3 * w + 1] && !grown[6 * w + 4]);
        assert_eq!(dilate_square(&on, w, h, 0), on);
    }

    #[test]
    fn the_inside_of_a_ring_is_enclosed_the_rest_is_not() {
        let (w, h) = (12, 10);
        // A ring: the border of the box 2..9 × 2..8.
        let subject: Vec<bool> = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                (2..=9).contains(&x) && (2..=7).contains(&y) && (x == 2 || x == 9 || y == 2 || y == 7)
            })
            .collect();
        let enclosed = enclosed_background(&subject, w, h);
        assert_eq!(enclosed.iter().filter(|&&v| v).count(), 6 * 4);
        assert!(enclosed[5 * w + 5] && !enclosed[0] && !enclosed[2 * w + 2]);
        // Open the ring: nothing is enclosed any more.
        let mut open = subject.clone();
        open[2 * w + 5] = false;
        assert!(enclosed_background(&open, w, h).iter().all(|&v| !v));
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
