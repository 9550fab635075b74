use std::future::Future;
use std::pin::Pin;

use actix_web::{web, FromRequest, HttpRequest};
use pixmart_shared::db::store::admins;
use pixmart_shared::ErrorCode;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::AppState;

/// A signed-in caller with the admin role. Without a token: `UNAUTHORIZED`
/// (401); signed in without the role: `ADMIN_ONLY` (403).
#[derive(Debug, Clone, Copy)]
pub struct AdminUser(pub AuthUser);

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let user = AuthUser::from_request(req, payload);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let user = user.await?;
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("app state missing")))?;
            if admins::is_admin(&state.db, user.id).await? {
                Ok(AdminUser(user))
            } else {
                Err(ApiError::new(ErrorCode::AdminOnly))
            }
        })
    }
}
