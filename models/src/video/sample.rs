//! Sub-pixel (bilinear) sampling of interleaved 8-bit layers.

// Per-channel and per-pixel loops over parallel buffers read clearer indexed.
#![allow(clippy::needless_range_loop)]

/// An interleaved 8-bit image: `channels` values per pixel, row-major.
pub(crate) struct Plane {
    pub width: usize,
    pub height: usize,
    pub channels: usize,
    pub data: Vec<u8>,
}

impl Plane {
    /// Bilinear sample at pixel-centre coordinates (`x`, `y`): (0, 0) is the
    /// centre of the top-left pixel. Coordinates outside are clamped to the
    /// edge (the camera paths keep the background inside; the subject
    /// layer's outside is transparent because its border alpha is zero).
    /// Writes `channels` values to `out`.
    #[inline]
    pub fn bilinear(&self, x: f32, y: f32, out: &mut [f32; 4]) {
        let maxx = (self.width - 1) as f32;
        let maxy = (self.height - 1) as f32;
        let x = x.clamp(0.0, maxx);
        let y = y.clamp(0.0, maxy);
        let x0 = x.floor();
        let y0 = y.floor();
        let fx = x - x0;
        let fy = y - y0;
        let (x0, y0) = (x0 as usize, y0 as usize);
        let x1 = (x0 + 1).min(self.width - 1);
        let y1 = (y0 + 1).min(self.height - 1);
        let c = self.channels;
        let row0 = y0 * self.width;
        let row1 = y1 * self.width;
        let (i00, i10, i01, i11) = ((row0 + x0) * c, (row0 + x1) * c, (row1 + x0) * c, (row1 + x1) * c);
        let w00 = (1.0 - fx) * (1.0 - fy);
        let w10 = fx * (1.0 - fy);
        let w01 = (1.0 - fx) * fy;
        let w11 = fx * fy;
        let d = &self.data;
        for k in 0..c {
            out[k] = f32::from(d[i00 + k]) * w00
                + f32::from(d[i10 + k]) * w10
                + f32::from(d[i01 + k]) * w01
                + f32::from(d[i11 + k]) * w11;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halfway_between_two_pixels_is_their_mean() {
        let p = Plane { width: 2, height: 1, channels: 1, data: vec![0, 200] };
        let mut out = [0.0; 4];
        p.bilinear(0.5, 0.0, &mut out);
        assert!((out[0] - 100.0).abs() < 1e-3);
        p.bilinear(0.25, 0.0, &mut out);
        assert!((out[0] - 50.0).abs() < 1e-3);
        p.bilinear(-3.0, 0.0, &mut out);
        assert_eq!(out[0], 0.0);
    }
}
