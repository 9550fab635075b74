//! Pure pre- and post-processing for the cutout models (see docs/MODELS.md).
//!
//! Pre-processing turns an RGB image into the model's NCHW `f32` input;
//! post-processing turns the model's single-channel output into an 8-bit mask
//! at the original resolution.

use image::imageops::FilterType::Triangle;
use image::{DynamicImage, GrayImage, RgbImage};

use crate::ModelError;

/// ISNet's fixed input side (input `input`, f32 [1,3,1024,1024]).
pub const ISNET_INPUT_SIZE: u32 = 1024;
/// U²-Net's and U²-Netp's fixed input side (input `input.1`, f32 [1,3,320,320]).
pub const U2NET_INPUT_SIZE: u32 = 320;

const IMAGENET_MEAN: [f32; 3] = [0.485, 0.456, 0.406];
const IMAGENET_STD: [f32; 3] = [0.229, 0.224, 0.225];

/// Bilinear resize to `size`×`size`, ignoring the aspect ratio (the bytes
/// `image`'s triangle filter gives, faster: [`crate::resize`]).
fn resize_square(rgb: &RgbImage, size: u32) -> std::borrow::Cow<'_, RgbImage> {
    if rgb.dimensions() == (size, size) {
        std::borrow::Cow::Borrowed(rgb)
    } else {
        let bytes = crate::resize::resize_triangle(rgb.as_raw(), rgb.dimensions(), 3, (size, size));
        match RgbImage::from_raw(size, size, bytes) {
            Some(resized) => std::borrow::Cow::Owned(resized),
            // Unreachable (the buffer has the size asked for); the slow path.
            None => std::borrow::Cow::Owned(
                DynamicImage::ImageRgb8(rgb.clone()).resize_exact(size, size, Triangle).into_rgb8(),
            ),
        }
    }
}

/// Interleaved RGB bytes to planar NCHW floats, `f(channel, byte)` per value.
fn to_nchw(rgb: &RgbImage, f: impl Fn(usize, u8) -> f32) -> Vec<f32> {
    let plane = rgb.as_raw().len() / 3;
    let mut out = vec![0f32; plane * 3];
    let (r, rest) = out.split_at_mut(plane);
    let (g, b) = rest.split_at_mut(plane);
    for (((px, r), g), b) in rgb.as_raw().chunks_exact(3).zip(r.iter_mut()).zip(g.iter_mut()).zip(b.iter_mut()) {
        *r = f(0, px[0]);
        *g = f(1, px[1]);
        *b = f(2, px[2]);
    }
    out
}

/// ISNet input: bilinear resize to 1024² (ignoring aspect), NCHW,
/// `(px - 128) / 256`. Returns `3 * 1024 * 1024` values, shape [1,3,1024,1024].
pub fn isnet_preprocess(rgb: &RgbImage) -> Vec<f32> {
    let resized = resize_square(rgb, ISNET_INPUT_SIZE);
    to_nchw(&resized, |_, v| (f32::from(v) - 128.0) / 256.0)
}

/// U²-Net input: bilinear resize to 320² (ignoring aspect), divide by the
/// largest channel value of the resized image, then ImageNet mean/std; NCHW.
/// Returns `3 * 320 * 320` values, shape [1,3,320,320].
pub fn u2net_preprocess(rgb: &RgbImage) -> Vec<f32> {
    let resized = resize_square(rgb, U2NET_INPUT_SIZE);
    let max = resized.as_raw().iter().copied().max().unwrap_or(0).max(1);
    let inv_max = 1.0 / f32::from(max);
    let scale = IMAGENET_STD.map(|s| inv_max / s);
    let offset = [0, 1, 2].map(|c| IMAGENET_MEAN[c] / IMAGENET_STD[c]);
    to_nchw(&resized, |c, v| f32::from(v) * scale[c] - offset[c])
}

fn check_len(out: &[f32], size: u32) -> Result<(), ModelError> {
    let want = (size as usize) * (size as usize);
    if out.len() != want {
        return Err(ModelError::Inference(format!(
            "model output has {} values, expected {size}x{size} = {want}",
            out.len()
        )));
    }
    Ok(())
}

/// Bilinear resize of a square mask back to `width`×`height`.
fn resize_mask(mask: GrayImage, width: u32, height: u32) -> GrayImage {
    if mask.dimensions() == (width, height) {
        return mask;
    }
    let bytes = crate::resize::resize_triangle(mask.as_raw(), mask.dimensions(), 1, (width, height));
    match GrayImage::from_raw(width, height, bytes) {
        Some(resized) => resized,
        None => DynamicImage::ImageLuma8(mask).resize_exact(width, height, Triangle).into_luma8(),
    }
}

/// ISNet output (`size`² values in 0..1, sigmoid applied inside the model) to
/// an 8-bit mask of `width`×`height`: `alpha = out * 255`, resized bilinearly.
pub fn isnet_postprocess(out: &[f32], size: u32, width: u32, height: u32) -> Result<GrayImage, ModelError> {
    check_len(out, size)?;
    // `as u8` saturates and maps NaN to 0.
    let bytes = out.iter().map(|&v| (v.clamp(0.0, 1.0) * 255.0).round() as u8).collect();
    let square = GrayImage::from_raw(size, size, bytes)
        .ok_or_else(|| ModelError::Inference("mask buffer size mismatch".into()))?;
    Ok(resize_mask(square, width, height))
}

/// U²-Net output (first of its 7 outputs, `size`² values) to an 8-bit mask of
/// `width`×`height`: min-max normalised to 0..255, resized bilinearly. A flat
/// output (max == min) gives an all-zero mask.
pub fn u2net_postprocess(out: &[f32], size: u32, width: u32, height: u32) -> Result<GrayImage, ModelError> {
    check_len(out, size)?;
    let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
    for &v in out.iter().filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    let range = hi - lo;
    let bytes = if range.is_finite() && range > f32::EPSILON {
        let k = 255.0 / range;
        out.iter().map(|&v| ((v - lo) * k).clamp(0.0, 255.0).round() as u8).collect()
    } else {
        vec![0u8; out.len()]
    };
    let square = GrayImage::from_raw(size, size, bytes)
        .ok_or_else(|| ModelError::Inference("mask buffer size mismatch".into()))?;
    Ok(resize_mask(square, width, height))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb};

    fn plane(v: &[f32], size: u32, c: usize) -> &[f32] {
        let n = (size * size) as usize;
        &v[c * n..(c + 1) * n]
    }

    #[test]
    fn isnet_preprocess_shape_range_and_known_pixels() {
        // A 1024² image is not resized, so pixels map exactly.
        let mut img = RgbImage::from_pixel(1024, 1024, Rgb([128, 0, 255]));
        img.put_pixel(5, 7, Rgb([64, 192, 32]));
        let v = isnet_preprocess(&img);
        assert_eq!(v.len(), 3 * 1024 * 1024);
        let s = ISNET_INPUT_SIZE;
        assert_eq!(plane(&v, s, 0)[0], 0.0);
        assert_eq!(plane(&v, s, 1)[0], -0.5);
        assert_eq!(plane(&v, s, 2)[0], 127.0 / 256.0);
        let i = 7 * 1024 + 5;
        assert_eq!(plane(&v, s, 0)[i], -0.25);
        assert_eq!(plane(&v, s, 1)[i], 0.25);
        assert_eq!(plane(&v, s, 2)[i], -0.375);
        assert!(v.iter().all(|x| (-0.5..0.5).contains(x)));
    }

    #[test]
    fn isnet_preprocess_resizes_any_shape() {
        // A uniform image stays uniform after resizing, whatever the aspect.
        let img = RgbImage::from_pixel(300, 77, Rgb([10, 20, 30]));
        let v = isnet_preprocess(&img);
        assert_eq!(v.len(), 3 * 1024 * 1024);
        let s = ISNET_INPUT_SIZE;
        for (c, want) in [10.0f32, 20.0, 30.0].iter().enumerate() {
            let want = (want - 128.0) / 256.0;
            assert!(plane(&v, s, c).iter().all(|x| (x - want).abs() < 1e-6), "channel {c}");
        }
    }

    #[test]
    fn isnet_preprocess_keeps_left_right_layout() {
        // Left half red, right half blue, at a non-square size.
        let img = RgbImage::from_fn(200, 100, |x, _| if x < 100 { Rgb([255, 0, 0]) } else { Rgb([0, 0, 255]) });
        let v = isnet_preprocess(&img);
        let s = ISNET_INPUT_SIZE as usize;
        let r = plane(&v, ISNET_INPUT_SIZE, 0);
        assert!(r[500 * s + 10] > 0.45); // left: red high
        assert!(r[500 * s + 1000] < -0.45); // right: red low
    }

    #[test]
    fn u2net_preprocess_divides_by_max_then_imagenet() {
        let mut img = RgbImage::from_pixel(320, 320, Rgb([100, 50, 0]));
        img.put_pixel(1, 0, Rgb([200, 200, 200])); // max = 200
        let v = u2net_preprocess(&img);
        assert_eq!(v.len(), 3 * 320 * 320);
        let s = U2NET_INPUT_SIZE;
        let close = |a: f32, b: f32| (a - b).abs() < 1e-5;
        assert!(close(plane(&v, s, 0)[0], (0.5 - 0.485) / 0.229));
        assert!(close(plane(&v, s, 1)[0], (0.25 - 0.456) / 0.224));
        assert!(close(plane(&v, s, 2)[0], (0.0 - 0.406) / 0.225));
        assert!(close(plane(&v, s, 0)[1], (1.0 - 0.485) / 0.229));
        // Range: (0 - 0.485)/0.229 .. (1 - 0.406)/0.225
        assert!(v.iter().all(|x| (-2.2..=2.7).contains(x)));
    }

    #[test]
    fn u2net_preprocess_black_image_is_finite() {
        let v = u2net_preprocess(&RgbImage::new(64, 48));
        assert!(v.iter().all(|x| x.is_finite()));
    }

    #[test]
    fn isnet_postprocess_scales_and_resizes() {
        let size = 8;
        let mut out = vec![0.0f32; 64];
        out[..32].fill(1.0); // top half foreground
        out[0] = 0.5;
        let same = isnet_postprocess(&out, size, 8, 8).unwrap();
        assert_eq!(same.get_pixel(0, 0), &Luma([128]));
        assert_eq!(same.get_pixel(1, 0), &Luma([255]));
        assert_eq!(same.get_pixel(7, 7), &Luma([0]));
        let big = isnet_postprocess(&out, size, 40, 80).unwrap();
        assert_eq!(big.dimensions(), (40, 80));
        assert_eq!(big.get_pixel(20, 5), &Luma([255]));
        assert_eq!(big.get_pixel(20, 75), &Luma([0]));
        // out-of-range and NaN values are clamped
        let odd = isnet_postprocess(&[2.0, -1.0, f32::NAN, 0.0], 2, 2, 2).unwrap();
        assert_eq!(odd.as_raw(), &[255, 0, 0, 0]);
        assert!(isnet_postprocess(&out, 4, 4, 4).is_err());
    }

    #[test]
    fn u2net_postprocess_min_max_normalises() {
        let out = [-3.0f32, -1.0, 1.0, 5.0];
        let m = u2net_postprocess(&out, 2, 2, 2).unwrap();
        assert_eq!(m.as_raw(), &[0, 64, 128, 255]);
        let flat = u2net_postprocess(&[0.3; 4], 2, 3, 5).unwrap();
        assert_eq!(flat.dimensions(), (3, 5));
        assert!(flat.as_raw().iter().all(|&v| v == 0));
        assert!(u2net_postprocess(&out, 3, 2, 2).is_err());
    }
}
