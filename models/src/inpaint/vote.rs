//! Reconstruction step of the completion (Wexler et al. 2007): every hole
//! pixel becomes the weighted average of what the overlapping target
//! patches' matches say it should be. Weights favour good matches.

use super::bands::for_bands;
use super::buf::Img;
use super::patchmatch::{Geometry, Match, NONE};

/// Returns the new estimate: known pixels unchanged, hole pixels voted.
/// `sharpness` scales down the weight bandwidth (1.0 = the median
/// per-pixel match error; larger = prefer the best matches more, less blur).
pub(crate) fn vote(geo: &Geometry, img: &Img, hole: &[bool], field: &[Match], sharpness: f32, threads: usize) -> Img {
    let (w, h, r) = (geo.w, geo.h, geo.r as isize);
    let weights = match_weights(geo, field, sharpness);
    let mut out = img.clone();
    for_bands(&mut out.px, w, h, threads, |_, y0, y1, rows| {
        for y in y0..y1 {
            for x in 0..w {
                let i = y * w + x;
                if !hole[i] {
                    continue;
                }
                let mut acc = [0.0f32; 3];
                let mut wsum = 0.0f32;
                for dy in -r..=r {
                    let ty = y as isize - dy;
                    if ty < 0 || ty >= h as isize {
                        continue;
                    }
                    for dx in -r..=r {
                        let tx = x as isize - dx;
                        if tx < 0 || tx >= w as isize {
                            continue;
                        }
                        let t = ty as usize * w + tx as usize;
                        let m = field[t];
                        if m.src == NONE {
                            continue;
                        }
                        let s = m.src as usize;
                        let (sx, sy) = ((s % w) as isize + dx, (s / w) as isize + dy);
                        let p = img.px[sy as usize * w + sx as usize];
                        let wt = weights[t];
                        acc = [acc[0] + wt * p[0], acc[1] + wt * p[1], acc[2] + wt * p[2]];
                        wsum += wt;
                    }
                }
                if wsum > 0.0 {
                    rows[(y - y0) * w + x] = [acc[0] / wsum, acc[1] / wsum, acc[2] / wsum];
                }
            }
        }
    });
    out
}

/// Per-target weight exp(-e / (2 σ²)), e the mean squared error per pixel
/// and channel, σ² the median of e over all targets (scaled by
/// `sharpness`). A floor keeps far-from-everything patches from vanishing
/// entirely.
fn match_weights(geo: &Geometry, field: &[Match], sharpness: f32) -> Vec<f32> {
    let w = geo.w;
    let mut errs: Vec<f32> = Vec::new();
    let per_pixel: Vec<f32> = field
        .iter()
        .enumerate()
        .map(|(i, m)| {
            if m.src == NONE {
                0.0
            } else {
                let e = m.dist / (3 * geo.patch_area(i % w, i / w)) as f32;
                errs.push(e);
                e
            }
        })
        .collect();
    let sigma2 = if errs.is_empty() {
        1.0
    } else {
        let mid = errs.len() / 2;
        let (_, m, _) = errs.select_nth_unstable_by(mid, f32::total_cmp);
        (*m / sharpness.max(1e-3)).max(1.0)
    };
    per_pixel
        .iter()
        .zip(field)
        .map(|(&e, m)| if m.src == NONE { 0.0 } else { (-e / (2.0 * sigma2)).exp().max(1e-6) })
        .collect()
}
