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
