//! Generated test images with known ground truth.

use image::{GrayImage, ImageEncoder, Luma, Rgb, RgbImage};

/// Deterministic xorshift noise.
struct Noise(u32);
impl Noise {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
    fn jitter(&mut self, amp: u32) -> i32 {
        (self.next() % (2 * amp + 1)) as i32 - amp as i32
    }
}

/// A product photo with a known mask: a shaded, textured bottle-like shape
/// (a rounded body plus a neck) on a light studio backdrop with sensor-like
/// noise (which also keeps the PNG above the 500 KB upload floor).
/// Returns the image and its exact object mask.
pub fn product_photo(width: u32, height: u32) -> (RgbImage, GrayImage) {
    let mut noise = Noise(0x9e37_79b9);
    let (w, h) = (width as f32, height as f32);
    let body = (w * 0.5, h * 0.58, w * 0.2, h * 0.3); // cx, cy, half-w, half-h
    let neck = (w * 0.5, h * 0.22, w * 0.07, h * 0.08);
    let inside = |x: f32, y: f32| -> bool {
        let (cx, cy, hw, hh) = body;
        let r = hw * 0.6;
        let dx = (x - cx).abs();
        let dy = (y - cy).abs();
        let in_body = if dx > hw || dy > hh {
            false
        } else if dx > hw - r && dy > hh - r {
            let (ex, ey) = (dx - (hw - r), dy - (hh - r));
            ex * ex + ey * ey <= r * r
        } else {
            true
        };
        let (nx, ny, nw, nh) = neck;
        let in_neck = (x - nx).abs() <= nw && (y - ny).abs() <= nh + hh * 0.05;
        in_body || in_neck
    };
    let mut img = RgbImage::new(width, height);
    let mut mask = GrayImage::new(width, height);
    for y in 0..height {
        for x in 0..width {
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let n = noise.jitter(6);
            if inside(fx, fy) {
                // Cylinder shading across the body, a label band, a highlight.
                let t = ((fx - body.0) / body.2).clamp(-1.0, 1.0);
                let shade = (1.0 - t * t).sqrt() * 0.7 + 0.3;
                let label = (fy - body.1).abs() < body.3 * 0.25;
                let base = if label { [235.0, 200.0, 60.0] } else { [180.0, 30.0, 40.0] };
                let hl = if (t + 0.45).abs() < 0.06 { 60.0 } else { 0.0 };
                let px = |c: f32| ((c * shade + hl) as i32 + n).clamp(0, 255) as u8;
                img.put_pixel(x, y, Rgb([px(base[0]), px(base[1]), px(base[2])]));
                mask.put_pixel(x, y, Luma([255]));
            } else {
                // Studio backdrop: a soft vertical gradient.
                let g = 236.0 - 18.0 * (fy / h);
                let v = (g as i32 + n).clamp(0, 255) as u8;
                img.put_pixel(x, y, Rgb([v, v, v.saturating_sub(4)]));
            }
        }
    }
    (img, mask)
}

pub fn encode_png(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(img.as_raw(), img.width(), img.height(), image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

/// A noisy PNG of the given size (for size/ratio/resolution rule tests).
pub fn noise_png(width: u32, height: u32) -> Vec<u8> {
    let mut noise = Noise(0x1234_5678);
    let img = RgbImage::from_fn(width, height, |_, _| {
        let b = noise.next().to_le_bytes();
        Rgb([b[0], b[1], b[2]])
    });
    encode_png(&img)
}
