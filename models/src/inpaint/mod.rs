//! Classical inpainting: fill a hole in a photo from the rest of the photo.
//!
//! No inpainting network can be obtained here (see docs/MODELS.md), so this is
//! multi-scale patch-based completion in the manner of Wexler, Shechtman
//! and Irani (2007) with PatchMatch (Barnes et al. 2009) as the
//! nearest-neighbour search:
//!
//! 1. Build a pyramid (2×2 averages of known pixels only; a coarse pixel
//!    is a hole when any child is).
//! 2. At the coarsest level (about 32 px) fill the hole by exemplar copies
//!    in Criminisi priority order, which carries straight structures (a
//!    table edge, a skirting board) across the hole.
//! 3. At each level, alternate PatchMatch (every patch touching the hole
//!    finds its most similar fully-known patch) and voting (each hole pixel
//!    becomes the similarity-weighted average of the overlapping matches).
//! 4. Move to the next finer level: upsample the estimate and the matches
//!    and continue, so structures such as a table edge found at coarse
//!    scale are refined with real texture at fine scale.
//!
//! Everything runs on the CPU in parallel row bands (deterministic for a
//! given seed, whatever the thread count). `hole`: 255 (≥ 128) = fill.
//! See `scripts/bench inpaint` for timings at 1024 px.

mod bands;
mod buf;
mod criminisi;
mod patchmatch;
mod smooth_fill;
mod vote;

use image::{GrayImage, RgbImage};

use buf::{downsample, upsample_hole, Img};
use patchmatch::{Geometry, Match};

/// Tuning of [`inpaint_with`]; [`Default`] suits photos up to ~2K.
#[derive(Clone, Debug)]
pub struct InpaintOptions {
    /// Patch half-size: patches are (2r+1)² pixels.
    pub patch_radius: usize,
    /// Stop building the pyramid when the shorter side would drop below this.
    pub min_level_side: usize,
    /// Completion iterations (search + vote) at the coarsest level; fewer
    /// on finer levels, down to `fine_iterations`.
    pub coarse_iterations: usize,
    /// Completion iterations at the finest level.
    pub fine_iterations: usize,
    /// PatchMatch passes per completion iteration.
    pub search_passes: usize,
    /// Seed of the random search.
    pub seed: u64,
    /// Worker threads; 0 = all available cores.
    pub threads: usize,
}

impl Default for InpaintOptions {
    fn default() -> Self {
        Self {
            patch_radius: 3,
            min_level_side: 24,
            coarse_iterations: 8,
            fine_iterations: 2,
            search_passes: 2,
            seed: 0x5eed,
            threads: 0,
        }
    }
}

/// Fills the pixels of `image` where `hole` is ≥ 128 (255 = fill) from the
/// rest of the image; other pixels are returned unchanged. A `hole` of a
/// different size is read where it overlaps the image (outside = keep).
pub fn inpaint(image: &RgbImage, hole: &GrayImage) -> RgbImage {
    inpaint_with(image, hole, &InpaintOptions::default())
}

/// [`inpaint`] with explicit options.
pub fn inpaint_with(image: &RgbImage, hole: &GrayImage, opts: &InpaintOptions) -> RgbImage {
    let (w, h) = image.dimensions();
    let mask: Vec<bool> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| hole.get_pixel_checked(x, y).is_some_and(|p| p[0] >= 128))
        .collect();
    if !mask.iter().any(|&m| m) || mask.iter().all(|&m| m) {
        return image.clone();
    }
    let threads =
        if opts.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { opts.threads };
    let r = opts.patch_radius.max(1);

    // Level 0 is the finest.
    let mut levels: Vec<(Img, Vec<bool>)> = vec![(Img::from_rgb(image), mask)];
    while let Some((img, hole)) = levels.last() {
        if img.w.min(img.h) / 2 < opts.min_level_side.max(2 * r + 2) {
            break;
        }
        let next = downsample(img, hole);
        if !next.1.iter().any(|&m| !m) {
            break;
        }
        levels.push(next);
    }

    let n = levels.len();
    let mut prev: Option<(Img, Vec<Match>)> = None;
    for level in (0..n).rev() {
        let (base, hole) = &levels[level];
        let geo = Geometry::new(base.w, base.h, hole, r);
        let mut est = base.clone();
        let level_seed = opts.seed.wrapping_mul(1_000_003).wrapping_add(level as u64 * 7919);
        if !geo.has_sources() {
            // The image is too small for a single patch: a smooth fill is all we can do.
            smooth_fill::smooth_fill(&mut est, hole, 200);
            prev = Some((est, vec![Match { src: patchmatch::NONE, dist: 0.0 }; base.w * base.h]));
            continue;
        }
        let mut field = match prev.take() {
            None => {
                criminisi::exemplar_fill(&mut est, hole, &geo);
                geo.random_field(&est, level_seed)
            }
            Some((coarse, coarse_field)) => {
                upsample_hole(&coarse, &mut est, hole);
                geo.upsample_field(&est, &coarse_field, coarse.w, coarse.h, level_seed)
            }
        };
        let iterations = iterations_at(level, n, opts);
        for it in 0..iterations {
            for pass in 0..opts.search_passes.max(1) {
                let seed = level_seed.wrapping_add((it * 16 + pass) as u64 * 104_729);
                geo.search(&est, &mut field, pass % 2 == 0, seed, threads);
            }
            // Sharper weights on the finest level keep texture crisp.
            let sharpness = if level == 0 { 8.0 } else { 2.0 };
            est = vote::vote(&geo, &est, hole, &field, sharpness, threads);
            if it + 1 < iterations {
                geo.rescore(&est, &mut field);
            }
        }
        prev = Some((est, field));
    }

    let mut out = image.clone();
    if let Some((est, _)) = prev {
        let hole = &levels[0].1;
        for (i, (px, m)) in out.as_mut().chunks_exact_mut(3).zip(hole).enumerate() {
            if *m {
                let p = est.px[i];
                for k in 0..3 {
                    px[k] = p[k].round().clamp(0.0, 255.0) as u8;
                }
            }
        }
    }
    out
}

/// Linear from `coarse_iterations` at the coarsest level to
/// `fine_iterations` at the finest.
fn iterations_at(level: usize, levels: usize, opts: &InpaintOptions) -> usize {
    if levels <= 1 {
        return opts.coarse_iterations.max(opts.fine_iterations).max(1);
    }
    let t = level as f32 / (levels - 1) as f32;
    let it = opts.fine_iterations as f32 + (opts.coarse_iterations as f32 - opts.fine_iterations as f32) * t;
    (it.round() as usize).max(1)
}
