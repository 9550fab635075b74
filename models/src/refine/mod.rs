//! Interactive cutout refinement: "click to keep" / "click to remove",
//! GrabCut-style. The clicks are hard seeds; each pixel's cost of being
//! foreground or background mixes colour models (Gaussian mixtures fitted
//! to the current foreground and background) with the segmentation model's
//! probability map, the map's weight fading near the clicks (there the user
//! is overriding it, so colour decides); a contrast-sensitive smoothness
//! term keeps edges on image edges. A min cut (`maxflow`) gives the labels.
//!
//! It runs at a working resolution (long side [`RefineOptions::work_side`])
//! and maps back: where the cut agrees with the old mask the old soft alpha
//! is kept, so only the region the click changed is re-drawn.

mod gmm;
mod maxflow;

use image::imageops::{self, FilterType};
use image::{GrayImage, Luma, RgbImage};

use crate::ModelError;

pub use gmm::Gmm;
pub use maxflow::GridCut;

/// One click, in the full image's pixel coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Click {
    pub x: u32,
    pub y: u32,
    /// `true`: keep (foreground); `false`: remove (background).
    pub keep: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RefineOptions {
    /// Long side of the working resolution.
    pub work_side: u32,
    /// Seed disk radius as a share of the working long side.
    pub click_radius: f32,
    /// How far (share of the long side) a click overrides the model's map.
    pub click_reach: f32,
    /// GMM components per side.
    pub components: usize,
    /// Re-fit colour models and cut again this many times.
    pub iterations: usize,
    /// Weight of the smoothness term (GrabCut's γ).
    pub smoothness: f64,
    /// Weight of the model's probability map far from clicks.
    pub prior_weight: f64,
}

impl Default for RefineOptions {
    fn default() -> Self {
        RefineOptions {
            work_side: 512,
            click_radius: 0.012,
            click_reach: 0.25,
            components: 5,
            iterations: 2,
            smoothness: 50.0,
            prior_weight: 6.0,
        }
    }
}

/// Fixed-point scale of the cut's integer capacities.
const SCALE: f64 = 64.0;
const HARD: i32 = 1 << 22;

/// Refines `mask` (the current alpha, 255 = keep) of `rgb` with `clicks`.
/// Returns the new mask at the image's resolution.
pub fn refine_mask(
    rgb: &RgbImage,
    mask: &GrayImage,
    clicks: &[Click],
    opts: &RefineOptions,
) -> Result<GrayImage, ModelError> {
    let (w, h) = rgb.dimensions();
    if w == 0 || h == 0 || mask.dimensions() != (w, h) {
        return Err(ModelError::InvalidImage(format!("image {w}x{h}, mask {:?}", mask.dimensions())));
    }
    let scale = (f64::from(opts.work_side.max(16)) / f64::from(w.max(h))).min(1.0);
    let (ww, wh) = (((f64::from(w) * scale).round() as u32).max(1), ((f64::from(h) * scale).round() as u32).max(1));
    let small = if (ww, wh) == (w, h) { rgb.clone() } else { imageops::resize(rgb, ww, wh, FilterType::Triangle) };
    let prob = if (ww, wh) == (w, h) { mask.clone() } else { imageops::resize(mask, ww, wh, FilterType::Triangle) };
    let (wu, hu) = (ww as usize, wh as usize);
    let n = wu * hu;
    let long = f64::from(ww.max(wh));

    // Seeds and the map's weight near the clicks.
    let mut seed: Vec<Option<bool>> = vec![None; n];
    let mut prior_w = vec![opts.prior_weight; n];
    // Within a click's reach the old label is in doubt: the first colour
    // models leave those pixels out (a "keep" click on a region the map
    // called background must not have that region teach the background).
    let mut near_keep = vec![false; n];
    let mut near_remove = vec![false; n];
    let r = (f64::from(opts.click_radius) * long).max(2.0);
    let reach = (f64::from(opts.click_reach) * long).max(r);
    let clicks_small: Vec<(f64, f64, bool)> =
        clicks.iter().map(|c| (f64::from(c.x) * scale, f64::from(c.y) * scale, c.keep)).collect();
    for y in 0..hu {
        for x in 0..wu {
            let i = y * wu + x;
            for &(cx, cy, keep) in &clicks_small {
                let d2 = (x as f64 - cx).powi(2) + (y as f64 - cy).powi(2);
                if d2 <= r * r {
                    seed[i] = Some(keep);
                }
                prior_w[i] *= 1.0 - (-d2 / (2.0 * reach * reach)).exp();
                if d2 < reach * reach {
                    if keep {
                        near_keep[i] = true;
                    } else {
                        near_remove[i] = true;
                    }
                }
            }
        }
    }

    let colours: Vec<[f32; 3]> = small.pixels().map(|p| [f32::from(p[0]), f32::from(p[1]), f32::from(p[2])]).collect();
    let p_fg: Vec<f64> = prob.as_raw().iter().map(|&v| (f64::from(v) / 255.0).clamp(0.02, 0.98)).collect();
    let mut labels: Vec<bool> = (0..n).map(|i| seed[i].unwrap_or(p_fg[i] >= 0.5)).collect();

    // Contrast-sensitive smoothness (right and down neighbours).
    let diff2 = |i: usize, j: usize| -> f64 { (0..3).map(|c| f64::from(colours[i][c] - colours[j][c]).powi(2)).sum() };
    let mut total = 0.0;
    let mut count = 0usize;
    for y in 0..hu {
        for x in 0..wu {
            let i = y * wu + x;
            if x + 1 < wu {
                total += diff2(i, i + 1);
                count += 1;
            }
            if y + 1 < hu {
                total += diff2(i, i + wu);
                count += 1;
            }
        }
    }
    let beta = if total > 0.0 { count as f64 / (2.0 * total) } else { 0.0 };
    let edge = |i: usize, j: usize| ((opts.smoothness * (-beta * diff2(i, j)).exp()) * SCALE).round() as i32;

    for round in 0..opts.iterations.max(1) {
        let trusted =
            |i: usize, fg: bool| seed[i].is_some() || round > 0 || !(if fg { near_remove[i] } else { near_keep[i] });
        let fg: Vec<[f32; 3]> = (0..n).filter(|&i| labels[i] && trusted(i, true)).map(|i| colours[i]).collect();
        let bg: Vec<[f32; 3]> = (0..n).filter(|&i| !labels[i] && trusted(i, false)).map(|i| colours[i]).collect();
        let (Some(gf), Some(gb)) = (Gmm::fit(&fg, opts.components), Gmm::fit(&bg, opts.components)) else {
            break; // all one label: nothing to separate
        };
        let mut g = GridCut::new(wu, hu);
        for i in 0..n {
            let (to_bg, to_fg) = match seed[i] {
                Some(true) => (HARD, 0),
                Some(false) => (0, HARD),
                None => {
                    let fg_cost = gf.neg_log_likelihood(colours[i]) - prior_w[i] * p_fg[i].ln();
                    let bg_cost = gb.neg_log_likelihood(colours[i]) - prior_w[i] * (1.0 - p_fg[i]).ln();
                    let m = fg_cost.min(bg_cost);
                    (((bg_cost - m).min(1e4) * SCALE) as i32, ((fg_cost - m).min(1e4) * SCALE) as i32)
                }
            };
            g.set_terminals(i, to_bg, to_fg);
            let (x, y) = (i % wu, i / wu);
            if x + 1 < wu {
                g.set_edge(i, 0, edge(i, i + 1));
            }
            if y + 1 < hu {
                g.set_edge(i, 1, edge(i, i + wu));
            }
        }
        labels = g.solve();
    }

    // Back to full resolution: keep the old soft alpha where the cut agrees
    // with it, take the (smoothly upsampled) cut where it changed.
    let cut_small =
        GrayImage::from_fn(ww, wh, |x, y| Luma([if labels[y as usize * wu + x as usize] { 255 } else { 0 }]));
    let cut = if (ww, wh) == (w, h) { cut_small } else { imageops::resize(&cut_small, w, h, FilterType::Triangle) };
    Ok(GrayImage::from_fn(w, h, |x, y| {
        let (old, new) = (mask.get_pixel(x, y)[0], cut.get_pixel(x, y)[0]);
        if (old >= 128) == (new >= 128) {
            Luma([old])
        } else {
            Luma([new])
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A red disc and a blue square on grey; the "model" mask covers only
    /// the disc, and wrongly a patch of the background.
    fn scene() -> (RgbImage, GrayImage) {
        let (w, h) = (300u32, 200u32);
        let rgb = RgbImage::from_fn(w, h, |x, y| {
            let disc = (x as i32 - 80).pow(2) + (y as i32 - 100).pow(2) < 50 * 50;
            let square = (180..260).contains(&x) && (60..140).contains(&y);
            let n = ((x * 7 + y * 13) % 9) as u8;
            if disc {
                image::Rgb([210 + n, 40, 40])
            } else if square {
                image::Rgb([40, 60, 200 + n])
            } else {
                image::Rgb([128 + n, 128 + n, 128 + n])
            }
        });
        let mask = GrayImage::from_fn(w, h, |x, y| {
            let disc = (x as i32 - 80).pow(2) + (y as i32 - 100).pow(2) < 50 * 50;
            let stray = (10..40).contains(&x) && (10..40).contains(&y);
            Luma([if disc || stray { 255 } else { 0 }])
        });
        (rgb, mask)
    }

    fn on(m: &GrayImage, x: u32, y: u32) -> bool {
        m.get_pixel(x, y)[0] >= 128
    }

    #[test]
    fn click_keep_adds_the_clicked_object() {
        let (rgb, mask) = scene();
        let out = refine_mask(&rgb, &mask, &[Click { x: 220, y: 100, keep: true }], &RefineOptions::default()).unwrap();
        // The whole blue square joins, not just the seed disk; the disc stays.
        for (x, y) in [(185, 65), (255, 135), (220, 100), (80, 100)] {
            assert!(on(&out, x, y), "({x},{y}) should be kept");
        }
        assert!(!on(&out, 150, 180) && !on(&out, 270, 30), "background stays out");
    }

    #[test]
    fn click_remove_drops_the_stray_patch_and_keeps_the_rest() {
        let (rgb, mask) = scene();
        let out = refine_mask(&rgb, &mask, &[Click { x: 25, y: 25, keep: false }], &RefineOptions::default()).unwrap();
        for (x, y) in [(12, 12), (38, 38), (25, 25)] {
            assert!(!on(&out, x, y), "({x},{y}) should be removed");
        }
        assert!(on(&out, 80, 100) && on(&out, 120, 100), "the disc stays");
        assert_eq!(out.dimensions(), mask.dimensions());
    }

    #[test]
    fn size_mismatch_is_an_error() {
        let (rgb, _) = scene();
        assert!(refine_mask(&rgb, &GrayImage::new(3, 3), &[], &RefineOptions::default()).is_err());
    }
}
