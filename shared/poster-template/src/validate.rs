//! Parsing and validation: a template is refused, with a typed error, before
//! any work is queued.

use std::collections::BTreeSet;

use super::error::PosterError;
use super::limits::*;
use super::template::{Background, BoxSpec, Layer, Paint, Shadow, StrokeSpec, Template, TextLayer, TEMPLATE_VERSION};

const LAYER_TYPES: [&str; 4] = ["image", "text", "shape", "qr"];

impl Template {
    /// Parses a JSON document and validates it.
    pub fn from_json(json: &str) -> Result<Template, PosterError> {
        if json.len() > MAX_TEMPLATE_BYTES {
            return Err(PosterError::TemplateTooLarge { bytes: json.len(), max: MAX_TEMPLATE_BYTES });
        }
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| PosterError::Json { message: e.to_string() })?;
        precheck(&value)?;
        let template: Template =
            serde_json::from_value(value).map_err(|e| PosterError::Json { message: e.to_string() })?;
        template.validate()?;
        Ok(template)
    }

    /// The template as pretty JSON (what an admin exports).
    pub fn to_json(&self) -> Result<String, PosterError> {
        serde_json::to_string_pretty(self).map_err(|e| PosterError::Json { message: e.to_string() })
    }

    /// Checks every limit; the first broken one is returned.
    pub fn validate(&self) -> Result<(), PosterError> {
        if self.version != TEMPLATE_VERSION {
            return Err(PosterError::UnknownVersion { found: self.version.to_string(), supported: TEMPLATE_VERSION });
        }
        check_id("template", &self.id)?;
        let (w, h) = (self.canvas.width, self.canvas.height);
        if w > MAX_CANVAS_SIDE || h > MAX_CANVAS_SIDE {
            return Err(PosterError::CanvasTooLarge { width: w, height: h, max: MAX_CANVAS_SIDE });
        }
        if w < MIN_CANVAS_SIDE || h < MIN_CANVAS_SIDE {
            return Err(PosterError::CanvasTooSmall { width: w, height: h, min: MIN_CANVAS_SIDE });
        }
        if let Some(ratio) = self.canvas.aspect.ratio() {
            let actual = w as f32 / h as f32;
            if (actual / ratio - 1.0).abs() > ASPECT_TOLERANCE {
                return Err(PosterError::AspectMismatch {
                    width: w,
                    height: h,
                    aspect: self.canvas.aspect.as_str().to_string(),
                });
            }
        }
        check_background(&self.background)?;
        if self.layers.len() > MAX_LAYERS {
            return Err(PosterError::TooManyLayers { count: self.layers.len(), max: MAX_LAYERS });
        }
        let mut ids = BTreeSet::new();
        for layer in &self.layers {
            let id = layer.id();
            check_id(id, id)?;
            if !ids.insert(id) {
                return Err(PosterError::DuplicateLayerId { id: id.to_string() });
            }
            check_box(id, layer, w, h)?;
            match layer {
                Layer::Image(l) => {
                    check_range(id, "cornerRadius", l.corner_radius, 0.0, 10_000.0)?;
                    check_range(id, "opacity", l.opacity, 0.0, 1.0)?;
                    check_shadow(id, l.shadow.as_ref())?;
                }
                Layer::Text(l) => check_text(l)?,
                Layer::Shape(l) => {
                    check_range(id, "radius", l.radius, 0.0, 10_000.0)?;
                    check_range(id, "opacity", l.opacity, 0.0, 1.0)?;
                    if let Some(fill) = &l.fill {
                        check_paint(id, fill)?;
                    }
                    check_stroke(id, l.stroke.as_ref())?;
                    check_shadow(id, l.shadow.as_ref())?;
                }
                Layer::Qr(l) => {
                    check_qr_content(id, &l.content)?;
                    if l.quiet_zone > 8 {
                        return Err(invalid(id, "quietZone", format!("is {}; it must be 0..=8", l.quiet_zone)));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Checks what serde would report unclearly: the version and the layer types.
fn precheck(value: &serde_json::Value) -> Result<(), PosterError> {
    let version = value.get("version");
    if version.and_then(|v| v.as_u64()) != Some(u64::from(TEMPLATE_VERSION)) {
        let found = match version {
            None => "(missing)".to_string(),
            Some(v) => v.to_string(),
        };
        return Err(PosterError::UnknownVersion { found, supported: TEMPLATE_VERSION });
    }
    if let Some(layers) = value.get("layers").and_then(|l| l.as_array()) {
        for (index, layer) in layers.iter().enumerate() {
            let found = match layer.get("type") {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(other) => other.to_string(),
                None => "(missing)".to_string(),
            };
            if !LAYER_TYPES.contains(&found.as_str()) {
                return Err(PosterError::UnknownLayerType { index, found });
            }
        }
    }
    Ok(())
}

fn invalid(id: &str, field: &'static str, reason: String) -> PosterError {
    PosterError::InvalidValue { id: id.to_string(), field, reason }
}

fn check_id(owner: &str, id: &str) -> Result<(), PosterError> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(invalid(owner, "id", format!("\"{id}\" must be 1 to 64 characters of a-z, 0-9, - and _")))
    }
}

fn check_range(id: &str, field: &'static str, v: f32, min: f32, max: f32) -> Result<(), PosterError> {
    if v.is_finite() && v >= min && v <= max {
        Ok(())
    } else {
        Err(invalid(id, field, format!("is {v}; it must be between {min} and {max}")))
    }
}

fn check_box(id: &str, layer: &Layer, cw: u32, ch: u32) -> Result<(), PosterError> {
    let b: &BoxSpec = layer.bounds();
    let finite = [b.x, b.y, b.w, b.h, b.rotation].iter().all(|v| v.is_finite());
    if !finite || b.w < 1.0 || b.h < 1.0 {
        return Err(invalid(id, "box", format!("{}×{} must be finite and at least 1×1 px", b.w, b.h)));
    }
    check_range(id, "box.rotation", b.rotation, -360.0, 360.0)?;
    let (cw_f, ch_f) = (cw as f32, ch as f32);
    let outside = PosterError::SlotOutsideCanvas {
        id: id.to_string(),
        x: b.x,
        y: b.y,
        w: b.w,
        h: b.h,
        canvas_width: cw,
        canvas_height: ch,
    };
    // Decorative shapes may bleed off the edges but must touch the canvas;
    // slots (image, text, QR) must lie entirely inside it.
    if matches!(layer, Layer::Shape(_)) {
        if b.x >= cw_f || b.y >= ch_f || b.x + b.w <= 0.0 || b.y + b.h <= 0.0 {
            return Err(outside);
        }
        if b.w > 4.0 * cw_f || b.h > 4.0 * ch_f {
            return Err(invalid(id, "box", "is more than four times the canvas".to_string()));
        }
    } else if b.x < 0.0 || b.y < 0.0 || b.x + b.w > cw_f + 0.01 || b.y + b.h > ch_f + 0.01 {
        return Err(outside);
    }
    Ok(())
}

fn check_stops(id: &str, stops: &[super::template::Stop]) -> Result<(), PosterError> {
    if stops.is_empty() || stops.len() > MAX_STOPS {
        return Err(invalid(id, "stops", format!("has {} stops; 1 to {MAX_STOPS} are accepted", stops.len())));
    }
    let mut last = 0.0;
    for s in stops {
        check_range(id, "stop offset", s.offset, 0.0, 1.0)?;
        if s.offset < last {
            return Err(invalid(id, "stops", "must be in increasing offset order".to_string()));
        }
        last = s.offset;
    }
    Ok(())
}

fn check_paint(id: &str, paint: &Paint) -> Result<(), PosterError> {
    match paint {
        Paint::Solid { .. } => Ok(()),
        Paint::LinearGradient { angle, stops } => {
            check_range(id, "angle", *angle, -360.0, 360.0)?;
            check_stops(id, stops)
        }
        Paint::RadialGradient { cx, cy, radius, stops } => {
            check_range(id, "cx", *cx, -1.0, 2.0)?;
            check_range(id, "cy", *cy, -1.0, 2.0)?;
            check_range(id, "radius", *radius, 0.01, 4.0)?;
            check_stops(id, stops)
        }
    }
}

fn check_background(bg: &Background) -> Result<(), PosterError> {
    match bg {
        Background::Image { slot, .. } => check_id("background", slot)?,
        // Which scenes exist is the product-image library's to say (the API
        // checks the id against it); here only its shape.
        Background::Scene { id, variant } => {
            check_id("background", id)?;
            check_range("background", "variant", *variant as f32, 0.0, MAX_SCENE_VARIANT as f32)?;
        }
        Background::Solid { .. } | Background::LinearGradient { .. } | Background::RadialGradient { .. } => {}
    }
    check_paint("background", &bg.paint())
}

/// Scene variants beyond this repeat the earlier ones.
pub const MAX_SCENE_VARIANT: u32 = 16;

fn check_stroke(id: &str, stroke: Option<&StrokeSpec>) -> Result<(), PosterError> {
    match stroke {
        Some(s) => check_range(id, "stroke.width", s.width, 0.0, MAX_STROKE_PX),
        None => Ok(()),
    }
}

fn check_shadow(id: &str, shadow: Option<&Shadow>) -> Result<(), PosterError> {
    if let Some(s) = shadow {
        check_range(id, "shadow.blur", s.blur, 0.0, MAX_BLUR_PX)?;
        check_range(id, "shadow.offsetX", s.offset_x, -MAX_SHADOW_OFFSET_PX, MAX_SHADOW_OFFSET_PX)?;
        check_range(id, "shadow.offsetY", s.offset_y, -MAX_SHADOW_OFFSET_PX, MAX_SHADOW_OFFSET_PX)?;
    }
    Ok(())
}

impl Template {
    /// What a slot id fills: a text or QR layer takes text, an image layer
    /// or the image background takes a picture.
    pub fn slot_kind(&self, id: &str) -> Option<SlotKind> {
        if matches!(&self.background, Background::Image { slot, .. } if slot == id) {
            return Some(SlotKind::Image);
        }
        match self.layers.iter().find(|l| l.id() == id)? {
            Layer::Text(_) => Some(SlotKind::Text),
            Layer::Qr(_) => Some(SlotKind::Qr),
            Layer::Image(_) => Some(SlotKind::Image),
            Layer::Shape(_) => None,
        }
    }

    /// Refuses texts for slots that take none, texts over the limits and
    /// pictures for slots that take none (the pictures' sizes are the
    /// renderer's to check).
    pub fn check_inputs<'a>(
        &self,
        texts: impl IntoIterator<Item = (&'a str, &'a str)>,
        image_slots: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), PosterError> {
        for (id, value) in texts {
            match self.slot_kind(id) {
                Some(SlotKind::Text) => check_text_len(id, value)?,
                Some(SlotKind::Qr) => check_qr_content(id, value)?,
                _ => return Err(PosterError::UnknownSlot { id: id.to_string(), kind: "text" }),
            }
        }
        for id in image_slots {
            if self.slot_kind(id) != Some(SlotKind::Image) {
                return Err(PosterError::UnknownSlot { id: id.to_string(), kind: "image" });
            }
        }
        Ok(())
    }
}

/// What an input fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotKind {
    Text,
    Qr,
    Image,
}

/// A text must not exceed [`MAX_TEXT_CHARS`] characters.
pub fn check_text_len(id: &str, text: &str) -> Result<(), PosterError> {
    // Count without walking a huge string twice.
    let chars = text.chars().take(MAX_TEXT_CHARS + 1).count();
    if chars > MAX_TEXT_CHARS {
        return Err(PosterError::TextTooLong { id: id.to_string(), chars: text.chars().count(), max: MAX_TEXT_CHARS });
    }
    Ok(())
}

/// A QR content must be at most [`MAX_QR_CHARS`] characters.
pub fn check_qr_content(id: &str, content: &str) -> Result<(), PosterError> {
    let chars = content.chars().count();
    if chars > MAX_QR_CHARS {
        return Err(PosterError::TextTooLong { id: id.to_string(), chars, max: MAX_QR_CHARS });
    }
    Ok(())
}

fn check_text(l: &TextLayer) -> Result<(), PosterError> {
    let id = l.id.as_str();
    check_text_len(id, &l.text)?;
    check_range(id, "size.min", l.size.min, MIN_FONT_PX, MAX_FONT_PX)?;
    check_range(id, "size.max", l.size.max, MIN_FONT_PX, MAX_FONT_PX)?;
    if l.size.min > l.size.max {
        return Err(invalid(id, "size", format!("min {} is larger than max {}", l.size.min, l.size.max)));
    }
    if !(100..=900).contains(&l.font.weight) {
        return Err(invalid(id, "font.weight", format!("is {}; it must be 100..=900", l.font.weight)));
    }
    check_range(id, "lineHeight", l.line_height, 0.8, 4.0)?;
    check_range(id, "letterSpacing", l.letter_spacing, -0.2, 2.0)?;
    check_range(id, "opacity", l.opacity, 0.0, 1.0)?;
    if l.max_lines == 0 || l.max_lines > MAX_LINES {
        return Err(invalid(id, "maxLines", format!("is {}; it must be 1..={MAX_LINES}", l.max_lines)));
    }
    check_stroke(id, l.stroke.as_ref())?;
    check_shadow(id, l.shadow.as_ref())
}
