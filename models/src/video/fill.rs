//! A smooth fill for the background behind the subject: push-pull over an
//! image pyramid (known pixels averaged down, holes filled back up). It is
//! the fallback when no better inpainting is passed to
//! [`super::ParallaxScene::new`]; the caller normally passes
//! `pixmart_models::inpaint::inpaint`.

// Per-channel and per-pixel loops over parallel buffers read clearer indexed.
#![allow(clippy::needless_range_loop)]

use image::{GrayImage, RgbImage};

/// Fills the pixels where `hole` is non-zero from the surrounding known
/// pixels. Known pixels are returned unchanged.
pub fn fill_hole(image: &RgbImage, hole: &GrayImage) -> RgbImage {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let mut colour: Vec<[f32; 3]> =
        image.pixels().map(|p| [f32::from(p[0]), f32::from(p[1]), f32::from(p[2])]).collect();
    let weight: Vec<f32> = hole.pixels().map(|p| if p[0] == 0 { 1.0 } else { 0.0 }).collect();
    if weight.iter().all(|&v| v == 0.0) || weight.iter().all(|&v| v == 1.0) {
        return image.clone();
    }
    let filled = push_pull(&colour, &weight, w, h);
    for (i, c) in colour.iter_mut().enumerate() {
        if weight[i] == 0.0 {
            *c = filled[i];
        }
    }
    let mut out = image.clone();
    for (i, p) in out.pixels_mut().enumerate() {
        p.0 = colour[i].map(|v| v.round().clamp(0.0, 255.0) as u8);
    }
    out
}

/// Returns a full colour field: at each level, holes take the (bilinearly
/// upsampled) colour of the next coarser level.
fn push_pull(colour: &[[f32; 3]], weight: &[f32], w: usize, h: usize) -> Vec<[f32; 3]> {
    if w <= 1 && h <= 1 {
        return colour.to_vec();
    }
    let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
    let mut c_col = vec![[0.0f32; 3]; cw * ch];
    let mut c_w = vec![0.0f32; cw * ch];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let j = (y / 2) * cw + x / 2;
            let wt = weight[i];
            c_w[j] += wt;
            for k in 0..3 {
                c_col[j][k] += colour[i][k] * wt;
            }
        }
    }
    for j in 0..cw * ch {
        if c_w[j] > 0.0 {
            for k in 0..3 {
                c_col[j][k] /= c_w[j];
            }
            c_w[j] = c_w[j].min(1.0);
        }
    }
    let coarse = push_pull(&c_col, &c_w, cw, ch);
    let mut out = colour.to_vec();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if weight[i] >= 1.0 {
                continue;
            }
            // Bilinear pick from the coarser level at this pixel's centre.
            let fx = ((x as f32 + 0.5) / 2.0 - 0.5).clamp(0.0, (cw - 1) as f32);
            let fy = ((y as f32 + 0.5) / 2.0 - 0.5).clamp(0.0, (ch - 1) as f32);
            let (x0, y0) = (fx.floor() as usize, fy.floor() as usize);
            let (x1, y1) = ((x0 + 1).min(cw - 1), (y0 + 1).min(ch - 1));
            let (ax, ay) = (fx - x0 as f32, fy - y0 as f32);
            let mut up = [0.0f32; 3];
            for (k, u) in up.iter_mut().enumerate() {
                *u = coarse[y0 * cw + x0][k] * (1.0 - ax) * (1.0 - ay)
                    + coarse[y0 * cw + x1][k] * ax * (1.0 - ay)
                    + coarse[y1 * cw + x0][k] * (1.0 - ax) * ay
                    + coarse[y1 * cw + x1][k] * ax * ay;
            }
            let wt = weight[i];
            for k in 0..3 {
                out[i][k] = colour[i][k] * wt + up[k] * (1.0 - wt);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb};

    #[test]
    fn a_hole_takes_the_colour_around_it() {
        let mut img = RgbImage::from_pixel(64, 64, Rgb([10, 200, 30]));
        let mut hole = GrayImage::new(64, 64);
        for y in 20..40 {
            for x in 20..40 {
                img.put_pixel(x, y, Rgb([255, 0, 255]));
                hole.put_pixel(x, y, Luma([255]));
            }
        }
        let out = fill_hole(&img, &hole);
        let p = out.get_pixel(30, 30);
        assert!(p[0] < 20 && p[1] > 190 && p[2] < 40, "{p:?}");
        assert_eq!(out.get_pixel(5, 5), &Rgb([10, 200, 30]));
    }
}
