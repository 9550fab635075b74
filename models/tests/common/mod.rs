//! Shared by the real-model tests and the benchmark: where the models are,
//! and a generated product photo with a known mask.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use image::{GrayImage, Luma, Rgb, RgbImage};

const FETCH_HINT: &str = "run scripts/fetch-models first (scripts/test does)";

/// `PIXMART_MODELS_DIR`, else `<repo>/data/models`.
pub fn models_dir() -> PathBuf {
    match std::env::var_os("PIXMART_MODELS_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/models"),
    }
}

/// `ORT_DYLIB_PATH`, else the path written by fetch-models into
/// `<models dir>/onnxruntime/ORT_DYLIB_PATH`. Panics with a hint if neither.
pub fn ort_dylib() -> PathBuf {
    if let Some(p) = std::env::var_os("ORT_DYLIB_PATH").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    let marker = models_dir().join("onnxruntime/ORT_DYLIB_PATH");
    match std::fs::read_to_string(&marker) {
        Ok(s) if !s.trim().is_empty() => PathBuf::from(s.trim()),
        _ => {
            panic!("ONNX Runtime not found: ORT_DYLIB_PATH is unset and {} is missing; {FETCH_HINT}", marker.display())
        }
    }
}

/// Path of a model file, panicking with a hint if it is missing.
pub fn model_path(file_name: &str) -> PathBuf {
    let p = models_dir().join(file_name);
    assert!(p.is_file(), "model {} is missing; {FETCH_HINT}", p.display());
    p
}

/// Initialises the runtime from [`ort_dylib`], panicking with a hint on failure.
pub fn init_runtime() {
    let dylib = ort_dylib();
    if let Err(e) = pixmart_models::OrtRuntime::init(&dylib) {
        panic!("cannot load ONNX Runtime from {}: {e}; {FETCH_HINT}", dylib.display());
    }
}

/// Deterministic per-pixel noise in -1..1.
fn noise(x: u32, y: u32, seed: u32) -> f32 {
    let mut h = x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77) ^ seed.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    (h & 0xFFFF) as f32 / 32767.5 - 1.0
}

/// Signed distance to an axis-aligned rounded box (negative inside).
fn rounded_box(px: f32, py: f32, cx: f32, cy: f32, hw: f32, hh: f32, r: f32) -> f32 {
    let qx = (px - cx).abs() - (hw - r);
    let qy = (py - cy).abs() - (hh - r);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - r
}

struct Bottle {
    cx: f32,
}

impl Bottle {
    // body, shoulder/neck, cap
    fn sdf(&self, x: f32, y: f32) -> f32 {
        let body = rounded_box(x, y, self.cx, 640.0, 150.0, 270.0, 70.0);
        let neck = rounded_box(x, y, self.cx, 330.0, 55.0, 90.0, 20.0);
        let cap = rounded_box(x, y, self.cx, 225.0, 68.0, 50.0, 12.0);
        body.min(neck).min(cap)
    }

    fn color(&self, x: f32, y: f32, ix: u32, iy: u32) -> [f32; 3] {
        let n = noise(ix, iy, 7) * 6.0;
        if y < 275.0 {
            // dark ribbed cap
            let ridge = if ((x - self.cx) / 9.0).floor() as i32 % 2 == 0 { 1.0 } else { 0.8 };
            let v = 55.0 * ridge + n;
            return [v, v, v + 4.0];
        }
        let half = if y > 370.0 { 150.0 } else { 55.0 };
        let u = ((x - self.cx) / half).clamp(-1.0, 1.0); // -1..1 across the bottle
        let shade = 0.45 + 0.55 * (1.0 - u * u).sqrt();
        let highlight = (-((u + 0.45) / 0.08).powi(2)).exp() * 120.0;
        let mut c = [205.0 * shade + highlight, 28.0 * shade + highlight, 36.0 * shade + highlight];
        // paper label with "text" lines
        if (520.0..760.0).contains(&y) && y > 370.0 {
            let paper = 232.0 * (0.75 + 0.25 * shade);
            c = [paper, paper * 0.97, paper * 0.9];
            let line = ((y - 540.0) / 26.0).floor();
            let in_text = (y - 540.0).rem_euclid(26.0) < 9.0
                && (0.0..7.0).contains(&line)
                && (x - self.cx).abs() < 110.0 - line * 8.0;
            if in_text {
                c = [40.0, 35.0, 70.0];
            }
        }
        [c[0] + n, c[1] + n, c[2] + n]
    }
}

/// An 800×1000 photo of a shaded, labelled red bottle on a plain light
/// background, and its true mask (255 inside the bottle).
pub fn bottle_scene() -> (RgbImage, GrayImage) {
    let (w, h) = (800u32, 1000u32);
    let bottle = Bottle { cx: 400.0 };
    let mut img = RgbImage::new(w, h);
    let mut mask = GrayImage::new(w, h);
    for iy in 0..h {
        for ix in 0..w {
            let (x, y) = (ix as f32 + 0.5, iy as f32 + 0.5);
            let d = bottle.sdf(x, y);
            // coverage: exact far from the edge, 4x4 supersampled near it
            let cov = if d < -1.5 {
                1.0
            } else if d > 1.5 {
                0.0
            } else {
                let mut hits = 0;
                for sy in 0..4 {
                    for sx in 0..4 {
                        let (ox, oy) = ((sx as f32 + 0.5) / 4.0 - 0.5, (sy as f32 + 0.5) / 4.0 - 0.5);
                        hits += u32::from(bottle.sdf(x + ox, y + oy) < 0.0);
                    }
                }
                hits as f32 / 16.0
            };
            let g = 240.0 - 10.0 * (y / h as f32) + noise(ix, iy, 1) * 2.0;
            let bg = [g, g - 2.0, g - 6.0];
            let fg = if cov > 0.0 { bottle.color(x, y, ix, iy) } else { bg };
            let px = [0, 1, 2].map(|c| (fg[c] * cov + bg[c] * (1.0 - cov)).round().clamp(0.0, 255.0) as u8);
            img.put_pixel(ix, iy, Rgb(px));
            mask.put_pixel(ix, iy, Luma([if cov >= 0.5 { 255 } else { 0 }]));
        }
    }
    (img, mask)
}
