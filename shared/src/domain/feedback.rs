//! Help and feedback: title and content required, at most one png/jpeg
//! image of at most 20 MB, uploaded first and referenced by its URL.

use std::io::Cursor;

use image::ImageReader;
use serde::Deserialize;

use super::task_spec::parse_upload_url;
use super::text_field::required;
use super::{ImageFormat, Invalid, UploadId};
use crate::error::ErrorCode;

/// The original app's "text fields at most 30" bound applied to the title.
pub const FEEDBACK_TITLE_MAX: usize = 30;
/// The spec shows no bound for the content; this keeps rows small.
pub const FEEDBACK_CONTENT_MAX: usize = 1000;
/// The original app's feedback image limit: 20 MB.
pub const FEEDBACK_IMAGE_MAX_BYTES: u64 = 20_971_520;
pub const FEEDBACK_MAX_ATTACHMENTS: usize = 1;

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct AttachmentRequest {
    pub url: Option<String>,
}

/// The feedback form as sent (`POST /api/feedback`).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct FeedbackRequest {
    pub title: Option<String>,
    pub content: Option<String>,
    #[serde(default)]
    pub attachments: Vec<AttachmentRequest>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedbackForm {
    pub title: String,
    pub content: String,
    /// The uploaded image, if any (ownership is checked by the caller).
    pub image: Option<UploadId>,
}

impl FeedbackForm {
    pub fn parse(r: &FeedbackRequest) -> Result<Self, Invalid> {
        let title = required(
            r.title.as_deref(),
            FEEDBACK_TITLE_MAX,
            ErrorCode::FeedbackTitleRequired,
            ErrorCode::FeedbackTitleTooLong,
        )?;
        let content = required(
            r.content.as_deref(),
            FEEDBACK_CONTENT_MAX,
            ErrorCode::FeedbackContentRequired,
            ErrorCode::FeedbackContentTooLong,
        )?;
        if r.attachments.len() > FEEDBACK_MAX_ATTACHMENTS {
            return Err(Invalid::field(ErrorCode::FeedbackTooManyImages, "attachments"));
        }
        let image = match r.attachments.first() {
            None => None,
            Some(a) => Some(
                a.url
                    .as_deref()
                    .and_then(parse_upload_url)
                    .ok_or(Invalid::field(ErrorCode::ImageNotFound, "attachments"))?,
            ),
        };
        Ok(FeedbackForm { title, content, image })
    }
}

/// What an accepted feedback image is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeedbackImage {
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
}

/// png or jpeg by content (not by name or declared type), at most 20 MB,
/// with a readable header.
pub fn inspect_feedback_image(data: &[u8]) -> Result<FeedbackImage, Invalid> {
    let bytes = data.len() as u64;
    if bytes > FEEDBACK_IMAGE_MAX_BYTES {
        return Err(Invalid::new(ErrorCode::FeedbackImageTooLarge));
    }
    let reader = ImageReader::new(Cursor::new(data))
        .with_guessed_format()
        .map_err(|_| Invalid::new(ErrorCode::FeedbackImageBadFormat))?;
    let format = match reader.format() {
        Some(image::ImageFormat::Png) => ImageFormat::Png,
        Some(image::ImageFormat::Jpeg) => ImageFormat::Jpeg,
        _ => return Err(Invalid::new(ErrorCode::FeedbackImageBadFormat)),
    };
    let (width, height) = reader.into_dimensions().map_err(|_| Invalid::new(ErrorCode::UploadCorrupt))?;
    Ok(FeedbackImage { format, width, height, bytes })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(title: &str, content: &str, urls: &[&str]) -> FeedbackRequest {
        FeedbackRequest {
            title: Some(title.into()),
            content: Some(content.into()),
            attachments: urls.iter().map(|u| AttachmentRequest { url: Some((*u).into()) }).collect(),
        }
    }

    #[test]
    fn title_and_content_are_required() {
        assert_eq!(FeedbackForm::parse(&req(" ", "x", &[])).unwrap_err().code, ErrorCode::FeedbackTitleRequired);
        assert_eq!(FeedbackForm::parse(&req("x", "", &[])).unwrap_err().code, ErrorCode::FeedbackContentRequired);
        assert!(FeedbackForm::parse(&req("x", "y", &[])).unwrap().image.is_none());
    }

    #[test]
    fn one_attachment_that_is_an_upload() {
        let id = UploadId::new();
        let url = super::super::task_spec::upload_url(id);
        assert_eq!(FeedbackForm::parse(&req("x", "y", &[&url])).unwrap().image, Some(id));
        assert_eq!(
            FeedbackForm::parse(&req("x", "y", &[&url, &url])).unwrap_err().code,
            ErrorCode::FeedbackTooManyImages
        );
        assert_eq!(
            FeedbackForm::parse(&req("x", "y", &["https://evil.example/x.png"])).unwrap_err().code,
            ErrorCode::ImageNotFound
        );
    }

    #[test]
    fn image_type_and_size() {
        assert_eq!(inspect_feedback_image(b"GIF89a....").unwrap_err().code, ErrorCode::FeedbackImageBadFormat);
        let too_big = vec![0u8; FEEDBACK_IMAGE_MAX_BYTES as usize + 1];
        assert_eq!(inspect_feedback_image(&too_big).unwrap_err().code, ErrorCode::FeedbackImageTooLarge);
    }
}
