//! The API's one error type: a stable [`ErrorCode`] rendered as
//! `{"code":<n>,"msg":"<spec message>","error":"<ID>","data":null}` with the
//! code's HTTP status. Unexpected failures are logged with their cause
//! chain and answered with an opaque 500.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use pixmart_shared::domain::Invalid;
use pixmart_shared::ErrorCode;

#[derive(Debug)]
pub struct ApiError {
    pub code: ErrorCode,
    /// Which field was wrong, where that helps the caller.
    pub field: Option<&'static str>,
    /// What exactly is wrong, where the code alone does not say (which
    /// layer of a poster template); served as `data.detail`.
    pub detail: Option<String>,
}

impl ApiError {
    pub fn new(code: ErrorCode) -> Self {
        ApiError { code, field: None, detail: None }
    }

    pub fn with_field(code: ErrorCode, field: &'static str) -> Self {
        ApiError { code, field: Some(field), detail: None }
    }

    /// A body over `max` bytes (`BODY_TOO_LARGE`, the limit in `data.detail`).
    pub fn body_too_large(max: usize) -> Self {
        ApiError {
            code: ErrorCode::BodyTooLarge,
            field: None,
            detail: Some(format!("the body may be at most {max} bytes")),
        }
    }

    /// Logs an unexpected failure and hides it behind `INTERNAL`.
    pub fn internal(err: impl Into<anyhow::Error>) -> Self {
        let err = err.into();
        tracing::error!(error = format!("{err:#}"), "internal error");
        ApiError::new(ErrorCode::Internal)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.code)
    }
}

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> Self {
        ApiError::new(code)
    }
}

impl From<Invalid> for ApiError {
    fn from(i: Invalid) -> Self {
        ApiError { code: i.code, field: i.field, detail: i.detail }
    }
}

impl From<pixmart_shared::db::StoreError> for ApiError {
    fn from(e: pixmart_shared::db::StoreError) -> Self {
        use pixmart_shared::db::StoreError;
        match e {
            StoreError::AccountExists => ApiError::new(ErrorCode::AccountExists),
            StoreError::TaskLimit => ApiError::new(ErrorCode::TaskLimit),
            StoreError::InsufficientLingshi => ApiError::new(ErrorCode::InsufficientLingshi),
            other => ApiError::internal(other),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.code.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let lang = crate::lang::current();
        let msg = match (self.code, self.field) {
            (ErrorCode::InvalidParam, Some(field)) => format!("{}: {field}", self.code.message(lang)),
            _ => self.code.message(lang).to_owned(),
        };
        let body = crate::openapi::ErrorBody {
            code: self.code.number(),
            msg,
            error: self.code.id(),
            data: match &self.detail {
                Some(detail) => serde_json::json!({ "detail": detail }),
                None => serde_json::Value::Null,
            },
            field: self.field,
        };
        HttpResponse::build(self.status_code()).json(body)
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
