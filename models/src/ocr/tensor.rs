//! Model inputs: an RGB image resized (bilinear) into a normalised BGR
//! planar tensor, as the PaddleOCR models were trained (OpenCV's BGR
//! channel order, `(v / 255 - 0.5) / 0.5`).

use image::RgbImage;

/// Per output index: the two source indices and the weight of the second,
/// with OpenCV's `INTER_LINEAR` centre alignment (no antialiasing).
fn taps(src: u32, dst: usize) -> Vec<(usize, usize, f32)> {
    let scale = f64::from(src) / dst as f64;
    let last = src.saturating_sub(1) as usize;
    (0..dst)
        .map(|d| {
            let s = ((d as f64 + 0.5) * scale - 0.5).max(0.0);
            let i = (s.floor() as usize).min(last);
            let f = if i >= last { 0.0 } else { (s - i as f64) as f32 };
            (i, (i + 1).min(last), f)
        })
        .collect()
}

/// Writes `src` resized to `w`×`h` into `dst`, laid out as 3 planes of
/// `h` rows of `stride` values (B, G, R), columns `0..w`; the rest of
/// each row is left as it is (the caller's padding).
pub(crate) fn write_normalised(src: &RgbImage, w: usize, h: usize, dst: &mut [f32], stride: usize) {
    debug_assert!(w <= stride && dst.len() >= 3 * h * stride);
    if src.width() == 0 || src.height() == 0 || w == 0 || h == 0 {
        return;
    }
    let xs = taps(src.width(), w);
    let ys = taps(src.height(), h);
    let raw = src.as_raw();
    let row_len = src.width() as usize * 3;
    let plane = h * stride;
    let mut row = vec![0f32; w * 3];
    for (dy, &(y0, y1, fy)) in ys.iter().enumerate() {
        let (r0, r1) = (&raw[y0 * row_len..(y0 + 1) * row_len], &raw[y1 * row_len..(y1 + 1) * row_len]);
        for (dx, &(x0, x1, fx)) in xs.iter().enumerate() {
            for c in 0..3 {
                let top = f32::from(r0[x0 * 3 + c]) * (1.0 - fx) + f32::from(r0[x1 * 3 + c]) * fx;
                let bottom = f32::from(r1[x0 * 3 + c]) * (1.0 - fx) + f32::from(r1[x1 * 3 + c]) * fx;
                row[dx * 3 + c] = top * (1.0 - fy) + bottom * fy;
            }
        }
        for c in 0..3 {
            // BGR: plane 0 is blue (RGB channel 2).
            let out = &mut dst[c * plane + dy * stride..c * plane + dy * stride + w];
            for (dx, o) in out.iter_mut().enumerate() {
                *o = row[dx * 3 + (2 - c)] / 127.5 - 1.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_size_is_a_bgr_copy_normalised() {
        let mut img = RgbImage::new(2, 1);
        img.put_pixel(0, 0, image::Rgb([255, 0, 0]));
        img.put_pixel(1, 0, image::Rgb([0, 0, 255]));
        let mut dst = vec![9.0; 3 * 3];
        write_normalised(&img, 2, 1, &mut dst, 3);
        // B plane, G plane, R plane; the third column is untouched padding.
        assert_eq!(dst, vec![-1.0, 1.0, 9.0, -1.0, -1.0, 9.0, 1.0, -1.0, 9.0]);
    }

    #[test]
    fn upscaling_interpolates_between_centres() {
        let mut img = RgbImage::new(2, 1);
        img.put_pixel(0, 0, image::Rgb([0, 0, 0]));
        img.put_pixel(1, 0, image::Rgb([255, 255, 255]));
        let mut dst = vec![0.0; 3 * 4];
        write_normalised(&img, 4, 1, &mut dst, 4);
        // source x of 0.5 * (d + 0.5) - 0.5: -0.25→0, 0.25, 0.75, 1.25→1
        let v: Vec<f32> = dst[..4].iter().map(|v| (v + 1.0) * 127.5).collect();
        assert!((v[0]).abs() < 1e-3 && (v[1] - 63.75).abs() < 1e-3 && (v[2] - 191.25).abs() < 1e-3, "{v:?}");
        assert!((v[3] - 255.0).abs() < 1e-3, "{v:?}");
    }
}
