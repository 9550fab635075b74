//! The caller when signed in, nobody otherwise: for calls that visitors may
//! make but that answer differently for a member (the tenant's config, a
//! lead recorded against the account).

use std::future::Future;
use std::pin::Pin;

use actix_web::{web, FromRequest, HttpRequest};
use chrono::Utc;
use pixmart_shared::db::store::tokens;
use pixmart_shared::domain::UserId;

use super::extractor::bearer_token;
use crate::error::ApiError;
use crate::AppState;

/// A live bearer token's user, or `None` (no token, an expired or revoked
/// one). Never fails the request for a bad token.
#[derive(Debug, Clone, Copy)]
pub struct OptionalUser(pub Option<UserId>);

impl FromRequest for OptionalUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let token = bearer_token(req);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let (Some(token), Some(state)) = (token, state) else {
                return Ok(OptionalUser(None));
            };
            let user = tokens::user_for_token(&state.db, &super::token::digest(&token), Utc::now()).await?;
            Ok(OptionalUser(user))
        })
    }
}
