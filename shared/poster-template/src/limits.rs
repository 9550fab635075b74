//! The limits a template and its inputs must respect.

/// Longest template document accepted, in bytes.
pub const MAX_TEMPLATE_BYTES: usize = 1024 * 1024;
/// Largest canvas side in pixels.
pub const MAX_CANVAS_SIDE: u32 = 4096;
/// Smallest canvas side in pixels.
pub const MIN_CANVAS_SIDE: u32 = 16;
/// Most layers in one template.
pub const MAX_LAYERS: usize = 64;
/// Most characters in one text (a template's default or an input).
pub const MAX_TEXT_CHARS: usize = 2_000;
/// Most characters of a QR content.
pub const MAX_QR_CHARS: usize = 1_000;
/// Font sizes in pixels.
pub const MIN_FONT_PX: f32 = 4.0;
pub const MAX_FONT_PX: f32 = 1_000.0;
/// Largest stroke width, shadow blur and shadow offset in pixels.
pub const MAX_STROKE_PX: f32 = 64.0;
pub const MAX_BLUR_PX: f32 = 200.0;
pub const MAX_SHADOW_OFFSET_PX: f32 = 400.0;
/// Most lines (columns) of a text slot.
pub const MAX_LINES: u32 = 50;
/// Most gradient stops.
pub const MAX_STOPS: usize = 16;
/// Largest image input side in pixels (inputs are scaled to their box anyway).
pub const MAX_INPUT_SIDE: u32 = 8192;
/// Relative tolerance of the declared aspect.
pub const ASPECT_TOLERANCE: f32 = 0.02;
