//! The response envelope `{"code":0,"msg":"","data":...}`.

use actix_web::HttpResponse;
use serde::Serialize;

#[derive(Serialize)]
struct Envelope<'a, T: Serialize> {
    code: u32,
    msg: &'a str,
    data: T,
}

pub fn ok<T: Serialize>(data: T) -> HttpResponse {
    HttpResponse::Ok().json(Envelope { code: 0, msg: "", data })
}

/// Success with the spec's success message (e.g. 反馈成功) in the request's
/// language, for calls whose screen shows it.
pub fn ok_msg<T: Serialize>(data: T, msg: &str) -> HttpResponse {
    HttpResponse::Ok().json(Envelope { code: 0, msg, data })
}
