//! Sample pictures drawn in code (a product cutout, a logo, a backdrop) so
//! that every template can be previewed, tested and benchmarked without
//! shipping photos.

use image::RgbaImage;
use tiny_skia::{
    FillRule, GradientStop, LinearGradient, Paint, PathBuilder, Point, RadialGradient, Rect, Shader, SpreadMode,
    Transform,
};

use super::paint::rounded_rect;
use super::raster::{image_from_pixmap, new_pixmap};

fn linear(x0: f32, y0: f32, x1: f32, y1: f32, stops: &[(f32, [u8; 4])]) -> Shader<'static> {
    let stops = stops
        .iter()
        .map(|(o, c)| GradientStop::new(*o, tiny_skia::Color::from_rgba8(c[0], c[1], c[2], c[3])))
        .collect();
    LinearGradient::new(Point::from_xy(x0, y0), Point::from_xy(x1, y1), stops, SpreadMode::Pad, Transform::identity())
        .unwrap_or(Shader::SolidColor(tiny_skia::Color::BLACK))
}

fn solid(c: [u8; 4]) -> Paint<'static> {
    Paint {
        shader: Shader::SolidColor(tiny_skia::Color::from_rgba8(c[0], c[1], c[2], c[3])),
        anti_alias: true,
        ..Paint::default()
    }
}

fn shaded(shader: Shader<'static>) -> Paint<'static> {
    Paint { shader, anti_alias: true, ..Paint::default() }
}

/// The kinds of sample product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleProduct {
    /// A skincare bottle with a pump (tall).
    Bottle,
    /// A cream jar (wide).
    Jar,
    /// A gift box with a ribbon (square).
    GiftBox,
}

impl SampleProduct {
    pub const ALL: [SampleProduct; 3] = [SampleProduct::Bottle, SampleProduct::Jar, SampleProduct::GiftBox];
}

/// A product cutout on a transparent background, `w × h` pixels.
pub fn product(kind: SampleProduct, w: u32, h: u32) -> RgbaImage {
    let Ok(mut pm) = new_pixmap(w, h) else { return RgbaImage::new(w, h) };
    let (fw, fh) = (w as f32, h as f32);
    let id = Transform::identity();
    match kind {
        SampleProduct::Bottle => {
            let (bx, bw) = (fw * 0.28, fw * 0.44);
            let (by, bh) = (fh * 0.30, fh * 0.68);
            // Pump and collar.
            if let Some(p) = rounded_rect(fw * 0.46, fh * 0.04, fw * 0.08, fh * 0.14, fw * 0.02) {
                pm.fill_path(
                    &p,
                    &shaded(linear(
                        fw * 0.46,
                        0.0,
                        fw * 0.54,
                        0.0,
                        &[(0.0, [40, 40, 48, 255]), (0.5, [110, 110, 120, 255]), (1.0, [30, 30, 36, 255])],
                    )),
                    FillRule::Winding,
                    id,
                    None,
                );
            }
            if let Some(p) = rounded_rect(fw * 0.30, fh * 0.02, fw * 0.24, fh * 0.05, fw * 0.02) {
                pm.fill_path(&p, &solid([50, 50, 58, 255]), FillRule::Winding, id, None);
            }
            if let Some(p) = rounded_rect(fw * 0.38, fh * 0.17, fw * 0.24, fh * 0.14, fw * 0.03) {
                pm.fill_path(
                    &p,
                    &shaded(linear(
                        fw * 0.38,
                        0.0,
                        fw * 0.62,
                        0.0,
                        &[(0.0, [170, 140, 90, 255]), (0.45, [240, 215, 160, 255]), (1.0, [150, 120, 70, 255])],
                    )),
                    FillRule::Winding,
                    id,
                    None,
                );
            }
            if let Some(p) = rounded_rect(bx, by, bw, bh, fw * 0.08) {
                pm.fill_path(
                    &p,
                    &shaded(linear(
                        bx,
                        0.0,
                        bx + bw,
                        0.0,
                        &[
                            (0.0, [214, 120, 120, 255]),
                            (0.3, [250, 190, 185, 255]),
                            (0.55, [236, 150, 148, 255]),
                            (1.0, [180, 90, 92, 255]),
                        ],
                    )),
                    FillRule::Winding,
                    id,
                    None,
                );
            }
            // Label and highlight.
            if let Some(p) = rounded_rect(bx + bw * 0.14, by + bh * 0.34, bw * 0.72, bh * 0.34, fw * 0.02) {
                pm.fill_path(&p, &solid([255, 248, 240, 235]), FillRule::Winding, id, None);
            }
            for (i, y) in [0.44f32, 0.52, 0.58].iter().enumerate() {
                let lw = [0.5f32, 0.36, 0.42][i];
                if let Some(r) = Rect::from_xywh(bx + bw * (0.5 - lw / 2.0), by + bh * y, bw * lw, bh * 0.022) {
                    pm.fill_rect(r, &solid([170, 100, 100, 255]), id, None);
                }
            }
            if let Some(p) = rounded_rect(bx + bw * 0.08, by + bh * 0.06, bw * 0.07, bh * 0.8, fw * 0.03) {
                pm.fill_path(&p, &solid([255, 255, 255, 90]), FillRule::Winding, id, None);
            }
        }
        SampleProduct::Jar => {
            let (x, y, jw, jh) = (fw * 0.08, fh * 0.42, fw * 0.84, fh * 0.52);
            if let Some(p) = rounded_rect(x, y, jw, jh, fw * 0.06) {
                pm.fill_path(
                    &p,
                    &shaded(linear(
                        x,
                        0.0,
                        x + jw,
                        0.0,
                        &[(0.0, [60, 110, 100, 255]), (0.35, [130, 190, 175, 255]), (1.0, [40, 90, 82, 255])],
                    )),
                    FillRule::Winding,
                    id,
                    None,
                );
            }
            if let Some(p) = rounded_rect(fw * 0.05, fh * 0.12, fw * 0.90, fh * 0.32, fw * 0.05) {
                pm.fill_path(
                    &p,
                    &shaded(linear(
                        fw * 0.05,
                        0.0,
                        fw * 0.95,
                        0.0,
                        &[(0.0, [180, 150, 100, 255]), (0.4, [245, 225, 180, 255]), (1.0, [160, 130, 80, 255])],
                    )),
                    FillRule::Winding,
                    id,
                    None,
                );
            }
            if let Some(p) = rounded_rect(fw * 0.22, fh * 0.56, fw * 0.56, fh * 0.24, fw * 0.03) {
                pm.fill_path(&p, &solid([250, 248, 240, 240]), FillRule::Winding, id, None);
            }
            if let Some(r) = Rect::from_xywh(fw * 0.32, fh * 0.66, fw * 0.36, fh * 0.03) {
                pm.fill_rect(r, &solid([60, 110, 100, 255]), id, None);
            }
        }
        SampleProduct::GiftBox => {
            let (x, y, bw, bh) = (fw * 0.1, fh * 0.3, fw * 0.8, fh * 0.66);
            if let Some(r) = Rect::from_xywh(x, y, bw, bh) {
                pm.fill_rect(
                    r,
                    &shaded(linear(
                        x,
                        0.0,
                        x + bw,
                        0.0,
                        &[(0.0, [170, 30, 40, 255]), (0.5, [225, 60, 70, 255]), (1.0, [150, 25, 35, 255])],
                    )),
                    id,
                    None,
                );
            }
            if let Some(r) = Rect::from_xywh(fw * 0.05, fh * 0.22, fw * 0.9, fh * 0.12) {
                pm.fill_rect(
                    r,
                    &shaded(linear(
                        0.0,
                        fh * 0.22,
                        0.0,
                        fh * 0.34,
                        &[(0.0, [235, 70, 80, 255]), (1.0, [180, 35, 45, 255])],
                    )),
                    id,
                    None,
                );
            }
            let gold = shaded(linear(
                0.0,
                0.0,
                fw,
                0.0,
                &[(0.0, [200, 160, 70, 255]), (0.5, [255, 225, 140, 255]), (1.0, [190, 150, 60, 255])],
            ));
            if let Some(r) = Rect::from_xywh(fw * 0.45, fh * 0.22, fw * 0.1, fh * 0.74) {
                pm.fill_rect(r, &gold, id, None);
            }
            let mut pb = PathBuilder::new();
            pb.move_to(fw * 0.5, fh * 0.22);
            pb.cubic_to(fw * 0.3, fh * 0.0, fw * 0.15, fh * 0.12, fw * 0.3, fh * 0.2);
            pb.close();
            pb.move_to(fw * 0.5, fh * 0.22);
            pb.cubic_to(fw * 0.7, fh * 0.0, fw * 0.85, fh * 0.12, fw * 0.7, fh * 0.2);
            pb.close();
            if let Some(p) = pb.finish() {
                pm.fill_path(&p, &gold, FillRule::Winding, id, None);
            }
        }
    }
    image_from_pixmap(&pm)
}

/// A round brand mark on a transparent background.
pub fn logo(side: u32) -> RgbaImage {
    let Ok(mut pm) = new_pixmap(side, side) else { return RgbaImage::new(side, side) };
    let s = side as f32;
    let id = Transform::identity();
    if let Some(p) = PathBuilder::from_circle(s / 2.0, s / 2.0, s * 0.48) {
        pm.fill_path(&p, &solid([30, 30, 36, 255]), FillRule::Winding, id, None);
    }
    let mut pb = PathBuilder::new();
    pb.move_to(s * 0.3, s * 0.68);
    pb.line_to(s * 0.5, s * 0.28);
    pb.line_to(s * 0.7, s * 0.68);
    pb.close();
    if let Some(p) = pb.finish() {
        pm.fill_path(&p, &solid([240, 200, 120, 255]), FillRule::Winding, id, None);
    }
    image_from_pixmap(&pm)
}

/// A soft studio backdrop (for image backgrounds).
pub fn backdrop(w: u32, h: u32) -> RgbaImage {
    let Ok(mut pm) = new_pixmap(w, h) else { return RgbaImage::new(w, h) };
    let (fw, fh) = (w as f32, h as f32);
    if let Some(r) = Rect::from_xywh(0.0, 0.0, fw, fh) {
        pm.fill_rect(
            r,
            &shaded(linear(
                0.0,
                0.0,
                0.0,
                fh,
                &[
                    (0.0, [214, 226, 236, 255]),
                    (0.62, [236, 240, 244, 255]),
                    (0.63, [205, 200, 196, 255]),
                    (1.0, [170, 162, 156, 255]),
                ],
            )),
            Transform::identity(),
            None,
        );
        let glow = RadialGradient::new(
            Point::from_xy(fw * 0.7, fh * 0.3),
            0.0,
            Point::from_xy(fw * 0.7, fh * 0.3),
            fw * 0.5,
            vec![
                GradientStop::new(0.0, tiny_skia::Color::from_rgba8(255, 255, 255, 160)),
                GradientStop::new(1.0, tiny_skia::Color::from_rgba8(255, 255, 255, 0)),
            ],
            SpreadMode::Pad,
            Transform::identity(),
        );
        if let Some(g) = glow {
            pm.fill_rect(r, &shaded(g), Transform::identity(), None);
        }
    }
    image_from_pixmap(&pm)
}
