use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::{ledger, users};
use pixmart_shared::ErrorCode;

use crate::auth::AuthUser;
use crate::dto::UserInfoDto;
use crate::envelope;
use crate::error::{ApiError, ApiResult};
use crate::AppState;

pub async fn info(state: web::Data<AppState>, me: AuthUser) -> ApiResult<HttpResponse> {
    let user = users::get_user(&state.db, me.id).await?.ok_or(ApiError::new(ErrorCode::Unauthorized))?;
    let lingshi = ledger::balances(&state.db, me.id).await?.total();
    Ok(envelope::ok(UserInfoDto::from_user(&user, lingshi)))
}
