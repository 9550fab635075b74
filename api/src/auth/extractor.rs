use std::future::Future;
use std::pin::Pin;

use actix_web::http::header::AUTHORIZATION;
use actix_web::{web, FromRequest, HttpRequest};
use chrono::Utc;
use pixmart_shared::db::store::tokens;
use pixmart_shared::domain::UserId;
use pixmart_shared::ErrorCode;

use crate::error::ApiError;
use crate::AppState;

/// The signed-in caller. Extracting it without a live bearer token answers
/// `UNAUTHORIZED` (401).
#[derive(Debug, Clone, Copy)]
pub struct AuthUser {
    pub id: UserId,
}

/// The raw bearer token of the request, if any.
pub fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_owned())
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let token = bearer_token(req);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let token = token.ok_or(ApiError::new(ErrorCode::Unauthorized))?;
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("app state missing")))?;
            let user = tokens::user_for_token(&state.db, &super::token::digest(&token), Utc::now()).await?;
            user.map(|id| AuthUser { id }).ok_or(ApiError::new(ErrorCode::Unauthorized))
        })
    }
}
