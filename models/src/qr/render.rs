//! Drawing a matrix over an image: crisp functional patterns, a pure centre
//! per data module in the shape asked for, the rest of the module the image
//! pushed towards the module's colour.

use image::imageops::{self, FilterType};
use image::{Rgb, RgbImage};

use super::encode::crop_square;
use super::{QrMatrix, QrShape, MIN_MODULE_PX};

/// Light modules around the code, as the standard asks.
pub const QUIET_MODULES: u32 = 4;

/// How pure the functional patterns and module centres are (1 = black or
/// white): fully, since decoders threshold locally and any image texture
/// left in a finder or separator breaks their detection.
const CORE: f32 = 1.0;
/// How far the quiet zone is pushed to white: a hint of the image, but flat
/// enough that the finders stand alone.
const QUIET_LIGHTEN: f32 = 0.93;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RenderParams {
    pub shape: QrShape,
    pub module_px: u32,
    /// Side of a module's pure centre, as a fraction of the module.
    pub centre: f32,
    /// How far the rest of a module is pushed towards its colour (0 = the
    /// image as is, 1 = a plain module).
    pub bias: f32,
}

impl RenderParams {
    /// `strength` 0..=100 (`None`: a plain code). Strength 33 (the default)
    /// gives centres of 60 % of the module and a 40 % push; 100 gives 30 %
    /// centres over the untouched image.
    pub fn new(shape: QrShape, strength: Option<u8>, target_px: u32, width: usize) -> Self {
        let modules = width as u32 + 2 * QUIET_MODULES;
        let module_px = (target_px / modules).max(MIN_MODULE_PX);
        let (centre, bias) = match strength {
            Some(s) => {
                let v = f32::from(s.min(100)) / 100.0;
                (0.75 - 0.45 * v, 0.6 * (1.0 - v))
            }
            None => (1.0, 1.0),
        };
        RenderParams { shape, module_px, centre, bias }
    }

    /// Side of the rendered code in pixels.
    pub fn side(&self, width: usize) -> u32 {
        (width as u32 + 2 * QUIET_MODULES) * self.module_px
    }
}

pub fn render(m: &QrMatrix, image: &RgbImage, p: &RenderParams) -> RgbImage {
    let side = p.side(m.width);
    let px = p.module_px;
    let background = imageops::resize(&crop_square(image), side, side, FilterType::Triangle);
    let q = QUIET_MODULES as i64;
    let w = m.width as i64;
    let same = |x: i64, y: i64, dark: bool| -> bool {
        (0..w).contains(&x) && (0..w).contains(&y) && {
            let (ux, uy) = (x as usize, y as usize);
            !m.is_functional(ux, uy) && m.is_dark(ux, uy) == dark
        }
    };
    RgbImage::from_fn(side, side, |x, y| {
        let c = background.get_pixel(x, y).0;
        let (mx, my) = ((x / px) as i64 - q, (y / px) as i64 - q);
        if !(0..w).contains(&mx) || !(0..w).contains(&my) {
            return towards(c, true, QUIET_LIGHTEN);
        }
        let (ux, uy) = (mx as usize, my as usize);
        let dark = m.is_dark(ux, uy);
        if m.is_functional(ux, uy) {
            return towards(c, !dark, CORE);
        }
        let fx = ((x % px) as f32 + 0.5) / px as f32;
        let fy = ((y % px) as f32 + 0.5) / px as f32;
        let up = same(mx, my - 1, dark);
        let down = same(mx, my + 1, dark);
        if in_centre(p.shape, p.centre, fx, fy, up, down) {
            towards(c, !dark, CORE.max(p.bias))
        } else {
            towards(c, !dark, p.bias)
        }
    })
}

/// Whether a point of a module (fractions 0..1 across and down) lies in its
/// pure centre. Long shapes join a module to same-colour neighbours above
/// and below, so vertical runs read as bars.
fn in_centre(shape: QrShape, c: f32, fx: f32, fy: f32, up: bool, down: bool) -> bool {
    let h = c / 2.0;
    let dx = (fx - 0.5).abs();
    match shape {
        QrShape::Square => dx <= h && (fy - 0.5).abs() <= h,
        QrShape::Circle => {
            // Same area as the square centre: r = c / √π.
            let r = c / std::f32::consts::PI.sqrt();
            dx.hypot(fy - 0.5) <= r
        }
        QrShape::LongSquare | QrShape::LongCircle => {
            let top = if up { 0.0 } else { 0.5 - h };
            let bottom = if down { 1.0 } else { 0.5 + h };
            if dx > h || fy < top || fy > bottom {
                return false;
            }
            if shape == QrShape::LongSquare {
                return true;
            }
            // Rounded ends where the bar stops.
            if !up && fy < top + h {
                return dx.hypot(fy - (top + h)) <= h;
            }
            if !down && fy > bottom - h {
                return dx.hypot(fy - (bottom - h)) <= h;
            }
            true
        }
    }
}

/// Moves a colour towards white (`light`) or black by `amount` (0..=1),
/// keeping its hue.
fn towards(c: [u8; 3], light: bool, amount: f32) -> Rgb<u8> {
    let a = amount.clamp(0.0, 1.0);
    Rgb(c.map(|v| {
        let v = f32::from(v);
        let out = if light { v + (255.0 - v) * a } else { v * (1.0 - a) };
        out.round().clamp(0.0, 255.0) as u8
    }))
}
