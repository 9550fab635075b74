//! One text box cut out of the image as an upright strip.

use image::RgbImage;

use super::geometry::{apply, dist, perspective, Point};

/// Boxes at least this many times taller than wide are taken as vertical
/// text (or a line of a page turned by 90°) and turned a quarter left.
pub(crate) const TALL_RATIO: f32 = 1.5;

/// The quad (top-left, top-right, bottom-right, bottom-left) mapped by a
/// perspective transform onto a `w`×`h` strip, `w` and `h` the longer of
/// the opposite sides; bilinear, edges replicated. `None` for a box
/// thinner than a pixel.
pub(crate) fn crop_quad(img: &RgbImage, quad: &[Point; 4]) -> Option<RgbImage> {
    let w = dist(quad[0], quad[1]).max(dist(quad[2], quad[3])) as u32;
    let h = dist(quad[0], quad[3]).max(dist(quad[1], quad[2])) as u32;
    if w == 0 || h == 0 || img.width() == 0 || img.height() == 0 {
        return None;
    }
    let (fw, fh) = (f64::from(w), f64::from(h));
    let rect = [[0.0, 0.0], [fw, 0.0], [fw, fh], [0.0, fh]];
    let src = quad.map(|[x, y]| [f64::from(x), f64::from(y)]);
    // Strip pixel -> image point.
    let map = perspective(rect, src)?;
    let (iw, ih) = (img.width() as usize, img.height() as usize);
    let raw = img.as_raw();
    let mut out = RgbImage::new(w, h);
    for (y, row) in out.chunks_exact_mut(w as usize * 3).enumerate() {
        for (x, px) in row.chunks_exact_mut(3).enumerate() {
            let [sx, sy] = apply(&map, x as f64, y as f64);
            let sx = sx.clamp(0.0, (iw - 1) as f64);
            let sy = sy.clamp(0.0, (ih - 1) as f64);
            let (x0, y0) = (sx.floor() as usize, sy.floor() as usize);
            let (x1, y1) = ((x0 + 1).min(iw - 1), (y0 + 1).min(ih - 1));
            let (fx, fy) = ((sx - x0 as f64) as f32, (sy - y0 as f64) as f32);
            for c in 0..3 {
                let at = |xx: usize, yy: usize| f32::from(raw[(yy * iw + xx) * 3 + c]);
                let top = at(x0, y0) * (1.0 - fx) + at(x1, y0) * fx;
                let bottom = at(x0, y1) * (1.0 - fx) + at(x1, y1) * fx;
                px[c] = (top * (1.0 - fy) + bottom * fy).round().clamp(0.0, 255.0) as u8;
            }
        }
    }
    Some(out)
}

/// Whether a strip is tall enough to be turned ([`TALL_RATIO`]).
pub(crate) fn is_tall(strip: &RgbImage) -> bool {
    strip.height() as f32 >= TALL_RATIO * strip.width() as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gradient(w: u32, h: u32) -> RgbImage {
        RgbImage::from_fn(w, h, |x, y| image::Rgb([x as u8, y as u8, 7]))
    }

    #[test]
    fn an_axis_aligned_box_is_a_plain_crop() {
        let img = gradient(100, 50);
        let strip = crop_quad(&img, &[[10.0, 5.0], [40.0, 5.0], [40.0, 25.0], [10.0, 25.0]]).unwrap();
        assert_eq!(strip.dimensions(), (30, 20));
        assert_eq!(strip.get_pixel(0, 0).0, [10, 5, 7]);
        assert_eq!(strip.get_pixel(29, 19).0, [39, 24, 7]);
        assert!(!is_tall(&strip));
    }

    #[test]
    fn a_rotated_box_is_straightened() {
        // The box of a strip turned by 90° clockwise: its top edge runs down the right.
        let img = gradient(60, 60);
        let strip = crop_quad(&img, &[[40.0, 10.0], [40.0, 50.0], [20.0, 50.0], [20.0, 10.0]]).unwrap();
        assert_eq!(strip.dimensions(), (40, 20));
        // strip (x, y) comes from image (40 - y, 10 + x)
        assert_eq!(strip.get_pixel(0, 0).0, [40, 10, 7]);
        assert_eq!(strip.get_pixel(30, 5).0, [35, 40, 7]);
    }

    #[test]
    fn degenerate_boxes_give_nothing() {
        let img = gradient(10, 10);
        assert!(crop_quad(&img, &[[1.0, 1.0]; 4]).is_none());
        let tall = crop_quad(&img, &[[2.0, 0.0], [5.0, 0.0], [5.0, 9.0], [2.0, 9.0]]).unwrap();
        assert!(is_tall(&tall));
    }
}
