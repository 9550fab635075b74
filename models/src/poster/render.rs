//! Rendering a template with its inputs to pixels.
//!
//! Layers are drawn in order, each on its own surface (box plus shadow
//! margin) and then placed on the canvas, rotated about the box's centre.
//! Nothing random and nothing threaded: the same template, inputs and fonts
//! give the same pixels.

use std::collections::BTreeMap;

use image::RgbaImage;
use tiny_skia::{Paint as SkPaint, Rect, Transform};

use super::fonts::FontSet;
use super::layers::{self, Surface};
use super::paint::shader;
use super::raster::{composite, image_from_pixmap, new_pixmap};
use super::text::{self, TextLayout, TextStyle};
use pixmart_poster_template::limits::MAX_INPUT_SIDE;
use pixmart_poster_template::PosterError;
use pixmart_poster_template::{Background, BoxSpec, Fit, ImageLayer, ImageRole, Layer, Template};

/// What fills the slots: texts (text and QR slots) and pictures (image slots
/// and an image background), by slot id. A slot without an input shows the
/// template's default text, or nothing.
#[derive(Debug, Clone, Default)]
pub struct PosterInputs {
    pub texts: BTreeMap<String, String>,
    pub images: BTreeMap<String, RgbaImage>,
}

impl PosterInputs {
    pub fn text(mut self, slot: &str, text: &str) -> Self {
        self.texts.insert(slot.to_string(), text.to_string());
        self
    }

    pub fn image(mut self, slot: &str, image: RgbaImage) -> Self {
        self.images.insert(slot.to_string(), image);
        self
    }

    /// Refuses inputs for slots the template does not have and texts over
    /// the limits.
    pub fn validate_for(&self, template: &Template) -> Result<(), PosterError> {
        template.check_inputs(
            self.texts.iter().map(|(id, text)| (id.as_str(), text.as_str())),
            self.images.keys().map(String::as_str),
        )?;
        for (id, img) in &self.images {
            if img.width() > MAX_INPUT_SIDE || img.height() > MAX_INPUT_SIDE || img.width() == 0 || img.height() == 0 {
                return Err(PosterError::InvalidValue {
                    id: id.clone(),
                    field: "image",
                    reason: format!("is {}×{}; each side must be 1..={MAX_INPUT_SIDE}", img.width(), img.height()),
                });
            }
        }
        Ok(())
    }
}

/// How each text slot was set (for tests, previews and editors).
#[derive(Debug, Clone, Default)]
pub struct RenderReport {
    /// Per text slot: its id, its box on the rendered canvas and its layout.
    pub texts: Vec<(String, BoxSpec, TextLayout)>,
}

/// Renders at the template's full size.
pub fn render(template: &Template, inputs: &PosterInputs, fonts: &FontSet) -> Result<RgbaImage, PosterError> {
    render_detailed(template, inputs, fonts, 1.0).map(|(img, _)| img)
}

/// Renders at `scale` × the template's size (previews, small goldens).
pub fn render_scaled(
    template: &Template,
    inputs: &PosterInputs,
    fonts: &FontSet,
    scale: f32,
) -> Result<RgbaImage, PosterError> {
    render_detailed(template, inputs, fonts, scale).map(|(img, _)| img)
}

/// Renders and reports how every text was set.
pub fn render_detailed(
    template: &Template,
    inputs: &PosterInputs,
    fonts: &FontSet,
    scale: f32,
) -> Result<(RgbaImage, RenderReport), PosterError> {
    template.validate()?;
    inputs.validate_for(template)?;
    if !(scale.is_finite() && scale > 0.0 && scale <= 1.0) {
        return Err(PosterError::InvalidValue {
            id: template.id.clone(),
            field: "scale",
            reason: format!("is {scale}; it must be in (0, 1]"),
        });
    }
    let t = template.scaled(scale);
    let (w, h) = (t.canvas.width, t.canvas.height);
    let mut canvas = new_pixmap(w, h)?;
    draw_background(&mut canvas, &t, inputs)?;
    let mut report = RenderReport::default();
    for layer in &t.layers {
        let surface: Option<Surface> = match layer {
            Layer::Image(l) => match inputs.images.get(&l.id) {
                Some(picture) => Some(layers::image(l, picture)?),
                None => None,
            },
            Layer::Shape(l) => Some(layers::shape(l)?),
            Layer::Qr(l) => {
                let content = inputs.texts.get(&l.id).unwrap_or(&l.content);
                Some(layers::qr(l, content)?)
            }
            Layer::Text(l) => {
                let value = inputs.texts.get(&l.id).unwrap_or(&l.text);
                let mut state = fonts.lock()?;
                let style = TextStyle::of(l, fonts.family_name(l.font.family));
                let layout = text::layout(&mut state, &style, value);
                let surface = layers::text(&mut state, l, &layout)?;
                report.texts.push((l.id.clone(), l.r#box, layout));
                Some(surface)
            }
        };
        if let Some(s) = surface {
            let opacity = match layer {
                Layer::Image(l) => l.opacity,
                Layer::Text(l) => l.opacity,
                Layer::Shape(l) => l.opacity,
                Layer::Qr(_) => 1.0,
            };
            composite(&mut canvas, &s.pixmap, layer.bounds(), s.margin, opacity);
        }
    }
    Ok((image_from_pixmap(&canvas), report))
}

fn draw_background(canvas: &mut tiny_skia::Pixmap, t: &Template, inputs: &PosterInputs) -> Result<(), PosterError> {
    let (w, h) = (t.canvas.width as f32, t.canvas.height as f32);
    let picture = match &t.background {
        Background::Image { slot, .. } => inputs.images.get(slot).map(std::borrow::Cow::Borrowed),
        Background::Scene { id, variant } => Some(std::borrow::Cow::Owned(scene(id, *variant, t))),
        Background::Solid { .. } | Background::LinearGradient { .. } | Background::RadialGradient { .. } => None,
    };
    if let Some(picture) = picture.as_deref() {
        let layer = ImageLayer {
            id: "background".to_owned(),
            role: ImageRole::Decoration,
            r#box: BoxSpec { x: 0.0, y: 0.0, w, h, rotation: 0.0 },
            fit: Fit::Cover,
            anchor: Default::default(),
            corner_radius: 0.0,
            shadow: None,
            opacity: 1.0,
            keep_background: true,
        };
        let s = layers::image(&layer, picture)?;
        // An opaque base under a picture with transparent parts.
        canvas.fill(tiny_skia::Color::WHITE);
        composite(canvas, &s.pixmap, &layer.r#box, 0, 1.0);
        return Ok(());
    }
    let rect = Rect::from_xywh(0.0, 0.0, w, h).ok_or_else(|| PosterError::internal("empty canvas"))?;
    if let Some(sh) = shader(&t.background.paint(), 0.0, 0.0, w, h) {
        let paint = SkPaint { shader: sh, anti_alias: false, ..SkPaint::default() };
        canvas.fill_rect(rect, &paint, Transform::identity(), None);
    }
    Ok(())
}

/// A scene of the product-image background library at the canvas's size
/// (an unknown id paints the library's light grey, as a product image does).
fn scene(id: &str, variant: u32, t: &Template) -> RgbaImage {
    let bg = crate::compose::Background::Template(id.to_owned());
    let rgb = crate::compose::render_background(&bg, t.canvas.width, t.canvas.height, variant);
    image::DynamicImage::ImageRgb8(rgb).to_rgba8()
}
