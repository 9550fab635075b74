//! Reads a remove.bg request body, whichever way remove.bg accepts it:
//! `multipart/form-data` (the file in `image_file`),
//! `application/x-www-form-urlencoded` or `application/json` (the image in
//! `image_file_b64`). Every read is bounded: a body or field past its limit
//! is refused without buffering further.

use std::collections::HashMap;

use actix_multipart::Multipart;
use actix_web::http::header::CONTENT_TYPE;
use actix_web::{web, HttpRequest};
use base64::Engine as _;
use futures::{Stream, StreamExt, TryStreamExt};
use pixmart_shared::domain::{Invalid, UploadRules};
use pixmart_shared::ErrorCode;

/// The largest image file (remove.bg's own limit for uploads).
pub const MAX_IMAGE_BYTES: u64 = UploadRules::API.max_bytes;
/// A form or JSON body: the image in base64 (4/3 of the file) and options.
const MAX_BODY_BYTES: u64 = MAX_IMAGE_BYTES / 3 * 4 + 64 * 1024;
/// Any text field of a multipart body.
const MAX_TEXT_BYTES: u64 = 64 * 1024;

/// The request's fields: the image file's bytes, and every text field.
#[derive(Debug, Default)]
pub struct Fields {
    image_file: Option<Vec<u8>>,
    text: HashMap<String, String>,
}

/// Where the image is.
#[derive(Debug)]
pub enum Source {
    Bytes(Vec<u8>),
    /// remove.bg's `image_url`, which a self-hosted server does not fetch.
    Url,
}

impl Fields {
    pub fn text(&self, name: &str) -> Option<&str> {
        self.text.get(name).map(String::as_str)
    }

    #[cfg(test)]
    pub fn set_text(&mut self, name: &str, value: &str) {
        self.text.insert(name.to_owned(), value.to_owned());
    }

    /// The image: `image_file`, else `image_file_b64`, else `image_url`.
    pub fn take_source(&mut self) -> Result<Source, Invalid> {
        if let Some(bytes) = self.image_file.take().filter(|b| !b.is_empty()) {
            return Ok(Source::Bytes(bytes));
        }
        if let Some(b64) = self.text.remove("image_file_b64").filter(|s| !s.trim().is_empty()) {
            return decode_b64(&b64).map(Source::Bytes);
        }
        if self.text("image_url").is_some_and(|u| !u.trim().is_empty()) {
            return Ok(Source::Url);
        }
        Err(Invalid::new(ErrorCode::UploadMissingFile))
    }
}

/// Standard base64, with or without padding, optionally as a data URL.
fn decode_b64(raw: &str) -> Result<Vec<u8>, Invalid> {
    let raw = raw.trim();
    let payload = match raw.split_once(";base64,") {
        Some((head, data)) if head.starts_with("data:") => data,
        _ => raw,
    };
    let cleaned: String = payload.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    let engine = base64::engine::general_purpose::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
    );
    let bytes = engine.decode(cleaned).map_err(|_| Invalid::field(ErrorCode::InvalidParam, "image_file_b64"))?;
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(Invalid::new(ErrorCode::UploadBadSize));
    }
    Ok(bytes)
}

/// Reads the body by its content type.
pub async fn read(req: &HttpRequest, payload: web::Payload) -> Result<Fields, Invalid> {
    let content_type = req.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_ascii_lowercase();
    if content_type.starts_with("multipart/form-data") {
        read_multipart(Multipart::new(req.headers(), payload)).await
    } else if content_type.starts_with("application/json") {
        let body = read_bounded(payload, MAX_BODY_BYTES).await?;
        from_json(&body)
    } else {
        // remove.bg's form encoding, and its default for a body without a type.
        let body = read_bounded(payload, MAX_BODY_BYTES).await?;
        let mut fields = Fields::default();
        for (k, v) in url::form_urlencoded::parse(&body) {
            fields.text.insert(k.into_owned(), v.into_owned());
        }
        Ok(fields)
    }
}

fn bad_request(_: impl std::fmt::Debug) -> Invalid {
    Invalid::new(ErrorCode::BadRequest)
}

async fn read_bounded<S, E>(mut stream: S, max: u64) -> Result<Vec<u8>, Invalid>
where
    S: Stream<Item = Result<web::Bytes, E>> + Unpin,
    E: std::fmt::Debug,
{
    let mut data = Vec::new();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(bad_request)?;
        if (data.len() + chunk.len()) as u64 > max {
            return Err(Invalid::new(ErrorCode::UploadBadSize));
        }
        data.extend_from_slice(&chunk);
    }
    Ok(data)
}

async fn read_multipart(mut payload: Multipart) -> Result<Fields, Invalid> {
    let mut fields = Fields::default();
    while let Some(field) = payload.try_next().await.map_err(bad_request)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "image_file" {
            fields.image_file = Some(read_bounded(field, MAX_IMAGE_BYTES).await?);
        } else {
            let limit = if name == "image_file_b64" { MAX_BODY_BYTES } else { MAX_TEXT_BYTES };
            let bytes = read_bounded(field, limit).await?;
            let text = String::from_utf8(bytes).map_err(|_| Invalid::field(ErrorCode::InvalidParam, "form"))?;
            fields.text.insert(name, text);
        }
    }
    Ok(fields)
}

/// JSON values as the form would carry them (`"crop": true` is `"true"`).
fn from_json(body: &[u8]) -> Result<Fields, Invalid> {
    let map: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(body).map_err(bad_request)?;
    let mut fields = Fields::default();
    for (k, v) in map {
        let text = match v {
            serde_json::Value::String(s) => s,
            serde_json::Value::Null => continue,
            other => other.to_string(),
        };
        fields.text.insert(k, text);
    }
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_with_or_without_padding_or_a_data_url() {
        assert_eq!(decode_b64("aGk=").unwrap(), b"hi");
        assert_eq!(decode_b64("aGk").unwrap(), b"hi");
        assert_eq!(decode_b64("data:image/png;base64,aGk=").unwrap(), b"hi");
        assert_eq!(decode_b64("a G\nk=").unwrap(), b"hi");
        assert_eq!(decode_b64("!!!").unwrap_err().field, Some("image_file_b64"));
    }

    #[test]
    fn the_image_comes_from_the_first_source_given() {
        let mut f = from_json(br#"{"image_file_b64":"aGk=","size":"hd","crop":true,"bg_color":null}"#).unwrap();
        assert_eq!((f.text("size"), f.text("crop"), f.text("bg_color")), (Some("hd"), Some("true"), None));
        assert!(matches!(f.take_source(), Ok(Source::Bytes(b)) if b == b"hi"));
        let mut url = Fields::default();
        url.set_text("image_url", "https://example.com/a.jpg");
        assert!(matches!(url.take_source(), Ok(Source::Url)));
        assert_eq!(Fields::default().take_source().unwrap_err().code, ErrorCode::UploadMissingFile);
    }
}
