//! Sign-in handlers: login (password, SMS code, mail code), register, reset
//! password, logout. Bodies are JSON or the original app's form encoding.

use actix_web::post;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::{tokens, users};
use pixmart_shared::domain::verify_code::account_key;
use pixmart_shared::domain::{Account, Email, InviteCode, Lingshi, Password, Phone, UserId, VerifyCode};
use pixmart_shared::{ErrorCode, Lang};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::auth::{extractor::bearer_token, password, token};
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::sign_in::form::{flex_bool, non_empty};
use crate::sign_in::throttle::{self, Refusal};
use crate::sign_in::{client_ip, codes};
use crate::AppState;

/// Accepts the same fields as JSON or as the original app's form encoding.
pub(super) type JsonOrForm<T> = web::Either<web::Json<T>, web::Form<T>>;

pub(super) fn body<T>(b: JsonOrForm<T>) -> T {
    match b {
        web::Either::Left(j) => j.into_inner(),
        web::Either::Right(f) => f.into_inner(),
    }
}

/// Stored for accounts created by SMS sign-in: no password matches it
/// until the user sets one through reset.
const NO_PASSWORD: &str = "!";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    /// `sms_code`, `mail_code`, or empty for a password.
    #[serde(default)]
    login_type: String,
    username: Option<String>,
    password: Option<String>,
    mobile_id: Option<String>,
    mail: Option<String>,
    verify_code: Option<String>,
    /// The original app does not send it; an explicit `false` is refused.
    #[serde(default, deserialize_with = "flex_bool")]
    agreement: Option<bool>,
    /// Used when an SMS sign-in creates the account.
    invite_code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterBody {
    mobile_id: Option<String>,
    mail: Option<String>,
    verify_code: Option<String>,
    password: Option<String>,
    confirm_password: Option<String>,
    #[serde(default, deserialize_with = "flex_bool")]
    agreement: Option<bool>,
    invite_code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetBody {
    mobile_id: Option<String>,
    mail: Option<String>,
    verify_code: Option<String>,
    password: Option<String>,
    confirm_password: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    token: String,
    token_type: &'static str,
    /// True when this sign-in created the account (SMS code, new phone).
    registered: bool,
    /// The original app's notice for that case, desktop and mobile wording.
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mobile_hint: Option<&'static str>,
}

impl SignedIn {
    fn new(token: String, registered: bool, lang: Lang) -> Self {
        SignedIn {
            token,
            token_type: "bearer",
            registered,
            hint: registered.then(|| ErrorCode::PhoneAutoRegistered.message(lang)),
            mobile_hint: registered.then(|| ErrorCode::PhoneAutoRegisteredMobile.message(lang)),
        }
    }
}

/// The account named by `mobileId` or `mail` (exactly one of them).
fn parse_account(mobile_id: &Option<String>, mail: &Option<String>) -> Result<Account, ApiError> {
    match (non_empty(mobile_id), non_empty(mail)) {
        (Some(phone), None) => Ok(Account::Phone(Phone::parse(phone)?)),
        (None, Some(mail)) => Ok(Account::Email(Email::parse(mail)?)),
        _ => Err(ApiError::new(ErrorCode::InvalidAccount)),
    }
}

fn parse_code(raw: &Option<String>) -> Result<VerifyCode, ApiError> {
    Ok(VerifyCode::parse(raw.as_deref().unwrap_or_default())?)
}

/// The new password and its confirmation, which must match.
fn parse_new_password(password: &Option<String>, confirm: &Option<String>) -> Result<Password, ApiError> {
    let password = Password::parse(password.as_deref().unwrap_or_default())?;
    if confirm.as_deref() != Some(password.expose()) {
        return Err(ApiError::with_field(ErrorCode::PasswordMismatch, "confirmPassword"));
    }
    Ok(password)
}

/// The inviter named by an invite code, if one was given; an unknown code
/// is the original app's 邀请码错误.
async fn resolve_invite(state: &AppState, raw: &Option<String>) -> Result<Option<users::Invitation>, ApiError> {
    let Some(raw) = non_empty(raw) else { return Ok(None) };
    let code = InviteCode::parse(raw)?;
    let inviter = users::find_by_invite_code(&state.db, &code)
        .await?
        .ok_or(ApiError::with_field(ErrorCode::InviteCodeInvalid, "inviteCode"))?;
    let reward = Lingshi::new(u32::try_from(state.settings.auth.invite_reward).unwrap_or(0));
    Ok(Some(users::Invitation { inviter: inviter.id, reward }))
}

fn hash_wait(state: &AppState) -> std::time::Duration {
    std::time::Duration::from_millis(state.settings.auth.login.hash_wait_ms)
}

async fn hash_password(state: &AppState, password: Password) -> ApiResult<String> {
    password::limited(&state.hash_slots, hash_wait(state), move || password::hash(&password))
        .await?
        .map_err(|e| ApiError::internal(anyhow::anyhow!("password hashing failed: {e}")))
}

async fn issue_token(state: &AppState, user: UserId) -> ApiResult<String> {
    let raw = token::generate();
    let expires = Utc::now() + chrono::Duration::days(token::TOKEN_TTL_DAYS);
    tokens::insert_token(&state.db, user, token::digest(&raw), expires).await?;
    Ok(raw)
}

#[utoipa::path(
    tag = "auth",
    request_body(content((RegisterBody = "application/json"), (RegisterBody = "application/x-www-form-urlencoded"))),
    responses((status = 200, description = "Registered and signed in.", body = Envelope<SignedIn>))
)]
#[post("/auth/register")]
pub async fn register(state: web::Data<AppState>, b: JsonOrForm<RegisterBody>) -> ApiResult<HttpResponse> {
    let b = body(b);
    let account = parse_account(&b.mobile_id, &b.mail)?;
    let code = parse_code(&b.verify_code)?;
    let password = parse_new_password(&b.password, &b.confirm_password)?;
    if b.agreement != Some(true) {
        return Err(ApiError::with_field(ErrorCode::AgreementRequired, "agreement"));
    }
    let invitation = resolve_invite(&state, &b.invite_code).await?;
    // The code first: only its holder learns that the account exists, and
    // that answer leaves the code valid for signing in.
    let checked = codes::check(&state.db, &state.settings.auth, &account, &code).await?;
    if users::find_by_account(&state.db, &account).await?.is_some() {
        return Err(ApiError::new(ErrorCode::AccountExists));
    }
    let hash = hash_password(&state, password).await?;
    codes::consume(&state.db, checked).await?;
    let user = users::create_user_invited(&state.db, &account, hash, invitation, crate::lang::current()).await?;
    let token = issue_token(&state, user.id).await?;
    tracing::info!(user = %user.id, invited = invitation.is_some(), "registered");
    Ok(envelope::ok(SignedIn::new(token, false, crate::lang::current())))
}

#[utoipa::path(
    tag = "auth",
    request_body(content((LoginBody = "application/json"), (LoginBody = "application/x-www-form-urlencoded"))),
    responses((status = 200, description = "Signed in. A throttled login answers LOGIN_LOCKED (data.secondsLeft) or CAPTCHA_REQUIRED (data.captchaRequired).", body = Envelope<SignedIn>))
)]
#[post("/auth/login")]
pub async fn login(state: web::Data<AppState>, req: HttpRequest, b: JsonOrForm<LoginBody>) -> ApiResult<HttpResponse> {
    let b = body(b);
    if b.agreement == Some(false) {
        return Err(ApiError::with_field(ErrorCode::AgreementRequired, "agreement"));
    }
    match b.login_type.as_str() {
        "" => password_login(&state, &req, &b).await,
        "sms_code" => sms_login(&state, &b).await,
        "mail_code" => mail_login(&state, &b).await,
        _ => Err(ApiError::with_field(ErrorCode::InvalidParam, "loginType")),
    }
}

/// A login refused by the throttle: `LOGIN_LOCKED` (429) with
/// `data.secondsLeft`, or `CAPTCHA_REQUIRED` (400) with
/// `data.captchaRequired: true`: the client solves a captcha for the
/// account (`GET /api/auth/captcha`, `POST /api/auth/captcha/verify`) and
/// sends the login again.
fn refused_login(r: Refusal) -> HttpResponse {
    let lang = crate::lang::current();
    match r {
        Refusal::Locked(left) => {
            let code = ErrorCode::LoginLocked;
            let msg = code.message(lang).replace("{n}", &left.to_string());
            envelope::failure(code, msg, json!({ "secondsLeft": left }))
        }
        Refusal::CaptchaRequired => {
            let code = ErrorCode::CaptchaRequired;
            envelope::failure(code, code.message(lang).to_owned(), json!({ "captchaRequired": true }))
        }
    }
}

/// Password sign-in. The throttle decides before anything is hashed; an
/// unknown account (or one without a password) is checked against a dummy
/// hash, so answer and timing are those of a wrong password.
async fn password_login(state: &AppState, req: &HttpRequest, b: &LoginBody) -> ApiResult<HttpResponse> {
    let account = Account::parse(b.username.as_deref().unwrap_or_default())?;
    // A password that could never have been set cannot match.
    let Ok(password) = Password::parse_for_login(b.password.as_deref().unwrap_or_default()) else {
        return Err(ApiError::new(ErrorCode::LoginFailed));
    };
    let auth = &state.settings.auth;
    let ip = client_ip(req, auth);
    // Held to the end: waiting logins hold no database connection.
    let _login_slot = password::slot(&state.login_slots, hash_wait(state)).await?;
    let attempt = match throttle::begin(&state.db, auth, account_key(&account), &ip).await? {
        Ok(attempt) => attempt,
        Err(refusal) => return Ok(refused_login(refusal)),
    };
    let user = users::find_by_account(&state.db, &account).await?;
    let stored = user.as_ref().map(|u| u.password_hash.clone());
    let checked =
        password::limited(&state.hash_slots, hash_wait(state), move || password::verify(&password, stored.as_deref()))
            .await;
    let matches = match checked {
        Ok(m) => m,
        Err(e) => {
            // Not checked (too busy): the attempt does not count.
            throttle::abandon(&state.db, attempt).await?;
            return Err(e);
        }
    };
    let Some(user) = user.filter(|_| matches) else {
        throttle::failed(attempt);
        return Err(ApiError::new(ErrorCode::LoginFailed));
    };
    throttle::succeeded(&state.db, attempt).await?;
    let token = issue_token(state, user.id).await?;
    Ok(envelope::ok(SignedIn::new(token, false, crate::lang::current())))
}

/// SMS code sign-in; a phone that has no account gets one on verification.
async fn sms_login(state: &AppState, b: &LoginBody) -> ApiResult<HttpResponse> {
    let raw = non_empty(&b.mobile_id).or(non_empty(&b.username));
    let phone = Phone::parse(raw.ok_or(ApiError::with_field(ErrorCode::PhoneRequired, "mobileId"))?)?;
    let code = parse_code(&b.verify_code)?;
    let account = Account::Phone(phone);
    // The code first: before it, nothing (not even whether an invite code
    // matters) depends on the phone having an account. A refused invite
    // leaves the code valid.
    let checked = codes::check(&state.db, &state.settings.auth, &account, &code).await?;
    let existing = users::find_by_account(&state.db, &account).await?;
    let invitation = if existing.is_none() { resolve_invite(state, &b.invite_code).await? } else { None };
    codes::consume(&state.db, checked).await?;
    let (user, registered) = match existing {
        Some(u) => (u, false),
        None => match users::create_user_invited(
            &state.db,
            &account,
            NO_PASSWORD.to_owned(),
            invitation,
            crate::lang::current(),
        )
        .await
        {
            Ok(u) => (u, true),
            // A simultaneous sign-in created it first: sign in to that one.
            Err(pixmart_shared::db::StoreError::AccountExists) => {
                (users::find_by_account(&state.db, &account).await?.ok_or(ApiError::new(ErrorCode::Internal))?, false)
            }
            Err(e) => return Err(e.into()),
        },
    };
    if registered {
        tracing::info!(user = %user.id, invited = invitation.is_some(), "registered by SMS sign-in");
    }
    throttle::forget_account(&state.db, &state.settings.auth, account_key(&account)).await?;
    let token = issue_token(state, user.id).await?;
    Ok(envelope::ok(SignedIn::new(token, registered, crate::lang::current())))
}

async fn mail_login(state: &AppState, b: &LoginBody) -> ApiResult<HttpResponse> {
    let raw = non_empty(&b.mail).or(non_empty(&b.username)).unwrap_or_default();
    let account = Account::Email(Email::parse(raw)?);
    let code = parse_code(&b.verify_code)?;
    // The code first: only its holder learns whether the account exists
    // (and the code stays valid, e.g. to register).
    let checked = codes::check(&state.db, &state.settings.auth, &account, &code).await?;
    let Some(user) = users::find_by_account(&state.db, &account).await? else {
        return Err(ApiError::new(ErrorCode::AccountNotRegistered));
    };
    codes::consume(&state.db, checked).await?;
    throttle::forget_account(&state.db, &state.settings.auth, account_key(&account)).await?;
    let token = issue_token(state, user.id).await?;
    Ok(envelope::ok(SignedIn::new(token, false, crate::lang::current())))
}

/// Sets a new password with a code; every signed-in session of the
/// account ends and its password-login failures are forgotten.
#[utoipa::path(
    tag = "auth",
    request_body(content((ResetBody = "application/json"), (ResetBody = "application/x-www-form-urlencoded"))),
    responses((status = 200, description = "The password is set; every session of the account ended.", body = Envelope<crate::openapi::Null>))
)]
#[post("/auth/reset-password")]
pub async fn reset_password(state: web::Data<AppState>, b: JsonOrForm<ResetBody>) -> ApiResult<HttpResponse> {
    let b = body(b);
    let account = parse_account(&b.mobile_id, &b.mail)?;
    let code = parse_code(&b.verify_code)?;
    let password = parse_new_password(&b.password, &b.confirm_password)?;
    // The code first: only its holder learns whether the account exists.
    let checked = codes::check(&state.db, &state.settings.auth, &account, &code).await?;
    let Some(user) = users::find_by_account(&state.db, &account).await? else {
        return Err(ApiError::new(ErrorCode::AccountNotRegistered));
    };
    let hash = hash_password(&state, password).await?;
    codes::consume(&state.db, checked).await?;
    users::set_password_hash(&state.db, user.id, hash).await?;
    let revoked = tokens::revoke_all_for_user(&state.db, user.id).await?;
    throttle::forget_account(&state.db, &state.settings.auth, account_key(&account)).await?;
    tracing::info!(user = %user.id, revoked, "password reset");
    Ok(envelope::ok(serde_json::Value::Null))
}

#[utoipa::path(
    tag = "auth",
    responses((status = 200, description = "The bearer token, if any, is revoked.", body = Envelope<crate::openapi::Null>)),
    security((), ("bearer" = []))
)]
#[post("/auth/logout")]
pub async fn logout(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<HttpResponse> {
    if let Some(raw) = bearer_token(&req) {
        tokens::revoke_token(&state.db, &token::digest(&raw)).await?;
    }
    Ok(envelope::ok(serde_json::Value::Null))
}
