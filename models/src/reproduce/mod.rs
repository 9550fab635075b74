//! Background replication (`/rewrite-background`), the pure parts:
//! removing a reference scene's own subject (mask → dilated hole →
//! [`crate::inpaint`]), where the product then stands, which side the light
//! comes from, and the base backgrounds of style imitation. The worker
//! runs the networks (ISNet, style transfer) and calls these.

use image::{GrayImage, RgbImage};

use crate::compose::{Effects, Placement, Shadow, BASE_FILL, TEMPLATES};
use crate::inpaint::inpaint;
use crate::mask::{dilate_square, enclosed_background};

/// Mask values at or above this are the subject when cutting it out
/// (generous: the soft edge and a little halo go too).
pub const SUBJECT_THRESHOLD: u8 = 32;

/// The hole for a subject mask: pixels ≥ [`SUBJECT_THRESHOLD`], dilated by
/// `dilate_px` (square structuring element) so the subject's fringe and
/// contact shadow edge are refilled too. Background the subject encloses
/// (the inside of a mug handle) grows only by [`enclosed_dilation`]: it is
/// the real scene seen through the subject, and refilling it would paint
/// patches from elsewhere where the true background was visible.
/// 255 = fill.
pub fn subject_hole(mask: &GrayImage, dilate_px: u32) -> GrayImage {
    let (w, h) = mask.dimensions();
    let (wu, hu) = (w as usize, h as usize);
    let on: Vec<bool> = mask.as_raw().iter().map(|&v| v >= SUBJECT_THRESHOLD).collect();
    let enclosed = enclosed_background(&on, wu, hu);
    let outer = dilate_square(&on, wu, hu, dilate_px as usize);
    // Most subjects enclose nothing: one dilation is enough.
    let inner = if enclosed.contains(&true) {
        dilate_square(&on, wu, hu, enclosed_dilation(dilate_px) as usize)
    } else {
        Vec::new()
    };
    let hole = outer
        .iter()
        .enumerate()
        .map(|(k, &o)| {
            let fill = if enclosed[k] { inner[k] } else { o };
            if fill {
                255
            } else {
                0
            }
        })
        .collect();
    GrayImage::from_raw(w, h, hole).unwrap_or_else(|| GrayImage::new(w, h))
}

/// How far the hole grows into enclosed background: the soft edge only.
pub fn enclosed_dilation(dilate_px: u32) -> u32 {
    (dilate_px / 4).max(2)
}

/// How far the hole grows around a removed subject: 1.2 % of the longer
/// side, at least 4 px.
pub fn dilation_for(w: u32, h: u32) -> u32 {
    ((w.max(h) as f32 * 0.012).round() as u32).max(4)
}

/// Removes the subject marked by `mask` from `scene`: returns the filled
/// scene and the hole that was filled. `None` when the mask holds no
/// subject.
pub fn remove_subject(scene: &RgbImage, mask: &GrayImage) -> Option<(RgbImage, GrayImage)> {
    let (w, h) = scene.dimensions();
    if mask.dimensions() != (w, h) || !mask.as_raw().iter().any(|&v| v >= SUBJECT_THRESHOLD) {
        return None;
    }
    let hole = subject_hole(mask, dilation_for(w, h));
    Some((inpaint(scene, &hole), hole))
}

/// Bounding box `(x0, y0, x1, y1)` (exclusive ends) of mask pixels ≥ `t`.
pub fn mask_bbox(mask: &GrayImage, t: u8) -> Option<(u32, u32, u32, u32)> {
    let (w, _) = mask.dimensions();
    let mut b: Option<(u32, u32, u32, u32)> = None;
    for (i, &v) in mask.as_raw().iter().enumerate() {
        if v >= t {
            let (x, y) = (i as u32 % w, i as u32 / w);
            b = Some(match b {
                None => (x, y, x + 1, y + 1),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)),
            });
        }
    }
    b
}

/// Where the product goes when it replaces a removed subject: centred on
/// the subject's box, standing on its base, as large as the box.
pub fn placement_from_subject(mask: &GrayImage) -> Option<Placement> {
    let (w, h) = mask.dimensions();
    let (x0, y0, x1, y1) = mask_bbox(mask, 128)?;
    let (fw, fh) = (w as f32, h as f32);
    Some(Placement {
        centre_x: (x0 + x1) as f32 / 2.0 / fw,
        ground_y: y1 as f32 / fh,
        size: ((x1 - x0) as f32 / fw).max((y1 - y0) as f32 / fh).clamp(0.2, 0.9),
    })
}

/// Where the product goes in a scene whose subject stays: centred, on the
/// lower part of the frame (a table top or floor in most product scenes).
pub const DEFAULT_PLACEMENT: Placement = Placement { centre_x: 0.5, ground_y: 0.86, size: BASE_FILL };

/// Variant `n` of a placement: `genNum` results differ in where the
/// product stands and how large it is, not by noise. Variant 0 is `base`.
pub fn variant_placement(base: Placement, variant: u32) -> Placement {
    const SHIFTS: [(f32, f32); 4] = [(0.0, 1.0), (-0.14, 0.9), (0.14, 0.9), (0.0, 1.12)];
    let (dx, ds) = SHIFTS[variant as usize % SHIFTS.len()];
    Placement {
        centre_x: (base.centre_x + dx).clamp(0.15, 0.85),
        ground_y: base.ground_y,
        size: (base.size * ds).clamp(0.15, 0.92),
    }
}

/// Which side the scene is lit from, -1 (left) .. 1 (right): the
/// difference in mean luminance between the right and left thirds of the
/// upper two thirds of the frame, scaled. The cast shadow falls away from it.
pub fn light_direction(scene: &RgbImage) -> f32 {
    let (w, h) = scene.dimensions();
    if w < 3 || h < 3 {
        return 0.0;
    }
    let (mut left, mut right, mut n) = (0.0f64, 0.0f64, 0.0f64);
    for y in 0..h * 2 / 3 {
        for x in 0..w / 3 {
            let (l, r) = (scene.get_pixel(x, y), scene.get_pixel(w - 1 - x, y));
            left += luma(l);
            right += luma(r);
            n += 1.0;
        }
    }
    if n == 0.0 {
        return 0.0;
    }
    (((right - left) / n / 40.0) as f32).clamp(-1.0, 1.0)
}

fn luma(p: &image::Rgb<u8>) -> f64 {
    0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2])
}

/// Placement effects for a replicated scene: the cast shadow falls away
/// from the scene's light; a gentle light match to the scene.
pub fn scene_effects(scene: &RgbImage) -> Effects {
    let light_x = light_direction(scene);
    let light_x = if light_x.abs() < 0.1 { -0.4 } else { light_x };
    Effects {
        shadow: Some(Shadow { light_x, length: 0.3, opacity: 0.32, contact: 0.55 }),
        reflection: None,
        light_match: 0.5,
    }
}

/// The template a style-imitation variant starts from (its base
/// background, restyled towards the reference), and where its ground is.
/// Textured templates first: the style network turns the 8-bit banding of
/// a smooth studio sweep into rings, while grain and veins take a style well.
pub fn style_base(variant: u32) -> (&'static str, f32) {
    const ORDER: [&str; 4] = ["wood-table", "marble-counter", "concrete", "marble"];
    let id = ORDER[variant as usize % ORDER.len()];
    let ground = TEMPLATES.iter().find(|t| t.id == id).map_or(0.84, |t| f32::from(t.ground_permille) / 1000.0);
    (id, ground)
}

/// The base background of style-imitation variant `variant` at `w`×`h`,
/// with a faint deterministic dither (±3) so smooth areas carry no banding
/// for the style network to amplify; and its ground line.
pub fn style_base_image(variant: u32, w: u32, h: u32) -> Option<(RgbImage, f32)> {
    let (id, ground) = style_base(variant);
    let mut img = crate::compose::render_template(id, w, h, variant)?;
    for (i, p) in img.as_mut().chunks_exact_mut(3).enumerate() {
        let mut z = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(variant);
        z = (z ^ (z >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        let d = ((z >> 40) % 7) as i16 - 3;
        for c in p.iter_mut() {
            *c = (i16::from(*c) + d).clamp(0, 255) as u8;
        }
    }
    Some((img, ground))
}

/// `img` with its colours moved part of the way (`t`, 0..1) towards
/// `reference`'s palette: each channel's mean and spread matched to the
/// reference's (spread ratio bounded to 0.5..2 so a flat reference does not
/// flatten the texture, nor a busy one amplify noise). `t` = 0 returns `img`.
pub fn palette_toward(img: &RgbImage, reference: &RgbImage, t: f32) -> RgbImage {
    let t = t.clamp(0.0, 1.0);
    if t == 0.0 {
        return img.clone();
    }
    let (mi, si) = channel_stats(img);
    let (mr, sr) = channel_stats(reference);
    let gain = [0, 1, 2].map(|c| (sr[c] / si[c].max(1.0)).clamp(0.5, 2.0));
    let mut out = img.clone();
    for p in out.pixels_mut() {
        for c in 0..3 {
            let v = f32::from(p[c]);
            let matched = (v - mi[c]) * gain[c] + mr[c];
            p[c] = (v + (matched - v) * t).round().clamp(0.0, 255.0) as u8;
        }
    }
    out
}

/// Per-channel mean and standard deviation, on at most ~65k sampled pixels.
fn channel_stats(img: &RgbImage) -> ([f32; 3], [f32; 3]) {
    let n = (img.width() as usize * img.height() as usize).max(1);
    let step = (n / 65_536).max(1);
    let (mut sum, mut sq, mut count) = ([0f64; 3], [0f64; 3], 0f64);
    for p in img.pixels().step_by(step) {
        for c in 0..3 {
            let v = f64::from(p[c]);
            sum[c] += v;
            sq[c] += v * v;
        }
        count += 1.0;
    }
    let count = count.max(1.0);
    let mean = sum.map(|s| s / count);
    let std = [0, 1, 2].map(|c| (sq[c] / count - mean[c] * mean[c]).max(0.0).sqrt() as f32);
    (mean.map(|m| m as f32), std)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn hole_is_the_mask_dilated() {
        let mut m = GrayImage::new(40, 30);
        m.put_pixel(20, 15, Luma([200]));
        let hole = subject_hole(&m, 3);
        let on = hole.as_raw().iter().filter(|&&v| v == 255).count();
        assert_eq!(on, 49);
        assert_eq!(hole.get_pixel(17, 12)[0], 255);
        assert_eq!(hole.get_pixel(16, 15)[0], 0);
    }

    /// A mug handle: a ring whose inside shows the scene. Only a thin rim of
    /// the inside is refilled; its centre keeps the scene's own pixels.
    #[test]
    fn background_seen_through_the_subject_is_kept() {
        let (w, h) = (120u32, 90u32);
        let ring = |x: u32, y: u32| {
            let d = ((x as f32 - 60.0).powi(2) + (y as f32 - 45.0).powi(2)).sqrt();
            (20.0..27.0).contains(&d)
        };
        let mask = GrayImage::from_fn(w, h, |x, y| Luma([if ring(x, y) { 255 } else { 0 }]));
        let scene = RgbImage::from_fn(w, h, |x, y| {
            if ring(x, y) {
                image::Rgb([230, 230, 230])
            } else {
                image::Rgb([(x * 2) as u8, (y * 2) as u8, 90])
            }
        });
        let r = dilation_for(w, h);
        let hole = subject_hole(&mask, r);
        // Outside the ring the hole reaches `r` px; inside only the rim.
        assert_eq!(hole.get_pixel(60 + 27 + r - 1, 45)[0], 255);
        assert_eq!(hole.get_pixel(60 + 20 - enclosed_dilation(r) - 2, 45)[0], 0);
        assert_eq!(hole.get_pixel(60, 45)[0], 0);
        let (filled, _) = remove_subject(&scene, &mask).unwrap();
        for (x, y) in [(60, 45), (50, 40), (70, 52)] {
            assert_eq!(filled.get_pixel(x, y), scene.get_pixel(x, y), "({x}, {y}) was repainted");
        }
        // The ring itself is gone (no light grey left where it stood).
        assert_ne!(filled.get_pixel(60 + 23, 45), &image::Rgb([230, 230, 230]));
    }

    #[test]
    fn product_stands_where_the_subject_stood() {
        let mut m = GrayImage::new(100, 100);
        for y in 30..80 {
            for x in 60..80 {
                m.put_pixel(x, y, Luma([255]));
            }
        }
        let p = placement_from_subject(&m).unwrap();
        assert!(
            (p.centre_x - 0.7).abs() < 1e-3 && (p.ground_y - 0.8).abs() < 1e-3 && (p.size - 0.5).abs() < 1e-3,
            "{p:?}"
        );
        assert_eq!(variant_placement(p, 0), p);
        assert_ne!(variant_placement(p, 1), p);
    }

    #[test]
    fn palette_moves_with_t_towards_the_reference() {
        let img = RgbImage::from_fn(64, 64, |x, y| image::Rgb([100 + (x % 20) as u8, 100 + (y % 20) as u8, 100]));
        let reference = RgbImage::from_fn(64, 64, |x, _| image::Rgb([200 + (x % 10) as u8, 40, 40]));
        assert_eq!(palette_toward(&img, &reference, 0.0), img);
        let mean_r = |i: &RgbImage| i.pixels().map(|p| f64::from(p[0])).sum::<f64>() / 4096.0;
        let (half, full) = (palette_toward(&img, &reference, 0.5), palette_toward(&img, &reference, 1.0));
        assert!(mean_r(&img) < mean_r(&half) && mean_r(&half) < mean_r(&full), "red rises with t");
        assert!((mean_r(&full) - mean_r(&reference)).abs() < 2.0, "{}", mean_r(&full));
        // The texture survives: a matched flat-ish reference keeps variation.
        assert!(full.pixels().map(|p| p[1]).collect::<std::collections::BTreeSet<_>>().len() > 5);
    }

    #[test]
    fn light_from_the_brighter_side() {
        let img = RgbImage::from_fn(90, 60, |x, _| image::Rgb([(x * 2) as u8 + 40; 3]));
        assert!(light_direction(&img) > 0.5);
        let flipped = image::imageops::flip_horizontal(&img);
        assert!(light_direction(&flipped) < -0.5);
    }
}
