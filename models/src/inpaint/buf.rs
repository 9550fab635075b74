//! Float RGB planes and the image pyramid used by the completion.

/// An RGB image in f32 (0..255), row-major.
#[derive(Clone, Debug)]
pub(crate) struct Img {
    pub w: usize,
    pub h: usize,
    pub px: Vec<[f32; 3]>,
}

impl Img {
    pub fn from_rgb(image: &image::RgbImage) -> Self {
        let (w, h) = (image.width() as usize, image.height() as usize);
        let px = image.as_raw().chunks_exact(3).map(|c| [f32::from(c[0]), f32::from(c[1]), f32::from(c[2])]).collect();
        Self { w, h, px }
    }
}

/// One level down: 2×2 box average over the *known* children only, so the
/// hole's old content never leaks into coarse levels. A coarse pixel is a
/// hole when any child is (conservative: every fine hole pixel lies under a
/// coarse hole pixel, and coarse known pixels are clean).
pub(crate) fn downsample(img: &Img, hole: &[bool]) -> (Img, Vec<bool>) {
    let (cw, ch) = (img.w.div_ceil(2), img.h.div_ceil(2));
    let mut px = vec![[0.0f32; 3]; cw * ch];
    let mut chole = vec![false; cw * ch];
    for cy in 0..ch {
        for cx in 0..cw {
            let mut acc = [0.0f32; 3];
            let mut n = 0.0f32;
            let mut any_hole = false;
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let (x, y) = (2 * cx + dx, 2 * cy + dy);
                if x >= img.w || y >= img.h {
                    continue;
                }
                let i = y * img.w + x;
                if hole[i] {
                    any_hole = true;
                } else {
                    let p = img.px[i];
                    acc = [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2]];
                    n += 1.0;
                }
            }
            let ci = cy * cw + cx;
            if n > 0.0 {
                px[ci] = [acc[0] / n, acc[1] / n, acc[2] / n];
            }
            chole[ci] = any_hole;
        }
    }
    (Img { w: cw, h: ch, px }, chole)
}

/// Bilinear upsampling of `coarse` into the hole pixels of `fine`.
pub(crate) fn upsample_hole(coarse: &Img, fine: &mut Img, hole: &[bool]) {
    let (cw, ch) = (coarse.w as f32, coarse.h as f32);
    for y in 0..fine.h {
        let fy = ((y as f32 + 0.5) * 0.5 - 0.5).clamp(0.0, ch - 1.0);
        let y0 = fy.floor() as usize;
        let y1 = (y0 + 1).min(coarse.h - 1);
        let ty = fy - y0 as f32;
        for x in 0..fine.w {
            let i = y * fine.w + x;
            if !hole[i] {
                continue;
            }
            let fx = ((x as f32 + 0.5) * 0.5 - 0.5).clamp(0.0, cw - 1.0);
            let x0 = fx.floor() as usize;
            let x1 = (x0 + 1).min(coarse.w - 1);
            let tx = fx - x0 as f32;
            let a = coarse.px[y0 * coarse.w + x0];
            let b = coarse.px[y0 * coarse.w + x1];
            let c = coarse.px[y1 * coarse.w + x0];
            let d = coarse.px[y1 * coarse.w + x1];
            let mut out = [0.0f32; 3];
            for k in 0..3 {
                let top = a[k] + (b[k] - a[k]) * tx;
                let bot = c[k] + (d[k] - c[k]) * tx;
                out[k] = top + (bot - top) * ty;
            }
            fine.px[i] = out;
        }
    }
}

/// Summed-area table of a boolean mask, (w+1)×(h+1).
pub(crate) struct MaskSat {
    w: usize,
    h: usize,
    sat: Vec<u32>,
}

impl MaskSat {
    pub fn new(w: usize, h: usize, mask: &[bool]) -> Self {
        let sw = w + 1;
        let mut sat = vec![0u32; sw * (h + 1)];
        for y in 0..h {
            let mut row = 0u32;
            for x in 0..w {
                row += u32::from(mask[y * w + x]);
                sat[(y + 1) * sw + x + 1] = sat[y * sw + x + 1] + row;
            }
        }
        Self { w, h, sat }
    }

    /// Count of set pixels in the box of radius `r` around (x, y), clipped to the image.
    pub fn count_box(&self, x: usize, y: usize, r: usize) -> u32 {
        let (x0, y0) = (x.saturating_sub(r), y.saturating_sub(r));
        let (x1, y1) = ((x + r + 1).min(self.w), (y + r + 1).min(self.h));
        let sw = self.w + 1;
        self.sat[y1 * sw + x1] + self.sat[y0 * sw + x0] - self.sat[y0 * sw + x1] - self.sat[y1 * sw + x0]
    }
}
