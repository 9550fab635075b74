//! Planar `f32` filters the compositor is built from: box blur (three passes
//! approximate a Gaussian), min filter (erosion) and bounding boxes. All are
//! O(pixels) regardless of the radius, except the min filter (O(radius)).

/// One plane of `w * h` values, row-major.
#[derive(Debug, Clone, PartialEq)]
pub struct Plane {
    pub w: usize,
    pub h: usize,
    pub v: Vec<f32>,
}

impl Plane {
    pub fn new(w: usize, h: usize) -> Self {
        Plane { w, h, v: vec![0.0; w * h] }
    }

    #[cfg(test)]
    pub fn from_fn(w: usize, h: usize, f: impl Fn(usize, usize) -> f32) -> Self {
        let mut v = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                v.push(f(x, y));
            }
        }
        Plane { w, h, v }
    }

    #[cfg(test)]
    pub fn at(&self, x: usize, y: usize) -> f32 {
        self.v[y * self.w + x]
    }

    /// `passes` box blurs of radius `r` (3 passes ≈ Gaussian, sigma ≈ r).
    /// The window is clipped at the borders and normalised by the pixels it
    /// covers, so edges do not darken.
    pub fn blurred(mut self, r: usize, passes: usize) -> Self {
        if r == 0 || self.w == 0 || self.h == 0 {
            return self;
        }
        let mut tmp = vec![0.0f32; self.v.len()];
        for _ in 0..passes {
            blur_rows(&self.v, &mut tmp, self.w, self.h, r);
            blur_cols(&tmp, &mut self.v, self.w, self.h, r);
        }
        self
    }
}

fn blur_rows(src: &[f32], dst: &mut [f32], w: usize, h: usize, r: usize) {
    let mut prefix = vec![0.0f64; w + 1];
    for y in 0..h {
        let row = &src[y * w..(y + 1) * w];
        for (i, &v) in row.iter().enumerate() {
            prefix[i + 1] = prefix[i] + f64::from(v);
        }
        let out = &mut dst[y * w..(y + 1) * w];
        for (x, o) in out.iter_mut().enumerate() {
            let lo = x.saturating_sub(r);
            let hi = (x + r + 1).min(w);
            *o = ((prefix[hi] - prefix[lo]) / (hi - lo) as f64) as f32;
        }
    }
}

/// Vertical pass with a sliding row accumulator (cache-friendly).
fn blur_cols(src: &[f32], dst: &mut [f32], w: usize, h: usize, r: usize) {
    let mut acc = vec![0.0f64; w];
    // Window for y = 0 covers rows 0..=r.
    for row in src.chunks_exact(w).take((r + 1).min(h)) {
        for (a, &v) in acc.iter_mut().zip(row) {
            *a += f64::from(v);
        }
    }
    for y in 0..h {
        let lo = y.saturating_sub(r);
        let hi = (y + r + 1).min(h);
        let inv = 1.0 / (hi - lo) as f64;
        for (o, &a) in dst[y * w..(y + 1) * w].iter_mut().zip(acc.iter()) {
            *o = (a * inv) as f32;
        }
        // Slide: add row y + r + 1, drop row y - r.
        if y + r + 1 < h {
            let add = &src[(y + r + 1) * w..(y + r + 2) * w];
            for (a, &v) in acc.iter_mut().zip(add) {
                *a += f64::from(v);
            }
        }
        if y >= r {
            let drop = &src[(y - r) * w..(y - r + 1) * w];
            for (a, &v) in acc.iter_mut().zip(drop) {
                *a -= f64::from(v);
            }
        }
    }
}

/// Grey-scale erosion: each value becomes the minimum over a square of
/// radius `r` (separable). Soft edges stay soft; they move inwards by `r`.
pub fn erode(plane: &Plane, r: usize) -> Plane {
    if r == 0 {
        return plane.clone();
    }
    let (w, h) = (plane.w, plane.h);
    let mut tmp = Plane::new(w, h);
    for y in 0..h {
        let row = &plane.v[y * w..(y + 1) * w];
        for x in 0..w {
            let lo = x.saturating_sub(r);
            let hi = (x + r + 1).min(w);
            tmp.v[y * w + x] = row[lo..hi].iter().copied().fold(f32::INFINITY, f32::min);
        }
    }
    let mut out = Plane::new(w, h);
    for y in 0..h {
        let lo = y.saturating_sub(r);
        let hi = (y + r + 1).min(h);
        let (first, rest) = (lo, lo + 1..hi);
        out.v[y * w..(y + 1) * w].copy_from_slice(&tmp.v[first * w..(first + 1) * w]);
        for yy in rest {
            let src = &tmp.v[yy * w..(yy + 1) * w];
            for (o, &s) in out.v[y * w..(y + 1) * w].iter_mut().zip(src) {
                *o = o.min(s);
            }
        }
    }
    out
}

/// The tight box `(x0, y0, x1, y1)` (exclusive ends) of the values above
/// `threshold`, or `None` when there is none.
pub fn bbox_above(values: impl Iterator<Item = u8>, w: usize, threshold: u8) -> Option<(usize, usize, usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, v) in values.enumerate() {
        if v > threshold {
            let (x, y) = (i % w, i / w);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x + 1);
            y1 = y1.max(y + 1);
        }
    }
    (x0 != usize::MAX).then_some((x0, y0, x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blur_keeps_constants_and_mass() {
        let p = Plane::from_fn(17, 9, |_, _| 0.7).blurred(4, 3);
        assert!(p.v.iter().all(|v| (v - 0.7).abs() < 1e-5));
        // An impulse spreads symmetrically.
        let mut q = Plane::new(21, 21);
        q.v[10 * 21 + 10] = 1.0;
        let q = q.blurred(2, 1);
        assert!((q.at(8, 10) - q.at(12, 10)).abs() < 1e-6);
        assert!((q.at(10, 8) - q.at(10, 12)).abs() < 1e-6);
        assert!(q.at(13, 10) == 0.0 && q.at(10, 10) > 0.0);
    }

    #[test]
    fn erode_shrinks_a_square() {
        let p = Plane::from_fn(20, 20, |x, y| if (5..15).contains(&x) && (5..15).contains(&y) { 1.0 } else { 0.0 });
        let e = erode(&p, 2);
        assert_eq!(e.at(7, 7), 1.0);
        assert_eq!(e.at(6, 10), 0.0);
        assert_eq!(e.at(12, 12), 1.0);
        assert_eq!(e.at(13, 12), 0.0);
    }

    #[test]
    fn bbox_of_values() {
        let v = [0u8, 0, 0, 0, 9, 200, 0, 0, 0, 0, 0, 50];
        assert_eq!(bbox_above(v.into_iter(), 4, 10), Some((1, 1, 4, 3)));
        assert_eq!(bbox_above([0u8; 4].into_iter(), 2, 10), None);
    }
}
