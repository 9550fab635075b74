//! Every way a poster template, its inputs or its rendering can fail.

/// Why a template was refused or a poster was not rendered.
///
/// Each message names the layer and the limit so that a person editing a
/// template can fix it; [`PosterError::code`] gives a stable machine code.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PosterError {
    /// The document is not JSON or a field has the wrong shape.
    #[error("the template is not valid: {message}")]
    Json { message: String },
    /// The document is larger than [`crate::poster::limits::MAX_TEMPLATE_BYTES`].
    #[error("the template is {bytes} bytes long; at most {max} are accepted")]
    TemplateTooLarge { bytes: usize, max: usize },
    /// `version` is missing or not one this renderer knows.
    #[error("template version {found} is not supported (this renderer reads version {supported})")]
    UnknownVersion { found: String, supported: u32 },
    /// A layer's `type` is not one of image, text, shape, qr.
    #[error("layer {index} has an unknown type \"{found}\"; a layer's type is one of image, text, shape, qr")]
    UnknownLayerType { index: usize, found: String },
    /// The canvas is larger than the renderer accepts.
    #[error("the canvas is {width}×{height} px; each side may be at most {max} px")]
    CanvasTooLarge { width: u32, height: u32, max: u32 },
    /// The canvas is smaller than the renderer accepts.
    #[error("the canvas is {width}×{height} px; each side must be at least {min} px")]
    CanvasTooSmall { width: u32, height: u32, min: u32 },
    /// `aspect` does not match `width` / `height`.
    #[error("the canvas is {width}×{height} px, which is not the declared aspect {aspect}")]
    AspectMismatch { width: u32, height: u32, aspect: String },
    /// A slot's box is not entirely inside the canvas (or a shape misses it).
    #[error("layer \"{id}\" (x {x}, y {y}, {w}×{h}) lies outside the {canvas_width}×{canvas_height} canvas")]
    SlotOutsideCanvas { id: String, x: f32, y: f32, w: f32, h: f32, canvas_width: u32, canvas_height: u32 },
    /// A text (a template default or an input) is longer than the limit.
    #[error("the text of \"{id}\" has {chars} characters; at most {max} are accepted")]
    TextTooLong { id: String, chars: usize, max: usize },
    /// More layers than the renderer accepts.
    #[error("the template has {count} layers; at most {max} are accepted")]
    TooManyLayers { count: usize, max: usize },
    /// Two layers share an id.
    #[error("two layers have the id \"{id}\"; layer ids must be unique")]
    DuplicateLayerId { id: String },
    /// A numeric field is out of its range or inconsistent.
    #[error("layer \"{id}\": {field} {reason}")]
    InvalidValue { id: String, field: &'static str, reason: String },
    /// An input names a slot the template does not have (or of another kind).
    #[error("the template has no {kind} slot \"{id}\"")]
    UnknownSlot { id: String, kind: &'static str },
    /// No font could be loaded at all.
    #[error("no font could be loaded (looked for: {looked_for})")]
    NoFonts { looked_for: String },
    /// The QR content cannot be encoded.
    #[error("the QR code of \"{id}\" cannot be encoded: {message}")]
    QrContent { id: String, message: String },
    /// An output image could not be encoded.
    #[error("the poster could not be encoded as {format}: {message}")]
    Encode { format: &'static str, message: String },
    /// Something inside the renderer failed (a drawing surface could not be made).
    #[error("the renderer failed: {message}")]
    Internal { message: String },
}

impl PosterError {
    /// Stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            PosterError::Json { .. } => "POSTER_TEMPLATE_INVALID",
            PosterError::TemplateTooLarge { .. } => "POSTER_TEMPLATE_TOO_LARGE",
            PosterError::UnknownVersion { .. } => "POSTER_UNKNOWN_VERSION",
            PosterError::UnknownLayerType { .. } => "POSTER_UNKNOWN_LAYER_TYPE",
            PosterError::CanvasTooLarge { .. } => "POSTER_CANVAS_TOO_LARGE",
            PosterError::CanvasTooSmall { .. } => "POSTER_CANVAS_TOO_SMALL",
            PosterError::AspectMismatch { .. } => "POSTER_ASPECT_MISMATCH",
            PosterError::SlotOutsideCanvas { .. } => "POSTER_SLOT_OUTSIDE_CANVAS",
            PosterError::TextTooLong { .. } => "POSTER_TEXT_TOO_LONG",
            PosterError::TooManyLayers { .. } => "POSTER_TOO_MANY_LAYERS",
            PosterError::DuplicateLayerId { .. } => "POSTER_DUPLICATE_LAYER_ID",
            PosterError::InvalidValue { .. } => "POSTER_INVALID_VALUE",
            PosterError::UnknownSlot { .. } => "POSTER_UNKNOWN_SLOT",
            PosterError::NoFonts { .. } => "POSTER_NO_FONTS",
            PosterError::QrContent { .. } => "POSTER_QR_CONTENT",
            PosterError::Encode { .. } => "POSTER_ENCODE",
            PosterError::Internal { .. } => "POSTER_INTERNAL",
        }
    }

    pub fn internal(message: impl Into<String>) -> Self {
        PosterError::Internal { message: message.into() }
    }
}
