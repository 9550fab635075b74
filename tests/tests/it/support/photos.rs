//! Generated product photos with their exact masks, for the pipelines that
//! cut a product out.

use image::{GrayImage, Luma, Rgb, RgbImage};

/// Signed distance to a rounded box (negative inside).
fn rounded_box(px: f32, py: f32, c: (f32, f32), half: (f32, f32), r: f32) -> f32 {
    let qx = (px - c.0).abs() - (half.0 - r);
    let qy = (py - c.1).abs() - (half.1 - r);
    (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() + qx.max(qy).min(0.0) - r
}

/// A red bottle with a yellow label and a blue cap on a strongly green
/// backdrop, anti-aliased (edge pixels mix in the green, as in a photo),
/// with sensor noise. Returns the photo and the exact product mask.
pub fn bottle_on_green(w: u32, h: u32) -> (RgbImage, GrayImage) {
    let (wf, hf) = (w as f32, h as f32);
    let sdf = |x: f32, y: f32| {
        let body = rounded_box(x, y, (0.5 * wf, 0.62 * hf), (0.19 * wf, 0.25 * hf), 0.07 * wf);
        let neck = rounded_box(x, y, (0.5 * wf, 0.32 * hf), (0.07 * wf, 0.08 * hf), 0.02 * wf);
        let cap = rounded_box(x, y, (0.5 * wf, 0.22 * hf), (0.085 * wf, 0.045 * hf), 0.015 * wf);
        body.min(neck).min(cap)
    };
    let mut seed = 0x2545_f491u32;
    let mut noise = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        (seed % 13) as f32 - 6.0
    };
    let mut img = RgbImage::new(w, h);
    let mut mask = GrayImage::new(w, h);
    for iy in 0..h {
        for ix in 0..w {
            let (x, y) = (ix as f32 + 0.5, iy as f32 + 0.5);
            let d = sdf(x, y);
            let cov = if d < -1.5 {
                1.0
            } else if d > 1.5 {
                0.0
            } else {
                let mut hits = 0;
                for sy in 0..4 {
                    for sx in 0..4 {
                        hits += u32::from(sdf(x + (sx as f32 - 1.5) / 4.0, y + (sy as f32 - 1.5) / 4.0) < 0.0);
                    }
                }
                hits as f32 / 16.0
            };
            let n = noise();
            let bg = [40.0 + n, 185.0 - 20.0 * y / hf + n, 60.0 + n];
            let t = ((x - 0.5 * wf) / (0.19 * wf)).clamp(-1.0, 1.0);
            let shade = (1.0 - t * t).sqrt() * 0.6 + 0.4;
            let fg = if y < 0.27 * hf {
                [40.0, 70.0, 170.0]
            } else if (y - 0.62 * hf).abs() < 0.07 * hf {
                [235.0 * shade, 200.0 * shade, 70.0 * shade]
            } else {
                [195.0 * shade + 20.0, 35.0 * shade, 45.0 * shade]
            };
            let px = [0, 1, 2].map(|c| (fg[c] + n) * cov + bg[c] * (1.0 - cov));
            img.put_pixel(ix, iy, Rgb(px.map(|v| v.round().clamp(0.0, 255.0) as u8)));
            mask.put_pixel(ix, iy, Luma([if cov >= 0.5 { 255 } else { 0 }]));
        }
    }
    (img, mask)
}
