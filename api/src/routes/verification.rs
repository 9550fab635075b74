//! Captcha image and check, and sending SMS / mail codes.

use actix_web::http::header;
use actix_web::{get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{Duration, Utc};
use pixmart_shared::db::store::{captchas, rate_limits};
use pixmart_shared::domain::verify_code::account_key;
use pixmart_shared::domain::{Account, Email, Phone};
use pixmart_shared::ErrorCode;
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::auth::{body, JsonOrForm};
use crate::envelope::{self, failure, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::sign_in::codes::{self, SendRefused};
use crate::sign_in::form::non_empty;
use crate::sign_in::{captcha, client_ip, hasher};
use crate::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CaptchaQuery {
    mobile_id: Option<String>,
}

/// The account a captcha or code is for: a phone, or an email address for
/// the English interface's mail codes.
fn captcha_account(raw: &Option<String>) -> Result<Account, ApiError> {
    let raw = non_empty(raw).ok_or(ApiError::with_field(ErrorCode::PhoneRequired, "mobileId"))?;
    Ok(Account::parse(raw)?)
}

/// A PNG captcha for the account. Requested too often (per account or per
/// IP), the answer is an empty body: the client shows 请求频繁，请稍后再试.
#[utoipa::path(
    tag = "auth",
    params(CaptchaQuery),
    responses((status = 200, description = "A PNG captcha; an empty body when requested too often.", content_type = "image/png", body = Vec<u8>))
)]
#[get("/auth/captcha")]
pub async fn image(
    state: web::Data<AppState>,
    req: HttpRequest,
    q: web::Query<CaptchaQuery>,
) -> ApiResult<HttpResponse> {
    let account = captcha_account(&q.mobile_id)?;
    let key = account_key(&account);
    let auth = &state.settings.auth;
    let now = Utc::now();
    let ip = client_ip(&req, auth);
    let minute = |name, subject: String, max| rate_limits::Limit { name, subject, window_secs: 60, max };
    // Per account *from this IP*: an attacker asking for a victim's captchas
    // uses up only its own address's share. The all-IPs ceiling bounds what
    // many addresses together can draw for one account.
    let limits = [
        minute("captcha-acct-ip", format!("{key}|{ip}"), auth.captcha_per_account_per_minute),
        minute("captcha-acct", key.to_owned(), auth.captcha_per_account_all_ips_per_minute),
        minute("captcha-ip", ip, auth.captcha_per_ip_per_minute),
    ];
    rate_limits::purge_expired(&state.db, now).await?;
    // Only drawn images count: a refused request moves no counter, so
    // refused requests cannot exhaust anyone's quota. (Simultaneous requests
    // may overshoot a limit by their number; it bounds images, not secrets.)
    for limit in &limits {
        if rate_limits::count(&state.db, limit, now).await? >= limit.max {
            return Ok(HttpResponse::Ok()
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .insert_header((header::CONTENT_TYPE, "image/png"))
                .finish());
        }
    }
    for limit in &limits {
        rate_limits::hit(&state.db, limit, now).await?;
    }
    let (answer, png) = web::block(captcha::draw)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("captcha drawing failed")))?;
    let expires = now + Duration::seconds(i64::try_from(auth.captcha_ttl_secs).unwrap_or(300));
    captchas::put(&state.db, key, hasher(auth).captcha(key, &answer), now, expires).await?;
    if let Some(dev) = &state.dev_captchas {
        dev.remember(key, &answer);
    }
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).content_type("image/png").body(png))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyCaptchaBody {
    mobile_id: Option<String>,
    code: Option<String>,
}

/// `data: true` when the answer is right (the next code send may proceed).
/// A wrong answer discards the captcha: `CAPTCHA_WRONG` with `data: false`,
/// and the client loads a new image.
#[utoipa::path(
    tag = "auth",
    request_body(content((VerifyCaptchaBody = "application/json"), (VerifyCaptchaBody = "application/x-www-form-urlencoded"))),
    responses((status = 200, description = "The answer is right.", body = Envelope<bool>))
)]
#[post("/auth/captcha/verify")]
pub async fn verify(state: web::Data<AppState>, b: JsonOrForm<VerifyCaptchaBody>) -> ApiResult<HttpResponse> {
    let b = body(b);
    let account = captcha_account(&b.mobile_id)?;
    let key = account_key(&account);
    let answer = non_empty(&b.code).unwrap_or_default();
    let right = !answer.is_empty()
        && captchas::verify(&state.db, key, &hasher(&state.settings.auth).captcha(key, answer), Utc::now()).await?;
    if right {
        return Ok(envelope::ok(true));
    }
    Ok(failure(
        ErrorCode::CaptchaWrong,
        ErrorCode::CaptchaWrong.message(crate::lang::current()).to_owned(),
        json!(false),
    ))
}

/// A refused send, in the envelope, with the original app's `data.errMsg`
/// and, during the countdown, `data.secondsLeft`.
fn refused(r: SendRefused) -> HttpResponse {
    let lang = crate::lang::current();
    match r {
        SendRefused::Countdown(left) => {
            let code = ErrorCode::CodeCountdown;
            let msg = code.message(lang).replace("{n}", &left.to_string());
            failure(code, msg.clone(), json!({ "code": 0, "errMsg": msg, "secondsLeft": left }))
        }
        SendRefused::Error(e) => {
            if e.code == ErrorCode::Internal {
                return actix_web::ResponseError::error_response(&e);
            }
            let msg = e.code.message(lang).to_owned();
            failure(e.code, msg.clone(), json!({ "code": 0, "errMsg": msg }))
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsCodeBody {
    mobile_id: Option<String>,
}

/// Sends an SMS code after a solved captcha: `data: {code: 1}`.
#[utoipa::path(
    tag = "auth",
    request_body(content((SmsCodeBody = "application/json"), (SmsCodeBody = "application/x-www-form-urlencoded"))),
    responses((status = 200, description = "The code was sent.", body = Envelope<CodeSent>))
)]
#[post("/auth/sms-code")]
pub async fn sms_code(state: web::Data<AppState>, req: HttpRequest, b: JsonOrForm<SmsCodeBody>) -> HttpResponse {
    let b = body(b);
    let phone = match non_empty(&b.mobile_id) {
        None => Err(ApiError::with_field(ErrorCode::PhoneRequired, "mobileId")),
        Some(raw) => Phone::parse(raw).map_err(ApiError::from),
    };
    match phone {
        Ok(phone) => send(&state, &req, Account::Phone(phone)).await,
        Err(e) => refused(SendRefused::Error(e)),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailCodeBody {
    mail: Option<String>,
}

/// Sends a mail code (English interface) after a solved captcha for the
/// address: `data: {code: 1}`.
#[utoipa::path(
    tag = "auth",
    request_body(content((MailCodeBody = "application/json"), (MailCodeBody = "application/x-www-form-urlencoded"))),
    responses((status = 200, description = "The code was sent.", body = Envelope<CodeSent>))
)]
#[post("/auth/mail-code")]
pub async fn mail_code(state: web::Data<AppState>, req: HttpRequest, b: JsonOrForm<MailCodeBody>) -> HttpResponse {
    let b = body(b);
    match Email::parse(non_empty(&b.mail).unwrap_or_default()) {
        Ok(mail) => send(&state, &req, Account::Email(mail)).await,
        Err(e) => refused(SendRefused::Error(e.into())),
    }
}

/// The original app's answer to a sent code.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct CodeSent {
    /// Always 1.
    code: u8,
}

async fn send(state: &AppState, req: &HttpRequest, account: Account) -> HttpResponse {
    let ip = client_ip(req, &state.settings.auth);
    let lang = crate::lang::current();
    match codes::send(&state.db, &state.settings.auth, state.code_sender.as_ref(), &account, &ip, lang).await {
        Ok(()) => envelope::ok(CodeSent { code: 1 }),
        Err(r) => refused(r),
    }
}
