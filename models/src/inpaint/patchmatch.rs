//! Nearest-neighbour field between target patches (those touching the hole)
//! and source patches (fully known), found with PatchMatch (Barnes et al.
//! 2009): propagation from already-matched neighbours plus a random search
//! at halving radii.

use super::bands::{for_bands, Rng};
use super::buf::{Img, MaskSat};

/// No match: the pixel is not the centre of a target patch.
pub(crate) const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Match {
    /// Index of the source patch centre, or [`NONE`].
    pub src: u32,
    /// Sum of squared RGB differences over the (clipped) target patch.
    pub dist: f32,
}

/// Which patch centres may serve as sources and which need a match.
pub(crate) struct Geometry {
    pub w: usize,
    pub h: usize,
    pub r: usize,
    pub valid_src: Vec<bool>,
    pub src_list: Vec<u32>,
    pub is_target: Vec<bool>,
}

impl Geometry {
    /// Sources: centres at least `r` from the border whose patch holds no
    /// hole pixel. When the hole leaves no such patch (possible at coarse
    /// levels), fall back to any in-range centre that is itself known.
    pub fn new(w: usize, h: usize, hole: &[bool], r: usize) -> Self {
        let sat = MaskSat::new(w, h, hole);
        let mut valid_src = vec![false; w * h];
        let mut src_list = Vec::new();
        let in_range = |x: usize, y: usize| x >= r && y >= r && x + r < w && y + r < h;
        for y in 0..h {
            for x in 0..w {
                if in_range(x, y) && sat.count_box(x, y, r) == 0 {
                    valid_src[y * w + x] = true;
                    src_list.push((y * w + x) as u32);
                }
            }
        }
        if src_list.is_empty() {
            for y in 0..h {
                for x in 0..w {
                    if in_range(x, y) && !hole[y * w + x] {
                        valid_src[y * w + x] = true;
                        src_list.push((y * w + x) as u32);
                    }
                }
            }
        }
        let is_target = (0..w * h).map(|i| sat.count_box(i % w, i / w, r) > 0).collect();
        Self { w, h, r, valid_src, src_list, is_target }
    }

    pub fn has_sources(&self) -> bool {
        !self.src_list.is_empty()
    }

    /// Sum of squared differences between the patch at target `t` and the
    /// one at source `s` (both pixel coordinates), clipped to the image
    /// around `t`. Stops early once `bound` is exceeded.
    #[inline]
    pub fn dist(&self, img: &Img, t: (usize, usize), s: (usize, usize), bound: f32) -> f32 {
        let (w, h, r) = (self.w as isize, self.h as isize, self.r as isize);
        let (tx, ty) = (t.0 as isize, t.1 as isize);
        let (sx, sy) = (s.0 as isize, s.1 as isize);
        let dx0 = (-r).max(-tx);
        let dx1 = r.min(w - 1 - tx);
        let len = (dx1 - dx0 + 1) as usize;
        let mut d = 0.0f32;
        for dy in -r..=r {
            let yy = ty + dy;
            if yy < 0 || yy >= h {
                continue;
            }
            let ti = (yy * w + tx + dx0) as usize;
            let si = ((sy + dy) * w + sx + dx0) as usize;
            let (a, b) = (&img.px[ti..ti + len], &img.px[si..si + len]);
            for (p, q) in a.iter().zip(b) {
                let (e0, e1, e2) = (p[0] - q[0], p[1] - q[1], p[2] - q[2]);
                d += e0 * e0 + e1 * e1 + e2 * e2;
            }
            if d >= bound {
                return d;
            }
        }
        d
    }

    /// Number of pixels in the clipped patch at (x, y).
    pub fn patch_area(&self, x: usize, y: usize) -> usize {
        let r = self.r;
        let wx = (x + r).min(self.w - 1) - x.saturating_sub(r) + 1;
        let wy = (y + r).min(self.h - 1) - y.saturating_sub(r) + 1;
        wx * wy
    }

    fn random_src(&self, rng: &mut Rng) -> u32 {
        self.src_list[rng.below(self.src_list.len())]
    }

    /// A fresh field: every target gets a random source.
    pub fn random_field(&self, img: &Img, seed: u64) -> Vec<Match> {
        let mut rng = Rng::new(seed);
        let mut field = vec![Match { src: NONE, dist: f32::INFINITY }; self.w * self.h];
        for (i, m) in field.iter_mut().enumerate() {
            if self.is_target[i] {
                m.src = self.random_src(&mut rng);
            }
        }
        self.rescore(img, &mut field);
        field
    }

    /// Field for this level from the coarser level's field: each target
    /// inherits its parent's match, scaled by two, when that is a valid
    /// source here; else a random one.
    pub fn upsample_field(&self, img: &Img, coarse: &[Match], cw: usize, ch: usize, seed: u64) -> Vec<Match> {
        let mut rng = Rng::new(seed);
        let mut field = vec![Match { src: NONE, dist: f32::INFINITY }; self.w * self.h];
        for (i, m) in field.iter_mut().enumerate() {
            if !self.is_target[i] {
                continue;
            }
            let (x, y) = (i % self.w, i / self.w);
            let (cx, cy) = ((x / 2).min(cw - 1), (y / 2).min(ch - 1));
            let parent = coarse[cy * cw + cx].src;
            let mut src = NONE;
            if parent != NONE {
                let (px, py) = (parent as usize % cw, parent as usize / cw);
                let (sx, sy) = (2 * px + x % 2, 2 * py + y % 2);
                if sx < self.w && sy < self.h && self.valid_src[sy * self.w + sx] {
                    src = (sy * self.w + sx) as u32;
                }
            }
            m.src = if src == NONE { self.random_src(&mut rng) } else { src };
        }
        self.rescore(img, &mut field);
        field
    }

    /// Recomputes every target's distance against the current estimate.
    pub fn rescore(&self, img: &Img, field: &mut [Match]) {
        let w = self.w;
        for (i, m) in field.iter_mut().enumerate() {
            if m.src != NONE {
                let s = m.src as usize;
                m.dist = self.dist(img, (i % w, i / w), (s % w, s / w), f32::INFINITY);
            }
        }
    }

    /// One PatchMatch pass over all targets (forward scan when `forward`,
    /// else backward), in parallel row bands.
    pub fn search(&self, img: &Img, field: &mut [Match], forward: bool, seed: u64, threads: usize) {
        for_bands(field, self.w, self.h, threads, |band, y0, y1, rows| {
            let mut rng = Rng::new(seed.wrapping_mul(31).wrapping_add(band as u64));
            self.search_band(img, rows, y0, y1, forward, &mut rng);
        });
    }

    fn search_band(&self, img: &Img, rows: &mut [Match], y0: usize, y1: usize, forward: bool, rng: &mut Rng) {
        let (w, h, r) = (self.w, self.h, self.r);
        let step: isize = if forward { 1 } else { -1 };
        let max_radius = w.max(h);
        for yi in 0..(y1 - y0) {
            let y = if forward { y0 + yi } else { y1 - 1 - yi };
            for xi in 0..w {
                let x = if forward { xi } else { w - 1 - xi };
                let li = (y - y0) * w + x;
                let cur = rows[li];
                if cur.src == NONE {
                    continue;
                }
                let (mut best, mut bd) = (cur.src, cur.dist);
                let try_src = |cand: u32, best: &mut u32, bd: &mut f32| {
                    if cand == *best || !self.valid_src[cand as usize] {
                        return;
                    }
                    let c = cand as usize;
                    let d = self.dist(img, (x, y), (c % w, c / w), *bd);
                    if d < *bd {
                        *best = cand;
                        *bd = d;
                    }
                };
                // Propagation: the neighbour already visited in this scan
                // direction, shifted by one (coherent copies of regions).
                let nx = x as isize - step;
                if nx >= 0 && (nx as usize) < w {
                    let n = rows[(y - y0) * w + nx as usize].src;
                    if n != NONE {
                        let sx = (n as usize % w) as isize + step;
                        if sx >= 0 && (sx as usize) < w {
                            try_src((n as usize / w * w) as u32 + sx as u32, &mut best, &mut bd);
                        }
                    }
                }
                let ny = y as isize - step;
                if ny >= y0 as isize && (ny as usize) < y1 {
                    let n = rows[(ny as usize - y0) * w + x].src;
                    if n != NONE {
                        let sy = (n as usize / w) as isize + step;
                        if sy >= 0 && (sy as usize) < h {
                            try_src((sy as usize * w + n as usize % w) as u32, &mut best, &mut bd);
                        }
                    }
                }
                // Random search around the best so far, radius halving.
                let mut radius = max_radius;
                while radius >= 1 {
                    let b = best as usize;
                    let (bx, by) = ((b % w) as isize, (b / w) as isize);
                    let cx = (bx + rng.offset(radius)).clamp(r as isize, (w - 1 - r) as isize) as usize;
                    let cy = (by + rng.offset(radius)).clamp(r as isize, (h - 1 - r) as isize) as usize;
                    try_src((cy * w + cx) as u32, &mut best, &mut bd);
                    radius /= 2;
                }
                rows[li] = Match { src: best, dist: bd };
            }
        }
    }
}
