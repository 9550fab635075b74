//! Every colour a template paints with: an edited template may use a colour
//! of its own only on a paid plan, so the API compares an edit's colours
//! with the library template's and the palette's.

use std::collections::BTreeSet;

use crate::color::Rgba;
use crate::template::{Background, Layer, Paint, Shadow, StrokeSpec, Template};

impl Template {
    /// The distinct colours of the background and every layer (fills,
    /// gradient stops, text, strokes, shadows, QR modules and ground),
    /// compared without alpha: transparency is not a colour choice.
    pub fn colours(&self) -> BTreeSet<[u8; 3]> {
        let mut out = BTreeSet::new();
        let mut add = |c: &Rgba| {
            out.insert([c.r, c.g, c.b]);
        };
        match &self.background {
            Background::Solid { color } => add(color),
            Background::LinearGradient { stops, .. } | Background::RadialGradient { stops, .. } => {
                stops.iter().for_each(|s| add(&s.color))
            }
            Background::Image { fallback, .. } => paint(fallback, &mut add),
            // A scene's colours are the library's, not a colour choice.
            Background::Scene { .. } => {}
        }
        for layer in &self.layers {
            match layer {
                Layer::Image(l) => shadow(l.shadow.as_ref(), &mut add),
                Layer::Text(l) => {
                    add(&l.color);
                    stroke(l.stroke.as_ref(), &mut add);
                    shadow(l.shadow.as_ref(), &mut add);
                }
                Layer::Shape(l) => {
                    if let Some(fill) = &l.fill {
                        paint(fill, &mut add);
                    }
                    stroke(l.stroke.as_ref(), &mut add);
                    shadow(l.shadow.as_ref(), &mut add);
                }
                Layer::Qr(l) => {
                    add(&l.color);
                    add(&l.background);
                }
            }
        }
        out
    }
}

fn paint(p: &Paint, add: &mut impl FnMut(&Rgba)) {
    match p {
        Paint::Solid { color } => add(color),
        Paint::LinearGradient { stops, .. } | Paint::RadialGradient { stops, .. } => {
            stops.iter().for_each(|s| add(&s.color))
        }
    }
}

fn stroke(s: Option<&StrokeSpec>, add: &mut impl FnMut(&Rgba)) {
    if let Some(s) = s {
        add(&s.color);
    }
}

fn shadow(s: Option<&Shadow>, add: &mut impl FnMut(&Rgba)) {
    if let Some(s) = s {
        add(&s.color);
    }
}
