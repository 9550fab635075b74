//! Edge refinement of a cutout: erosion, feathering and colour
//! decontamination (foreground colour estimation), so that the old
//! background does not show as a halo once the product sits on a new one.

use image::{GrayImage, RgbImage, RgbaImage};

use super::filters::{erode, Plane};

/// Erosion radius accepted by [`refine_alpha`]; larger values are clamped.
pub const MAX_ERODE: u32 = 20;

/// Refines `mask` (255 = product) on `image` into a cutout ready for
/// compositing:
///
/// 1. erode the mask by `erode` pixels (grey-scale min filter: removes a rim
///    of old background the segmentation kept);
/// 2. feather it (a small blur, so the edge is not jagged);
/// 3. estimate the foreground colour `F` of every pixel with the
///    blur-fusion estimator (Forte & Pitié, "Approximate fast foreground
///    colour estimation", 2021): with local means of the foreground
///    `F̄` and background `B̄`, `F = F̄ + α (I − α F̄ − (1 − α) B̄)`, run coarse
///    then fine. A half-transparent edge pixel therefore carries the
///    product's colour, not the green of the old backdrop, and transparent
///    pixels carry the nearby product colour (so later resizing does not
///    bleed the old background in either).
///
/// Returns `F` with the refined alpha. Sizes of `image` and `mask` must
/// match; if they differ the mask is treated as empty.
pub fn refine_alpha(image: &RgbImage, mask: &GrayImage, erode_px: u32) -> RgbaImage {
    let (w, h) = (image.width() as usize, image.height() as usize);
    if mask.dimensions() != image.dimensions() || w == 0 || h == 0 {
        return RgbaImage::new(image.width(), image.height());
    }
    let raw = Plane { w, h, v: mask.as_raw().iter().map(|&m| f32::from(m) / 255.0).collect() };
    let eroded = erode(&raw, erode_px.min(MAX_ERODE) as usize);
    // Feather: one 3-pass blur of radius 1 (≈ 1 px Gaussian), then a mild
    // contrast curve so the solid interior stays exactly opaque.
    let feathered = eroded.blurred(1, 2);
    let alpha: Vec<f32> = feathered.v.iter().map(|&a| ((a - 0.02) / 0.96).clamp(0.0, 1.0)).collect();

    let rgb = image.as_raw();
    let chan = |c: usize| -> Vec<f32> { rgb.iter().skip(c).step_by(3).map(|&v| f32::from(v) / 255.0).collect() };
    let input = [chan(0), chan(1), chan(2)];
    let coarse = (w.max(h) / 20).clamp(8, 60);
    let (f1, b1) = blur_fusion(&input, &input, &input, &alpha, w, h, coarse);
    let (fg, _) = blur_fusion(&input, &f1, &b1, &alpha, w, h, 4);

    let mut out = RgbaImage::new(image.width(), image.height());
    for (i, px) in out.chunks_exact_mut(4).enumerate() {
        for c in 0..3 {
            px[c] = (fg[c][i] * 255.0).round().clamp(0.0, 255.0) as u8;
        }
        px[3] = (alpha[i] * 255.0).round() as u8;
    }
    out
}

type Rgb3 = [Vec<f32>; 3];

/// One blur-fusion step at radius `r`: returns the new foreground estimate
/// and the local background estimate.
fn blur_fusion(input: &Rgb3, fg: &Rgb3, bg: &Rgb3, alpha: &[f32], w: usize, h: usize, r: usize) -> (Rgb3, Rgb3) {
    const EPS: f32 = 1e-4;
    let passes = 1;
    let blurred_a = Plane { w, h, v: alpha.to_vec() }.blurred(r, passes);
    let mut new_f: Rgb3 = [Vec::new(), Vec::new(), Vec::new()];
    let mut new_b: Rgb3 = [Vec::new(), Vec::new(), Vec::new()];
    for c in 0..3 {
        let fa = Plane { w, h, v: fg[c].iter().zip(alpha).map(|(f, a)| f * a).collect() }.blurred(r, passes);
        let b1a = Plane { w, h, v: bg[c].iter().zip(alpha).map(|(b, a)| b * (1.0 - a)).collect() }.blurred(r, passes);
        let mut f_out = Vec::with_capacity(alpha.len());
        let mut b_out = Vec::with_capacity(alpha.len());
        for i in 0..alpha.len() {
            let ba = blurred_a.v[i];
            let f_mean = fa.v[i] / (ba + EPS);
            let b_mean = b1a.v[i] / ((1.0 - ba) + EPS);
            let a = alpha[i];
            let f = f_mean + a * (input[c][i] - a * f_mean - (1.0 - a) * b_mean);
            f_out.push(f.clamp(0.0, 1.0));
            b_out.push(b_mean.clamp(0.0, 1.0));
        }
        new_f[c] = f_out;
        new_b[c] = b_out;
    }
    (new_f, new_b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb};

    /// A red disc on green, with a soft 4-px edge where the colours mix.
    fn disc_on_green() -> (RgbImage, GrayImage) {
        let (w, h) = (96u32, 96u32);
        let alpha = |x: u32, y: u32| {
            let d = ((x as f32 - 48.0).powi(2) + (y as f32 - 48.0).powi(2)).sqrt();
            ((30.0 - d) / 4.0 + 0.5).clamp(0.0, 1.0)
        };
        let img = RgbImage::from_fn(w, h, |x, y| {
            let a = alpha(x, y);
            let mix = |f: f32, b: f32| (f * a + b * (1.0 - a)).round() as u8;
            Rgb([mix(200.0, 20.0), mix(30.0, 200.0), mix(40.0, 30.0)])
        });
        let mask = GrayImage::from_fn(w, h, |x, y| Luma([(alpha(x, y) * 255.0).round() as u8]));
        (img, mask)
    }

    #[test]
    fn edge_pixels_lose_the_green() {
        let (img, mask) = disc_on_green();
        let out = refine_alpha(&img, &mask, 0);
        // Every pixel with some opacity is product-coloured: red dominates
        // green clearly, where the input edge was greenish.
        let mut worst = i32::MAX;
        for px in out.pixels().filter(|p| p[3] > 10) {
            worst = worst.min(i32::from(px[0]) - i32::from(px[1]));
        }
        assert!(worst > 100, "greenish edge remains: r - g = {worst}");
        // The input edge was greenish at the same places.
        let input_worst = img
            .pixels()
            .zip(mask.pixels())
            .filter(|(_, m)| m[0] > 10)
            .map(|(p, _)| i32::from(p[0]) - i32::from(p[1]))
            .min()
            .unwrap();
        assert!(input_worst < 0);
    }

    #[test]
    fn erosion_moves_the_edge_in_and_interior_stays_opaque() {
        let (img, mask) = disc_on_green();
        let opaque = |o: &RgbaImage| o.pixels().filter(|p| p[3] > 128).count();
        let a0 = refine_alpha(&img, &mask, 0);
        let a3 = refine_alpha(&img, &mask, 3);
        assert!(opaque(&a3) < opaque(&a0));
        assert_eq!(a3.get_pixel(48, 48)[3], 255);
        assert_eq!(a3.get_pixel(2, 2)[3], 0);
    }

    #[test]
    fn mismatched_sizes_give_an_empty_cutout() {
        let out = refine_alpha(&RgbImage::new(4, 4), &GrayImage::new(3, 3), 0);
        assert!(out.pixels().all(|p| p[3] == 0));
    }
}
