//! Failures in remove.bg's shape: `{"errors":[{"title","code","detail"}]}`
//! with remove.bg's statuses and codes, so its clients (plugins, SDKs)
//! show the right message: 400 bad input (`unknown_foreground` when no
//! subject was found), 402 `insufficient_credits`, 403 `auth_failed`,
//! 429 `rate_limit_exceeded`. Internally every failure is pixmart's own
//! [`ErrorCode`]; this is the one place it is translated.

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use pixmart_shared::db::StoreError;
use pixmart_shared::domain::Invalid;
use pixmart_shared::ErrorCode;
use serde::Serialize;

use crate::error::ApiError;

/// A failed call: pixmart's code (and field), plus how long a rate-limited
/// client should wait.
#[derive(Debug)]
pub struct Failure {
    pub error: ApiError,
    pub retry_after_secs: Option<u64>,
}

impl Failure {
    pub fn rate_limited(retry_after_secs: u64) -> Self {
        Failure { error: ApiError::new(ErrorCode::ApiKeyRateLimited), retry_after_secs: Some(retry_after_secs) }
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Self {
        Failure { error, retry_after_secs: None }
    }
}

impl From<Invalid> for Failure {
    fn from(i: Invalid) -> Self {
        ApiError::from(i).into()
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        ApiError::from(e).into()
    }
}

/// What a failed task's stored error id becomes.
pub fn task_failure(error_id: Option<&str>) -> Failure {
    let code = error_id.and_then(ErrorCode::from_id).unwrap_or(ErrorCode::GenerationFailed);
    Failure::from(ApiError::new(code))
}

#[derive(Serialize)]
struct Body {
    errors: [Entry; 1],
}

#[derive(Serialize)]
struct Entry {
    title: &'static str,
    code: &'static str,
    detail: String,
}

/// remove.bg's status, code and title for a pixmart error code.
fn removebg_code(code: ErrorCode) -> (u16, &'static str, &'static str) {
    use ErrorCode as E;
    match code {
        E::ApiKeyInvalid | E::Unauthorized => (403, "auth_failed", "API Key invalid"),
        E::InsufficientLingshi => (402, "insufficient_credits", "Insufficient credits"),
        E::ApiKeyRateLimited | E::TaskLimit => (429, "rate_limit_exceeded", "Rate limit exceeded"),
        E::CutoutNoSubject => (
            400,
            "unknown_foreground",
            "Could not identify foreground in image. For details and recommendations see https://www.remove.bg/supported-images.",
        ),
        E::UploadMissingFile => (400, "missing_source", "No image given"),
        E::UploadBadSize => (400, "file_too_large", "File too large"),
        E::UploadTooManyPixels => (400, "resolution_too_high", "Input image resolution too high"),
        E::UploadBadFormat | E::UploadCorrupt | E::UploadLowResolution | E::InputImageUnreadable => {
            (400, "invalid_image", "Failed to read the supplied image")
        }
        E::ApiImageUrlUnsupported => (400, "image_url_unsupported", "image_url is not supported by this server"),
        E::InvalidParam | E::BadRequest => (400, "invalid_parameter", "Invalid parameter"),
        E::ModelMissing | E::ModelNotAllowed | E::ServiceUnavailable => {
            (503, "service_unavailable", "Background removal is unavailable on this server")
        }
        E::ApiWaitTimeout => (504, "timeout", "Processing timed out"),
        other if other.http_status() < 500 => (other.http_status(), "invalid_request", "Request refused"),
        _ => (500, "unknown_error", "Background removal failed"),
    }
}

/// This API's own image limits (`UploadRules::API`), where the catalogue's
/// message states the web upload's.
fn api_limit(code: ErrorCode) -> Option<&'static str> {
    match code {
        ErrorCode::UploadBadSize => Some("The image file must be at most 22 MB"),
        ErrorCode::UploadTooManyPixels => Some("The image must be at most 8192 pixels on each side"),
        ErrorCode::UploadLowResolution => Some("The image must be at least 16 pixels on each side"),
        _ => None,
    }
}

/// The answer for a failure.
pub fn respond(failure: &Failure) -> HttpResponse {
    let lang = crate::lang::current();
    let ApiError { code, field, .. } = failure.error;
    let (status, removebg, title) = removebg_code(code);
    // The detail is pixmart's own message (in the request's language) with
    // its stable id, which is what a merchant reports to support.
    let detail = match (field, api_limit(code)) {
        (_, Some(limit)) => format!("{limit} ({})", code.id()),
        (Some(field), None) => format!("{}: {field} ({})", code.message(lang), code.id()),
        (None, None) => format!("{} ({})", code.message(lang), code.id()),
    };
    let mut res = HttpResponse::build(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR));
    if let Some(secs) = failure.retry_after_secs {
        res.insert_header(("Retry-After", secs.to_string()));
    }
    res.json(Body { errors: [Entry { title, code: removebg, detail }] })
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn answer(failure: Failure) -> (u16, serde_json::Value, Option<String>) {
        let res = respond(&failure);
        let status = res.status().as_u16();
        let retry = res.headers().get("Retry-After").map(|v| v.to_str().unwrap().to_owned());
        let body = actix_web::body::to_bytes(res.into_body()).await.unwrap();
        (status, serde_json::from_slice(&body).unwrap(), retry)
    }

    #[actix_web::test]
    async fn pixmart_codes_become_remove_bg_errors() {
        for (code, status, removebg) in [
            (ErrorCode::ApiKeyInvalid, 403, "auth_failed"),
            (ErrorCode::InsufficientLingshi, 402, "insufficient_credits"),
            (ErrorCode::TaskLimit, 429, "rate_limit_exceeded"),
            (ErrorCode::UploadCorrupt, 400, "invalid_image"),
            (ErrorCode::UploadBadSize, 400, "file_too_large"),
            (ErrorCode::ModelMissing, 503, "service_unavailable"),
            (ErrorCode::Internal, 500, "unknown_error"),
        ] {
            let (s, body, _) = answer(ApiError::new(code).into()).await;
            assert_eq!((s, body["errors"][0]["code"].as_str()), (status, Some(removebg)), "{code}");
            assert!(body["errors"][0]["title"].is_string());
            assert!(body["errors"][0]["detail"].as_str().unwrap().contains(code.id()), "{body}");
        }
        let (s, body, retry) = answer(Failure::rate_limited(17)).await;
        assert_eq!(
            (s, body["errors"][0]["code"].as_str(), retry.as_deref()),
            (429, Some("rate_limit_exceeded"), Some("17"))
        );
    }

    #[actix_web::test]
    async fn a_task_without_a_subject_is_unknown_foreground() {
        let (s, body, _) = answer(task_failure(Some("CUTOUT_NO_SUBJECT"))).await;
        assert_eq!((s, body["errors"][0]["code"].as_str()), (400, Some("unknown_foreground")));
        let (s, body, _) = answer(task_failure(Some("INPUT_IMAGE_UNREADABLE"))).await;
        assert_eq!((s, body["errors"][0]["code"].as_str()), (400, Some("invalid_image")));
        let (s, _, _) = answer(task_failure(None)).await;
        assert_eq!(s, 500);
    }
}
