//! Two networks, one mask. ISNet draws the sharpest edges and keeps holes
//! (a ring, a mug handle) and thin parts (a chain), but on some busy
//! textures — brick above all — it takes whole areas of the background for
//! the subject. U²-Net is steady on those textures but fills holes and drops
//! thin parts. So ISNet's mask is kept except where it claims a thick area
//! that U²-Net is sure is background: thin claims (a chain, an edge sliver)
//! are ISNet's detail and stay; thick ones are texture and go. And a thick
//! area U²-Net is sure of, lying in the open background, is added (a small
//! product ISNet lost). Measured on the evaluation set (docs/MODELS.md,
//! `scripts/bench cutout-eval`).

use image::GrayImage;

/// U²-Net values below this are "sure background".
const GUARD_BACKGROUND: u8 = 64;
/// U²-Net values at or above this are "sure subject".
const GUARD_FOREGROUND: u8 = 192;
/// ISNet values at or above this are foreground claims.
const CLAIM: u8 = 128;
/// A claim thicker than twice this (at a 1024 px long side, scaled) is an
/// area, not a detail.
const THICK_AT_1024: f32 = 6.0;
/// Claims covering more than this share of ISNet's foreground are texture
/// even when every part of them is thin.
const TEXTURE_SHARE: f64 = 0.2;
/// Foreground islands smaller than this share of the largest one are
/// specks of background texture, not parts of the product.
const SPECK_SHARE: f64 = 0.002;

/// Fuses ISNet's mask (`primary`) with U²-Net's (`guard`), both at the
/// photo's resolution, then drops specks.
pub fn fuse(primary: &GrayImage, guard: &GrayImage) -> GrayImage {
    let (w, h) = primary.dimensions();
    if guard.dimensions() != (w, h) {
        return primary.clone();
    }
    let (wu, hu) = (w as usize, h as usize);
    let claims: Vec<bool> =
        primary.as_raw().iter().zip(guard.as_raw()).map(|(&p, &g)| p >= CLAIM && g < GUARD_BACKGROUND).collect();
    let scale = w.max(h) as f32 / 1024.0;
    let radius = ((THICK_AT_1024 * scale).round() as usize).max(1);
    let thick = erode_square(&claims, wu, hu, radius);
    let (labels, count) = label_components(&claims, wu, hu);
    let foreground = primary.as_raw().iter().filter(|&&p| p >= CLAIM).count() as f64;
    let mut area = vec![0usize; count];
    let mut texture = vec![false; count];
    for (i, &l) in labels.iter().enumerate() {
        if l == 0 {
            continue;
        }
        let c = l as usize - 1;
        area[c] += 1;
        let (x, y) = (i % wu, i / wu);
        // Thick, or running out of the frame: background, not a detail.
        texture[c] |= thick[i] || x == 0 || y == 0 || x + 1 == wu || y + 1 == hu;
    }
    for (c, t) in texture.iter_mut().enumerate() {
        // A network of thin claims (mortar lines) as big as a fifth of the
        // subject is texture too.
        *t |= area[c] as f64 > TEXTURE_SHARE * foreground;
    }
    let removed: Vec<bool> = labels.iter().map(|&l| l > 0 && texture[l as usize - 1]).collect();
    // With its soft rim: ISNet's values just under 50 % around a removed
    // claim would stay as a grey ghost of the texture.
    let removed = crate::mask::dilate_square(&removed, wu, hu, ((3.0 * scale).round() as usize).max(1));
    let mut out = primary.clone();
    for ((v, &r), &g) in out.iter_mut().zip(&removed).zip(guard.as_raw()) {
        if r {
            *v = (*v).min(g);
        }
    }
    add_missed_subjects(&mut out, guard, radius);
    drop_specks(&mut out);
    out
}

/// The other way round: U²-Net sure of a thick area ISNet left out. Taken
/// when it lies in the open background (a small product ISNet lost on a
/// busy texture), not when it fills a hole of ISNet's subject (a ring's
/// middle, a mug handle's gap: U²-Net fills those).
fn add_missed_subjects(mask: &mut GrayImage, guard: &GrayImage, radius: usize) {
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    let missed: Vec<bool> =
        mask.as_raw().iter().zip(guard.as_raw()).map(|(&m, &g)| m < CLAIM && g >= GUARD_FOREGROUND).collect();
    let thick = erode_square(&missed, w, h, radius);
    if !thick.iter().any(|&t| t) {
        return;
    }
    // Background regions of the mask; those touching the frame are open.
    let background: Vec<bool> = mask.as_raw().iter().map(|&m| m < CLAIM).collect();
    let (regions, count) = label_components(&background, w, h);
    let mut open = vec![false; count];
    for (i, &r) in regions.iter().enumerate() {
        let (x, y) = (i % w, i / w);
        if r > 0 && (x == 0 || y == 0 || x + 1 == w || y + 1 == h) {
            open[r as usize - 1] = true;
        }
    }
    let (labels, n) = label_components(&missed, w, h);
    let mut take = vec![false; n];
    for (i, &l) in labels.iter().enumerate() {
        if l > 0 && thick[i] && regions[i] > 0 && open[regions[i] as usize - 1] {
            take[l as usize - 1] = true;
        }
    }
    for (i, v) in mask.iter_mut().enumerate() {
        let l = labels[i];
        if l > 0 && take[l as usize - 1] {
            *v = (*v).max(guard.as_raw()[i]);
        }
    }
}

/// Removes foreground islands (at 50 %) much smaller than the largest one.
fn drop_specks(mask: &mut GrayImage) {
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    let on: Vec<bool> = mask.as_raw().iter().map(|&v| v >= CLAIM).collect();
    let (labels, count) = label_components(&on, w, h);
    if count < 2 {
        return;
    }
    let mut area = vec![0usize; count];
    for &l in &labels {
        if l > 0 {
            area[l as usize - 1] += 1;
        }
    }
    let largest = area.iter().copied().max().unwrap_or(0) as f64;
    let small: Vec<bool> = area.iter().map(|&a| (a as f64) < largest * SPECK_SHARE).collect();
    // A speck goes with its soft rim: clear every pixel of the dilated speck
    // that is not above 50 % in another island.
    let speck: Vec<bool> = labels.iter().map(|&l| l > 0 && small[l as usize - 1]).collect();
    let rim = crate::mask::dilate_square(&speck, w, h, 2);
    for (i, v) in mask.iter_mut().enumerate() {
        if rim[i] && (speck[i] || *v < CLAIM) {
            *v = 0;
        }
    }
}

/// Pixels whose whole (2r+1)² square lies in `on` (outside the image counts
/// as off): the complement of growing the off pixels.
fn erode_square(on: &[bool], w: usize, h: usize, r: usize) -> Vec<bool> {
    let off: Vec<bool> = on.iter().map(|&v| !v).collect();
    let grown = crate::mask::dilate_square(&off, w, h, r);
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            !grown[i] && x >= r && y >= r && x + r < w && y + r < h
        })
        .collect()
}

/// 4-connected components of `on`: a label per pixel (0 = off, 1..=count).
fn label_components(on: &[bool], w: usize, h: usize) -> (Vec<u32>, usize) {
    let mut labels = vec![0u32; w * h];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !on[start] || labels[start] != 0 {
            continue;
        }
        count += 1;
        labels[start] = count;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            let mut visit = |j: usize| {
                if on[j] && labels[j] == 0 {
                    labels[j] = count;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
    }
    (labels, count as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    fn disc(w: u32, h: u32, cx: f32, cy: f32, r: f32, inner: f32) -> GrayImage {
        GrayImage::from_fn(w, h, |x, y| {
            let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            Luma([if d <= r && d >= inner { 255 } else { 0 }])
        })
    }

    #[test]
    fn a_thick_texture_claim_goes_and_a_ring_keeps_its_hole() {
        let (w, h) = (400, 300);
        // ISNet: a ring (hole kept) plus a thick false block of "brick".
        let mut isnet = disc(w, h, 150.0, 150.0, 80.0, 50.0);
        for y in 20..120 {
            for x in 280..390 {
                isnet.put_pixel(x, y, Luma([240]));
            }
        }
        // U²-Net: the ring filled in, no block.
        let u2net = disc(w, h, 150.0, 150.0, 80.0, 0.0);
        let fused = fuse(&isnet, &u2net);
        assert_eq!(fused.get_pixel(330, 70)[0], 0, "the block of texture is gone");
        assert_eq!(fused.get_pixel(150, 150)[0], 0, "the ring's hole stays a hole");
        assert_eq!(fused.get_pixel(150, 80)[0], 255, "the ring stays");
    }

    #[test]
    fn a_thin_detail_only_isnet_sees_is_kept() {
        let (w, h) = (400, 300);
        let mut isnet = disc(w, h, 150.0, 150.0, 60.0, 0.0);
        // A 3 px chain from the subject to the corner.
        for x in 210..390 {
            for y in 148..151 {
                isnet.put_pixel(x, y, Luma([255]));
            }
        }
        let u2net = disc(w, h, 150.0, 150.0, 60.0, 0.0);
        let fused = fuse(&isnet, &u2net);
        assert_eq!(fused.get_pixel(300, 149)[0], 255);
    }

    #[test]
    fn a_subject_only_u2net_finds_is_added_but_a_hole_is_not_filled() {
        let (w, h) = (400, 300);
        // ISNet: a ring and nothing where a small product stands.
        let isnet = disc(w, h, 150.0, 150.0, 80.0, 50.0);
        // U²-Net: the ring filled in, and the small product.
        let mut u2net = disc(w, h, 150.0, 150.0, 80.0, 0.0);
        for y in 200..260 {
            for x in 320..360 {
                u2net.put_pixel(x, y, Luma([250]));
            }
        }
        let fused = fuse(&isnet, &u2net);
        assert_eq!(fused.get_pixel(340, 230)[0], 250, "the small product is added");
        assert_eq!(fused.get_pixel(150, 150)[0], 0, "the ring's hole stays a hole");
    }

    #[test]
    fn specks_far_smaller_than_the_subject_are_dropped() {
        let (w, h) = (400, 300);
        let mut mask = disc(w, h, 150.0, 150.0, 80.0, 0.0);
        mask.put_pixel(350, 40, Luma([255]));
        mask.put_pixel(351, 40, Luma([200]));
        let fused = fuse(&mask, &mask);
        assert_eq!(fused.get_pixel(350, 40)[0], 0);
        assert_eq!(fused.get_pixel(150, 150)[0], 255);
    }

    #[test]
    fn components_are_counted() {
        let on = [true, false, true, true, false, false, false, true, true];
        let (labels, count) = label_components(&on, 3, 3);
        assert_eq!(count, 3);
        assert_eq!(labels[0], labels[3]);
        assert_eq!(labels[7], labels[8]);
        assert_ne!(labels[0], labels[2]);
        assert_eq!((labels[1], labels[4]), (0, 0));
    }
}
