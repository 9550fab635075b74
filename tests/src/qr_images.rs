//! Images for the QR art tests and bench: a logo and a scene (the product
//! photo is `images::product_photo`), plus a hostile noise image.

use image::{Rgb, RgbImage};

/// A bold dark ring and bar on white: hard edges, large flat areas.
pub fn logo(side: u32) -> RgbImage {
    let c = side as f32 / 2.0;
    RgbImage::from_fn(side, side, |x, y| {
        let (dx, dy) = (x as f32 - c, y as f32 - c);
        let r = dx.hypot(dy) / c;
        let ring = (0.55..0.8).contains(&r);
        let bar = dx.abs() < c * 0.12 && dy.abs() < c * 0.5;
        if ring || bar {
            Rgb([20, 40, 120])
        } else {
            Rgb([250, 250, 245])
        }
    })
}

/// A sunset: a bright sky gradient, a sun, dark hills.
pub fn scene(side: u32) -> RgbImage {
    RgbImage::from_fn(side, side, |x, y| {
        let (fx, fy) = (x as f32 / side as f32, y as f32 / side as f32);
        let hill = 0.62 + 0.08 * (fx * 9.0).sin() + 0.05 * (fx * 23.0).cos();
        if fy > hill {
            Rgb([(30.0 + 20.0 * fx) as u8, 45, 35])
        } else if (fx - 0.7).hypot(fy - 0.35) < 0.12 {
            Rgb([255, 230, 150])
        } else {
            Rgb([(250.0 - 60.0 * fy) as u8, (170.0 - 90.0 * fy) as u8, (90.0 + 80.0 * fy) as u8])
        }
    })
}

/// Black and white pixel noise: it fights every module, so only lower
/// strengths (or a plain code) can scan.
pub fn noise(side: u32) -> RgbImage {
    let mut state = 0x1234_5678u32;
    RgbImage::from_fn(side, side, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        if state.is_multiple_of(2) {
            Rgb([0, 0, 0])
        } else {
            Rgb([255, 255, 255])
        }
    })
}
