//! The response envelope `{"code":0,"msg":"","data":...}`.

use actix_web::HttpResponse;
use serde::Serialize;
use utoipa::ToSchema;

/// Every successful answer: `code` 0, `msg` empty or the screen's success
/// message, `data` the operation's result.
#[derive(Serialize, ToSchema)]
pub struct Envelope<T> {
    /// Always 0 on success.
    pub code: u32,
    pub msg: String,
    pub data: T,
}

pub fn ok<T: Serialize>(data: T) -> HttpResponse {
    HttpResponse::Ok().json(Envelope { code: 0, msg: String::new(), data })
}

/// Success with the original app's success message (e.g. 反馈成功) in the request's
/// language, for calls whose screen shows it.
pub fn ok_msg<T: Serialize>(data: T, msg: &str) -> HttpResponse {
    HttpResponse::Ok().json(Envelope { code: 0, msg: msg.to_owned(), data })
}

/// An error envelope that carries data (the plain `ApiError` carries none):
/// `{"code":<n>,"msg":msg,"error":"<ID>","data":data}` with the code's status.
pub fn failure(code: pixmart_shared::ErrorCode, msg: String, data: serde_json::Value) -> HttpResponse {
    let status =
        actix_web::http::StatusCode::from_u16(code.http_status()).unwrap_or(actix_web::http::StatusCode::BAD_REQUEST);
    HttpResponse::build(status).json(crate::openapi::ErrorBody {
        code: code.number(),
        msg,
        error: code.id(),
        data,
        field: None,
    })
}
