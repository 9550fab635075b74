//! Development-only views (routed only in development mode): the outbox of
//! codes the development sender sent (404 when no channel uses it) and the
//! current captcha answer (whatever the sender), so a developer or an
//! automated test can complete sign-in locally.

use actix_web::{web, HttpResponse};
use pixmart_shared::domain::verify_code::account_key;
use pixmart_shared::domain::Account;
use pixmart_shared::ErrorCode;
use serde::Deserialize;
use serde_json::json;

use crate::envelope;
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Deserialize)]
pub struct OutboxQuery {
    to: String,
}

/// The key codes are stored under (lower-cased email), else the raw text.
fn normalise(raw: &str) -> String {
    Account::parse(raw).map(|a| account_key(&a).to_owned()).unwrap_or_else(|_| raw.trim().to_owned())
}

/// `[{to, channel, code, sentAt}]`, newest first.
pub async fn outbox(state: web::Data<AppState>, q: web::Query<OutboxQuery>) -> ApiResult<HttpResponse> {
    let outbox = state.dev_outbox.as_ref().ok_or(ApiError::new(ErrorCode::NotFound))?;
    Ok(envelope::ok(outbox.sent_to(&normalise(&q.to))))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaptchaQuery {
    mobile_id: String,
}

/// `{mobileId, code}`: the answer of the captcha last drawn for the account.
pub async fn captcha(state: web::Data<AppState>, q: web::Query<CaptchaQuery>) -> ApiResult<HttpResponse> {
    let dev = state.dev_captchas.as_ref().ok_or(ApiError::new(ErrorCode::NotFound))?;
    let key = normalise(&q.mobile_id);
    let code = dev.answer(&key).ok_or(ApiError::new(ErrorCode::NotFound))?;
    Ok(envelope::ok(json!({ "mobileId": key, "code": code })))
}
