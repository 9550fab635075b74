//! The template format (version 1): what a poster is made of.
//!
//! Every field is documented in `docs/POSTERS.md`. Documents are camelCase
//! JSON; unknown fields are refused so that a typo does not pass silently.
//! Parse with [`Template::from_json`], which also validates.

use serde::{Deserialize, Serialize};

use super::color::Rgba;

/// The only format version this renderer reads.
pub const TEMPLATE_VERSION: u32 = 1;

/// A poster template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Template {
    /// Always [`TEMPLATE_VERSION`].
    pub version: u32,
    /// Stable identifier (`[a-z0-9-]`, at most 64 characters).
    pub id: String,
    /// Display names.
    pub name: LocalizedName,
    pub category: Category,
    /// Search words (any language).
    #[serde(default)]
    pub keywords: Vec<String>,
    pub canvas: Canvas,
    pub background: Background,
    /// Drawn in order: the first layer is at the bottom.
    pub layers: Vec<Layer>,
}

/// A name in Chinese and English.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocalizedName {
    pub zh: String,
    pub en: String,
}

/// What a template is for (the library's first filter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Category {
    NewArrival,
    Discount,
    Festival,
    ProductHero,
    MultiProduct,
    RedbookCover,
    WechatHeader,
    Story,
    ShopMain,
    Brand,
}

impl Category {
    pub const ALL: [Category; 10] = [
        Category::NewArrival,
        Category::Discount,
        Category::Festival,
        Category::ProductHero,
        Category::MultiProduct,
        Category::RedbookCover,
        Category::WechatHeader,
        Category::Story,
        Category::ShopMain,
        Category::Brand,
    ];

    /// The name on the wire (as serde writes it).
    pub fn as_str(self) -> &'static str {
        match self {
            Category::NewArrival => "newArrival",
            Category::Discount => "discount",
            Category::Festival => "festival",
            Category::ProductHero => "productHero",
            Category::MultiProduct => "multiProduct",
            Category::RedbookCover => "redbookCover",
            Category::WechatHeader => "wechatHeader",
            Category::Story => "story",
            Category::ShopMain => "shopMain",
            Category::Brand => "brand",
        }
    }

    pub fn parse(raw: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == raw.trim())
    }
}

/// The canvas: its size in pixels and the aspect it is meant to have.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub aspect: Aspect,
}

/// Declared aspect; `original` follows the product picture (no check).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aspect {
    #[serde(rename = "original")]
    Original,
    #[serde(rename = "1:1")]
    Square,
    #[serde(rename = "3:4")]
    Portrait3x4,
    #[serde(rename = "16:9")]
    Landscape16x9,
    #[serde(rename = "9:16")]
    Story9x16,
}

impl Aspect {
    /// width / height, or `None` for `original`.
    pub fn ratio(self) -> Option<f32> {
        match self {
            Aspect::Original => None,
            Aspect::Square => Some(1.0),
            Aspect::Portrait3x4 => Some(3.0 / 4.0),
            Aspect::Landscape16x9 => Some(16.0 / 9.0),
            Aspect::Story9x16 => Some(9.0 / 16.0),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Aspect::Original => "original",
            Aspect::Square => "1:1",
            Aspect::Portrait3x4 => "3:4",
            Aspect::Landscape16x9 => "16:9",
            Aspect::Story9x16 => "9:16",
        }
    }
}

/// A layer's place on the canvas, in canvas pixels; `rotation` in degrees,
/// clockwise, about the box's centre.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BoxSpec {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    #[serde(default)]
    pub rotation: f32,
}

/// A gradient colour stop; `offset` 0..=1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Stop {
    pub offset: f32,
    pub color: Rgba,
}

/// A fill: one colour or a gradient.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum Paint {
    Solid {
        color: Rgba,
    },
    /// `angle` in degrees as in CSS: 0 goes upwards, 90 to the right,
    /// 180 (the default) downwards.
    LinearGradient {
        #[serde(default = "default_angle")]
        angle: f32,
        stops: Vec<Stop>,
    },
    /// Centre (`cx`, `cy`) as fractions of the area; `radius` as a fraction
    /// of the area's larger side.
    RadialGradient {
        #[serde(default = "half")]
        cx: f32,
        #[serde(default = "half")]
        cy: f32,
        #[serde(default = "default_radius")]
        radius: f32,
        stops: Vec<Stop>,
    },
}

fn default_angle() -> f32 {
    180.0
}
fn half() -> f32 {
    0.5
}
fn default_radius() -> f32 {
    0.75
}

/// The canvas background.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum Background {
    Solid {
        color: Rgba,
    },
    LinearGradient {
        #[serde(default = "default_angle")]
        angle: f32,
        stops: Vec<Stop>,
    },
    RadialGradient {
        #[serde(default = "half")]
        cx: f32,
        #[serde(default = "half")]
        cy: f32,
        #[serde(default = "default_radius")]
        radius: f32,
        stops: Vec<Stop>,
    },
    /// A picture given as the input image `slot`, covering the canvas;
    /// `fallback` is painted when no picture is given.
    Image {
        slot: String,
        fallback: Paint,
    },
    /// A scene generated by the product-image pipeline's background library
    /// (`GET /api/backgrounds`: studios, marble, concrete, wood), by id, at
    /// the canvas's size; `variant` changes its light or layout.
    Scene {
        id: String,
        #[serde(default)]
        variant: u32,
    },
}

/// What a scene background paints where it cannot be drawn (the product
/// image library's light grey).
pub const SCENE_FALLBACK: Rgba = Rgba { r: 0xE5, g: 0xE6, b: 0xE8, a: 255 };

impl Background {
    /// The paint drawn when no image input covers the canvas.
    pub fn paint(&self) -> Paint {
        match self {
            Background::Solid { color } => Paint::Solid { color: *color },
            Background::LinearGradient { angle, stops } => {
                Paint::LinearGradient { angle: *angle, stops: stops.clone() }
            }
            Background::RadialGradient { cx, cy, radius, stops } => {
                Paint::RadialGradient { cx: *cx, cy: *cy, radius: *radius, stops: stops.clone() }
            }
            Background::Image { fallback, .. } => fallback.clone(),
            Background::Scene { .. } => Paint::Solid { color: SCENE_FALLBACK },
        }
    }
}

/// A drop shadow under a layer's opaque parts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Shadow {
    pub color: Rgba,
    /// Blur radius in pixels (0..=200).
    #[serde(default)]
    pub blur: f32,
    #[serde(default)]
    pub offset_x: f32,
    #[serde(default)]
    pub offset_y: f32,
}

/// An outline.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StrokeSpec {
    pub color: Rgba,
    /// Width in pixels (0..=64).
    pub width: f32,
}

/// One layer. The `type` field picks the kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Layer {
    Image(ImageLayer),
    Text(TextLayer),
    Shape(ShapeLayer),
    Qr(QrLayer),
}

impl Layer {
    pub fn id(&self) -> &str {
        match self {
            Layer::Image(l) => &l.id,
            Layer::Text(l) => &l.id,
            Layer::Shape(l) => &l.id,
            Layer::Qr(l) => &l.id,
        }
    }

    pub fn bounds(&self) -> &BoxSpec {
        match self {
            Layer::Image(l) => &l.r#box,
            Layer::Text(l) => &l.r#box,
            Layer::Shape(l) => &l.r#box,
            Layer::Qr(l) => &l.r#box,
        }
    }

    pub fn bounds_mut(&mut self) -> &mut BoxSpec {
        match self {
            Layer::Image(l) => &mut l.r#box,
            Layer::Text(l) => &mut l.r#box,
            Layer::Shape(l) => &mut l.r#box,
            Layer::Qr(l) => &mut l.r#box,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Layer::Image(_) => "image",
            Layer::Text(_) => "text",
            Layer::Shape(_) => "shape",
            Layer::Qr(_) => "qr",
        }
    }
}

/// What an image slot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ImageRole {
    Product,
    Logo,
    Decoration,
}

/// How a picture fills its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Fit {
    /// Whole picture visible, letterboxed (transparent) inside the box.
    #[default]
    Contain,
    /// Box filled, the picture cropped.
    Cover,
}

/// Where a contained picture sits when it does not fill the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Anchor {
    #[default]
    Center,
    Top,
    Bottom,
}

/// An image slot (product cutout, logo, decoration).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImageLayer {
    pub id: String,
    pub role: ImageRole,
    pub r#box: BoxSpec,
    #[serde(default)]
    pub fit: Fit,
    #[serde(default)]
    pub anchor: Anchor,
    /// Rounded corners of the drawn picture, in pixels.
    #[serde(default)]
    pub corner_radius: f32,
    #[serde(default)]
    pub shadow: Option<Shadow>,
    #[serde(default = "one")]
    pub opacity: f32,
    /// A product slot draws the photo as uploaded, its own background kept,
    /// instead of the product cut out (a lifestyle shot, a model photo).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub keep_background: bool,
}

fn one() -> f32 {
    1.0
}

/// What a text slot says (so it can be filled from a product or an idea).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TextRole {
    Title,
    Subtitle,
    Price,
    SellingPoints,
    CallToAction,
    Free,
}

/// Font style families (both Noto CJK).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FontFamily {
    #[default]
    Sans,
    Serif,
}

/// A font choice: family and weight (100..=900).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FontSpec {
    #[serde(default)]
    pub family: FontFamily,
    #[serde(default = "default_weight")]
    pub weight: u16,
}

impl Default for FontSpec {
    fn default() -> Self {
        FontSpec { family: FontFamily::Sans, weight: default_weight() }
    }
}

fn default_weight() -> u16 {
    400
}

/// Font size range in pixels: the text starts at `max` and shrinks down to
/// `min` until it fits its box and `maxLines`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SizeRange {
    pub min: f32,
    pub max: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Align {
    Left,
    #[default]
    Center,
    Right,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum VerticalAlign {
    Top,
    #[default]
    Middle,
    Bottom,
}

/// A text slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TextLayer {
    pub id: String,
    pub role: TextRole,
    pub r#box: BoxSpec,
    /// Shown when the inputs give no text for this slot.
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub font: FontSpec,
    pub size: SizeRange,
    pub color: Rgba,
    #[serde(default)]
    pub align: Align,
    #[serde(default)]
    pub vertical_align: VerticalAlign,
    /// Line height as a multiple of the font size (column width for vertical text).
    #[serde(default = "default_line_height")]
    pub line_height: f32,
    /// Extra space between characters in em (may be negative down to -0.2).
    #[serde(default)]
    pub letter_spacing: f32,
    /// Lines (columns, for vertical text) at most.
    #[serde(default = "default_max_lines")]
    pub max_lines: u32,
    /// Chinese vertical text: columns top to bottom, right to left.
    #[serde(default)]
    pub vertical: bool,
    #[serde(default)]
    pub stroke: Option<StrokeSpec>,
    #[serde(default)]
    pub shadow: Option<Shadow>,
    #[serde(default = "one")]
    pub opacity: f32,
}

fn default_line_height() -> f32 {
    1.25
}
fn default_max_lines() -> u32 {
    3
}

/// Basic shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ShapeKind {
    Rect,
    RoundedRect,
    Ellipse,
}

/// A decorative shape.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShapeLayer {
    pub id: String,
    pub shape: ShapeKind,
    pub r#box: BoxSpec,
    /// Corner radius of `roundedRect`, in pixels.
    #[serde(default)]
    pub radius: f32,
    #[serde(default)]
    pub fill: Option<Paint>,
    #[serde(default)]
    pub stroke: Option<StrokeSpec>,
    #[serde(default)]
    pub shadow: Option<Shadow>,
    #[serde(default = "one")]
    pub opacity: f32,
}

/// A plain QR code of a URL or text (the input text of the same id, else
/// `content`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QrLayer {
    pub id: String,
    pub r#box: BoxSpec,
    #[serde(default)]
    pub content: String,
    #[serde(default = "black")]
    pub color: Rgba,
    #[serde(default = "white")]
    pub background: Rgba,
    /// Quiet zone in modules (0..=8).
    #[serde(default = "default_quiet")]
    pub quiet_zone: u32,
}

fn black() -> Rgba {
    Rgba::BLACK
}
fn white() -> Rgba {
    Rgba::WHITE
}
fn default_quiet() -> u32 {
    2
}

impl Template {
    /// The same template at `s` × its size (geometry, font sizes, strokes,
    /// shadows; letter spacing is in em and stays).
    pub fn scaled(&self, s: f32) -> Template {
        if s == 1.0 {
            return self.clone();
        }
        let mut t = self.clone();
        t.canvas.width = ((t.canvas.width as f32 * s).round() as u32).max(1);
        t.canvas.height = ((t.canvas.height as f32 * s).round() as u32).max(1);
        let shadow = |sh: &mut Option<Shadow>| {
            if let Some(sh) = sh {
                sh.blur *= s;
                sh.offset_x *= s;
                sh.offset_y *= s;
            }
        };
        for layer in &mut t.layers {
            let b = layer.bounds_mut();
            b.x *= s;
            b.y *= s;
            b.w *= s;
            b.h *= s;
            match layer {
                Layer::Image(l) => {
                    l.corner_radius *= s;
                    shadow(&mut l.shadow);
                }
                Layer::Text(l) => {
                    l.size.min *= s;
                    l.size.max *= s;
                    if let Some(st) = &mut l.stroke {
                        st.width *= s;
                    }
                    shadow(&mut l.shadow);
                }
                Layer::Shape(l) => {
                    l.radius *= s;
                    if let Some(st) = &mut l.stroke {
                        st.width *= s;
                    }
                    shadow(&mut l.shadow);
                }
                Layer::Qr(_) => {}
            }
        }
        t
    }
}
