//! Posters (`PLACARD_GEN`): the template format, which is its own crate so
//! the renderer can read it without the rest of `shared`, and how its
//! errors show to users.

pub use pixmart_poster_template::*;

use crate::domain::Invalid;
use crate::ErrorCode;

/// The user-facing code of a template or input problem.
pub fn error_code(e: &PosterError) -> ErrorCode {
    match e {
        PosterError::Json { .. } => ErrorCode::PosterTemplateInvalid,
        PosterError::TemplateTooLarge { .. } => ErrorCode::PosterTemplateTooLarge,
        PosterError::UnknownVersion { .. } => ErrorCode::PosterUnknownVersion,
        PosterError::UnknownLayerType { .. } => ErrorCode::PosterUnknownLayerType,
        PosterError::CanvasTooLarge { .. } => ErrorCode::PosterCanvasTooLarge,
        PosterError::CanvasTooSmall { .. } => ErrorCode::PosterCanvasTooSmall,
        PosterError::AspectMismatch { .. } => ErrorCode::PosterAspectMismatch,
        PosterError::SlotOutsideCanvas { .. } => ErrorCode::PosterSlotOutsideCanvas,
        PosterError::TextTooLong { .. } => ErrorCode::PosterTextTooLong,
        PosterError::TooManyLayers { .. } => ErrorCode::PosterTooManyLayers,
        PosterError::DuplicateLayerId { .. } => ErrorCode::PosterDuplicateLayerId,
        PosterError::InvalidValue { .. } => ErrorCode::PosterInvalidValue,
        PosterError::UnknownSlot { .. } => ErrorCode::PosterUnknownSlot,
        PosterError::NoFonts { .. } => ErrorCode::PosterNoFonts,
        PosterError::QrContent { .. } => ErrorCode::PosterQrContent,
        PosterError::Encode { .. } => ErrorCode::PosterEncode,
        PosterError::Internal { .. } => ErrorCode::PosterInternal,
    }
}

/// A refused template or input as a parse failure of `field`, carrying the
/// renderer's sentence that names the layer and the limit.
pub fn invalid(field: &'static str, e: &PosterError) -> Invalid {
    Invalid::detailed(error_code(e), field, e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_poster_error_has_the_code_the_renderer_names() {
        let errors = [
            PosterError::Json { message: String::new() },
            PosterError::TemplateTooLarge { bytes: 0, max: 0 },
            PosterError::UnknownVersion { found: String::new(), supported: 1 },
            PosterError::UnknownLayerType { index: 0, found: String::new() },
            PosterError::CanvasTooLarge { width: 0, height: 0, max: 0 },
            PosterError::CanvasTooSmall { width: 0, height: 0, min: 0 },
            PosterError::AspectMismatch { width: 0, height: 0, aspect: String::new() },
            PosterError::SlotOutsideCanvas {
                id: String::new(),
                x: 0.0,
                y: 0.0,
                w: 0.0,
                h: 0.0,
                canvas_width: 0,
                canvas_height: 0,
            },
            PosterError::TextTooLong { id: String::new(), chars: 0, max: 0 },
            PosterError::TooManyLayers { count: 0, max: 0 },
            PosterError::DuplicateLayerId { id: String::new() },
            PosterError::InvalidValue { id: String::new(), field: "", reason: String::new() },
            PosterError::UnknownSlot { id: String::new(), kind: "" },
            PosterError::NoFonts { looked_for: String::new() },
            PosterError::QrContent { id: String::new(), message: String::new() },
            PosterError::Encode { format: "", message: String::new() },
            PosterError::Internal { message: String::new() },
        ];
        for e in errors {
            assert_eq!(error_code(&e).id(), e.code(), "{e:?}");
        }
    }
}
