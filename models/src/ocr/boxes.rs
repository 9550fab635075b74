//! DB (differentiable binarisation) post-processing: the detector's text
//! probability map to rotated text boxes.
//!
//! As PaddleOCR / RapidOCR do it: threshold the map, dilate by 2×2, take
//! each connected region's minimum-area rectangle, drop small ones and
//! those whose mean probability is low, grow the rest by
//! `area × unclip_ratio / perimeter` on every side (the text kernel the
//! model predicts is shrunk), and scale to the image.

use super::geometry::{min_area_rect, order_corners, Point, RotatedRect};

/// DB post-processing parameters (RapidOCR's defaults for PP-OCRv6).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct DbParams {
    /// Probability above which a pixel is text.
    pub thresh: f32,
    /// Least mean probability inside a box.
    pub box_thresh: f32,
    /// How far boxes grow: `area × ratio / perimeter` on each side.
    pub unclip_ratio: f32,
    /// Regions kept at most.
    pub max_candidates: usize,
    /// Least short side (in map pixels) of a region's rectangle.
    pub min_size: f64,
}

impl Default for DbParams {
    fn default() -> Self {
        DbParams { thresh: 0.3, box_thresh: 0.5, unclip_ratio: 1.6, max_candidates: 1000, min_size: 3.0 }
    }
}

/// The detector's probability map (row-major).
pub(crate) struct ProbMap<'a> {
    pub data: &'a [f32],
    pub width: usize,
    pub height: usize,
}

/// A detected text box: corners top-left, top-right, bottom-right,
/// bottom-left in the destination's pixels, and its mean probability.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TextBox {
    pub quad: [Point; 4],
    pub score: f32,
}

/// Text boxes of `map`, in the coordinates of a `dest_w`×`dest_h` image.
pub(crate) fn db_boxes(map: &ProbMap<'_>, dest_w: u32, dest_h: u32, params: &DbParams) -> Vec<TextBox> {
    let (w, h) = (map.width, map.height);
    if w == 0 || h == 0 || map.data.len() < w * h {
        return Vec::new();
    }
    let bitmap = dilate_2x2(&map.data[..w * h].iter().map(|&p| p > params.thresh).collect::<Vec<_>>(), w, h);
    let mut out = Vec::new();
    for region in regions(&bitmap, w, h).into_iter().take(params.max_candidates) {
        let Some(rect) = min_area_rect(&region) else { continue };
        if rect.short_side() < params.min_size {
            continue;
        }
        let quad = order_corners(rect.corners());
        let score = mean_inside(map, &quad);
        if score < params.box_thresh {
            continue;
        }
        let grown = unclip(&rect, params.unclip_ratio);
        if grown.short_side() < params.min_size + 2.0 {
            continue;
        }
        let (sx, sy) = (f64::from(dest_w) / w as f64, f64::from(dest_h) / h as f64);
        let scaled = order_corners(grown.corners()).map(|[x, y]| {
            [(x * sx).round().clamp(0.0, f64::from(dest_w)), (y * sy).round().clamp(0.0, f64::from(dest_h))]
        });
        // Inside the image, then whole pixels; too thin boxes go.
        let quad = order_corners(scaled).map(|[x, y]| {
            [
                x.clamp(0.0, f64::from(dest_w.saturating_sub(1))).trunc(),
                y.clamp(0.0, f64::from(dest_h.saturating_sub(1))).trunc(),
            ]
        });
        let quad: [Point; 4] = quad.map(|[x, y]| [x as f32, y as f32]);
        let width = super::geometry::dist(quad[0], quad[1]).trunc();
        let height = super::geometry::dist(quad[0], quad[3]).trunc();
        if width <= 3.0 || height <= 3.0 {
            continue;
        }
        out.push(TextBox { quad, score });
    }
    out
}

/// Binary dilation by a 2×2 square anchored at its lower-right cell (as
/// OpenCV anchors an even kernel): a pixel is set when it or its left, upper
/// or upper-left neighbour is, so regions grow one pixel right and down.
fn dilate_2x2(src: &[bool], w: usize, h: usize) -> Vec<bool> {
    let mut out = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let at = |dx: usize, dy: usize| x >= dx && y >= dy && src[(y - dy) * w + (x - dx)];
            out[y * w + x] = at(0, 0) || at(1, 0) || at(0, 1) || at(1, 1);
        }
    }
    out
}

/// The 8-connected regions of `bitmap`, each given by the outermost pixel
/// centres of its rows (enough for its convex hull), in raster order of
/// their first pixel.
fn regions(bitmap: &[bool], w: usize, h: usize) -> Vec<Vec<[f64; 2]>> {
    let mut seen = vec![false; w * h];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    let mut rows: std::collections::BTreeMap<usize, (usize, usize)> = std::collections::BTreeMap::new();
    for start in 0..w * h {
        if !bitmap[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        rows.clear();
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            let e = rows.entry(y).or_insert((x, x));
            e.0 = e.0.min(x);
            e.1 = e.1.max(x);
            for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    let j = ny * w + nx;
                    if bitmap[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        let mut pts = Vec::with_capacity(rows.len() * 2);
        for (&y, &(x0, x1)) in &rows {
            pts.push([x0 as f64, y as f64]);
            if x1 != x0 {
                pts.push([x1 as f64, y as f64]);
            }
        }
        out.push(pts);
    }
    out
}

/// Mean of `map` over the pixels whose centres lie in the convex `quad`
/// (corners truncated to whole pixels, edges included); 0 when none do.
fn mean_inside(map: &ProbMap<'_>, quad: &[[f64; 2]; 4]) -> f32 {
    let q = quad.map(|[x, y]| [x.trunc(), y.trunc()]);
    let clampi = |v: f64, hi: usize| (v.max(0.0) as usize).min(hi - 1);
    let x0 = clampi(q.iter().map(|p| p[0]).fold(f64::MAX, f64::min).floor(), map.width);
    let x1 = clampi(q.iter().map(|p| p[0]).fold(f64::MIN, f64::max).ceil(), map.width);
    let y0 = clampi(q.iter().map(|p| p[1]).fold(f64::MAX, f64::min).floor(), map.height);
    let y1 = clampi(q.iter().map(|p| p[1]).fold(f64::MIN, f64::max).ceil(), map.height);
    let (mut sum, mut n) = (0f64, 0usize);
    for y in y0..=y1 {
        for x in x0..=x1 {
            if inside_convex(&q, x as f64, y as f64) {
                sum += f64::from(map.data[y * map.width + x]);
                n += 1;
            }
        }
    }
    if n == 0 {
        0.0
    } else {
        (sum / n as f64) as f32
    }
}

/// Whether (x, y) lies in the convex polygon `q` or on its edges (either
/// winding).
fn inside_convex(q: &[[f64; 2]; 4], x: f64, y: f64) -> bool {
    let (mut pos, mut neg) = (false, false);
    for i in 0..4 {
        let (a, b) = (q[i], q[(i + 1) % 4]);
        let c = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
        pos |= c > 1e-9;
        neg |= c < -1e-9;
    }
    !(pos && neg)
}

/// The rectangle grown by `area × ratio / perimeter` on every side (what a
/// rounded polygon offset of a rectangle gives, its minimum-area rectangle).
fn unclip(rect: &RotatedRect, ratio: f32) -> RotatedRect {
    let perimeter = 2.0 * (rect.width + rect.height);
    if perimeter <= 0.0 {
        return *rect;
    }
    rect.grown(rect.width * rect.height * f64::from(ratio) / perimeter)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map_with(w: usize, h: usize, rects: &[(usize, usize, usize, usize, f32)]) -> Vec<f32> {
        let mut m = vec![0.0; w * h];
        for &(x0, y0, x1, y1, p) in rects {
            for y in y0..y1 {
                for x in x0..x1 {
                    m[y * w + x] = p;
                }
            }
        }
        m
    }

    #[test]
    fn a_text_kernel_becomes_one_grown_box() {
        let (w, h) = (200, 100);
        let data = map_with(w, h, &[(40, 40, 160, 52, 0.9)]);
        let boxes = db_boxes(&ProbMap { data: &data, width: w, height: h }, 400, 200, &DbParams::default());
        assert_eq!(boxes.len(), 1, "{boxes:?}");
        let b = &boxes[0];
        // The mean over the rectangle through the dilated region's pixel
        // centres: the 120×12 kernel of 0.9 inside 121×13 pixels.
        assert!((b.score - 0.9 * 120.0 * 12.0 / (121.0 * 13.0)).abs() < 1e-4, "{}", b.score);
        // The region (dilated: x 40..=160, y 40..=52) has a 120×12 rectangle
        // through its pixel centres, centred at (100, 46); d = 120·12·1.6/264
        // ≈ 8.73 grows it to 137.5×29.5, then ×2 to the destination.
        let near = |p: Point, x: f32, y: f32| (p[0] - x).abs() <= 2.0 && (p[1] - y).abs() <= 2.0;
        let [tl, tr, br, bl] = b.quad;
        assert!(near(tl, 63.0, 63.0) && near(tr, 337.0, 63.0), "{:?}", b.quad);
        assert!(near(br, 337.0, 121.0) && near(bl, 63.0, 121.0), "{:?}", b.quad);
    }

    #[test]
    fn faint_small_and_empty_regions_are_dropped() {
        let (w, h) = (100, 60);
        let faint = map_with(w, h, &[(10, 10, 90, 20, 0.4)]);
        assert!(db_boxes(&ProbMap { data: &faint, width: w, height: h }, 100, 60, &DbParams::default()).is_empty());
        let speck = map_with(w, h, &[(10, 10, 12, 12, 0.95)]);
        assert!(db_boxes(&ProbMap { data: &speck, width: w, height: h }, 100, 60, &DbParams::default()).is_empty());
        let none = vec![0.0; w * h];
        assert!(db_boxes(&ProbMap { data: &none, width: w, height: h }, 100, 60, &DbParams::default()).is_empty());
    }

    #[test]
    fn separate_lines_give_separate_boxes() {
        let (w, h) = (120, 80);
        let data = map_with(w, h, &[(10, 10, 110, 20, 0.8), (10, 40, 70, 50, 0.8), (80, 40, 110, 50, 0.8)]);
        let boxes = db_boxes(&ProbMap { data: &data, width: w, height: h }, 120, 80, &DbParams::default());
        assert_eq!(boxes.len(), 3, "{boxes:?}");
    }

    #[test]
    fn dilation_grows_right_and_down() {
        let mut src = vec![false; 9];
        src[4] = true;
        let d = dilate_2x2(&src, 3, 3);
        assert_eq!(d, vec![false, false, false, false, true, true, false, true, true]);
    }

    #[test]
    fn mean_inside_a_rotated_quad() {
        let data = vec![1.0; 100];
        let map = ProbMap { data: &data, width: 10, height: 10 };
        let q = [[5.0, 0.0], [9.0, 5.0], [5.0, 9.0], [0.0, 5.0]];
        assert!((mean_inside(&map, &q) - 1.0).abs() < 1e-6);
        assert!(inside_convex(&q, 5.0, 5.0) && !inside_convex(&q, 0.0, 0.0) && inside_convex(&q, 5.0, 0.0));
    }
}
