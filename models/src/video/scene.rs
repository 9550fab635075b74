//! The two layers of a parallax clip and the frame renderer.

// Per-channel and per-pixel loops over parallel buffers read clearer indexed.
#![allow(clippy::needless_range_loop)]

use image::imageops::{resize, FilterType};
use image::{GrayImage, RgbImage};

use super::motion::{LayerTransform, Motion, FOREGROUND_PARALLAX};
use super::sample::Plane;
use crate::compose::refine_alpha;
use crate::mask::dilate_square;

/// Mask value from which a pixel counts as subject when cutting the hole
/// out of the background.
const HOLE_THRESHOLD: u8 = 16;
/// Below this share of the frame there is no subject to lift; above the
/// second, the "subject" is the whole picture. Either way one layer moves.
const MIN_SUBJECT_SHARE: f32 = 0.003;
const MAX_SUBJECT_SHARE: f32 = 0.85;
/// Layers are kept this much larger than the frame (at most) so that
/// zooming in samples real detail rather than stretched pixels.
const MAX_LAYER_OVERSAMPLE: f32 = 1.5;
/// The background is inpainted at most this large (long side) and scaled
/// up into the hole: only slivers of it are ever revealed, and patch-based
/// inpainting time grows with the hole's area.
const FILL_MAX_SIDE: u32 = 768;
/// Pixels of the segmentation's rim dropped from the subject layer: the
/// outermost ring is mostly old backdrop.
const SUBJECT_RIM_ERODE: u32 = 1;

/// A picture split into a background (with the subject's place filled in)
/// and the subject (premultiplied RGBA), both at a working resolution a
/// little larger than the frame.
pub struct ParallaxScene {
    width: u32,
    height: u32,
    motion: Motion,
    /// Layer pixels per frame pixel at scale 1.
    oversample: f32,
    background: Plane,
    foreground: Option<Plane>,
}

impl ParallaxScene {
    /// Prepares the layers for frames of `width`×`height` (same aspect as
    /// `image`). `mask` is the subject's soft mask at the image's size;
    /// `fill` inpaints an RGB image where the given mask is non-zero.
    pub fn new(
        image: &RgbImage,
        mask: &GrayImage,
        width: u32,
        height: u32,
        motion: Motion,
        fill: &dyn Fn(&RgbImage, &GrayImage) -> RgbImage,
    ) -> Self {
        let aspect = width as f32 / height.max(1) as f32;
        // The largest scale any layer is drawn at over the clip.
        let (b_end, f_end) = motion.at(1.0, aspect);
        let (b_start, f_start) = motion.at(0.0, aspect);
        let max_scale = [b_end.scale, f_end.scale, b_start.scale, f_start.scale].into_iter().fold(1.0f32, f32::max);
        let source_over = image.width() as f32 / width.max(1) as f32;
        let oversample = max_scale.min(MAX_LAYER_OVERSAMPLE).min(source_over).max(1.0);
        let lw = ((width as f32 * oversample).round() as u32).max(2);
        let lh = ((height as f32 * oversample).round() as u32).max(2);
        let rgb = resize(image, lw, lh, FilterType::Triangle);
        let soft = if mask.dimensions() == image.dimensions() {
            resize(mask, lw, lh, FilterType::Triangle)
        } else {
            GrayImage::new(lw, lh)
        };
        let share = soft.pixels().filter(|p| p[0] >= 128).count() as f32 / (lw * lh) as f32;
        let (background, foreground) = if (MIN_SUBJECT_SHARE..=MAX_SUBJECT_SHARE).contains(&share) {
            let hole = dilate(&soft, HOLE_THRESHOLD, hole_margin(lw, lh));
            let bg = fill_bounded(&rgb, &hole, fill);
            (plane_rgb(&bg), Some(subject_layer(&rgb, &soft)))
        } else {
            (plane_rgb(&rgb), None)
        };
        ParallaxScene { width, height, motion, oversample, background, foreground }
    }

    pub fn has_subject_layer(&self) -> bool {
        self.foreground.is_some()
    }

    pub fn frame_size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Frame `index` of `count` (the first is the start of the move, the
    /// last its end), as packed RGB24 rows written into `out` (resized to
    /// width × height × 3). `threads` bands are rendered in parallel.
    pub fn render_into(&self, index: u32, count: u32, threads: usize, out: &mut Vec<u8>) {
        let t = if count <= 1 { 0.0 } else { index as f32 / (count - 1) as f32 };
        let aspect = self.width as f32 / self.height as f32;
        let (bg, fg) = self.motion.at(t, aspect);
        let (w, h) = (self.width as usize, self.height as usize);
        out.resize(w * h * 3, 0);
        let threads = threads.clamp(1, h);
        let rows_per = h.div_ceil(threads);
        std::thread::scope(|s| {
            for (band, chunk) in out.chunks_mut(rows_per * w * 3).enumerate() {
                let y0 = band * rows_per;
                s.spawn(move || self.render_rows(bg, fg, y0, chunk));
            }
        });
    }

    /// One frame as an image (see [`ParallaxScene::render_into`]).
    pub fn render(&self, index: u32, count: u32, threads: usize) -> RgbImage {
        let mut buf = Vec::new();
        self.render_into(index, count, threads, &mut buf);
        RgbImage::from_raw(self.width, self.height, buf).unwrap_or_else(|| RgbImage::new(self.width, self.height))
    }

    fn render_rows(&self, bg: LayerTransform, fg: LayerTransform, y0: usize, out: &mut [u8]) {
        let w = self.width as usize;
        let bgm = Mapping::new(bg, self.width, self.height, self.oversample, &self.background);
        let fgm = self.foreground.as_ref().map(|p| (p, Mapping::new(fg, self.width, self.height, self.oversample, p)));
        let mut b = [0.0f32; 4];
        let mut f = [0.0f32; 4];
        for (row, line) in out.chunks_mut(w * 3).enumerate() {
            let y = (y0 + row) as f32 + 0.5;
            for (x, px) in line.chunks_mut(3).enumerate() {
                let x = x as f32 + 0.5;
                let (sx, sy) = bgm.source(x, y);
                self.background.bilinear(sx, sy, &mut b);
                if let Some((plane, m)) = &fgm {
                    let (fx, fy) = m.source(x, y);
                    // Outside the layer the subject is absent (no clamping
                    // smear of its edge pixels).
                    if fx > -1.0 && fy > -1.0 && fx < plane.width as f32 && fy < plane.height as f32 {
                        plane.bilinear(fx, fy, &mut f);
                        let keep = 1.0 - f[3] / 255.0;
                        for k in 0..3 {
                            b[k] = f[k] + b[k] * keep;
                        }
                    }
                }
                for k in 0..3 {
                    px[k] = (b[k] + 0.5).clamp(0.0, 255.0) as u8;
                }
            }
        }
    }
}

/// Inverse of a layer transform: frame pixel → layer pixel.
struct Mapping {
    cx: f32,
    cy: f32,
    tx: f32,
    ty: f32,
    cos: f32,
    sin: f32,
    inv: f32,
    lcx: f32,
    lcy: f32,
}

impl Mapping {
    fn new(t: LayerTransform, w: u32, h: u32, oversample: f32, layer: &Plane) -> Self {
        let (w, h) = (w as f32, h as f32);
        Mapping {
            cx: w / 2.0,
            cy: h / 2.0,
            tx: t.dx * w,
            ty: t.dy * h,
            cos: t.angle.cos(),
            sin: t.angle.sin(),
            inv: oversample / t.scale.max(1e-3),
            lcx: layer.width as f32 / 2.0,
            lcy: layer.height as f32 / 2.0,
        }
    }

    #[inline]
    fn source(&self, x: f32, y: f32) -> (f32, f32) {
        let px = x - self.cx - self.tx;
        let py = y - self.cy - self.ty;
        // Undo a clockwise-on-screen turn (y points down).
        let qx = self.cos * px + self.sin * py;
        let qy = -self.sin * px + self.cos * py;
        (qx * self.inv + self.lcx - 0.5, qy * self.inv + self.lcy - 0.5)
    }
}

/// `fill` at no more than [`FILL_MAX_SIDE`], pasted back into the hole at
/// full size (known pixels stay exactly as they were).
fn fill_bounded(rgb: &RgbImage, hole: &GrayImage, fill: &dyn Fn(&RgbImage, &GrayImage) -> RgbImage) -> RgbImage {
    let (w, h) = rgb.dimensions();
    let long = w.max(h);
    if long <= FILL_MAX_SIDE {
        return fill(rgb, hole);
    }
    let k = FILL_MAX_SIDE as f32 / long as f32;
    let (sw, sh) = (((w as f32 * k).round() as u32).max(1), ((h as f32 * k).round() as u32).max(1));
    let small = resize(rgb, sw, sh, FilterType::Triangle);
    // Any touch of the hole counts, so no subject colour leaks into the
    // small image's known pixels.
    let mut small_hole = resize(hole, sw, sh, FilterType::Triangle);
    for p in small_hole.pixels_mut() {
        p[0] = if p[0] > 0 { 255 } else { 0 };
    }
    let filled = resize(&fill(&small, &small_hole), w, h, FilterType::CatmullRom);
    let mut out = rgb.clone();
    for ((o, f), m) in out.pixels_mut().zip(filled.pixels()).zip(hole.pixels()) {
        if m[0] >= 128 {
            *o = *f;
        }
    }
    out
}

fn hole_margin(w: u32, h: u32) -> u32 {
    // The soft edge of the mask plus the halo of the old background.
    (w.min(h) / 100).clamp(2, 12) + (FOREGROUND_PARALLAX as u32)
}

/// Pixels at or above `threshold`, grown by `radius` (a square window).
fn dilate(mask: &GrayImage, threshold: u8, radius: u32) -> GrayImage {
    let (w, h) = mask.dimensions();
    let on: Vec<bool> = mask.pixels().map(|p| p[0] >= threshold).collect();
    let grown = dilate_square(&on, w as usize, h as usize, radius as usize);
    let raw = grown.into_iter().map(|g| if g { 255 } else { 0 }).collect();
    GrayImage::from_raw(w, h, raw).unwrap_or_else(|| GrayImage::new(w, h))
}

fn plane_rgb(img: &RgbImage) -> Plane {
    Plane { width: img.width() as usize, height: img.height() as usize, channels: 3, data: img.as_raw().clone() }
}

/// The subject as premultiplied RGBA. A soft edge pixel of the photo is a
/// mix of product and old backdrop; premultiplying the photo's colour would
/// carry that backdrop (a white studio sweep, say) along with the moving
/// subject as a light halo over the new background. So the colours are the
/// estimated foreground colours of [`refine_alpha`] (the same decontamination
/// product compositing uses), with its 1 px rim erosion; premultiplying
/// keeps bilinear sampling across the edge free of any background colour.
fn subject_layer(img: &RgbImage, mask: &GrayImage) -> Plane {
    let cut = refine_alpha(img, mask, SUBJECT_RIM_ERODE);
    let mut data = Vec::with_capacity(cut.as_raw().len());
    for p in cut.pixels() {
        let a16 = u16::from(p[3]);
        for k in 0..3 {
            data.push(((u16::from(p[k]) * a16 + 127) / 255) as u8);
        }
        data.push(p[3]);
    }
    // Transparent border: sampling clamps at the edge.
    let (w, h) = (img.width() as usize, img.height() as usize);
    for y in 0..h {
        for x in 0..w {
            if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                let i = (y * w + x) * 4;
                data[i..i + 4].fill(0);
            }
        }
    }
    Plane { width: w, height: h, channels: 4, data }
}

#[cfg(test)]
mod tests {
    use super::super::fill_hole;
    use super::super::motion::CameraPath;
    use super::*;
    use image::{Luma, Rgb};

    /// A striped background with a square subject in the middle.
    fn scene(path: CameraPath) -> ParallaxScene {
        let img = RgbImage::from_fn(200, 120, |x, y| {
            if (70..130).contains(&x) && (30..90).contains(&y) {
                Rgb([250, 20, 20])
            } else {
                Rgb([((x * 7) % 200) as u8, ((y * 5) % 200) as u8, 90])
            }
        });
        let mask = GrayImage::from_fn(200, 120, |x, y| {
            Luma([if (70..130).contains(&x) && (30..90).contains(&y) { 255 } else { 0 }])
        });
        ParallaxScene::new(&img, &mask, 200, 120, Motion { path, travel: 0.1 }, &fill_hole)
    }

    fn red_centroid_x(img: &RgbImage) -> f32 {
        let (mut sum, mut n) = (0.0, 0.0);
        for (x, _, p) in img.enumerate_pixels() {
            if p[0] > 200 && p[1] < 60 {
                sum += x as f32;
                n += 1.0;
            }
        }
        sum / n
    }

    #[test]
    fn a_pan_left_moves_the_subject_right_and_further_than_the_background() {
        let s = scene(CameraPath::PanLeft);
        assert!(s.has_subject_layer());
        let first = s.render(0, 10, 2);
        let last = s.render(9, 10, 2);
        let shift = red_centroid_x(&last) - red_centroid_x(&first);
        // Background travels 10 % of 200 px; the subject 1.6 times that.
        assert!((shift - 32.0).abs() < 3.0, "subject shift {shift}");
    }

    #[test]
    fn the_old_subject_place_is_filled_not_duplicated() {
        let s = scene(CameraPath::PanRight);
        let last = s.render(9, 10, 1);
        // The subject slid left by 16 px at the end; its right edge area
        // (where it used to be) shows no red.
        let p = last.get_pixel(127, 60);
        assert!(p[0] < 200 || p[1] > 60, "{p:?}");
    }

    /// A red disk photographed on a white card (a soft 6 px edge) in a dark
    /// room; the card is inside the hole, so the new background is dark
    /// everywhere. As the subject moves, its edge must blend red into dark,
    /// not carry a ring of the white card along.
    #[test]
    fn the_moving_subject_has_no_halo_of_the_old_backdrop() {
        let (cx, cy, r) = (100.0f32, 60.0f32, 30.0f32);
        let dist = |x: u32, y: u32| ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
        let alpha = |x: u32, y: u32| ((r + 3.0 - dist(x, y)) / 6.0).clamp(0.0, 1.0);
        let img = RgbImage::from_fn(200, 120, |x, y| {
            let a = alpha(x, y);
            let card = if dist(x, y) < r + 5.0 { 255.0 } else { 40.0 };
            let mix = |f: f32, b: f32| (a * f + (1.0 - a) * b).round() as u8;
            Rgb([mix(250.0, card), mix(20.0, card), mix(20.0, card)])
        });
        let mask = GrayImage::from_fn(200, 120, |x, y| Luma([(alpha(x, y) * 255.0).round() as u8]));
        let dark = |rgb: &RgbImage, hole: &GrayImage| {
            let mut out = rgb.clone();
            for (p, h) in out.pixels_mut().zip(hole.pixels()) {
                if h[0] > 0 {
                    *p = Rgb([40, 40, 40]);
                }
            }
            out
        };
        let s = ParallaxScene::new(&img, &mask, 200, 120, Motion { path: CameraPath::PanLeft, travel: 0.1 }, &dark);
        for index in [0, 5, 9] {
            let frame = s.render(index, 10, 1);
            let worst = frame.pixels().map(|p| p[1].max(p[2])).max().unwrap_or(0);
            // Between the subject's 20 and the background's 40 when clean;
            // a white fringe lifts green and blue towards 255.
            assert!(worst <= 50, "frame {index}: green/blue up to {worst}");
        }
    }

    #[test]
    fn threads_do_not_change_the_frame() {
        let s = scene(CameraPath::RollClockwise);
        assert_eq!(s.render(3, 10, 1), s.render(3, 10, 3));
    }
}
