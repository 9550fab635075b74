use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::{tokens, users};
use pixmart_shared::domain::{Account, Email, Password, Phone, UserId};
use pixmart_shared::ErrorCode;
use serde::Deserialize;

use crate::auth::{extractor::bearer_token, password, token};
use crate::dto::TokenDto;
use crate::envelope;
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// Accepts the same fields as JSON or as the original app's form encoding.
type JsonOrForm<T> = web::Either<web::Json<T>, web::Form<T>>;

fn body<T>(b: JsonOrForm<T>) -> T {
    match b {
        web::Either::Left(j) => j.into_inner(),
        web::Either::Right(f) => f.into_inner(),
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisterBody {
    mobile_id: Option<String>,
    mail: Option<String>,
    password: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    #[serde(default)]
    login_type: String,
    username: String,
    password: String,
}

fn parse_register(b: &RegisterBody) -> Result<(Account, Password), ApiError> {
    let non_empty = |s: &Option<String>| s.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let account = match (non_empty(&b.mobile_id), non_empty(&b.mail)) {
        (Some(phone), None) => Account::Phone(Phone::parse(&phone)?),
        (None, Some(mail)) => Account::Email(Email::parse(&mail)?),
        _ => return Err(ApiError::new(ErrorCode::InvalidAccount)),
    };
    Ok((account, Password::parse(&b.password)?))
}

async fn issue_token(state: &AppState, user: UserId) -> ApiResult<String> {
    let raw = token::generate();
    let expires = Utc::now() + chrono::Duration::days(token::TOKEN_TTL_DAYS);
    tokens::insert_token(&state.db, user, token::digest(&raw), expires).await?;
    Ok(raw)
}

pub async fn register(state: web::Data<AppState>, b: JsonOrForm<RegisterBody>) -> ApiResult<HttpResponse> {
    let (account, password) = parse_register(&body(b))?;
    if users::find_by_account(&state.db, &account).await?.is_some() {
        return Err(ApiError::new(ErrorCode::AccountExists));
    }
    let hash = web::block(move || password::hash(&password))
        .await
        .map_err(ApiError::internal)?
        .map_err(|e| ApiError::internal(anyhow::anyhow!("password hashing failed: {e}")))?;
    let user = users::create_user(&state.db, &account, hash).await?;
    let token = issue_token(&state, user.id).await?;
    tracing::info!(user = %user.id, "registered");
    Ok(envelope::ok(TokenDto { token, token_type: "bearer" }))
}

pub async fn login(state: web::Data<AppState>, b: JsonOrForm<LoginBody>) -> ApiResult<HttpResponse> {
    let b = body(b);
    if !b.login_type.is_empty() {
        // SMS and email codes arrive with the accounts issue.
        return Err(ApiError { code: ErrorCode::BizTypeNotAvailable, field: Some("loginType") });
    }
    let account = Account::parse(&b.username)?;
    // A password that could never have been registered cannot match.
    let Ok(password) = Password::parse(&b.password) else {
        return Err(ApiError::new(ErrorCode::LoginFailed));
    };
    let user = users::find_by_account(&state.db, &account).await?;
    let Some(user) = user else {
        return Err(ApiError::new(ErrorCode::LoginFailed));
    };
    let stored = user.password_hash.clone();
    let matches = web::block(move || password::verify(&password, &stored)).await.map_err(ApiError::internal)?;
    if !matches {
        return Err(ApiError::new(ErrorCode::LoginFailed));
    }
    let token = issue_token(&state, user.id).await?;
    Ok(envelope::ok(TokenDto { token, token_type: "bearer" }))
}

pub async fn logout(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<HttpResponse> {
    if let Some(raw) = bearer_token(&req) {
        tokens::revoke_token(&state.db, &token::digest(&raw)).await?;
    }
    Ok(envelope::ok(serde_json::Value::Null))
}
