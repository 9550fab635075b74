//! Small plane geometry for the text boxes: convex hull, minimum-area
//! rectangle (rotating calipers), quad ordering and the perspective map.

/// A point in image coordinates (x right, y down).
pub(crate) type Point = [f32; 2];

/// A rotated rectangle: centre, side lengths along `dir` and across it, and
/// the unit direction of its first side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RotatedRect {
    pub center: [f64; 2],
    pub width: f64,
    pub height: f64,
    pub dir: [f64; 2],
}

impl RotatedRect {
    /// The shorter side.
    pub fn short_side(&self) -> f64 {
        self.width.min(self.height)
    }

    /// The same rectangle grown by `d` on every side.
    pub fn grown(&self, d: f64) -> RotatedRect {
        RotatedRect { width: self.width + 2.0 * d, height: self.height + 2.0 * d, ..*self }
    }

    /// Its four corners, in no particular order.
    pub fn corners(&self) -> [[f64; 2]; 4] {
        let [ux, uy] = self.dir;
        let (vx, vy) = (-uy, ux);
        let (hw, hh) = (self.width / 2.0, self.height / 2.0);
        let [cx, cy] = self.center;
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(a, b)| [cx + a * hw * ux + b * hh * vx, cy + a * hw * uy + b * hh * vy])
    }
}

fn cross(o: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// The convex hull of `points` (Andrew's monotone chain), counter-clockwise
/// in a y-up frame, without repeated or collinear points.
pub(crate) fn convex_hull(points: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let mut pts = points.to_vec();
    pts.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(pts.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &[f64; 2]>> =
            if pass == 0 { Box::new(pts.iter()) } else { Box::new(pts.iter().rev()) };
        for &p in iter {
            while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0 {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop(); // the last point starts the other chain
    }
    hull
}

/// The rectangle of least area containing `points` (one side lies on a hull
/// edge). Degenerate inputs give zero sides: one point a 0×0 rectangle,
/// collinear points a segment.
pub(crate) fn min_area_rect(points: &[[f64; 2]]) -> Option<RotatedRect> {
    let hull = convex_hull(points);
    match hull.len() {
        0 => return None,
        1 => return Some(RotatedRect { center: hull[0], width: 0.0, height: 0.0, dir: [1.0, 0.0] }),
        _ => {}
    }
    let mut best: Option<(f64, RotatedRect)> = None;
    for i in 0..hull.len() {
        let (a, b) = (hull[i], hull[(i + 1) % hull.len()]);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            continue;
        }
        let u = [dx / len, dy / len];
        let v = [-u[1], u[0]];
        let (mut lo_u, mut hi_u, mut lo_v, mut hi_v) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for p in &hull {
            let (pu, pv) = (p[0] * u[0] + p[1] * u[1], p[0] * v[0] + p[1] * v[1]);
            lo_u = lo_u.min(pu);
            hi_u = hi_u.max(pu);
            lo_v = lo_v.min(pv);
            hi_v = hi_v.max(pv);
        }
        let area = (hi_u - lo_u) * (hi_v - lo_v);
        if best.as_ref().is_none_or(|(a, _)| area < *a - 1e-9) {
            let (mu, mv) = ((lo_u + hi_u) / 2.0, (lo_v + hi_v) / 2.0);
            let center = [mu * u[0] + mv * v[0], mu * u[1] + mv * v[1]];
            best = Some((area, RotatedRect { center, width: hi_u - lo_u, height: hi_v - lo_v, dir: u }));
        }
    }
    best.map(|(_, r)| r)
}

/// The four corners as top-left, top-right, bottom-right, bottom-left: the
/// two leftmost points (by x) are the left side, the upper of each side
/// (smaller y) its top.
pub(crate) fn order_corners(corners: [[f64; 2]; 4]) -> [[f64; 2]; 4] {
    let mut pts = corners;
    pts.sort_by(|a, b| a[0].total_cmp(&b[0]));
    let (tl, bl) = if pts[1][1] > pts[0][1] { (pts[0], pts[1]) } else { (pts[1], pts[0]) };
    let (tr, br) = if pts[3][1] > pts[2][1] { (pts[2], pts[3]) } else { (pts[3], pts[2]) };
    [tl, tr, br, bl]
}

/// Euclidean distance.
pub(crate) fn dist(a: Point, b: Point) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

/// The projective map taking `from[i]` to `to[i]` (3×3, row-major, last
/// entry 1), or `None` when the points are degenerate.
pub(crate) fn perspective(from: [[f64; 2]; 4], to: [[f64; 2]; 4]) -> Option<[f64; 9]> {
    // Unknowns h0..h7: x' = (h0 x + h1 y + h2) / (h6 x + h7 y + 1), likewise y'.
    let mut m = [[0f64; 9]; 8];
    for i in 0..4 {
        let ([x, y], [xp, yp]) = (from[i], to[i]);
        m[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -x * xp, -y * xp, xp];
        m[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -x * yp, -y * yp, yp];
    }
    for col in 0..8 {
        let pivot = (col..8).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col];
        for (r, row) in m.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            if r != col && f != 0.0 {
                for (v, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    let h: [f64; 8] = std::array::from_fn(|i| m[i][8] / m[i][i]);
    Some([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0])
}

/// Applies a map from [`perspective`].
pub(crate) fn apply(h: &[f64; 9], x: f64, y: f64) -> [f64; 2] {
    let w = h[6] * x + h[7] * y + h[8];
    let w = if w.abs() < 1e-12 { 1e-12 } else { w };
    [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn hull_drops_inner_and_collinear_points() {
        let pts = [[0.0, 0.0], [2.0, 0.0], [1.0, 0.0], [2.0, 2.0], [0.0, 2.0], [1.0, 1.0]];
        let hull = convex_hull(&pts);
        assert_eq!(hull.len(), 4, "{hull:?}");
        assert!(!hull.contains(&[1.0, 1.0]) && !hull.contains(&[1.0, 0.0]));
    }

    #[test]
    fn min_area_rect_of_an_axis_aligned_block() {
        let pts: Vec<[f64; 2]> = (0..10).flat_map(|x| (0..4).map(move |y| [f64::from(x), f64::from(y)])).collect();
        let r = min_area_rect(&pts).unwrap();
        let (w, h) = if r.width >= r.height { (r.width, r.height) } else { (r.height, r.width) };
        assert!(close(w, 9.0) && close(h, 3.0), "{r:?}");
        assert!(close(r.center[0], 4.5) && close(r.center[1], 1.5), "{r:?}");
    }

    #[test]
    fn min_area_rect_follows_a_rotated_bar() {
        // A 20×4 bar rotated by 30°.
        let (c, s) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
        let mut pts = Vec::new();
        for i in 0..=40 {
            for j in 0..=8 {
                let (a, b) = (f64::from(i) * 0.5 - 10.0, f64::from(j) * 0.5 - 2.0);
                pts.push([50.0 + a * c - b * s, 50.0 + a * s + b * c]);
            }
        }
        let r = min_area_rect(&pts).unwrap();
        assert!((r.width * r.height - 80.0).abs() < 1e-6, "{r:?}");
        assert!(close(r.short_side(), 4.0), "{r:?}");
        let grown = r.grown(1.0);
        assert!(close(grown.short_side(), 6.0));
        let q = order_corners(grown.corners());
        // tl is left of tr and above bl
        assert!(q[0][0] < q[1][0] && q[0][1] < q[3][1], "{q:?}");
    }

    #[test]
    fn degenerate_point_sets() {
        assert!(min_area_rect(&[]).is_none());
        let one = min_area_rect(&[[3.0, 4.0]]).unwrap();
        assert_eq!((one.width, one.height), (0.0, 0.0));
        let line = min_area_rect(&[[0.0, 0.0], [5.0, 0.0], [2.0, 0.0]]).unwrap();
        assert!(close(line.short_side(), 0.0) && close(line.width.max(line.height), 5.0), "{line:?}");
    }

    #[test]
    fn corners_are_ordered_clockwise_from_top_left() {
        let q = order_corners([[10.0, 5.0], [0.0, 5.0], [10.0, 0.0], [0.0, 0.0]]);
        assert_eq!(q, [[0.0, 0.0], [10.0, 0.0], [10.0, 5.0], [0.0, 5.0]]);
    }

    #[test]
    fn perspective_maps_the_corners() {
        let from = [[0.0, 0.0], [100.0, 0.0], [100.0, 30.0], [0.0, 30.0]];
        let to = [[10.0, 20.0], [108.0, 35.0], [104.0, 66.0], [6.0, 50.0]];
        let h = perspective(from, to).unwrap();
        for (f, t) in from.iter().zip(&to) {
            let p = apply(&h, f[0], f[1]);
            assert!(close(p[0], t[0]) && close(p[1], t[1]), "{p:?} vs {t:?}");
        }
        assert!(perspective([[0.0, 0.0]; 4], to).is_none());
    }
}
