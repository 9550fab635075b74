//! Fills (solid, linear and radial gradients) and shape paths for tiny-skia.

use tiny_skia::{
    GradientStop, LinearGradient, Path, PathBuilder, Point, RadialGradient, Rect, Shader, SpreadMode, Transform,
};

use pixmart_poster_template::{Paint, Rgba, ShapeKind, Stop};

/// A template colour as tiny-skia's colour.
pub(crate) trait ToSkia {
    fn to_skia(self) -> tiny_skia::Color;
}

impl ToSkia for Rgba {
    fn to_skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.r, self.g, self.b, self.a)
    }
}

fn stops(list: &[Stop]) -> Vec<GradientStop> {
    list.iter().map(|s| GradientStop::new(s.offset, s.color.to_skia())).collect()
}

/// The shader of a paint over the area `(x, y, w, h)`.
pub(crate) fn shader(paint: &Paint, x: f32, y: f32, w: f32, h: f32) -> Option<Shader<'static>> {
    match paint {
        Paint::Solid { color } => Some(Shader::SolidColor(color.to_skia())),
        Paint::LinearGradient { angle, stops: list } => {
            let a = angle.to_radians();
            let (dx, dy) = (a.sin(), -a.cos());
            let half = ((w * a.sin()).abs() + (h * a.cos()).abs()) / 2.0;
            let (cx, cy) = (x + w / 2.0, y + h / 2.0);
            let start = Point::from_xy(cx - dx * half, cy - dy * half);
            let end = Point::from_xy(cx + dx * half, cy + dy * half);
            LinearGradient::new(start, end, stops(list), SpreadMode::Pad, Transform::identity())
                .or_else(|| list.first().map(|s| Shader::SolidColor(s.color.to_skia())))
        }
        Paint::RadialGradient { cx, cy, radius, stops: list } => {
            let c = Point::from_xy(x + cx * w, y + cy * h);
            let r = radius * w.max(h);
            RadialGradient::new(c, 0.0, c, r, stops(list), SpreadMode::Pad, Transform::identity())
                .or_else(|| list.last().map(|s| Shader::SolidColor(s.color.to_skia())))
        }
    }
}

/// A rectangle with corners of radius `r` (clamped to half the short side).
pub(crate) fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    if r <= 0.0 {
        return Some(PathBuilder::from_rect(Rect::from_xywh(x, y, w, h)?));
    }
    // Cubic approximation of a quarter circle.
    let k = 0.552_284_8 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// The outline of a shape inside `(x, y, w, h)`.
pub(crate) fn shape_path(kind: ShapeKind, x: f32, y: f32, w: f32, h: f32, radius: f32) -> Option<Path> {
    match kind {
        ShapeKind::Rect => rounded_rect(x, y, w, h, 0.0),
        ShapeKind::RoundedRect => rounded_rect(x, y, w, h, radius),
        ShapeKind::Ellipse => PathBuilder::from_oval(Rect::from_xywh(x, y, w, h)?),
    }
}
